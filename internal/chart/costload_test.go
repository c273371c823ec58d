package chart

import (
	"math"
	"strings"
	"testing"
)

// Ensure the cost-against-load chart puts ×1 where the log axis says (a
// third of the way from ×0.25 to ×8 is ×1: 2 of 5 doublings is 0.4), ends
// the cost axis past the dearest total, breaks the pick's line where no
// pick is within budget, and marks each change where its factor falls.
func TestCostLoadLayout(t *testing.T) {
	in := CostLoadInput{Low: 0.25, High: 8, Breaks: []float64{2},
		Points: []CostLoadPoint{{0.25, 100, 100}, {1, 400, 400}, {2, 500, 800}, {4, math.NaN(), 1600}, {8, 900, 3200}}}
	c := CostLoadOf(in, figure, func(x float64) string { return "×" + figure(x) })
	frac := func(x float64) float64 { return (x - c.Left) / (c.Right - c.Left) }
	if got := frac(c.AskedX); math.Abs(got-0.4) > 1e-9 {
		t.Errorf("×1 at %.3f of the axis, want 0.4", got)
	}
	if len(c.Breaks) != 1 || math.Abs(frac(c.Breaks[0])-0.6) > 1e-9 {
		t.Errorf("break-even marks %v, want one at 0.6 of the axis", c.Breaks)
	}
	if len(c.Pick) != 2 || strings.Count(c.Pick[0], ",") != 3 || strings.Count(c.Pick[1], ",") != 1 {
		t.Errorf("pick's line %q: want two runs, of 3 points and 1 (no pick at ×4)", c.Pick)
	}
	if strings.Count(c.Asked, ",") != 5 {
		t.Errorf("question's line %q: want 5 points", c.Asked)
	}
	if top := c.YTicks[len(c.YTicks)-1]; top.Pos != c.Top || top.Label != "4000" {
		t.Errorf("cost axis ends at %q (y %v), want 4000 at the plot's top %v", top.Label, top.Pos, c.Top)
	}
	if labels := []string{c.XTicks[0].Label, c.XTicks[len(c.XTicks)-1].Label}; len(c.XTicks) != 6 || labels[0] != "×0.25" || labels[1] != "×8" {
		t.Errorf("x ticks %v, want ×0.25 … ×8, six of them", c.XTicks)
	}
	for _, tk := range c.YTicks {
		if w := TextWidth(tk.Label) + 14; w > c.Left {
			t.Errorf("tick %q needs %v, the margin is %v", tk.Label, w, c.Left)
		}
	}
}
