package advisor

import (
	"math"
	"slices"
)

// Multi-region search bounds: placements of up to MaxRegions metros drawn
// from a pool of searchMetros metros, and up to MaxRegions alternatives
// (see searchMetros).
const (
	MaxRegions   = 3
	searchMetros = 10
	poolMetros   = searchMetros + MaxRegions
)

// metroOption is the usable offers in one metro.
type metroOption struct {
	metro      int
	offers     []*usable
	minCompute float64
	coverage   float64 // share of users within target when served from here
}

// multiRegionPlans searches placements of two and three metros, users routed
// to their nearest member, each member sized and priced for its traffic.
func (e *engine) multiRegionPlans() []*plan {
	rec := e.recordSearch()
	cands := e.searchMetros()
	sets, places := setsOf(len(cands))
	e.buf.multi, e.buf.multiPlaces = take(&e.buf.multi, sets), take(&e.buf.multiPlaces, places)
	plans := make([]*plan, 0, sets)
	if k := e.search.kept; k != nil && k.routes(cands, e.req.MinRegions) {
		// The sets were routed before, over this very pool: only their
		// members' offers and prices depend on the load.
		var chosen [MaxRegions]int
		for i := range k.sets {
			s := &k.sets[i]
			for j := range s.n {
				chosen[j] = int(s.chosen[j])
			}
			if p := e.placementPlan(cands, chosen[:s.n], &s.sums); p != nil {
				plans = append(plans, p)
			}
		}
		return plans
	}
	if rec != nil {
		rec.routed(cands, e.req.MinRegions, sets)
	}
	// Routing is worked out set by set from the set one member shorter
	// (see routing), one level per size of set.
	users := len(e.users)
	routes := grow(&e.scratch().routes, MaxRegions*users)
	nearests := grow(&e.scratch().nearests, MaxRegions*users)
	var levels [MaxRegions]routing
	for d := range levels {
		levels[d] = routing{route: routes[d*users : (d+1)*users], nearest: nearests[d*users : (d+1)*users]}
	}
	// Each candidate's serving table, for the members' reach (see
	// routeNext).
	tables := make([]*servingTable, len(cands))
	for i := range cands {
		tables[i] = e.servingTable(cands[i])
	}
	var chosen [MaxRegions]int
	var members [MaxRegions]*servingTable
	failover := e.req.MinRegions >= 2
	var pick func(start, depth int)
	pick = func(start, depth int) {
		for i := start; i < len(cands); i++ {
			chosen[depth], members[depth] = i, tables[i]
			at := &levels[depth]
			if depth == 0 {
				e.routeFirst(at, e.rttTo(cands[i].metro))
			} else {
				e.routeNext(at, &levels[depth-1], e.rttTo(cands[i].metro), depth, &members)
				if rec != nil && e.mayPlan(&at.sums, depth+1) {
					rec.add(chosen[:depth+1], &at.sums)
				}
				if p := e.placementPlan(cands, chosen[:depth+1], &at.sums); p != nil {
					plans = append(plans, p)
				}
				// A member that serves nobody serves nobody in any larger
				// set either (a new member only takes points over), and
				// every such set makes no plan (see placementPlan).
				if !failover && slices.Contains(at.sums.shares[:depth+1], 0) {
					continue
				}
			}
			if depth+1 < MaxRegions {
				pick(i+1, depth+1)
			}
		}
	}
	pick(0, 0)
	return plans
}

// setsOf is how many sets of two to MaxRegions metros the search tries
// at most from a pool of n, and how many places they have: n(n−1)/2 pairs
// and n(n−1)(n−2)/6 triples.
func setsOf(n int) (sets, places int) {
	sets, places = n*(n-1)/2, n*(n-1)/2*2
	if MaxRegions >= 3 {
		sets += n * (n - 1) * (n - 2) / 6
		places += n * (n - 1) * (n - 2) / 6 * 3
	}
	return sets, places
}

