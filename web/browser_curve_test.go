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
	for _, c := range []struct {
		name, lang string
		w, h       int64
	}{{"laptop", "en", 1366, 768}, {"phone", "zh-CN", 390, 844}} {
		do(t, ctx, "resize to "+c.name, chromedp.EmulateViewport(c.w, c.h))
		follow(t, ctx, "open the curve", http.StatusOK, chromedp.Navigate(base+page+"&lang="+c.lang))
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
		// At these lengths the memory runs out before the knee: no chart
		// marks one, and the page says so.
		if got.Measured == 0 || got.Knee != 0 || got.KneeText == "" {
			t.Errorf("%s: %d measured marks, %d knees, knee sentence %q; want the H100's figures, no knee and why", c.name, got.Measured, got.Knee, got.KneeText)
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
