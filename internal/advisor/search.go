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

// routing is where a set of metros sends each user point: route[i] is the
// member serving point i (its index in the set), nearest[i] the round trip
// to it. It adds up what the set's plan needs of its points (see
// routeSums).
type routing struct {
	route   []int
	nearest []float64
	sums    routeSums
}

// routeSums is what the routing of the user points to a set of metros
// adds up: by member, shares are the points' weights, keep how many of
// the member's service times keep the most of them within the target (see
// narrowKeep) and rtt their weighted round trips; reached is the weight
// of the points each member's fastest service time keeps within the
// target. None of it depends on the load: a set's plan is sized and
// priced from it alone (see placementPlan).
type routeSums struct {
	shares  [MaxRegions]float64
	keep    [MaxRegions]int32
	rtt     [MaxRegions]float64
	reached float64
}

// routeFirst routes every point to the one metro of a set of one (a set
// the search only grows: its shares and keep are not needed).
func (e *engine) routeFirst(r *routing, rtt []float64) {
	copy(r.nearest, rtt)
	clear(r.route)
}

// routeNext routes the set prev plus one more member k (round trips rtt):
// a point goes to the new member only when it is strictly nearer, so each
// point goes to the first member with the lowest round trip. The sums
// (see routeSums) add up the points in point order, each member's keep
// worked out in the same pass from its serving table (members).
//
// The loop is the search's innermost (every point of every set): it reads
// the points' weights side by side (e.weights) and adds up into locals,
// which the compiler keeps out of *r; the sums come out in the same order,
// so to the same bits.
func (e *engine) routeNext(r, prev *routing, rtt []float64, k int, members *[MaxRegions]*servingTable) {
	var s routeSums
	var reach [MaxRegions][]int32
	for m := 0; m <= k; m++ {
		reach[m], s.keep[m] = members[m].reach, int32(len(members[m].byService))
	}
	n := len(rtt)
	route, nearest := r.route[:n], r.nearest[:n]
	prevRoute, prevNearest, weights := prev.route[:n], prev.nearest[:n], e.weights[:n]
	// Points next to each other are mostly of one place and routed alike:
	// the member being added up to (cur) keeps its sums in registers until
	// the route changes, so adding a point does not wait on the last
	// store.
	cur, curReach := 0, reach[0]
	share, kept, rtts, reached := 0.0, s.keep[0], 0.0, 0.0
	for i, t := range rtt {
		m, near := prevRoute[i], prevNearest[i]
		if t < near {
			m, near = k, t
		}
		route[i], nearest[i] = m, near
		if m != cur {
			s.shares[cur], s.keep[cur], s.rtt[cur] = share, kept, rtts
			cur, curReach = m, reach[m]
			share, kept, rtts = s.shares[m], s.keep[m], s.rtt[m]
		}
		w := weights[i]
		share += w
		rtts += w * near
		if at := curReach[i]; at > 0 {
			reached += w
			kept = narrowKeep(kept, at)
		}
	}
	s.shares[cur], s.keep[cur], s.rtt[cur], s.reached = share, kept, rtts, reached
	r.sums = s
}

// searchMetros returns the metros worth combining. It picks them greedily
// by the users each adds within the target that the metros already picked
// do not reach, so the pool spans the user groups (one metro near each
// continent) rather than holding the ten metros nearest the largest group;
// then, for the groups in that order, a metro that reaches a group as well
// and is cheaper or nearer (see alternatives).
//
// The greedy pick depends on the users and the target, not on the load:
// an answer starts from the one its neighbourhood keeps, or records its
// own for the neighbourhood it keeps (see keptSearch).
func (e *engine) searchMetros() []metroOption {
	all, reach := e.metroOptions()
	taken := make([]bool, len(all))
	if k := e.search.kept; k != nil && k.picked != nil {
		out := make([]metroOption, len(k.picked), poolMetros)
		for j, i := range k.picked {
			taken[i], out[j] = true, *all[i]
		}
		return e.alternatives(out, all, reach, taken, k.groups)
	}
	covered := make([]bool, len(e.users))
	var out []metroOption
	var groups []userGroup
	var picked []int32
	for len(out) < searchMetros {
		best, bestGain := -1, 0.0
		for i, m := range all {
			if taken[i] || m.coverage == 0 {
				continue
			}
			gain := e.weightWhere(reach[i], covered, false)
			if best < 0 || gain > bestGain ||
				(gain == bestGain && (m.coverage > all[best].coverage ||
					(m.coverage == all[best].coverage && m.metro < all[best].metro))) {
				best, bestGain = i, gain
			}
		}
		if best < 0 {
			break
		}
		taken[best] = true
		g := userGroup{by: best}
		for _, j := range reach[best] {
			if !covered[j] {
				g.points = append(g.points, j)
			}
			covered[j] = true
		}
		if bestGain > 0 {
			groups = append(groups, g)
		}
		out = append(out, *all[best])
		picked = append(picked, int32(best))
	}
	if rec := e.search.record; rec != nil {
		rec.picked, rec.groups = picked, groups
	}
	return e.alternatives(out, all, reach, taken, groups)
}

// metroOptions returns every metro with usable offers, in order of its
// first offer, and the user points each reaches within the target with its
// fastest offer.
func (e *engine) metroOptions() ([]*metroOption, [][]int32) {
	sp := e.servingPlaces()
	all := make([]*metroOption, len(sp.ids))
	options := make([]metroOption, len(sp.ids))
	for i, metro := range sp.ids {
		// The shortest service time of its offers is its fastest.
		options[i] = metroOption{metro: metro, minCompute: sp.times[i][0], offers: sp.offers[i]}
		all[i] = &options[i]
	}
	// Each metro's reach: the user points its fastest offer keeps within
	// the target, in order.
	reach := make([][]int32, len(all))
	for i, m := range all {
		m.coverage = e.statsFor(m.metro, m.minCompute).within
		reach[i] = e.reachOf(m.metro)
	}
	return all, reach
}

