package advisor

import (
	"math"
	"sort"
)

// Multi-region search bounds: placements of up to MaxRegions metros drawn
// from a pool of searchMetros metros (see searchMetros).
const (
	MaxRegions   = 3
	searchMetros = 10
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
	cands := e.searchMetros()
	var plans []*plan
	var pick func(start int, chosen []int)
	pick = func(start int, chosen []int) {
		if len(chosen) >= 2 {
			if p := e.placementPlan(cands, chosen); p != nil {
				plans = append(plans, p)
			}
		}
		if len(chosen) == MaxRegions {
			return
		}
		for i := start; i < len(cands); i++ {
			pick(i+1, append(chosen, i))
		}
	}
	pick(0, nil)
	return plans
}

// searchMetros returns the metros worth combining. It picks them greedily
// by the users each adds within the target that the metros already picked
// do not reach, so the pool spans the user groups (one metro near each
// continent) rather than holding the ten metros nearest the largest group.
func (e *engine) searchMetros() []metroOption {
	byMetro := map[int]*metroOption{}
	var all []*metroOption
	for _, u := range e.usable {
		m, ok := byMetro[u.metro]
		if !ok {
			m = &metroOption{metro: u.metro, minCompute: math.Inf(1)}
			byMetro[u.metro] = m
			all = append(all, m)
		}
		m.offers = append(m.offers, u)
		m.minCompute = math.Min(m.minCompute, u.computeMS)
	}
	target := e.req.Workload.LatencyMS
	reach := make([][]bool, len(all))
	for i, m := range all {
		m.coverage = e.statsFor(m.metro, m.minCompute).within
		reach[i] = make([]bool, len(e.users))
		for j, up := range e.users {
			rtt, _ := up.point.RTT(m.metro)
			reach[i][j] = rtt+m.minCompute <= target
		}
	}
	covered := make([]bool, len(e.users))
	taken := make([]bool, len(all))
	var out []metroOption
	for len(out) < searchMetros {
		best, bestGain := -1, 0.0
		for i, m := range all {
			if taken[i] || m.coverage == 0 {
				continue
			}
			gain := 0.0
			for j, up := range e.users {
				if reach[i][j] && !covered[j] {
					gain += up.weight
				}
			}
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
		for j := range e.users {
			covered[j] = covered[j] || reach[best][j]
		}
		out = append(out, *all[best])
	}
	return out
}

// placementPlan routes every user point to its nearest chosen metro, sizes
// each metro's cheapest offer for its traffic and measures the latency.
// It returns nil when a member would serve nobody (a smaller set is as good).
func (e *engine) placementPlan(cands []metroOption, chosen []int) *plan {
	shares := make([]float64, len(chosen))
	route := make([]int, len(e.users))
	for i, up := range e.users {
		best, bestRTT := 0, math.Inf(1)
		for k, c := range chosen {
			if rtt, _ := up.point.RTT(cands[c].metro); rtt < bestRTT {
				best, bestRTT = k, rtt
			}
		}
		route[i] = best
		shares[best] += up.weight
	}
	p := &plan{hours: e.serviceHours()}
	for k, c := range chosen {
		if shares[k] == 0 {
			return nil
		}
		var routed []int
		for i, r := range route {
			if r == k {
				routed = append(routed, i)
			}
		}
		pl, ok := e.cheapestPlace(cands[c], routed, shares[k], e.groupsRoutedTo(route, k))
		if !ok {
			return nil
		}
		p.places = append(p.places, pl)
	}
	target := e.req.Workload.LatencyMS
	for i, up := range e.users {
		pl := p.places[route[i]]
		rtt, _ := up.point.RTT(pl.u.metro)
		total := rtt + pl.u.computeMS
		p.metric += up.weight * total
		if total <= target {
			p.within += up.weight
		}
	}
	p.within *= 100
	p.meets = p.within >= MeetsTargetShare
	p.label = planLabel(p.places)
	e.priceInference(p)
	return p
}

func (e *engine) groupsRoutedTo(route []int, k int) []int {
	seen := map[int]bool{}
	var groups []int
	for i, r := range route {
		if g := e.users[i].group; r == k && !seen[g] {
			seen[g] = true
			groups = append(groups, g)
		}
	}
	sort.Ints(groups)
	return groups
}

// cheapestPlace picks, among a metro's offers and the allowed pricing
// models, the way to serve the users routed there that keeps the most of
// them within the target (a slow GPU's service time can undo a short round
// trip), and among those the cheapest.
func (e *engine) cheapestPlace(m metroOption, routed []int, share float64, groups []int) (place, bool) {
	var best place
	bestWithin, bestCost, found := -1.0, math.Inf(1), false
	target := e.req.Workload.LatencyMS
	for _, u := range m.offers {
		within := 0.0
		for _, i := range routed {
			if rtt, _ := e.users[i].point.RTT(m.metro); rtt+u.computeMS <= target {
				within += e.users[i].weight
			}
		}
		for _, pm := range e.req.Pricing {
			pl, ok := e.servingPlace(u, pm, share, groups)
			if !ok {
				continue
			}
			c := e.placeCostUSD(pl)
			if within > bestWithin || (within == bestWithin && c < bestCost) {
				best, bestWithin, bestCost, found = pl, within, c, true
			}
		}
	}
	return best, found
}
