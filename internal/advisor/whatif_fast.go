package advisor

// The shared work of a what-if: the offers filtered and the plans built
// once, then re-priced for another load, other months or without a
// pricing model, instead of answering each variation from scratch. Only
// where the pick is decided by cost among single-region plans that meet
// the target (what a varied load or term leaves unchanged); every change
// it finds is priced as the answer would price it, and the tests check
// the break-evens against the answers on both sides.

import (
	"cmp"
	"math"
	"slices"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// whatIfPlans is the question's plans, built once and re-priced per
// variation, with the shortlist each variation is decided among.
type whatIfPlans struct {
	e *engine
	// all is every single-region plan (for other targets).
	all []*plan
	// short are the plans that can be the cheapest at some load: the
	// cheapest at the asked load and the cheapest per unit of capacity.
	short  []*plan
	budget float64 // +Inf: none
	// atBase is whether all are priced at the question's load and months;
	// cands is the candidates' buffer.
	atBase bool
	cands  []*plan
	// meetsFrom is, for each of all, the lowest latency target it meets
	// (see targetsMet; worked out on first use).
	meetsFrom []float64
}

// whatIfPlansOf builds the plans of req once, or returns nil where a
// variation is not decided by cost among single-region plans that meet
// the target: other objectives, a carbon price, failover, LLM serving,
// training, or no single region that meets the target.
func whatIfPlansOf(cat *catalog.Catalog, req Request) *whatIfPlans {
	w := req.Workload
	if w.Kind != catalog.KindInference || req.Objective != ObjectiveCost || req.CarbonPrice != 0 || req.MinRegions >= 2 {
		return nil
	}
	facts, err := factsOf(cat)
	if err != nil {
		return nil
	}
	e := newEngine(cat, req)
	if e.llm != nil {
		e.release()
		return nil
	}
	e.facts = facts
	e.filterOffers()
	var plans, all []*plan
	for _, p := range e.inferencePlans() {
		if len(p.places) != 1 {
			continue
		}
		all = append(all, p)
		if p.meets {
			plans = append(plans, p)
		}
	}
	if len(plans) == 0 {
		e.release()
		return nil
	}
	wp := &whatIfPlans{e: e, all: all, budget: math.Inf(1), atBase: true}
	if req.Budget != nil {
		wp.budget = req.Budget.InexactFloat64()
	}
	wp.short = e.crossoverShortlist(plans)
	return wp
}

// release returns the engine's buffers.
func (wp *whatIfPlans) release() {
	if wp != nil {
		wp.e.release()
	}
}

// pickAt is the pick at the asked load scaled by l over months of
// service, without the pricing model left (""), among the shortlist (nil:
// none within the budget). Its plans stay priced so until the next call.
func (wp *whatIfPlans) pickAt(l load, months int, left catalog.PricingModel) *plan {
	wp.atBase = false
	cands := wp.cands[:0]
	for _, q := range wp.short {
		if q.places[0].pricing == left {
			continue
		}
		wp.reprice(q, l, months)
		if q.costUSD <= wp.budget {
			cands = append(cands, q)
		}
	}
	wp.cands = cands
	return wp.choose(cands)
}

// pickAtTarget is the pick with a latency target of target ms at the
// asked load and months, among every single-region plan; nil where none
// meets it (the answer then weighs near-best and multi-region placements,
// asked the slow way).
func (wp *whatIfPlans) pickAtTarget(target float64) *plan {
	if !wp.atBase {
		// Only pickAt re-prices, and only the shortlist.
		for _, q := range wp.short {
			wp.reprice(q, scaledLoad(1), wp.e.req.Workload.ServiceMonths())
		}
		wp.atBase = true
	}
	if wp.meetsFrom == nil {
		wp.meetsFrom = wp.targetsMet()
	}
	cands := wp.cands[:0]
	for i, q := range wp.all {
		if target >= wp.meetsFrom[i] && q.costUSD <= wp.budget {
			cands = append(cands, q)
		}
	}
	wp.cands = cands
	return wp.choose(cands)
}

// targetsMet is, for each of all, the lowest latency target it meets:
// the round trip plus service time within which MeetsTargetShare of the
// users' traffic lies (+Inf: never). Worked out once per place and
// service time, found by the offer's slot among its place's (see
// servingPlaces).
func (wp *whatIfPlans) targetsMet() []float64 {
	e := wp.e
	sp := e.servingPlaces()
	// Each place's service times, one after another: where each place's
	// start.
	first := make([]int, len(sp.ids)+1)
	for k, times := range sp.times {
		first[k+1] = first[k] + len(times)
	}
	known := make([]float64, first[len(sp.ids)])
	for i := range known {
		known[i] = math.NaN()
	}
	type user struct{ ms, weight float64 }
	out := make([]float64, len(wp.all))
	var us []user
	for i, q := range wp.all {
		u := q.places[0].u
		k := first[sp.at[u.metro]-1] + u.timeSlot
		from := known[k]
		if math.IsNaN(from) {
			us = us[:0]
			for j, rtt := range e.rttTo(u.metro) {
				us = append(us, user{rtt + u.computeMS, e.weights[j]})
			}
			slices.SortFunc(us, func(a, b user) int { return cmp.Compare(a.ms, b.ms) })
			from = math.Inf(1)
			within := 0.0
			for j, v := range us {
				within += v.weight
				if j+1 < len(us) && us[j+1].ms == v.ms {
					continue // a target takes all users at one latency or none
				}
				if reaches(within*100, MeetsTargetShare) {
					from = v.ms
					break
				}
			}
			known[k] = from
		}
		out[i] = from
	}
	return out
}

// choose is the pick among plans that all meet the target: the first in
// rank's order, or, when it is over a provider's quota, the first within
// every quota that costs at most QuotaPreference more (nil: none).
func (wp *whatIfPlans) choose(cands []*plan) *plan {
	e := wp.e
	var best *plan
	for _, q := range cands {
		if best == nil || e.whatIfOrder(q, best) < 0 {
			best = q
		}
	}
	if best == nil {
		return nil
	}
	if len(e.overQuota(best)) > 0 {
		var within *plan
		for _, q := range cands {
			if q.costUSD <= best.costUSD*(1+QuotaPreference) && len(e.overQuota(q)) == 0 && (within == nil || e.whatIfOrder(q, within) < 0) {
				within = q
			}
		}
		if within != nil {
			best = within
		}
	}
	return best
}

// planKey is a single-region plan's pick key (see pickKey; "" for nil).
func planKey(q *plan) string {
	if q == nil {
		return ""
	}
	pl := q.places[0]
	return pickPart(pl.u.offer.Provider, pl.u.offer.Region, pl.u.offer.InstanceType, pl.pricing)
}

// option shows q, priced at the asked load scaled by l over months of
// service, as a change's new pick: its placement, and its lines and total
// as the answer to that question words and sums them.
func (wp *whatIfPlans) option(q *plan, l load, months int) Option {
	e := wp.e
	asked := e.req.Workload
	defer func() { e.req.Workload = asked }()
	e.req.Workload.RPS, e.req.Workload.PeakRPS, e.req.Workload.Months = asked.RPS*l.avg, asked.PeakRPS*l.peak, Months(months)
	lines := e.inferenceLines(q)
	return Option{Lines: lines, Total: sum(lines), Hours: decimal.NewFromFloat(q.hours).Round(2), Placements: []Placement{e.placement(q, 0, nil)}}
}

// loadCurve is the cost against load from the plans built once: the pick
// and its total at whatIfCurvePoints factors and on both sides of each
// load change, with the question's pick (key pick) sized for each; nil
// where these plans do not pick it at the question's load.
func (wp *whatIfPlans) loadCurve(pick string, changes []WhatIfChange) []WhatIfLoadPoint {
	w := wp.e.req.Workload
	asked := wp.pickAt(scaledLoad(1), w.ServiceMonths(), "")
	if planKey(asked) != pick {
		return nil
	}
	factors := make([]float64, 0, whatIfCurvePoints+2*len(changes)+1)
	ratio := math.Pow(WhatIfLoadHigh/WhatIfLoadLow, 1/float64(whatIfCurvePoints-1))
	for i := range whatIfCurvePoints {
		factors = append(factors, WhatIfLoadLow*math.Pow(ratio, float64(i)))
	}
	factors = append(factors, 1)
	for _, c := range changes {
		x := c.To / c.From
		factors = append(factors, x, x/(1+WhatIfPrecision/2))
		if x < 1 {
			factors[len(factors)-1] = x * (1 + WhatIfPrecision/2)
		}
	}
	slices.Sort(factors)
	factors = slices.Compact(factors)
	out := make([]WhatIfLoadPoint, 0, len(factors))
	for _, x := range factors {
		l := scaledLoad(x)
		q := wp.pickAt(l, w.ServiceMonths(), "") // prices asked at x too: it is on the shortlist
		pt := WhatIfLoadPoint{Factor: x, PeakRPS: w.PeakRPS * x, Asked: wp.option(asked, l, w.ServiceMonths()).Total}
		if q != nil {
			pt.Pick, pt.Total = planKey(q), wp.option(q, l, w.ServiceMonths()).Total
		}
		out = append(out, pt)
	}
	return out
}

// whatIfOrder is rank's order among plans that all meet the target, by
// cost (no carbon price): cost, then weighted latency, then offers with
// confirmed capacity, then the label.
func (e *engine) whatIfOrder(a, b *plan) int {
	switch {
	case a.costUSD != b.costUSD:
		return cmp.Compare(a.costUSD, b.costUSD)
	case a.metric != b.metric:
		return cmp.Compare(a.metric, b.metric)
	case a.listedOnly() != b.listedOnly():
		if b.listedOnly() {
			return -1
		}
		return 1
	}
	return cmp.Compare(a.name(), b.name())
}

// reprice sizes and prices a single-region plan at the asked load scaled
// by l over months of service (see resized).
func (wp *whatIfPlans) reprice(q *plan, l load, months int) {
	q.places[0], q.costUSD = wp.e.resized(q.places[0], l, months)
	q.hours = float64(months) * catalog.HoursPerMonth
}
