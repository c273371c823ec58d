package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Ensure the serving curve's page draws in a real browser: Llama 3.3 70B
// on two H100s in FP8, on a laptop in English and a phone in Chinese,
// both charts with their lines and legends, the measured figures and the
// knee, and nothing wider than the screen.
func TestBrowserServingCurve(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	const page = "/serving?profile=llama-3.3-70b&gpu=h100&precision=fp8&tp=2&input_tokens=5000&output_tokens=500"
	// At the profile's own lengths (1,000 in, 300 out) the curve has a knee.
	const knee = "/serving?profile=llama-3.3-70b&gpu=h100&precision=fp8&tp=2"
	for _, c := range []struct {
		name, lang, page string
		w, h             int64
		knees            int
	}{{"laptop", "en", page, 1366, 768, 0}, {"phone", "zh-CN", page, 390, 844, 0}, {"knee-laptop", "en", knee, 1366, 768, 2}, {"knee-phone", "zh-CN", knee, 390, 844, 2}} {
		do(t, ctx, "resize to "+c.name, chromedp.EmulateViewport(c.w, c.h))
		follow(t, ctx, "open the curve", http.StatusOK, chromedp.Navigate(base+c.page+"&lang="+c.lang))
		got := get(t, ctx, "read the curve", chromedp.Evaluate[curveView](`(() => {
			const chart = id => document.querySelector('[data-testid=' + id + ']');
			const shown = el => { if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.right <= window.innerWidth; };
			return {
				Charts: ['curve-tput', 'curve-ttft'].filter(id => shown(chart(id)) && chart(id).querySelector('.front')).length,
				Legends: ['curve-tput-legend', 'curve-ttft-legend'].filter(id => shown(chart(id)) && chart(id).innerText.trim() !== '').length,
				Measured: document.querySelectorAll('[data-testid=curve-tput] .measured').length,
				Knee: document.querySelectorAll('.chart .knee').length,
				KneeText: document.querySelector('[data-testid=curve-knee]').innerText,
				Body: document.body.innerText,
				Lang: document.documentElement.lang,
				Overflow: document.documentElement.scrollWidth > window.innerWidth,
			};
		})()`))
		if got.Charts != 2 || got.Legends != 2 {
			t.Errorf("%s: %d of 2 charts with their curve and %d of 2 legends shown within the screen", c.name, got.Charts, got.Legends)
		}
		// At 5,000 in and 500 out the memory runs out before the knee: no
		// chart marks one, and the page says so.
		if got.Knee != c.knees || got.KneeText == "" {
			t.Errorf("%s: %d knees marked, knee sentence %q; want %d and the sentence", c.name, got.Knee, got.KneeText, c.knees)
		}
		if c.page == page && got.Measured == 0 {
			t.Errorf("%s: no measured mark of the H100's figures", c.name)
		}
		if strings.Contains(got.Body, "%!") {
			t.Errorf("%s: a sentence lacks its figures: %q", c.name, got.Body)
		}
		if got.Lang != c.lang {
			t.Errorf("%s: the page is in %q, want %q", c.name, got.Lang, c.lang)
		}
		if got.Overflow {
			t.Errorf("%s: the page is wider than the screen", c.name)
		}
		screenshot(t, ctx, "curve-"+c.name+"-"+c.lang)
	}
}

// curveView is what TestBrowserServingCurve reads of the page.
type curveView struct {
	Charts, Legends, Measured, Knee int
	Lang, KneeText, Body            string
	Overflow                        bool
}
