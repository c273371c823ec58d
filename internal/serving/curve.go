package serving

import "math"

// Curve is a replica's operating points for one request shape, from one
// running request to the most its memory holds, at one latency quantile:
// the throughput–latency curve an engine moves along as load grows.
type Curve struct {
	r              *Replica
	in, out, q     float64
	points         []Point
	maxConcurrency float64
}

// curvePoints is how many points a curve keeps: log-spaced concurrencies
// from 1 to 4,096 are then at most 14 % apart.
const curvePoints = 64

// Curve lays out the replica's points for requests of in and out tokens
// at quantile q; nil when its memory holds no whole request.
func (r *Replica) Curve(in, out, q float64) *Curve {
	maxB := r.MaxBatch(in, out)
	if !(maxB >= 1) {
		return nil
	}
	c := &Curve{r: r, in: in, out: out, q: q, maxConcurrency: maxB, points: make([]Point, 0, curvePoints)}
	n := curvePoints
	if maxB < 2 {
		n = 1
	}
	for i := range n {
		b := 1.0
		if n > 1 {
			b = math.Pow(maxB, float64(i)/float64(n-1))
		}
		c.points = append(c.points, r.At(b, in, out, q))
	}
	return c
}

// Points are the curve's points, fewest running requests first.
func (c *Curve) Points() []Point { return c.points }

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
	pts := c.points
	if !within(pts[0]) {
		return pts[0], false
	}
	// The last point within both targets.
	lo, hi := 0, len(pts)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if within(pts[mid]) {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == len(pts)-1 {
		return pts[lo], true
	}
	a, b := pts[lo], pts[lo+1]
	f := 1.0
	if b.TTFTMS > ttftMS {
		f = math.Min(f, (ttftMS-a.TTFTMS)/(b.TTFTMS-a.TTFTMS))
	}
	if b.TPOTMS > tpotMS {
		f = math.Min(f, (tpotMS-a.TPOTMS)/(b.TPOTMS-a.TPOTMS))
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
