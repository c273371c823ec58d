package templates

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// Ensure the chart's points are written as the template wrote them: a
// circle sized and classed by its role, a triangle on the edge for one
// beyond the axes, and every tooltip escaped.
func TestPointsMarkup(t *testing.T) {
	points := []Point{
		{X: 156.14, Y: 149.25, Pareto: true, Pick: true, Detail: `aws:us-east-1:g4dn.xlarge/spot: $1,000.00, 31.3 ms`},
		{X: 10, Y: 20, Detail: `<b>"R&D" o'clock</b>`},
		{X: 620, Y: 230.2, Clipped: true, Pareto: true, Detail: "far & dear"},
	}
	want := `<circle cx="156.1" cy="149.2" r="7" class="pt pareto pick"><title>aws:us-east-1:g4dn.xlarge/spot: $1,000.00, 31.3 ms</title></circle>` +
		`<circle cx="10.0" cy="20.0" r="` + pointRadius(points[1]) + `" class="pt"><title>&lt;b&gt;&#34;R&amp;D&#34; o&#39;clock&lt;/b&gt;</title></circle>` +
		`<path d="M615.0 235.2 L625.0 235.2 L620.0 226.2 Z" class="pt clipped"><title>far &amp; dear</title></path>`
	if got := pointsMarkup(points); got != want {
		t.Errorf("pointsMarkup:\n got %s\nwant %s", got, want)
	}
}

// Ensure options are written as the template wrote them, values and labels
// escaped and the selected one marked.
func TestOptionsMarkup(t *testing.T) {
	got := optionsMarkup([]option{
		{Value: "aws:us-east-1", Label: "aws us-east-1 (N. Virginia)", Selected: true},
		{Value: `x"y`, Label: "R&D <lab>"},
	})
	want := `<option value="aws:us-east-1" selected>aws us-east-1 (N. Virginia)</option>` +
		`<option value="x&#34;y">R&amp;D &lt;lab&gt;</option>`
	if got != want {
		t.Errorf("optionsMarkup:\n got %s\nwant %s", got, want)
	}
}

// Ensure the cost bars leave room, at the font phones draw charts with, for
// the longest label before them and the largest amount after them, in
// either language and with long amounts.
func TestCostBarsFit(t *testing.T) {
	o := &advisor.Option{Lines: []advisor.Line{
		{Item: "compute", Amount: decimal.RequireFromString("1234567.89")},
		{Item: "egress", Amount: decimal.RequireFromString("605.48")},
		{Item: "transfer", Amount: decimal.RequireFromString("2.56")},
	}}
	for _, lang := range []string{"en", "zh-CN"} {
		for _, cur := range []string{"USD", "CNY"} {
			l, _ := locale.Parse(lang)
			ctx := locale.WithPrinter(context.Background(), locale.For(l))
			for _, b := range costBars(ctx, o, cur) {
				if w := textWidth(b.Label); b.X-8 < w {
					t.Errorf("%s %s: label %q needs %.0f units, has %.0f", lang, cur, b.Label, w, b.X-8)
				}
				if end := b.X + b.Width + 6 + textWidth(Money(b.Amount, cur)); end > chartWidth {
					t.Errorf("%s %s: amount %s ends at %.0f, beyond the chart's %.0f", lang, cur, Money(b.Amount, cur), end, chartWidth)
				}
				if b.Width <= 0 {
					t.Errorf("%s %s: bar %q has no width", lang, cur, b.Label)
				}
			}
		}
	}
}
