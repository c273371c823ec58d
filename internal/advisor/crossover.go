package advisor

// Where CPU servers and GPUs trade places: the comparison an answer
// makes when both competed, and the peak load at which the other kind
// becomes the cheaper one.

import (
	"cmp"
	"math"
	"slices"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// crossoverCandidates is how many of each kind's single-region plans the
// crossover search re-prices: the cheapest at the asked load and the
// cheapest per unit of capacity, which win as the load grows.
const crossoverCandidates = 40

// crossoverMaxFactor bounds the search: a load this many times the peak
// (or this many times smaller) and no turn is "no turn".
const crossoverMaxFactor = 1000

// crossoverPrecision is the relative precision of the load it finds.
const crossoverPrecision = 0.01

// cpuVersusGPU says, when CPU servers and GPUs both competed, how the
// pick's kind compares with the other's best: what the other costs, why it
// lost if cheaper, and from (or below) what peak load the other kind would
// be cheaper.
func (e *engine) cpuVersusGPU(p *plan, plans []*plan) []locale.Text {
	if !e.cpuServes() || e.req.Accelerator == AcceleratorCPU || len(p.places) != 1 {
		return nil
	}
	pickCPU := p.places[0].u.cpu != nil
	var other *plan
	for _, q := range plans {
		if len(q.places) == 1 && (q.places[0].u.cpu != nil) != pickCPU && (other == nil || e.better(q, other)) {
			other = q
		}
	}
	if other == nil {
		return nil
	}
	var out []locale.Text
	w := e.req.Workload
	if pickCPU {
		out = append(out, locale.New("why.cpu.wins", describe(e.cat, other), e.costsThan(other, p)))
	} else {
		switch {
		case !other.meets && other.costUSD < p.costUSD:
			out = append(out, locale.New("why.cpu.slow", describe(e.cat, other), e.costsThan(other, p),
				locale.F1(other.places[0].serviceMS()), locale.Short(w.LatencyMS)))
		default:
			out = append(out, locale.New("why.cpu.dearer", describe(e.cat, other), e.costsThan(other, p)))
		}
	}
	if x, q, ok := e.crossover(plans, !pickCPU); ok {
		cost := locale.Money(e.costAt(q, x) * e.rate)
		key := "why.cpu.gpu_from"
		if !pickCPU {
			key = "why.cpu.cpu_below"
		}
		out = append(out, locale.New(key, locale.Num(w.PeakRPS*x), locale.F1(x), describe(e.cat, q), cost, e.req.Currency))
	}
	return out
}

// better reports whether a is a better answer than b of the same kind:
// meeting the target first, then cheaper.
func (e *engine) better(a, b *plan) bool {
	if a.meets != b.meets {
		return a.meets
	}
	return a.costUSD < b.costUSD
}

// crossover finds the peak-load factor at which the cheapest plan that
// meets the target is of the other kind than at the asked load: upward
// for a CPU pick (toCPU false: when GPUs become cheaper), downward for a
// GPU pick (toCPU true). It returns the factor, found to
// crossoverPrecision, and that plan.
func (e *engine) crossover(plans []*plan, toCPU bool) (float64, *plan, bool) {
	var cpus, gpus []*plan
	for _, q := range plans {
		if len(q.places) != 1 || !q.meets {
			continue
		}
		if q.places[0].u.cpu != nil {
			cpus = append(cpus, q)
		} else {
			gpus = append(gpus, q)
		}
	}
	if len(cpus) == 0 || len(gpus) == 0 {
		return 0, nil, false
	}
	cpus, gpus = e.crossoverShortlist(cpus), e.crossoverShortlist(gpus)
	// flipped reports whether, at factor x, the other kind is cheaper.
	flipped := func(x float64) (*plan, bool) {
		c, cc := e.cheapestAt(cpus, x)
		g, gc := e.cheapestAt(gpus, x)
		if toCPU {
			return c, cc < gc
		}
		return g, gc < cc
	}
	step := 1.1
	if toCPU {
		step = 1 / step
	}
	prev := 1.0
	for x := step; x <= crossoverMaxFactor && x >= 1/float64(crossoverMaxFactor); x *= step {
		if _, ok := flipped(x); ok {
			// Between prev (not flipped) and x (flipped): bisect.
			lo, hi := prev, x
			for math.Abs(hi/lo-1) > crossoverPrecision {
				mid := math.Sqrt(lo * hi)
				if _, ok := flipped(mid); ok {
					hi = mid
				} else {
					lo = mid
				}
			}
			q, _ := flipped(hi)
			return hi, q, true
		}
		prev = x
	}
	return 0, nil, false
}

// crossoverShortlist keeps the plans that can be the cheapest at some
// load: the cheapest now, and the cheapest per unit of capacity.
func (e *engine) crossoverShortlist(ps []*plan) []*plan {
	if len(ps) <= 2*crossoverCandidates {
		return ps
	}
	perUnit := func(q *plan) float64 {
		pl := q.places[0]
		return pl.u.hourlyFloat(pl.pricing) / pl.u.nodeTput
	}
	out := append(firstBy(ps, crossoverCandidates, func(q *plan) float64 { return q.costUSD }), firstBy(ps, crossoverCandidates, perUnit)...)
	slices.SortFunc(out, func(a, b *plan) int { return cmp.Compare(a.costUSD, b.costUSD) })
	return slices.Compact(out)
}

// firstBy is the k plans of ps with the least key, in its order, ties in
// ps's order (what a stable sort by key would put first). It keeps the
// first k so far in order, a plan going in only ahead of a greater key:
// thousands of plans, most of them out at the first comparison.
func firstBy(ps []*plan, k int, key func(*plan) float64) []*plan {
	type keyed struct {
		v float64
		i int
	}
	out := make([]*plan, 0, 2*max(k, 0))
	if k <= 0 {
		return out
	}
	top := make([]keyed, 0, k)
	for i, q := range ps {
		v := key(q)
		if len(top) == k && cmp.Compare(v, top[k-1].v) >= 0 {
			continue
		}
		at := len(top)
		for at > 0 && cmp.Compare(v, top[at-1].v) < 0 {
			at--
		}
		if len(top) < k {
			top = append(top, keyed{})
		}
		copy(top[at+1:], top[at:len(top)-1])
		top[at] = keyed{v, i}
	}
	for _, kv := range top {
		out = append(out, ps[kv.i])
	}
	return out
}

// cheapestAt is the plan of ps that costs least at x times the peak load,
// and its cost.
func (e *engine) cheapestAt(ps []*plan, x float64) (*plan, float64) {
	best, bestUSD := ps[0], math.Inf(1)
	for _, q := range ps {
		if c := e.costAt(q, x); c < bestUSD {
			best, bestUSD = q, c
		}
	}
	return best, bestUSD
}

// costAt is what a single-region plan costs at x times the asked load
// (peak and average): its replicas and its egress scaled, re-priced.
func (e *engine) costAt(q *plan, x float64) float64 {
	_, cost := e.resized(q.places[0], scaledLoad(x), e.req.Workload.ServiceMonths())
	return cost
}

// load is a question's traffic scaled: its peak, which sizes replicas,
// and its average, which sizes egress, each as a factor of the asked.
type load struct{ peak, avg float64 }

// scaledLoad is the asked peak and average both times x.
func scaledLoad(x float64) load { return load{x, x} }

// resized is a single-region place sized for the asked load scaled by l
// over months of service, as the answer at that load and term sizes it
// (replicas for the peak, spot's spares and fallback, egress for the
// traffic), and what it costs.
func (e *engine) resized(pl place, l load, months int) (place, float64) {
	pl.billed = billedHours(pl.pricing, float64(months)*catalog.HoursPerMonth)
	pl.count = replicasFor(e.req.Workload.PeakRPS*l.peak*pl.share, pl.u.nodeTput/e.profile.Inference.UnitsPerRequest*TargetUtilisation)
	pl.spares, pl.fallbackHours = 0, 0
	if pl.pricing == catalog.Spot {
		pl.spares, pl.fallbackHours = spotServing(pl.count, pl.u.facts.bandShare, pl.billed)
		pl.count += pl.spares
	}
	pl.monthlyGB = e.monthlyGB(pl.share) * l.avg
	return pl, e.computeCost(&pl) + tieredCostUSD(e.facts.egress[pl.u.facts.region], pl.monthlyGB)*float64(months)
}