// userGroup is the user points a metro of the pool was picked for (the
// ones it added), by its index among the metros.
type userGroup struct {
	by     int
	points []int32
}

// alternatives adds to the pool out, for each group in turn while there
// is room (poolMetros), the metro not yet in it that reaches the most of
// the group within the target (of equals, the cheaper alone, then the
// first), when it is cheaper alone than the metro picked for the group
// (see engine.aloneUSD) or nearer its users (traffic-weighted round trip).
// The greedy pick takes one metro of several that reach a group alike —
// Hong Kong for users in Japan, where Seoul or Tokyo is cheaper and nearer
// — and fills its last places with metros near the largest group; without
// an alternative no combination could serve the others better. The pool
// only grows: every combination tried without the alternatives is still
// tried.
func (e *engine) alternatives(out []metroOption, all []*metroOption, reach [][]int32, taken []bool, groups []userGroup) []metroOption {
	in := make([]bool, len(e.users))
	for _, g := range groups {
		if len(out) >= poolMetros {
			break
		}
		for _, j := range g.points {
			in[j] = true
		}
		// The group's share of the traffic, and what serving it costs from
		// a metro (worked out for the metros that tie on reach only).
		share := e.weightWhere(g.points, in, true)
		// The best's cost is worked out only once another metro ties it
		// on reach, or at the end (NaN: not yet).
		best, bestGain, bestCost := -1, 0.0, math.NaN()
		for i, m := range all {
			if taken[i] || m.coverage == 0 {
				continue
			}
			gain := e.weightWhere(reach[i], in, true)
			if gain <= 0 || (best >= 0 && gain < bestGain) {
				continue
			}
			if best < 0 || gain > bestGain {
				best, bestGain, bestCost = i, gain, math.NaN()
				continue
			}
			if math.IsNaN(bestCost) {
				bestCost = e.groupCost(all[best], share)
			}
			if cost := e.groupCost(m, share); cost < bestCost {
				best, bestCost = i, cost
			}
		}
		if best >= 0 && math.IsNaN(bestCost) {
			bestCost = e.groupCost(all[best], share)
		}
		if best >= 0 && (bestCost < e.groupCost(all[g.by], share) ||
			e.groupRTT(all[best].metro, g.points) < e.groupRTT(all[g.by].metro, g.points)) {
			taken[best] = true
			out = append(out, *all[best])
		}
		for _, j := range g.points {
			in[j] = false
		}
	}
	return out
}

// groupCost is what the cheapest offer of a metro costs serving share of
// the traffic, with every service time allowed: it ranks the metros
// that could serve a group of users. A metro's whole traffic (alone) is
// no guide to a share of it: small instances and egress weigh otherwise.
//
// It prices each offer as cheapestPlace does (servingRow), without
// building the metro's serving table: most metros it ranks never join the pool. A
// metro's offers come region by region, so the egress is worked out
// again only when the region changes.
//
// A question of a kept neighbourhood prices a few rows of the metro when
// they prove the answer (see metroBound); the answer that keeps it makes
// the bound of each metro it prices.
func (e *engine) groupCost(m *metroOption, share float64) float64 {
	peak, gb := e.req.Workload.PeakRPS*e.sized(share), e.monthlyGB(share)
	if k := e.search.kept; k != nil {
		if b := k.bounds[m.metro]; b != nil {
			if cost, ok := e.boundedCost(b, peak, gb); ok {
				return cost
			}
		}
	}
	var rows []servingCand // the metro's rows, for its bound
	rec := e.search.record
	if rec != nil {
		if _, made := rec.bounds[m.metro]; !made {
			rows = make([]servingCand, 0, len(m.offers)*len(e.req.Pricing))
		}
	}
	models := e.pricingModels()
	best := math.Inf(1)
	region, egress := -1, 0.0
	for _, u := range m.offers {
		for _, pm := range models {
			if !u.facts.prices.sold[pm.k] {
				continue
			}
			if u.facts.region != region {
				region, egress = u.facts.region, e.egressUSD(u.facts.region, gb)
			}
			row := e.servingRow(u, pm)
			best = min(best, row.costAt(peak, egress))
			if rows != nil {
				rows = append(rows, row)
			}
		}
	}
	if rows != nil {
		if rec.bounds == nil {
			rec.bounds = map[int]*metroBound{}
		}
		rec.bounds[m.metro] = boundOf(rows)
	}
	return best
}

// weightWhere adds up the weights of the points whose mark is want.
func (e *engine) weightWhere(points []int32, marks []bool, want bool) float64 {
	sum := 0.0
	for _, j := range points {
		if marks[j] == want {
			sum += e.weights[j]
		}
	}
	return sum
}

// alone is the cost of serving everyone from metro alone, its cheapest
// single-region plan's (+Inf: none; 0 for all before the single regions
// are priced).
func (e *engine) alone(metro int) float64 {
	if e.search.aloneUSD == nil {
		return 0
	}
	return e.search.aloneUSD[metro]
}

// groupRTT is the traffic-weighted round trip of points to metro.
func (e *engine) groupRTT(metro int, points []int32) float64 {
	col, sum := e.rttTo(metro), 0.0
	for _, j := range points {
		sum += e.weights[j] * col[j]
	}
	return sum
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
	if !e.mayPlan(sums, len(chosen)) {
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
