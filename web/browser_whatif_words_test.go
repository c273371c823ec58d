package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// defaultQuestion is the home form's own question (BERT-large, users in
// the US, Germany and Japan, 100 ms, 12 months).
const defaultQuestion = "kind=inference&profile=bert-large&rps=50&peak_rps=100&latency_ms=100&months=12&users=US:50,DE:30,JP:20"

// Ensure "What would change the pick" shows every sentence whole, at a
// laptop's and a phone's size and in both languages: the section grows to
// its list rather than cutting it in a box of fixed height.
func TestBrowserWhatIfNotCut(t *testing.T) {
	base, _ := serveAppWith(t, true, readerLimits)
	ctx := newBrowser(t, true)
	for _, c := range []struct {
		lang string
		w, h int64
	}{{"en", 1366, 768}, {"en", 390, 844}, {"zh-CN", 1366, 768}, {"zh-CN", 390, 844}} {
		do(t, ctx, "resize", chromedp.EmulateViewport(c.w, c.h))
		follow(t, ctx, "open the answer", http.StatusOK, chromedp.Navigate(base+"/advice?"+defaultQuestion+"&lang="+c.lang))
		if !waitFor(ctx, `document.querySelector("#what-if [data-testid=what-if-changes] ul") && !document.querySelector("#what-if[aria-busy]")`, 20*time.Second) {
			t.Fatalf("%s %dx%d: no what-if list", c.lang, c.w, c.h)
		}
		hidden := get(t, ctx, "measure the what-if", chromedp.Evaluate[float64](`(() => {
			const s = document.querySelector('#what-if');
			return s.scrollHeight - s.clientHeight;
		})()`))
		if hidden > 1 {
			t.Errorf("%s %dx%d: the what-if's box hides %.0f px of its sentences", c.lang, c.w, c.h, hidden)
		}
		if got := text(t, ctx, `#what-if`); strings.Contains(got, " USD") {
			t.Errorf("%s %dx%d: the what-if writes money unlike the page: %q", c.lang, c.w, c.h, got)
		}
		shot(t, ctx, "what-if-whole-"+c.lang, `#what-if`)
	}
}
