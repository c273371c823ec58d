package serving

import "math"

// Curve is a replica's operating points for one request shape, from one
// running request to the most its memory holds, at one latency quantile:
// the throughput–latency curve an engine moves along as load grows. A
// curve is not safe for use by several goroutines at once.
type Curve struct {
	r              *Replica
	in, out, q     float64
	maxConcurrency float64
	// points[:n] are worked out as they are asked for (see point): an
	// answer searches thousands of operating points on a few dozen
	// curves, each search reading a handful of points. Bit i of known is
	// set once points[i] is.
	points [curvePoints]Point
	n      int
	known  uint64
	// kneeAt is the knee's index + 1 once worked out (−1: none; see
	// kneeIndex).
	kneeAt int8
}

// curvePoints is how many points a curve keeps (at most 64, see known):
// log-spaced concurrencies
// from 1 to 4,096 are then at most 24 % apart (the figures between are
// interpolated; they change by a few per cent between neighbours).
const curvePoints = 40

// Curve lays out the replica's points for requests of in and out tokens
// at quantile q; nil when its memory holds no whole request.
func (r *Replica) Curve(in, out, q float64) *Curve {
	c := new(Curve)
	if !r.CurveInto(c, in, out, q) {
		return nil
	}
	return c
}

// CurveInto lays the curve out in *c (Curve, without an allocation of
// its own, for callers that keep many); false when the replica's memory
// holds no whole request.
func (r *Replica) CurveInto(c *Curve, in, out, q float64) bool {
	maxB := r.MaxBatch(in, out)
	if !(maxB >= 1) {
		return false
	}
	n := curvePoints
	if maxB < 2 {
		n = 1
	}
	*c = Curve{r: r, in: in, out: out, q: q, maxConcurrency: maxB, n: n}
	return true
}

// point is the curve's ith point: i/(n−1) of the way from one running
// request to the most, in log concurrency.
func (c *Curve) point(i int) Point {
	if c.known&(1<<i) == 0 {
		b := 1.0
		if c.n > 1 {
			b = math.Pow(c.maxConcurrency, float64(i)/float64(c.n-1))
		}
		c.points[i] = c.r.At(b, c.in, c.out, c.q)
		c.known |= 1 << i
	}
	return c.points[i]
}

// Points are the curve's points, fewest running requests first.
func (c *Curve) Points() []Point {
	for i := range c.n {
		c.point(i)
	}
	return c.points[:c.n]
}

// First is the curve's point at one running request: the fastest it
// serves a request.
func (c *Curve) First() Point { return c.point(0) }

// Replica is the replica the curve is of.
func (c *Curve) Replica() *Replica { return c.r }

// Best is the point with the most output tokens a second whose time to
// first token is within ttftMS and time per output token within tpotMS:
// both grow with the load, so it is the highest load within both, found
// between the curve's points by interpolating in log concurrency. ok is
// false when even one request at a time misses a target; the point is
// then the curve's first.
func (c *Curve) Best(ttftMS, tpotMS float64) (p Point, ok bool) {
	within := func(p Point) bool { return p.TTFTMS <= ttftMS && p.TPOTMS <= tpotMS }
	n := c.n
	if first := c.point(0); !within(first) {
		return first, false
	}
	// The last point within both targets.
	lo, hi := 0, n
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if within(c.point(mid)) {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == n-1 {
		return c.point(lo), true
	}
	a, b := c.point(lo), c.point(lo+1)
	f := 1.0
	if b.TTFTMS > ttftMS {
		f = min(f, (ttftMS-a.TTFTMS)/(b.TTFTMS-a.TTFTMS))
	}
	if b.TPOTMS > tpotMS {
		f = min(f, (tpotMS-a.TPOTMS)/(b.TPOTMS-a.TPOTMS))
	}
	return interpolate(a, b, f), true
}

// interpolate is the point a fraction f of the way from a to b, in log
// concurrency, the other figures linear in it.
func interpolate(a, b Point, f float64) Point {
	lin := func(x, y float64) float64 { return x + f*(y-x) }
	return Point{
		Concurrency: math.Exp(lin(math.Log(a.Concurrency), math.Log(b.Concurrency))),
		TTFTMS:      lin(a.TTFTMS, b.TTFTMS), TPOTMS: lin(a.TPOTMS, b.TPOTMS),
		OutputPerS: lin(a.OutputPerS, b.OutputPerS), RequestsPerS: lin(a.RequestsPerS, b.RequestsPerS),
		PromptShare: lin(a.PromptShare, b.PromptShare),
	}
}

// MaxConcurrency is the most requests the replica's memory holds at once.
func (c *Curve) MaxConcurrency() float64 { return c.maxConcurrency }
