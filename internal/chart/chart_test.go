package chart

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func figure(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// Ensure the candidates' points are written as the template wrote them: a
// circle sized and classed by its role at whole units, a triangle on the
// edge for one beyond the axes, and every tooltip escaped.
func TestWritePoints(t *testing.T) {
	s := Scatter{Points: []ScatterPoint{
		{X: 156.14, Y: 149.25, Pareto: true, Pick: true, Detail: `aws:us-east-1:g4dn.xlarge/spot: $1,000.00, 31.3 ms`},
		{X: 10, Y: 20, Detail: `<b>"R&D" o'clock</b>`},
		{X: 620, Y: 230.2, Clipped: true, Pareto: true, Detail: "far & dear"},
	}}
	want := `<circle cx="156" cy="149" r="7" class="pt pareto pick"><title>aws:us-east-1:g4dn.xlarge/spot: $1,000.00, 31.3 ms</title></circle>` +
		`<circle cx="10" cy="20" r="4" class="pt"><title>&lt;b&gt;&#34;R&amp;D&#34; o&#39;clock&lt;/b&gt;</title></circle>` +
		`<path d="M615.0 235.2 L625.0 235.2 L620.0 226.2 Z" class="pt clipped"><title>far &amp; dear</title></path>`
	var b strings.Builder
	if err := s.WritePoints(&b); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != want {
		t.Errorf("WritePoints:\n got %s\nwant %s", got, want)
	}
}

// Ensure bars leave room, at the font phones draw charts with, for the
// longest label before them and the largest value after them, scale to
// the largest, and stack without overlap.
func TestBarsFit(t *testing.T) {
	for _, labels := range [][]string{{"Compute", "Egress", "Transfer"}, {"计算", "出站流量", "数据传输（一次性）"}} {
		in := []BarInput{
			{Label: labels[0], Amount: decimal.RequireFromString("1234567.89"), Value: "¥1,234,567.89"},
			{Label: labels[1], Amount: decimal.RequireFromString("605.48"), Value: "¥605.48"},
			{Label: labels[2], Amount: decimal.RequireFromString("2.56"), Value: "¥2.56"},
		}
		c := BarsOf(in)
		for i, b := range c.Bars {
			if w := TextWidth(b.Label); b.LabelX < w {
				t.Errorf("label %q needs %.0f units, has %.0f", b.Label, w, b.LabelX)
			}
			if end := b.ValueX + TextWidth(b.Value); end > c.Width {
				t.Errorf("value %s ends at %.0f, beyond the chart's %.0f", b.Value, end, c.Width)
			}
			if b.Width <= 0 || b.RectY+b.BarH > c.Height {
				t.Errorf("bar %q: width %.1f, bottom %.1f of %.1f", b.Label, b.Width, b.RectY+b.BarH, c.Height)
			}
			if i > 0 && b.RectY < c.Bars[i-1].RectY+b.BarH {
				t.Errorf("bar %q overlaps the one above", b.Label)
			}
		}
		if ratio := c.Bars[1].Width / c.Bars[0].Width; math.Abs(ratio-605.48/1234567.89) > 1e-9 {
			t.Errorf("bars scale %.9f, want the amounts' ratio", ratio)
		}
	}
}

// Ensure the candidates' axes start at zero and end at a round figure past
// the pick, the Pareto front and most candidates, and that a far outlier
// sits on the edge, counted, rather than flattening the rest.
func TestScatterAxes(t *testing.T) {
	var in []ScatterInput
	for i := range 20 {
		in = append(in, ScatterInput{X: float64(10 + i), Y: float64(100 + 10*i)})
	}
	in[3].Pick, in[5].Pareto = true, true
	in = append(in, ScatterInput{X: 5000, Y: 1e6, Detail: "outlier"})
	s := ScatterOf(in, 0, figure)
	if s.Clipped != 1 || !s.Points[len(s.Points)-1].Clipped {
		t.Errorf("clipped = %d, want the outlier alone", s.Clipped)
	}
	for _, p := range s.Points {
		if p.X < s.Left || p.X > s.Right || p.Y < s.Top || p.Y > s.Bottom {
			t.Errorf("point %+v outside the plot %v–%v × %v–%v", p, s.Left, s.Right, s.Top, s.Bottom)
		}
	}
	if s.XTicks[0].Label != "0" || s.YTicks[0].Label != "0" {
		t.Errorf("axes start at %s and %s, want 0", s.XTicks[0].Label, s.YTicks[0].Label)
	}
	if last := s.XTicks[4].Label; last != "50" {
		t.Errorf("x axis ends at %s, want 50 (past 29 × 1.2 at 1, 2 or 5 × 10ⁿ)", last)
	}
	if !strings.Contains(s.Front, ",") {
		t.Errorf("front = %q, want the Pareto point", s.Front)
	}
}

// Ensure a curve's axes fit its target and operating point, its left
// margin its widest tick, and that points past the time axis are left out.
func TestCurveFits(t *testing.T) {
	in := CurveInput{Target: 60, Op: Point{X: 32, Y: 1022, Detail: "op"},
		Curve:    []XY{{21, 26}, {25, 300}, {32, 1022}, {400, 1500}},
		Measured: []Point{{X: 40, Y: 410}, {X: 300, Y: 470}}}
	c := CurveOf(in, func(x float64) string { return strconv.FormatFloat(x, 'f', 0, 64) + ",000" })
	if c.TargetX < c.Left || c.TargetX > c.Right {
		t.Errorf("target at %.1f, outside %.1f–%.1f", c.TargetX, c.Left, c.Right)
	}
	if len(c.Measured) != 1 || strings.Count(c.Line, ",") != 3 {
		t.Errorf("measured %d, line %q: want the points within the time axis only", len(c.Measured), c.Line)
	}
	for _, tk := range c.YTicks {
		if c.Left-6 < TextWidth(tk.Label) {
			t.Errorf("tick %q needs %.0f units, has %.0f", tk.Label, TextWidth(tk.Label), c.Left-6)
		}
	}
	if c.Op.Y < c.Top || c.Op.Y > c.Bottom {
		t.Errorf("operating point at y %.1f, outside %.1f–%.1f", c.Op.Y, c.Top, c.Bottom)
	}
}

// Ensure a curve's axes end where each quarter, where they are ticked,
// is a round figure: a curve up to 205 tokens/s with a 200 ms target gets
// axes to 300 (ticked every 75), not to 250 (ticked at 62.5 and 187.5).
func TestCurveRoundTicks(t *testing.T) {
	in := CurveInput{Target: 200, Op: Point{X: 112, Y: 94},
		Curve: []XY{{95, 5}, {112, 94}, {150, 182}, {200, 196}, {250, 205}}}
	c := CurveOf(in, func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) })
	for _, ticks := range [][]Tick{c.XTicks, c.YTicks} {
		var got []string
		for _, tk := range ticks {
			got = append(got, tk.Label)
		}
		if want := []string{"0", "75", "150", "225", "300"}; !slices.Equal(got, want) {
			t.Errorf("ticks %v, want %v", got, want)
		}
	}
}

