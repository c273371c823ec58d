package web_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Ensure the card says, in both languages, that an answer missing its
// target misses it, grades its confidence with reasons, offers the
// trade-offs as links, and that "Edit the question" opens the folded form.
func TestBrowserCardVerdict(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	missed := "/advice?gdpr=eu&kind=inference&latency_ms=5&profile=bert-large&providers=lambda&rps=50&users=AU%3A100"
	for _, c := range []struct{ lang, misses string }{{"en", "Misses your target"}, {"zh-CN", "未达到目标"}} {
		follow(t, ctx, "open a missed answer in "+c.lang, http.StatusOK, chromedp.Navigate(base+missed+"&lang="+c.lang))
		if v := attr(t, ctx, `[data-testid=verdict]`, "data-verdict"); v != "misses" || !strings.Contains(text(t, ctx, `[data-testid=verdict]`), c.misses) {
			t.Errorf("%s: verdict %q (%s), want %q", c.lang, text(t, ctx, `[data-testid=verdict]`), v, c.misses)
		}
		grade := attr(t, ctx, `[data-testid=confidence]`, "data-grade")
		if grade != "firm" && grade != "likely" && grade != "rough" || len(text(t, ctx, `[data-testid=confidence]`)) < 20 {
			t.Errorf("%s: confidence %q (%s), want a grade with its reasons", c.lang, text(t, ctx, `[data-testid=confidence]`), grade)
		}
		if n := count(t, ctx, `[data-testid=tradeoff]`); n == 0 {
			t.Errorf("%s: no trade-off links on the card", c.lang)
		}
		do(t, ctx, "wait for the script", chromedp.WaitReady(chromedp.CSS(`html.js`)))
		// The link's own click, as a reader's tap dispatches it: the
		// script keeps the reader on the answer (it cancels the link to the
		// form's page), opens the fold and brings the form into it.
		answer := here(t, ctx).String()
		if followed := get(t, ctx, "click Edit the question", chromedp.Evaluate[bool](`document.querySelector('[data-testid=edit-link]').dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))`)); followed {
			t.Errorf("%s: the script let Edit the question leave the answer", c.lang)
		}
		do(t, ctx, "the form unfolds", chromedp.WaitVisible(chromedp.CSS("#edit-question #advice-form")))
		if got := here(t, ctx).String(); got != answer {
			t.Errorf("%s: Edit the question went to %s, want to stay on %s", c.lang, got, answer)
		}
		screenshot(t, ctx, "card-missed-"+c.lang)
	}
}

// Ensure the candidates chart reads: on the 70B preset the cost axis ends
// below 10× the pick's total, no tick label is cut off at the chart's
// edge, and the target is drawn.
func TestBrowserChartAxes(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	preset := "/advice?input_tokens=1000&kind=inference&objective=balanced&output_tokens=300&peak_rps=20&profile=llama-3.3-70b&rps=8&ttft_ms=1500&users=US:40,DE:20,IN:15,JP:10,BR:10,AU:5&latency_ms=200"
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1366, 768}, {"phone", 390, 844}} {
		do(t, ctx, "resize to "+size.name, chromedp.EmulateViewport(size.w, size.h))
		follow(t, ctx, "open the 70B preset", http.StatusOK, chromedp.Navigate(base+preset))
		total := figureOf(t, text(t, ctx, `[data-testid=lines-total]`))
		ticks := get(t, ctx, "y ticks", chromedp.Evaluate[[]string](
			`[...document.querySelectorAll('[data-testid=candidate-chart] text.ytick')].map(e => e.textContent)`))
		if len(ticks) == 0 {
			t.Fatalf("%s: no y ticks", size.name)
		}
		if top := figureOf(t, ticks[len(ticks)-1]); top >= 10*total {
			t.Errorf("%s: the cost axis ends at %s for a pick of %.0f, want below 10×", size.name, ticks[len(ticks)-1], total)
		}
		clipped := get(t, ctx, "clipped labels", chromedp.Evaluate[[]string](`(() => {
			const svg = document.querySelector('[data-testid=candidate-chart]').getBoundingClientRect();
			return [...document.querySelectorAll('[data-testid=candidate-chart] text')].filter(e => {
				const r = e.getBoundingClientRect();
				return r.left < svg.left - 0.5 || r.right > svg.right + 0.5 || r.top < svg.top - 0.5 || r.bottom > svg.bottom + 0.5;
			}).map(e => e.textContent); })()`))
		if len(clipped) > 0 {
			t.Errorf("%s: chart labels %q run past the chart's edge", size.name, clipped)
		}
		small := get(t, ctx, "smallest tick font", chromedp.Evaluate[float64](`(() => {
			const svg = document.querySelector('[data-testid=candidate-chart]');
			const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
			return Math.min(...[...svg.querySelectorAll('text')].map(e => parseFloat(getComputedStyle(e).fontSize) * scale)); })()`))
		if small < 11 {
			t.Errorf("%s: chart text as small as %.1f px, want at least 11", size.name, small)
		}
		if count(t, ctx, `[data-testid=chart-target]`) != 1 {
			t.Errorf("%s: the latency target is not drawn", size.name)
		}
		screenshot(t, ctx, "chart-70b-"+size.name)
	}
}

