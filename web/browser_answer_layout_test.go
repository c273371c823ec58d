package web_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Ensure an LLM answer and the serving curve lay out as a buyer reads
// them, in a real browser, in both languages: on a phone the token APIs'
// prices all show without scrolling sideways, a stacked line's quantity
// and unit stand together, the total is said once, the labels of the
// alternatives keep their words whole, and the sizing's figures stack; on
// a laptop the what-if's list takes the section's width when it has no
// chart beside it, and the curve's form shows the model's and the GPU's
// whole names.
func TestBrowserAnswerLayout(t *testing.T) {
	base, _ := serveAppWith(t, true, readerLimits)
	ctx := newBrowser(t, true)
	for _, lang := range []string{"en", "zh-CN"} {
		do(t, ctx, "resize to a phone", chromedp.EmulateViewport(390, 844))
		follow(t, ctx, "open the answer", http.StatusOK, chromedp.Navigate(base+"/advice?"+headroomQuestion+"&lang="+lang))
		got := get(t, ctx, "read the answer on a phone", chromedp.Evaluate[phoneLayout](`(() => {
			const q = s => document.querySelector(s);
			const apis = q('[data-testid=token-apis]').closest('.table-wrap');
			const qty = q('[data-testid=lines] tbody td.num');
			const parts = [...qty.childNodes].filter(n => n.nodeType === 1 || n.textContent.trim() !== '');
			const range = document.createRange(); range.selectNodeContents(parts[0]);
			const numRight = range.getBoundingClientRect().right, unitLeft = parts[1].getBoundingClientRect().left;
			const totals = [...q('[data-testid=lines] tfoot tr').querySelectorAll('th, td')].filter(c => getComputedStyle(c).display !== 'none');
			const label = q('[data-testid=alternatives] td[data-label]:last-child');
			const lh = parseFloat(getComputedStyle(label).lineHeight) || 24;
			const basis = q('[data-testid=basis-table]').closest('.table-wrap');
			return {
				APIsFit: apis.scrollWidth <= apis.clientWidth,
				QtyGap: unitLeft - numRight,
				Totals: totals.length,
				LabelLines: Math.round(parseFloat(getComputedStyle(label, '::before').height) / lh),
				BasisFits: basis.scrollWidth <= basis.clientWidth,
				Overflow: document.documentElement.scrollWidth > window.innerWidth,
			};
		})()`))
		if !got.APIsFit {
			t.Errorf("%s phone: the token APIs' table is wider than the screen: its last prices are hidden", lang)
		}
		if got.QtyGap > 16 {
			t.Errorf("%s phone: a line's quantity and its unit stand %.0f px apart", lang, got.QtyGap)
		}
		if got.Totals != 1 {
			t.Errorf("%s phone: the lines' total row shows %d cells, want the total once", lang, got.Totals)
		}
		if got.LabelLines > 1 {
			t.Errorf("%s phone: \"why it lost\" takes %d lines", lang, got.LabelLines)
		}
		if !got.BasisFits || got.Overflow {
			t.Errorf("%s phone: the sizing's table (fits %v) or the page (wider %v) is wider than the screen", lang, got.BasisFits, got.Overflow)
		}
		screenshot(t, ctx, "answer-layout-phone-"+lang)

		do(t, ctx, "resize to a laptop", chromedp.EmulateViewport(1366, 768))
		follow(t, ctx, "open the answer", http.StatusOK, chromedp.Navigate(base+"/advice?"+headroomQuestion+"&lang="+lang))
		if !waitFor(ctx, `document.querySelector("#what-if [data-testid=what-if-changes] ul")`, 20*time.Second) {
			t.Fatalf("%s laptop: no what-if list", lang)
		}
		share := get(t, ctx, "the what-if list's share of its section", chromedp.Evaluate[float64](`(() => {
			const s = document.querySelector('#what-if'), l = document.querySelector('#what-if [data-testid=what-if-changes] ul');
			return l.getBoundingClientRect().width / s.getBoundingClientRect().width;
		})()`))
		if share < 0.8 {
			t.Errorf("%s laptop: the what-if's list takes %.0f %% of its section's width, with no chart beside it", lang, 100*share)
		}

		follow(t, ctx, "open a curve", http.StatusOK, chromedp.Navigate(base+"/serving?profile=llama-3.3-70b&gpu=rtx-pro-6000&precision=fp4&engine=trtllm&tp=1&pp=2&input_tokens=1000&output_tokens=1000&lang="+lang))
		cut := get(t, ctx, "measure the curve form's selects", chromedp.Evaluate[[]string](`(() => {
			const c = document.createElement('canvas').getContext('2d');
			return [...document.querySelectorAll('.curve-fields select')].filter(s => {
				c.font = getComputedStyle(s).font;
				return c.measureText(s.selectedOptions[0].text).width > s.clientWidth - 30;
			}).map(s => s.name);
		})()`))
		if len(cut) > 0 {
			t.Errorf("%s laptop: the curve form's %v show their choices cut short", lang, cut)
		}
		screenshot(t, ctx, "curve-form-laptop-"+lang)
	}
}

// phoneLayout is what TestBrowserAnswerLayout reads of an answer on a
// phone.
type phoneLayout struct {
	APIsFit, BasisFits, Overflow bool
	QtyGap                       float64
	Totals, LabelLines           int
}