// Ensure the heat map draws each pair once, below the diagonal, every
// cell within the map, with round trips binned by their edges.
func TestHeatMap(t *testing.T) {
	labels := []HeatLabelInput{{Text: "A"}, {Text: "B", Selected: true}, {Text: "C"}, {Text: "D"}}
	h := HeatMapOf(labels, func(i, j int) HeatCellInput { return HeatCellInput{Bin: HeatBinOf(float64(100 * (i - j)))} })
	if len(h.Cells) != 6 || len(h.Rows) != 3 || len(h.Cols) != 3 {
		t.Fatalf("%d cells, %d rows, %d columns; want 6, 3, 3", len(h.Cells), len(h.Rows), len(h.Cols))
	}
	for _, c := range h.Cells {
		if c.X < 0 || c.X+HeatCellSize > h.Width || c.Y < 0 || c.Y+HeatCellSize > h.Height {
			t.Errorf("cell %+v outside %.0f × %.0f", c, h.Width, h.Height)
		}
	}
	if !h.Rows[0].Selected || !h.Cols[1].Selected {
		t.Errorf("the selected item's row and column are not marked")
	}
	for ms, want := range map[float64]int{0: 0, 24.9: 0, 25: 1, 299: 5, 300: 6, 1e4: 6} {
		if got := HeatBinOf(ms); got != want {
			t.Errorf("HeatBinOf(%v) = %d, want %d", ms, got, want)
		}
	}
	if got := (HeatCell{Bin: 2, Estimated: true}).Class(); got != "cell h2 est" {
		t.Errorf("class = %q", got)
	}
}
