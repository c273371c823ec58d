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

// cheapestPlace picks, among a metro's ways to serve (its table t), the
// way to serve the users routed there that keeps the most of them within
// the target (a slow GPU's service time can undo a short round trip: keep
// is how many of the table's service times, shortest first, do; see
// narrowKeep), and among those the cheapest for their share of the
// traffic; among equally cheap ones, the first in offer, then
// pricing-model, order. The users' round trips are those to the metro
// (they are routed to it).
func (e *engine) cheapestPlace(t *servingTable, keep int, share float64) (place, bool) {
	// The share within the target depends on an offer only through its
	// service time, and the egress cost only through its region, so the
	// one is read from the table and the other worked out once per region.
	egress := grow(&e.scratch().egress, len(t.regions))
	for r := range egress {
		egress[r] = math.NaN()
	}
	peak, gb := e.req.Workload.PeakRPS*e.sized(share), e.monthlyGB(share)
	egressOf := func(slot int) float64 {
		if math.IsNaN(egress[slot]) {
			egress[slot] = e.egressUSD(t.regions[slot], gb)
		}
		return egress[slot]
	}
	cost := func(sc *servingCand) float64 { return sc.costAt(peak, egressOf(sc.regionSlot)) }
	best, bestCost := t.cheapestFirst(keep, egressOf, cost)
	if best < 0 {
		// Every row by table order: the first of the cheapest.
		for c := range t.cands {
			if sc := &t.cands[c]; t.rank[sc.computeSlot] < keep {
				if cost := cost(sc); cost < bestCost {
					best, bestCost = c, cost
				}
			}
		}
	}
	if best < 0 {
		return place{}, false
	}
	sc := &t.cands[best]
	return e.servingPlace(sc.u, e.req.Pricing[sc.pricing], share)
}

// cheapestFirst is cheapestPlace's answer (the row, and its cost) from the
// table's rows with the lowest unit prices alone (see servingTable.cheap),
// when they prove it: a row costs at least one replica at its unit price
// plus the lowest egress of any region of the table, so when that bound
// for the dearest of them is over the cheapest cost found, no other row
// can match it. Otherwise it returns −1. Among rows of equal cost it keeps
// the first in table order, as the scan of every row does.
func (t *servingTable) cheapestFirst(keep int, egressOf func(slot int) float64, cost func(*servingCand) float64) (int, float64) {
	if len(t.cheap) == len(t.cands) {
		return -1, math.Inf(1) // the bound would spare nothing
	}
	best, bestCost := -1, math.Inf(1)
	for _, c := range t.cheap {
		sc := &t.cands[c]
		if t.rank[sc.computeSlot] >= keep {
			continue
		}
		if cost := cost(sc); cost < bestCost || cost == bestCost && int(c) < best {
			best, bestCost = int(c), cost
		}
	}
	if best < 0 {
		return -1, math.Inf(1)
	}
	lowEgress := math.Inf(1)
	for r := range t.regions {
		lowEgress = min(lowEgress, egressOf(r))
	}
	if t.cands[t.cheap[len(t.cheap)-1]].unit+lowEgress > bestCost {
		return best, bestCost
	}
	return -1, math.Inf(1)
}

// replicaCost is computeCostUSD of the place servingPlace would make for
// peak: replicas of perReplica each, each billed hours at a unit price
// (billed × price + setup fee), and on spot (bandShare > 0) the spares
// and the on-demand fallback of its interruption band.
func replicaCost(peak, perReplica, unit, billed, bandShare, onDemand float64) float64 {
	replicas := replicasFor(peak, perReplica)
	cost := 0.0
	if bandShare > 0 {
		spares, fallback := spotServing(replicas, bandShare, billed)
		replicas += spares
		cost = fallback * onDemand
	}
	return cost + float64(replicas)*unit
}

// narrowKeep adds one user point to a count of how many of a table's
// service times, shortest first, keep the most of a set of points within
// the target: keep is the count for the set so far (all of the table's
// service times for no point), reach the new point's (see
// servingTable.reach).
//
// A point within the target at one service time is within it at every
// shorter one: the shortest service time keeps the most points, and so
// does every service time that keeps the very same points — each one
// shorter than the first at which some point it keeps falls out. So the
// count is the smallest reach above zero among the points.
func narrowKeep(keep, reach int32) int32 {
	if reach > 0 && reach < keep {
		return reach
	}
	return keep
}

