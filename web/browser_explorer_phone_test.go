package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// tableFit is how a page's tables sit on the screen: the tables whose
// wrapper scrolls sideways (their last columns hidden), and whether the
// page itself is wider than the screen.
type tableFit struct {
	Hidden []string
	Wider  bool
}

// Ensure the catalog explorer's tables show every column on a phone, in
// both languages: the providers, GPUs, a GPU's benchmarks, the regions, the offers and
// the latencies from a metro stack each row, every cell labelled, instead
// of hiding the columns past the second behind a sideways scroll; and
// that a Chinese reader's labels end in a full-width colon.
func TestBrowserExplorerOnPhone(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	do(t, ctx, "resize to a phone", chromedp.EmulateViewport(390, 844))
	for _, lang := range []string{"en", "zh-CN"} {
		for _, path := range []string{"/catalog/providers", "/catalog/gpus", "/catalog/gpus/h100", "/catalog/regions", "/catalog/offers", "/catalog/latency?from=fra"} {
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			follow(t, ctx, "open "+path, http.StatusOK, chromedp.Navigate(base+path+sep+"lang="+lang))
			got := get(t, ctx, "measure the tables of "+path, chromedp.Evaluate[tableFit](`(() => ({
				Hidden: [...document.querySelectorAll('.table-wrap')].filter(w => w.querySelector('table') && w.scrollWidth > w.clientWidth + 1)
					.map(w => w.querySelector('table').dataset.testid || w.querySelector('table').className),
				Wider: document.documentElement.scrollWidth > window.innerWidth,
			}))()`))
			if len(got.Hidden) > 0 || got.Wider {
				t.Errorf("%s %s on a phone: tables %v scroll sideways (page wider than the screen: %v)", lang, path, got.Hidden, got.Wider)
			}
			if path == "/catalog/providers" {
				screenshot(t, ctx, "providers-phone-"+lang)
				src := text(t, ctx, "[data-testid=hq-source]")
				want := "Source: "
				if lang == "zh-CN" {
					want = "来源："
				}
				if !strings.HasPrefix(src, want) {
					t.Errorf("%s: a headquarters' source reads %q, want it to start %q", lang, src, want)
				}
			}
		}
	}
}
