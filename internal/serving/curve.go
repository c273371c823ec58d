package serving

import (
	"math"
	"math/bits"
)

// Curve is a replica's operating points for one request shape, from one
// running request to the most its memory holds, at one latency quantile:
// the throughput–latency curve an engine moves along as load grows. A
// curve is not safe for use by several goroutines at once.
type Curve struct {
	r              *Replica
	in, out, q     float64
	maxConcurrency float64
	// logMax is the logarithm of maxConcurrency, for crossing's guesses.
	logMax float64
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
	*c = Curve{r: r, in: in, out: out, q: q, maxConcurrency: maxB, logMax: math.Log(maxB), n: n}
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

// Len is how many points the curve has (see Points).
func (c *Curve) Len() int { return c.n }

// Point is the curve's ith point (see Points), worked out alone: a caller
// that reads a few of them spares the others.
func (c *Curve) Point(i int) Point { return c.point(i) }

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
	t := targets{ttftMS, tpotMS}
	n := c.n
	if first := c.point(0); !t.within(first) {
		return first, false
	}
	lo := c.lastWithin(t)
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

// targets are the latencies a point must keep (see Best).
type targets struct{ ttftMS, tpotMS float64 }

// within reports whether a point keeps both targets.
func (t targets) within(p Point) bool { return p.TTFTMS <= t.ttftMS && p.TPOTMS <= t.tpotMS }

// over is how far a point is from the targets, as the larger of its
// latencies over its target: at most 1 within them.
func (t targets) over(p Point) float64 { return max(p.TTFTMS/t.ttftMS, p.TPOTMS/t.tpotMS) }

// lastWithin is the index of the last of the curve's points within the
// targets, its first point being within. Both latencies grow with the
// load, so the points within are the first ones, and the last is found by
// narrowing a bracket, a point within and one past them (or the end):
// first with the points already worked out (an answer asks a curve for a
// few operating points), then at the most its memory holds (often within
// the targets), then where the latency the targets bind crosses them
// between the bracket's ends (linear in the load) and at the point after
// it (the crossing, where the guess falls just short of it), then by
// halving. It is the index that halving alone finds, from far fewer
// points.
func (c *Curve) lastWithin(t targets) int {
	n := c.n
	lo, hi := 0, n
	for k := c.known &^ 1; k != 0; k &= k - 1 {
		if i := bits.TrailingZeros64(k); i < n {
			if t.within(c.points[i]) {
				lo = max(lo, i)
			} else {
				hi = min(hi, i)
			}
		}
	}
	if lo >= hi {
		// Points that do not grow with the load: halving alone.
		lo, hi = 0, n
	} else if hi == n && lo < n-1 {
		if t.within(c.point(n - 1)) {
			return n - 1
		}
		hi = n - 1
	}
	for range crossings {
		if hi-lo <= 1 {
			break
		}
		if g := c.crossing(t, lo, hi); t.within(c.point(g)) {
			lo = g
			if lo+1 < hi {
				if t.within(c.point(lo + 1)) {
					lo++
				} else {
					hi = lo + 1
				}
			}
		} else {
			hi = g
		}
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if t.within(c.point(mid)) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// crossings is how many guesses at the crossing lastWithin makes before
// it halves.
const crossings = 3

// crossing guesses the index, strictly between lo and hi (points worked
// out, lo within the targets and hi past them), of the last point within
// the targets: where the line through the two points' distances from the
// targets (see targets.over), against the load, crosses them.
func (c *Curve) crossing(t targets, lo, hi int) int {
	a, b := c.points[lo], c.points[hi]
	ra, rb := t.over(a), t.over(b)
	load := a.Concurrency + (1-ra)/(rb-ra)*(b.Concurrency-a.Concurrency)
	g := lo + 1
	if at := float64(c.n-1) * math.Log(load) / c.logMax; at > float64(g) && at < float64(hi-1) {
		g = int(at)
	} else if at >= float64(hi-1) {
		g = hi - 1
	}
	return g
}
