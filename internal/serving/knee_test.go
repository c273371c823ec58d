package serving_test

import (
	"testing"

	"gpuplace/internal/serving"
)

// curveOf is a constructed curve: throughput f(c) at c = 1, 2, 4, … 2^(n−1).
func curveOf(n int, f func(c float64) float64) []serving.Point {
	var ps []serving.Point
	for c := 1.0; len(ps) < n; c *= 2 {
		ps = append(ps, serving.Point{Concurrency: c, OutputPerS: f(c)})
	}
	return ps
}

// Ensure the knee is the first concurrency from which each further
// doubling adds less than 5 % throughput: on a curve that saturates as
// c/(1 + c/10), the doubling from 64 to 128 adds 1/(1 + 12.8) ≈ 7.2 % and
// from 128 to 256 1/(1 + 25.6) ≈ 3.8 %, so the knee is 128; a curve
// that stops growing at 16 has its knee there, and so does one that pauses at 4 before
// growing to 16; a curve still growing at
// its end, or a single point, has none.
func TestKnee(t *testing.T) {
	for _, c := range []struct {
		name   string
		points []serving.Point
		knee   float64
		ok     bool
	}{
		{"saturating", curveOf(12, func(c float64) float64 { return 100 * c / (1 + c/10) }), 128, true},
		{"flat from 16", curveOf(10, func(c float64) float64 { return 100 * min(c, 16) }), 16, true},
		{"a pause then growth", curveOf(8, func(c float64) float64 {
			switch {
			case c == 8:
				return 410 // 4 → 8 gains 2.5 %, 8 → 16 gains again
			case c >= 16:
				return 1600
			}
			return 100 * c
		}), 16, true},
		{"still growing", curveOf(10, func(c float64) float64 { return 100 * c }), 0, false},
		{"one point", curveOf(1, func(c float64) float64 { return 100 }), 0, false},
	} {
		knee, ok := serving.Knee(c.points)
		if knee != c.knee || ok != c.ok {
			t.Errorf("%s: knee %v (ok %v), want %v (ok %v)", c.name, knee, ok, c.knee, c.ok)
		}
	}
}
