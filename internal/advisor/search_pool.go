package advisor

// The multi-region search's pool: the metros it combines, picked greedily
// by the users they reach, then for each group of users the metro that
// reaches it as well for less (its alternatives).

import "math"

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
