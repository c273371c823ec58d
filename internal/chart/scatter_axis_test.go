package chart

import "testing"

// Ensure the cost axis ends below 10× the pick's total however far the
// Pareto front runs (the 70B preset's fastest options cost 400× its
// pick), and that the dearer points are marked beyond the axis.
func TestCostAxisNearThePick(t *testing.T) {
	in := []ScatterInput{{X: 300, Y: 120_713, Pick: true, Pareto: true}, {X: 200, Y: 900_000, Pareto: true}, {X: 150, Y: 50_000_000, Pareto: true}}
	for i := range 50 {
		in = append(in, ScatterInput{X: float64(310 + i), Y: 130_000 + float64(i)*1000})
	}
	s := ScatterOf(in, 0, U)
	maxY := axisMax(in, func(c ScatterInput) float64 { return c.Y }, costSpan)
	if maxY >= 10*120_713 || maxY < 120_713 {
		t.Errorf("the cost axis ends at %v for a pick of 120,713: want it above the pick and below 10×", maxY)
	}
	if s.Clipped != 1 {
		t.Errorf("%d points beyond the axes, want the 50,000,000 one", s.Clipped)
	}
}