// placementPlan sizes, for a set of metros and what the routing of the
// user points to them adds up (sums), each metro's cheapest offer for its
// traffic, and measures the latency. It returns nil when a member would
// serve nobody (a smaller set is as good).
//
// Each member serves from its own metro, so a user's round trip is the
// one it was routed by, and its latency that plus the member's service
// time: the weighted latency is each member's weighted round trips plus
// its share times its service time. The member's offer is one of the
// service times that keep the most of its points within the target (see
// cheapestPlace), which keep every point its fastest keeps: the share
// within the target is the weight the members' fastest reach, added up
// in point order as for any plan.
func (e *engine) placementPlan(cands []metroOption, chosen []int, sums *routeSums) *plan {
	if !e.mayPlan(sums, len(chosen)) || !e.reachesAll(cands, chosen, sums) {
		return nil
	}
	p := e.multiPlan(len(chosen))
	p.hours = e.serviceHours()
	metric := 0.0
	for k, c := range chosen {
		pl, ok := e.memoPlace(cands, c, int(sums.keep[k]), sums.shares[k])
		if !ok {
			return nil
		}
		p.places = append(p.places, pl)
		metric += sums.rtt[k] + sums.shares[k]*pl.u.computeMS
	}
	if e.req.MinRegions >= 2 && e.req.Redundancy == RedundancyProvider && sharesProvider(p.places) {
		return nil
	}
	p.metric, p.within = metric, sums.reached*100
	p.meets = reaches(p.within, MeetsTargetShare) && !p.missesTPOT(e.req.Workload.TPOTMS)
	e.priceInference(p)
	return p
}

// mayPlan reports whether a set of n metros whose routing added up sums
// may make a plan, whatever the load: a failover placement has
// MinRegions members or more, a member no user is routed to still
// standing by for the others; any other set has no member that serves
// nobody (a smaller set is as good).
func (e *engine) mayPlan(sums *routeSums, n int) bool {
	if e.req.MinRegions >= 2 {
		return n >= e.req.MinRegions
	}
	return !slices.Contains(sums.shares[:n], 0)
}

// placeKey is what cheapestPlace's answer for a set of user points
// depends on: the candidate metro c, how many of its service times keep
// the most of the points within the target (see narrowKeep), and the
// points' share of the traffic.
type placeKey struct {
	c, keep int
	share   uint64 // math.Float64bits of the share
}

// placeMemo is a cheapestPlace answer.
type placeMemo struct {
	pl place
	ok bool
}

// memoPlace is cheapestPlace for the points routed to candidate c (keep
// as narrowKeep counts it for them, share their share of the traffic),
// worked out once per placeKey: the search meets the same member serving
// the same points in many sets of metros (Tokyo serves the same Japanese
// users whichever two metros serve the rest), and the answer depends on
// the points only through their share and the service times that keep
// the most of them within the target.
func (e *engine) memoPlace(cands []metroOption, c, keep int, share float64) (place, bool) {
	t := e.servingTable(cands[c])
	k := placeKey{c: c, keep: keep, share: math.Float64bits(share)}
	if i, ok := e.search.placeMemos[k]; ok {
		m := &e.search.memoSlab[i]
		return m.pl, m.ok
	}
	pl, ok := e.cheapestPlace(t, k.keep, share)
	e.search.placeMemos[k] = int32(len(e.search.memoSlab))
	e.search.memoSlab = append(e.search.memoSlab, placeMemo{pl: pl, ok: ok})
	return pl, ok
}

// multiPlan returns an empty plan with room for n places, from the
// buffers (sized by multiRegionPlans for every set of metros it can try).
func (e *engine) multiPlan(n int) *plan {
	if t := e.search.trial; t != nil && cap(t.places) >= n {
		*t = plan{places: t.places[:0]}
		return t
	}
	b := e.buf
	if len(b.multi) == cap(b.multi) || cap(b.multiPlaces)-len(b.multiPlaces) < n {
		return &plan{places: make([]place, 0, n)}
	}
	b.multi = append(b.multi, plan{})
	p := &b.multi[len(b.multi)-1]
	k := len(b.multiPlaces)
	p.places = b.multiPlaces[k : k : k+n]
	b.multiPlaces = b.multiPlaces[:k+n]
	return p
}

// scratch holds the multi-region search's buffers, reused from call to
// call (see grow).
type scratch struct {
	egress, nearests, regionEgress []float64
	routes                         []int
}

// scratch is the answer's scratch buffers, kept with its buffers.
func (e *engine) scratch() *scratch { return &e.buf.scratch }

// grow returns (*buf)[:n], reallocating *buf when it is too small. The
// contents are whatever the last user left: callers clear what they read
// before writing.
func grow[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	return (*buf)[:n]
}

// sharesProvider reports whether two places are of one provider.
func sharesProvider(places []place) bool {
	for i := range places {
		for j := range i {
			if places[i].u.offer.Provider == places[j].u.offer.Provider {
				return true
			}
		}
	}
	return false
}
