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

// Ensure no page is wider than a phone (390 px): long source paths wrap,
// wide tables stack or scroll inside their frame, the pager wraps; in both
// languages.
func TestBrowserPhoneWidth(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	do(t, ctx, "resize to a phone", chromedp.EmulateViewport(390, 844))
	for _, path := range []string{
		"/",
		"/advice?" + germanInference,
		"/advice?gdpr=eu&input_tokens=1000&kind=inference&output_tokens=300&profile=llama-3.1-8b&rps=5&tpot_ms=60&ttft_ms=1000&users=DE:35,FR:25,NL:15,IT:15,ES:10",
		"/advice?deadline_hours=24&kind=training&pricing=on_demand,spot&profile=resnet50",
		"/catalog/gpus/h100", "/catalog/offers", "/catalog/providers", "/catalog/regions", "/login",
	} {
		for _, lang := range []string{"en", "zh-CN"} {
			link := base + path + map[bool]string{true: "&", false: "?"}[strings.Contains(path, "?")] + "lang=" + lang
			follow(t, ctx, "open "+link, http.StatusOK, chromedp.Navigate(link))
			wide := get(t, ctx, "page width", chromedp.Evaluate[float64](`document.documentElement.scrollWidth`))
			if wide > 390 {
				t.Errorf("%s is %.0f px wide on a 390 px phone", link, wide)
			}
		}
	}
}
