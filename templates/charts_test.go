package templates

import (
	"context"
	"strings"
	"testing"

	"gpuplace/internal/chart"
)

// Ensure the candidates' chart says what it draws: the x axis's name, a
// legend naming the candidates that meet the target and those that miss it
// (with the miss's own mark), misses drawn in their own class, and a
// viewBox of the chart's bounded height; with no target judged, the legend
// keeps "other candidates".
func TestScatterChartSaysMeetsAndMisses(t *testing.T) {
	s := chart.ScatterOf([]chart.ScatterInput{
		{X: 50, Y: 7815, Pick: true, Pareto: true, Detail: "pick"},
		{X: 79, Y: 3183, Pareto: true, Misses: true, Detail: "cheap"},
		{X: 40, Y: 9000, Detail: "dear"},
	}, 100, chart.U)
	s.XLabel, s.YLabel, s.Title = "Traffic-weighted average latency (ms)", "Total (USD)", "Total cost"
	s.MeetsLabel, s.MissesLabel = "meet the target", "miss the target: fewer than 95 % of users within 100 ms"
	var b strings.Builder
	ctx := context.Background() // English
	if err := ScatterChart(s).Render(ctx, &b); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		`viewBox="0 0 640.0 363.0"`,
		`class="axis-label">Traffic-weighted average latency (ms)</text>`,
		`class="pt misses pareto"`,
		`data-testid="candidate-legend"`,
		`<span class="key pt"></span> meet the target`,
		`<span class="key misses" aria-hidden="true">✕</span> <span data-testid="legend-misses">miss the target: fewer than 95 % of users within 100 ms</span>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the chart lacks %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, "other candidates") {
		t.Errorf("a judged chart calls its candidates \"other candidates\", not whether they meet the target")
	}

	s.MeetsLabel, s.MissesLabel = "", ""
	b.Reset()
	if err := ScatterChart(s).Render(ctx, &b); err != nil {
		t.Fatal(err)
	}
	if html := b.String(); strings.Contains(html, "legend-misses") || !strings.Contains(html, "other candidates") {
		t.Errorf("a chart with no target judged: want \"other candidates\" and no misses in the legend:\n%s", html)
	}
}
