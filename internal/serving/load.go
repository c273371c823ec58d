package serving

// AtRate is the curve's point when requests arrive at rate a second: the
// load that carries that rate, found between the curve's points as Best
// finds its point (linear in the requests a second along the segment,
// the other figures interpolated alike), so that at Best's own rate it is
// Best's point. Below the rate of one running request each request runs
// alone: the latencies are the first point's, the concurrency and
// throughput those of the rate. ok is false when the rate is more than the
// curve's last point (its memory's most) serves: the queue then grows
// without bound, and the point is the last.
func (c *Curve) AtRate(rate float64) (p Point, ok bool) {
	first := c.point(0)
	if !(first.RequestsPerS > 0) {
		return first, false
	}
	if rate <= first.RequestsPerS {
		f := max(rate, 0) / first.RequestsPerS
		p = first
		p.Concurrency, p.RequestsPerS, p.OutputPerS = f*first.Concurrency, f*first.RequestsPerS, f*first.OutputPerS
		return p, true
	}
	n := c.n
	if last := c.point(n - 1); rate > last.RequestsPerS {
		return last, false
	}
	// The first point that serves the rate (the requests a second grow
	// with the load up to the memory's most).
	lo, hi := 0, n-1
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if c.point(mid).RequestsPerS >= rate {
			hi = mid
		} else {
			lo = mid
		}
	}
	a, b := c.point(lo), c.point(hi)
	f := 1.0
	if d := b.RequestsPerS - a.RequestsPerS; d > 0 {
		f = (rate - a.RequestsPerS) / d
	}
	return interpolate(a, b, f), true
}
