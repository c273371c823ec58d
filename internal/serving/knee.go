package serving

import "math"

// KneeGain is the throughput one more doubling of the load must add, as a
// share, for the load to be below a curve's knee (see Knee).
const KneeGain = 0.05

// Knee is the concurrency past which more load adds less than KneeGain
// of throughput per doubling: between two neighbouring points a and b of
// the curve (fewest running requests first), the gain per doubling is
// (b.OutputPerS / a.OutputPerS)^(1 / log2(b.Concurrency / a.Concurrency))
// − 1, and the knee is the concurrency of the first point from which
// every later pair gains less than KneeGain per doubling. ok is false when
// the curve has fewer than two points or its last pair still gains
// KneeGain or more (its memory runs out before the knee).
func Knee(points []Point) (concurrency float64, ok bool) {
	if len(points) < 2 {
		return 0, false
	}
	knee := -1
	for i := len(points) - 2; i >= 0; i-- {
		a, b := points[i], points[i+1]
		doublings := math.Log2(b.Concurrency / a.Concurrency)
		if !(doublings > 0) || !(a.OutputPerS > 0) {
			continue
		}
		if math.Pow(b.OutputPerS/a.OutputPerS, 1/doublings)-1 >= KneeGain {
			break
		}
		knee = i
	}
	if knee < 0 {
		return 0, false
	}
	return points[knee].Concurrency, true
}
