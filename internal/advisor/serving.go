package advisor

// A metro's cheapest way to serve the user points the multi-region search
// routes to it: its serving table (every usable offer under every allowed
// pricing model) and the share of those points each service time keeps
// within the target.

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"gpuplace/internal/catalog"
)

// cheapestPlace picks, among a metro's offers and the allowed pricing
// models, the way to serve the users routed there that keeps the most of
// them within the target (a slow GPU's service time can undo a short round
// trip), and among those the cheapest; among equally cheap ones, the first
// in offer, then pricing-model, order.
// rtt holds every user point's round trip to the metro it is routed to.
func (e *engine) cheapestPlace(m metroOption, routed []int, rtt []float64, share float64, groups []int) (place, bool) {
	t := e.servingTable(m)
	target := e.req.Workload.LatencyMS
	// The share within the target depends on an offer only through its
	// service time, and the egress cost only through its region, so both
	// are worked out once per distinct value.
	within := e.withinByService(t, routed, rtt, target)
	bestWithin := -1.0
	for _, w := range within {
		bestWithin = max(bestWithin, w)
	}
	egress := grow(&e.scratch.egress, len(t.regions))
	for r := range egress {
		egress[r] = math.NaN()
	}
	peak := e.req.Workload.PeakRPS * share
	best, bestCost := -1, math.Inf(1)
	for c := range t.cands {
		sc := &t.cands[c]
		if within[sc.computeSlot] != bestWithin {
			continue
		}
		if math.IsNaN(egress[sc.regionSlot]) {
			pl, _ := e.servingPlace(sc.u, e.req.Pricing[sc.pricing], share, groups)
			egress[sc.regionSlot] = e.egressCostUSD(pl)
		}
		// computeCostUSD of the place servingPlace would make.
		replicas := replicasFor(peak, sc.perReplica)
		cost := egress[sc.regionSlot]
		if sc.bandShare > 0 {
			spares, fallback := spotServing(replicas, sc.bandShare, sc.billed)
			replicas += spares
			cost += fallback * sc.onDemand
		}
		if cost += float64(replicas) * sc.billed * sc.price; cost < bestCost {
			best, bestCost = c, cost
		}
	}
	if best < 0 {
		return place{}, false
	}
	sc := &t.cands[best]
	return e.servingPlace(sc.u, e.req.Pricing[sc.pricing], share, groups)
}

// withinByService returns, for each of t's service times, the weight of the
// routed points within the target: for slot s, the sum in routed order of
// the weights of the points with rtt + t.computeMS[s] ≤ target.
//
// A point within the target at one service time is within it at every
// shorter one, so in order of service time each point is within for a
// prefix of the slots; slots that no point's prefix separates have the very
// same points, hence the very same sum, which is added up once.
func (e *engine) withinByService(t *servingTable, routed []int, rtt []float64, target float64) []float64 {
	n := len(t.byService)
	cut := grow(&e.scratch.cut, n+1) // cut[p]: some point's prefix ends before position p
	clear(cut)
	prefix := grow(&e.scratch.prefix, len(routed))
	for k, i := range routed {
		p := sort.Search(n, func(j int) bool { return !(rtt[i]+t.computeMS[t.byService[j]] <= target) })
		prefix[k] = p
		cut[p] = true
	}
	group := grow(&e.scratch.group, n) // group of each position: runs without a cut
	g := 0
	for p := range n {
		if p > 0 && cut[p] {
			g++
		}
		group[p] = g
	}
	sums := grow(&e.scratch.sums, g+1)
	clear(sums)
	for k, i := range routed {
		if p := prefix[k]; p > 0 {
			for h := 0; h <= group[p-1]; h++ {
				sums[h] += e.users[i].weight
			}
		}
	}
	within := grow(&e.scratch.within, n)
	for p, s := range t.byService {
		within[s] = sums[group[p]]
	}
	return within
}

// servingTable lists a metro's ways to serve: every usable offer under every
// allowed pricing model it is sold under, in offer then pricing order, with
// the figures cheapestPlace needs. It is built once per metro.
type servingTable struct {
	cands     []servingCand
	computeMS []float64         // distinct service times
	byService []int             // computeMS slots, shortest service time first
	regions   []*catalog.Region // distinct regions
}

type servingCand struct {
	u          *usable
	pricing    int     // index into Request.Pricing
	perReplica float64 // requests/s one replica takes at the target utilisation
	billed     float64 // hours billed per replica
	price      float64 // USD per instance-hour
	// spot only: the band's monthly interruption share and the on-demand
	// price of the fallback (see spotServing).
	bandShare   float64
	onDemand    float64
	computeSlot int // index into computeMS
	regionSlot  int // index into regions
}

func (e *engine) servingTable(m metroOption) *servingTable {
	if e.tableAt == nil {
		e.tableAt = make([]int, len(e.cat.Metros))
		e.tables = make([]servingTable, 0, searchMetros)
	}
	if i := e.tableAt[m.metro]; i > 0 {
		return &e.tables[i-1]
	}
	// The tables' rows come from one buffer: each usable offer is in one
	// metro, so all tables together need at most len(e.usable) ×
	// len(e.req.Pricing) rows. Their service times, regions and orders
	// are cut from arrays shared by all tables (see tableLists).
	if n := len(e.usable) * len(e.req.Pricing); cap(e.buf.cands) < n {
		e.buf.cands = take(&e.buf.cands, n)
	}
	k := len(e.buf.cands)
	l := &e.tableLists
	ms, rg := len(l.computeMS), len(l.regions)
	t := servingTable{cands: e.buf.cands[k : k : k+len(m.offers)*len(e.req.Pricing)]}
	for _, u := range m.offers {
		// A metro has a few service times and regions: a scan finds them
		// faster than a map.
		cs := slices.Index(l.computeMS[ms:], u.computeMS)
		if cs < 0 {
			cs = len(l.computeMS) - ms
			l.computeMS = append(l.computeMS, u.computeMS)
		}
		rs := slices.Index(l.regions[rg:], u.region)
		if rs < 0 {
			rs = len(l.regions) - rg
			l.regions = append(l.regions, u.region)
		}
		for k, pm := range e.req.Pricing {
			if !u.sold(pm) {
				continue
			}
			sc := servingCand{u: u, pricing: k, billed: billedHours(pm, e.serviceHours()), price: u.hourlyFloat(pm),
				computeSlot: cs, regionSlot: rs}
			// As in e.replicas.
			sc.perReplica = u.nodeTput / e.profile.Inference.UnitsPerRequest * TargetUtilisation
			if pm == catalog.Spot {
				sc.bandShare, sc.onDemand = bandShare(e.cat, u.offer), u.hourlyFloat(catalog.OnDemand)
			}
			t.cands = append(t.cands, sc)
		}
	}
	e.buf.cands = e.buf.cands[:k+len(t.cands)]
	t.computeMS = l.computeMS[ms:len(l.computeMS):len(l.computeMS)]
	t.regions = l.regions[rg:len(l.regions):len(l.regions)]
	o := len(l.order)
	for s := range t.computeMS {
		l.order = append(l.order, s)
	}
	t.byService = l.order[o:len(l.order):len(l.order)]
	slices.SortStableFunc(t.byService, func(a, b int) int { return cmp.Compare(t.computeMS[a], t.computeMS[b]) })
	e.tables = append(e.tables, t)
	e.tableAt[m.metro] = len(e.tables)
	return &e.tables[len(e.tables)-1]
}

// tableLists holds the serving tables' short lists, one after another.
type tableLists struct {
	computeMS []float64
	regions   []*catalog.Region
	order     []int
}