// figureOf reads a figure as the page writes it: "$120,713", "50M", "120k".
func figureOf(t testing.TB, s string) float64 {
	t.Helper()
	s = strings.TrimLeft(strings.TrimSpace(strings.ReplaceAll(s, ",", "")), "$€¥£")
	scale := 1.0
	for suffix, k := range map[string]float64{"k": 1e3, "M": 1e6, "B": 1e9} {
		if strings.HasSuffix(s, suffix) {
			s, scale = strings.TrimSuffix(s, suffix), k
		}
	}
	f, err := strconv.ParseFloat(strings.Fields(s)[0], 64)
	if err != nil {
		t.Fatalf("%q is not a figure", s)
	}
	return f * scale
}

// Ensure a form sent back with errors puts its summary first on a phone,
// focused and on screen, one error a line in the form's order, each
// linked to its field.
func TestBrowserFormErrorSummary(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	do(t, ctx, "resize to a phone", chromedp.EmulateViewport(390, 844))
	bad := "/advice?kind=inference&profile=bert-large&rps=-5&peak_rps=abc&latency_ms=0&months=12&users=XX:50,DE:abc,Narnia:10"
	for _, lang := range []string{"en", "zh-CN"} {
		follow(t, ctx, "open a bad question", http.StatusUnprocessableEntity, chromedp.Navigate(base+bad+"&lang="+lang))
		if id := get(t, ctx, "focus", chromedp.Evaluate[string](`document.activeElement.id`)); id != "form-errors" {
			t.Errorf("%s: focus on %q, want the error summary", lang, id)
		}
		top := get(t, ctx, "summary top", chromedp.Evaluate[float64](`document.getElementById('form-errors').getBoundingClientRect().top`))
		if top < 0 || top > 844 {
			t.Errorf("%s: the error summary is %.0f px down, off the first screen", lang, top)
		}
		targets := get(t, ctx, "error links", chromedp.Evaluate[[]string](
			`[...document.querySelectorAll('#form-errors li a')].map(a => a.getAttribute('href').slice(1))`))
		if len(targets) < 4 {
			t.Fatalf("%s: %d errors listed, want one a line for rps, peak_rps, latency_ms and users", lang, len(targets))
		}
		order := get(t, ctx, "fields in order", chromedp.Evaluate[bool](`(() => {
			const els = [...document.querySelectorAll('#form-errors li a')].map(a => document.getElementById(a.getAttribute('href').slice(1)));
			if (els.some(e => !e)) return false;
			return els.every((e, i) => i === 0 || els[i-1] === e || (els[i-1].compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)); })()`))
		if !order {
			t.Errorf("%s: the errors %v are not each linked to a field, in the form's order", lang, targets)
		}
		screenshot(t, ctx, "form-errors-phone-"+lang)
	}
}

// Ensure the card's lines beside its total read on a laptop and a phone in
// both languages: on the 70B preset ranked for balance, buying tokens or
// hosting and the cheapest answer meeting the target, and for users in
// China served from across the border, the law and borders; each inside
// the card, none wider than the screen.
func TestBrowserCardLines(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	cn := "/advice?kind=inference&latency_ms=100&months=12&peak_rps=400&profile=bert-large&rps=50&users=CN%3A100"
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1366, 768}, {"phone", 390, 844}} {
		do(t, ctx, "resize to "+size.name, chromedp.EmulateViewport(size.w, size.h))
		for _, lang := range []string{"en", "zh-CN"} {
			for _, page := range []struct {
				name, path string
				lines      []string
			}{
				{"70b", "/advice?" + llama70BPreset, []string{"buy-or-host", "cheapest-meeting", "confidence"}},
				{"china", cn, []string{"regulatory", "regulatory-line"}},
			} {
				what := page.name + " " + size.name + " " + lang
				follow(t, ctx, "open "+what, http.StatusOK, chromedp.Navigate(base+page.path+"&lang="+lang))
				for _, id := range page.lines {
					box := get(t, ctx, id+" box", chromedp.Evaluate[[]float64](`(() => {
						const e = document.querySelector('[data-testid=pick] [data-testid=`+id+`]');
						if (!e) return [];
						const r = e.getBoundingClientRect();
						return [r.width, r.height, r.right]; })()`))
					if len(box) == 0 {
						t.Errorf("%s: no %s line on the card", what, id)
						continue
					}
					if box[0] == 0 || box[1] == 0 || box[2] > float64(size.w)+0.5 {
						t.Errorf("%s: the %s line is %.0f×%.0f px ending at %.0f, want it shown within %d px", what, id, box[0], box[1], box[2], size.w)
					}
				}
				if wide := get(t, ctx, "page width", chromedp.Evaluate[float64](`document.documentElement.scrollWidth`)); wide > float64(size.w)+0.5 {
					t.Errorf("%s: the page is %.0f px wide on a %d px screen", what, wide, size.w)
				}
				do(t, ctx, "scroll to the card", chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=pick]`)))
				savePNG(t, "card-"+page.name+"-"+size.name+"-"+lang, get(t, ctx, "screenshot", chromedp.CaptureScreenshot()))
			}
		}
	}
}