// servingTable lists a metro's ways to serve: every usable offer under every
// allowed pricing model it is sold under, in offer then pricing order, with
// the figures cheapestPlace needs. It is built once per metro.
type servingTable struct {
	cands     []servingCand
	computeMS []float64 // distinct service times
	byService []int     // computeMS slots, shortest service time first
	rank      []int     // by computeMS slot, its index in byService
	regions   []int     // distinct regions, by index in the catalog
	// cheap is the rows of the lowest unit prices, up to cheapRows of
	// them, lowest first (see cheapestFirst).
	cheap []int32
	// reach is, by user point, how many service times (shortest first)
	// keep it within the target from this metro.
	reach []int32
}

type servingCand struct {
	u          *usable
	pricing    int     // index into Request.Pricing
	perReplica float64 // requests/s one replica takes at the target utilisation
	billed     float64 // hours billed per replica
	// unit is USD per replica: billed hours at the hourly price, plus the
	// setup fee (see setupUSD).
	unit float64
	// spot only: the band's monthly interruption share and the on-demand
	// price of the fallback (see spotServing).
	bandShare   float64
	onDemand    float64
	computeSlot int // index into computeMS
	regionSlot  int // index into regions
}

func (e *engine) servingTable(m metroOption) *servingTable {
	if e.search.tableAt == nil {
		e.search.tableAt = make([]int, e.cat.PlaceCount())
		e.search.tables = make([]servingTable, 0, poolMetros)
	}
	if i := e.search.tableAt[m.metro]; i > 0 {
		return &e.search.tables[i-1]
	}
	// The tables' rows come from one buffer: each usable offer is in one
	// metro, so all tables together need at most len(e.usable) ×
	// len(e.req.Pricing) rows. Their service times, regions and orders
	// are cut from arrays shared by all tables (see tableLists).
	if n := len(e.usable) * len(e.req.Pricing); cap(e.buf.cands) < n {
		e.buf.cands = take(&e.buf.cands, n)
	}
	k := len(e.buf.cands)
	l := &e.search.tableLists
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
		rs := slices.Index(l.regions[rg:], u.facts.region)
		if rs < 0 {
			rs = len(l.regions) - rg
			l.regions = append(l.regions, u.facts.region)
		}
		for k, pm := range e.req.Pricing {
			m, ok := e.pricingModel(pm)
			if !ok || !u.facts.prices.sold[m.k] {
				continue
			}
			sc := e.servingRow(u, m)
			sc.pricing, sc.computeSlot, sc.regionSlot = k, cs, rs
			t.cands = append(t.cands, sc)
		}
	}
	t.cands = e.dropDominated(t.cands)
	e.buf.cands = e.buf.cands[:k+len(t.cands)]
	t.cheap = cheapRowsOf(t.cands)
	t.computeMS = l.computeMS[ms:len(l.computeMS):len(l.computeMS)]
	t.regions = l.regions[rg:len(l.regions):len(l.regions)]
	o := len(l.order)
	for s := range t.computeMS {
		l.order = append(l.order, s)
	}
	t.byService = l.order[o:len(l.order):len(l.order)]
	slices.SortStableFunc(t.byService, func(a, b int) int { return cmp.Compare(t.computeMS[a], t.computeMS[b]) })
	for range t.computeMS {
		l.order = append(l.order, 0)
	}
	t.rank = l.order[o+len(t.computeMS) : len(l.order) : len(l.order)]
	for p, s := range t.byService {
		t.rank[s] = p
	}
	if l.reach == nil {
		// (From the buffers: a table of each metro of the search's pool.)
		l.reach = take(&e.buf.tableReach, poolMetros*len(e.users))
	}
	r := len(l.reach)
	for _, rtt := range e.rttTo(m.metro) {
		l.reach = append(l.reach, int32(t.servicesWithin(rtt, e.req.Workload.LatencyMS)))
	}
	t.reach = l.reach[r:len(l.reach):len(l.reach)]
	e.buf.tableReach = l.reach[:0]
	e.search.tables = append(e.search.tables, t)
	e.search.tableAt[m.metro] = len(e.search.tables)
	return &e.search.tables[len(e.search.tables)-1]
}

// servingRow is a serving table's row for offer u under pricing model m
// (sold under it), its pricing and slots left for the table to fill in.
func (e *engine) servingRow(u *usable, m pricingModel) servingCand {
	sc := servingCand{u: u, billed: m.billed}
	sc.unit = sc.billed*u.facts.hourlyUSD[m.k] + setupUSD(u.offer, m.pm, 1)
	// As in e.replicas.
	sc.perReplica = u.nodeTput / e.profile.Inference.UnitsPerRequest * TargetUtilisation
	if m.pm == catalog.Spot {
		sc.bandShare, sc.onDemand = u.facts.bandShare, u.hourlyFloat(catalog.OnDemand)
	}
	return sc
}

