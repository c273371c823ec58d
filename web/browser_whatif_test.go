package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Ensure "What would change the pick" arrives on the answer page in both
// languages: fetched into place after the page with script on, and in the
// page's frame without script, its sentences linking to their questions.
func TestBrowserWhatIf(t *testing.T) {
	base, _ := serveAppWith(t, true, readerLimits)
	for _, js := range []bool{true, false} {
		ctx := newBrowser(t, js)
		for _, c := range []struct{ lang, heading, turn string }{{"en", "What would change the pick", "or more, the pick is"}, {"zh-CN", "什么会改变推荐", "推荐改为"}} {
			follow(t, ctx, "open the CPU answer in "+c.lang, http.StatusOK, chromedp.Navigate(base+"/advice?"+cpuQuestion+"&lang="+c.lang))
			var got string
			if js {
				do(t, ctx, "wait for the what-if", chromedp.WaitVisible(chromedp.CSS(`#what-if li a`)))
				got = text(t, ctx, `#what-if`)
			} else {
				// The frame's own document.
				src := attr(t, ctx, `#what-if iframe`, "src")
				if src == "" {
					t.Fatalf("%s without script: no frame for the what-if", c.lang)
				}
				follow(t, ctx, "open the frame", http.StatusOK, chromedp.Navigate(base+src))
				got = text(t, ctx, `[data-testid=what-if-changes]`)
			}
			if !strings.Contains(got, c.heading) || !strings.Contains(got, c.turn) {
				t.Errorf("%s (script %v): what-if %q, want %q and %q", c.lang, js, got, c.heading, c.turn)
			}
			if js {
				screenshot(t, ctx, "what-if-"+c.lang)
			}
		}
	}
}
