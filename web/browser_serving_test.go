package web_test

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// Ensure an LLM answer shows its operating point in a real browser: the
// serving section with the model's error, a chart whose operating point,
// target line and measured points (the H100's at 5,000 in / 500 out on two
// GPUs a replica) lie inside its frame, and the token APIs beside it, on a
// laptop and a phone, in both languages.
func TestBrowserServingSection(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	// Sized on TensorRT-LLM, whose figures of the H100 include these lengths.
	const llm = "/advice?engine=trtllm&input_tokens=5000&kind=inference&output_tokens=500&profile=llama-3.3-70b&precision=fp8&rps=5&tpot_ms=60&ttft_ms=2000&users=US:60,DE:40&gpus=h100"
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1366, 768}, {"phone", 390, 844}} {
		for _, lang := range []string{"en", "zh-CN"} {
			do(t, ctx, "resize to "+size.name, chromedp.EmulateViewport(size.w, size.h))
			follow(t, ctx, "open the answer", http.StatusOK, chromedp.Navigate(base+llm+"&lang="+lang))
			got := get(t, ctx, "read the serving section", chromedp.Evaluate[servingView](`(() => {
				const q = s => document.querySelector(s);
				const chart = q('[data-testid=serving-chart]');
				const frame = chart.getBoundingClientRect();
				const inside = el => { const r = el.getBoundingClientRect();
					return r.width >= 0 && r.left >= frame.left - 1 && r.right <= frame.right + 1 && r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1; };
				const parts = [chart.querySelector('.pt.pick'), chart.querySelector('.target'), chart.querySelector('.front'), ...chart.querySelectorAll('.measured')];
				return {
					Point: q('[data-testid=serving-point]').innerText,
					Error: q('[data-testid=serving-error]').innerText,
					APIs: document.querySelectorAll('[data-testid=token-apis] tbody tr').length,
					Measured: chart.querySelectorAll('.measured').length,
					Inside: parts.every(p => p && inside(p)),
					Visible: frame.width > 0 && frame.right <= window.innerWidth,
				};
			})()`))
			if got.Point == "" || got.Error == "" {
				t.Errorf("%s %s: the serving section lacks its operating point (%q) or the model's error (%q)", size.name, lang, got.Point, got.Error)
			}
			if got.APIs == 0 {
				t.Errorf("%s %s: no token API prices beside the answer", size.name, lang)
			}
			if got.Measured == 0 {
				t.Errorf("%s %s: the chart shows no measured point of the H100 serving Llama 3.3 70B", size.name, lang)
			}
			if !got.Inside || !got.Visible {
				t.Errorf("%s %s: the chart's operating point, target, curve or measured points fall outside it (inside %v), or it overflows the screen (%v)", size.name, lang, got.Inside, got.Visible)
			}
			screenshot(t, ctx, "serving-"+size.name+"-"+lang)
		}
	}
}

// servingView is what TestBrowserServingSection reads of the page.
type servingView struct {
	Point, Error    string
	APIs, Measured  int
	Inside, Visible bool
}
