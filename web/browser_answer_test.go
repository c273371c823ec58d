package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Ensure a shared link and a pinned link open on the answer: the pick's
// total lies within the first screen on a laptop (1366×768) and a phone
// (390×844), with script on and off.
func TestBrowserAnswerFirst(t *testing.T) {
	base, _ := serveApp(t, true)
	for _, js := range []bool{true, false} {
		ctx := newBrowser(t, js)
		follow(t, ctx, "open a shared link", http.StatusOK, chromedp.Navigate(base+"/advice?"+germanInference))
		follow(t, ctx, "pin it", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=pin]`)))
		pinned := here(t, ctx).String()
		for _, size := range []struct {
			name string
			w, h int64
		}{{"laptop", 1366, 768}, {"phone", 390, 844}} {
			for _, link := range []string{base + "/advice?" + germanInference, pinned} {
				do(t, ctx, "resize to "+size.name, chromedp.EmulateViewport(size.w, size.h))
				follow(t, ctx, "open "+link, http.StatusOK, chromedp.Navigate(link))
				bottom := get(t, ctx, "total's bottom", chromedp.Evaluate[float64](
					`document.querySelector('[data-testid=total]').getBoundingClientRect().bottom`))
				if bottom <= 0 || bottom > float64(size.h) {
					t.Errorf("js %v, %s: the total of %s ends %.0f px down, outside the first %d px", js, size.name, link, bottom, size.h)
				}
				if strings.Contains(link, "/s/") {
					banner := get(t, ctx, "banner's top", chromedp.Evaluate[float64](
						`document.querySelector('[data-testid=pinned]').getBoundingClientRect().top`))
					if banner > bottom {
						t.Errorf("js %v, %s: the pinned banner sits below the pick (%.0f > %.0f px)", js, size.name, banner, bottom)
					}
				}
				screenshot(t, ctx, "answer-first-"+size.name)
			}
		}
	}
}
