package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// defaultsAt400 is the form's default question (BERT-large, users US 50,
// DE 30, JP 20, 100 ms, 12 months, cheapest) at a peak of 400 requests/s:
// options under 100 ms on average that leave a group beyond the target.
const defaultsAt400 = "kind=inference&profile=bert-large&rps=50&peak_rps=400&latency_ms=100&months=12&objective=cost&users=US:50,DE:30,JP:20"

// chartReading is what a reader sees of the candidates' chart.
type chartReading struct {
	Height, MinFont, MaxFont float64
	Misses, MissesLeft       int
	Legend                   string
}

// mapSpot is where on the screen a map's line or place is, and its title.
type mapSpot struct {
	X, Y  float64
	Title string
}

// Ensure an answer's chart and map read on a laptop and on a phone, in
// both languages: the candidates' chart takes at most half the screen's
// height, its text is 11–14 px, the options that miss the target (some
// left of the target line) are crosses and the legend names them; on a
// phone, tapping a line or a place of the map says its figures below it.
func TestBrowserChartAndMapRead(t *testing.T) {
	base, _ := serveApp(t, true)
	ctx := newBrowser(t, true)
	for _, lang := range []string{"en", "zh-CN"} {
		for _, size := range []struct {
			name  string
			w, h  int64
			phone bool
		}{{"laptop", 1366, 768, false}, {"phone", 390, 844, true}} {
			what := lang + " " + size.name
			if size.phone {
				do(t, ctx, "resize to a phone", chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateMobile, chromedp.EmulateTouch))
			} else {
				do(t, ctx, "resize to a laptop", chromedp.EmulateViewport(size.w, size.h))
			}
			follow(t, ctx, "open the answer", http.StatusOK, chromedp.Navigate(base+"/advice?"+defaultsAt400+"&lang="+lang))
			c := get(t, ctx, "read the chart", chromedp.Evaluate[chartReading](`(() => {
				const svg = document.querySelector('[data-testid=candidate-chart]');
				const box = svg.getBoundingClientRect(), scale = box.width / svg.viewBox.baseVal.width;
				const fonts = [...svg.querySelectorAll('text')].map(e => parseFloat(getComputedStyle(e).fontSize) * scale);
				const target = svg.querySelector('[data-testid=chart-target]').getBoundingClientRect().left;
				const misses = [...svg.querySelectorAll('path.pt.misses:not(.clipped)')];
				const legend = document.querySelector('[data-testid=legend-misses]');
				return {Height: box.height, MinFont: Math.min(...fonts), MaxFont: Math.max(...fonts), Misses: misses.length,
					MissesLeft: misses.filter(m => m.getBoundingClientRect().right < target).length, Legend: legend ? legend.textContent : ''};
			})()`))
			if c.Height > float64(size.h)/2 {
				t.Errorf("%s: the chart is %.0f px high, more than half the screen's %d", what, c.Height, size.h)
			}
			if c.MinFont < 11 || c.MaxFont > 14 {
				t.Errorf("%s: the chart's text is %.1f–%.1f px, want 11–14", what, c.MinFont, c.MaxFont)
			}
			if c.Misses == 0 || c.MissesLeft == 0 || c.Legend == "" {
				t.Errorf("%s: %d misses drawn apart, %d of them left of the target line, legend %q: want misses on both sides, named", what, c.Misses, c.MissesLeft, c.Legend)
			}
			screenshot(t, ctx, "charts-"+lang+"-"+size.name)
			if !size.phone {
				continue
			}
			for _, tap := range []struct{ what, pick string }{
				{"the longest line", `[...svg.querySelectorAll('.ln')].sort((a, b) => len(b) - len(a))[0]`},
				{"the largest group of users", `[...svg.querySelectorAll('.users')].sort((a, b) => b.r.baseVal.value - a.r.baseVal.value)[0]`},
			} {
				spot := get(t, ctx, "find "+tap.what, chromedp.Evaluate[mapSpot](`(() => {
					const svg = document.querySelector('[data-testid=world-map] svg');
					const len = l => Math.hypot(l.x2.baseVal.value - l.x1.baseVal.value, l.y2.baseVal.value - l.y1.baseVal.value);
					const el = `+tap.pick+`;
					svg.scrollIntoView({block: 'center'});
					const r = el.getBoundingClientRect();
					return {X: r.left + r.width / 2, Y: r.top + r.height / 2, Title: el.querySelector('title').textContent};
				})()`))
				do(t, ctx, "tap "+tap.what, chromedp.TapXY(spot.X, spot.Y))
				if !waitFor(ctx, `document.querySelector('[data-testid=map-readout]') && document.querySelector('[data-testid=map-readout]').textContent === `+jsString(spot.Title), 3*time.Second) {
					got := text(t, ctx, `[data-testid=map-readout]`)
					t.Errorf("%s: tapping %s reads %q, want %q", what, tap.what, got, spot.Title)
				}
			}
			if title := text(t, ctx, `[data-testid=map-readout]`); !strings.Contains(title, "100") {
				t.Errorf("%s: the readout %q does not say the group against the 100 ms target", what, title)
			}
			screenshot(t, ctx, "map-tap-"+lang)
		}
	}
}

// jsString writes s as a JavaScript string literal.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}
