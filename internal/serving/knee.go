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
	k := kneeOf(len(points), func(i int) Point { return points[i] },
		func(i int) float64 { return math.Log2(points[i+1].Concurrency / points[i].Concurrency) })
	if k < 0 {
		return 0, false
	}
	return points[k].Concurrency, true
}

// Knee is the curve's point at its knee (see Knee); false when its memory
// runs out before the knee. Only the points from the last down to the
// knee are worked out (a curve still growing at its end costs two), once.
func (c *Curve) Knee() (Point, bool) {
	k := c.kneeIndex()
	if k < 0 {
		return Point{}, false
	}
	return c.point(k), true
}

// CapAtKnee is p, a load on the curve, or the curve's knee where p is
// past it (true). It reads the pairs of points from p's up to the first
// that still gains KneeGain a doubling, p then short of the knee, and
// only where none does works the knee out: a load well short of its knee
// (on the steep part, where the targets mostly hold it) costs no more
// than the points around it.
func (c *Curve) CapAtKnee(p Point) (Point, bool) {
	if c.n < 2 || c.kneeAt < 0 || !(p.Concurrency > 1) {
		return p, false // at one running request or below, no point is below it
	}
	if c.kneeAt == 0 {
		// m is the last point with fewer running requests than p.
		d := c.doublings()
		m := min(int(math.Ceil(math.Log2(p.Concurrency)/d))-1, c.n-1)
		for m+1 < c.n && c.concurrency(m+1) < p.Concurrency {
			m++
		}
		for m >= 0 && c.concurrency(m) >= p.Concurrency {
			m--
		}
		if m < 0 {
			return p, false
		}
		gain := math.Pow(1+KneeGain, d)
		for i := m; i < c.n-1; i++ {
			if a, b := c.point(i), c.point(i+1); a.OutputPerS > 0 && b.OutputPerS/a.OutputPerS >= gain {
				return p, false
			}
		}
	}
	if k, ok := c.Knee(); ok && p.Concurrency > k.Concurrency {
		return k, true
	}
	return p, false
}

// doublings is the doublings of the load from one of the curve's points
// to the next: they are spaced alike in log concurrency.
func (c *Curve) doublings() float64 { return math.Log2(c.maxConcurrency) / float64(c.n-1) }

// concurrency is the running requests of the curve's ith point, as point
// lays them out.
func (c *Curve) concurrency(i int) float64 {
	return math.Pow(c.maxConcurrency, float64(i)/float64(c.n-1))
}

// kneeIndex is the index of the curve's knee (−1: none), worked out once.
func (c *Curve) kneeIndex() int {
	if c.kneeAt == 0 {
		k := -1
		if c.n > 1 {
			d := c.doublings()
			k = kneeOf(c.n, c.point, func(int) float64 { return d })
		}
		c.kneeAt = int8(k + 1)
		if k < 0 {
			c.kneeAt = -1
		}
	}
	if c.kneeAt < 0 {
		return -1
	}
	return int(c.kneeAt) - 1
}

// kneeOf is the index of the knee of the n points at gives, fewest
// running requests first, doublings(i) the doublings of the load from
// point i to i+1 (see Knee); −1 when there is none.
func kneeOf(n int, at func(int) Point, doublings func(int) float64) int {
	knee := -1
	for i := n - 2; i >= 0; i-- {
		a, b, d := at(i), at(i+1), doublings(i)
		if !(d > 0) || !(a.OutputPerS > 0) {
			continue // no gain per doubling to tell
		}
		if b.OutputPerS/a.OutputPerS >= math.Pow(1+KneeGain, d) {
			break // it still gains KneeGain a doubling: (b/a)^(1/d) − 1 ≥ KneeGain
		}
		knee = i
	}
	return knee
}