// costAt is what a row costs serving peak requests a second, its
// region's egress (egress, USD) included.
func (sc *servingCand) costAt(peak, egress float64) float64 {
	return egress + replicaCost(peak, sc.perReplica, sc.unit, sc.billed, sc.bandShare, sc.onDemand)
}

// cheapRows is how many rows of a serving table cheapestPlace reads
// first: enough that the rows they leave out can rarely match them.
const cheapRows = 16

// cheapRowsOf returns the indexes of the cheapRows rows with the lowest
// unit prices, lowest first and, among equal prices, in table order; none
// when the table has no more rows than that.
func cheapRowsOf(cands []servingCand) []int32 {
	if len(cands) <= cheapRows {
		return nil
	}
	return lowestBy(len(cands), cheapRows, func(c int) float64 { return cands[c].unit })
}

// lowestBy returns the indexes of the k of n rows with the lowest key,
// lowest first and, among equal keys, in row order.
func lowestBy(n, k int, key func(int) float64) []int32 {
	rows := make([]int32, 0, min(n, k))
	for c := range n {
		x := key(c)
		if len(rows) == k && x >= key(int(rows[k-1])) {
			continue
		}
		// Insert after the rows no higher, dropping the highest when full.
		at := len(rows)
		for at > 0 && key(int(rows[at-1])) > x {
			at--
		}
		if len(rows) < k {
			rows = rows[:len(rows)+1]
		}
		copy(rows[at+1:], rows[at:len(rows)-1])
		rows[at] = int32(c)
	}
	return rows
}

// dominanceRow is, for a group of a metro's rows that cost the same but
// for their price (see dropDominated), their throughput per replica and
// the lowest price per replica so far.
type dominanceRow struct {
	perReplica, low float64
}

// dropDominated removes, in place, the rows of a metro's serving table that
// an earlier row always beats: not on spot, with the same egress tiers,
// service time and throughput per replica, at a price per replica no
// higher. For any traffic the earlier row needs as many replicas and costs
// no more, and cheapestPlace keeps the first of equally cheap rows, so it
// never picks the rows dropped. A metro of a large catalog has many (the
// same instance sold in several regions of a metro, by several resellers).
//
// Rows are grouped by egress class, service time and kind of node (which
// decides the throughput; a row whose throughput differs from its group's
// first row is kept and compared with nothing), packed into one integer: a
// table is built once and read many times, but its building must stay
// cheap for small catalogs too.
func (e *engine) dropDominated(cands []servingCand) []servingCand {
	if e.buf.dominance == nil {
		e.buf.dominance = map[uint64]dominanceRow{}
	}
	groups := e.buf.dominance
	clear(groups)
	kept := cands[:0]
	for _, sc := range cands {
		if k, ok := e.dominanceGroup(&sc); ok {
			unit := sc.unit // as cheapestPlace prices a replica
			g, seen := groups[k]
			switch {
			case !seen:
				groups[k] = dominanceRow{perReplica: sc.perReplica, low: unit}
			case g.perReplica != sc.perReplica:
			case g.low <= unit:
				continue
			default:
				groups[k] = dominanceRow{perReplica: sc.perReplica, low: unit}
			}
		}
		kept = append(kept, sc)
	}
	clear(cands[len(kept):]) // the buffer keeps no row it does not hold
	return kept
}

// dominanceGroup packs a row's egress class, service time and kind of node
// into one integer. ok is false for a row on spot (its spares and fallback
// make its cost more than replicas × price) and for one whose figures do
// not fit the packing.
func (e *engine) dominanceGroup(sc *servingCand) (uint64, bool) {
	f := sc.u.facts
	class := e.facts.egressClass[f.region]
	if e.req.Pricing[sc.pricing] == catalog.Spot || class >= 1<<20 || sc.computeSlot >= 1<<12 || f.node >= 1<<32 {
		return 0, false
	}
	return uint64(class)<<44 | uint64(sc.computeSlot)<<32 | uint64(f.node), true
}

// servicesWithin is how many of the table's service times, shortest
// first, keep a user point rtt away within the target.
func (t *servingTable) servicesWithin(rtt, target float64) int {
	return sort.Search(len(t.byService), func(j int) bool { return !(rtt+t.computeMS[t.byService[j]] <= target) })
}

// tableLists holds the serving tables' short lists, one after another.
type tableLists struct {
	computeMS []float64
	regions   []int
	// order holds the tables' byService and rank lists, reach their
	// reach lists.
	order []int
	reach []int32
}
