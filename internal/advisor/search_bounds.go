package advisor

// A metro's cheapest way to serve a share of the traffic (groupCost) from
// a few of its rows, with a bound on what every other row costs: kept
// with a neighbourhood, so that questions of another load price a few
// rows of each metro the search's alternatives compare instead of all.

import (
	"math"
	"slices"
	"unsafe"
)

// boundRows is how many rows of the lowest unit prices, and how many of
// the lowest unit prices per request a second, a metroBound keeps.
const boundRows = 8

// metroBound is what groupCost needs to price a metro without reading
// every usable offer in it under every pricing model. A row serving a
// peak costs at least its unit price (one replica) and at least the peak
// over its replica's throughput times its unit price, plus its region's
// egress: so every row not kept costs at least max(unit, peak × perRPS)
// plus the metro's lowest egress. When a kept row costs less than that,
// it is the cheapest of all.
type metroBound struct {
	// rows are the rows of the boundRows lowest unit prices and of the
	// boundRows lowest unit prices per request a second, in the order
	// groupCost reads them (offer, then pricing model).
	rows []servingCand
	// regions are the metro's regions (by index in the catalog); a row's
	// regionSlot is its region's index here.
	regions []int
	// unit and perRPS are the lowest unit price and unit price per
	// request a second among the rows not kept (+Inf: none).
	unit, perRPS float64
}

// boundSlack keeps the bound below what floating-point rounding could
// make of the cost it bounds.
const boundSlack = 1e-6

// boundedCost is groupCost's answer from b when b proves it (ok), for a
// peak of requests a second and gb a month of egress.
func (e *engine) boundedCost(b *metroBound, peak, gb float64) (cost float64, ok bool) {
	egress := grow(&e.scratch().egress, len(b.regions))
	lowEgress := math.Inf(1)
	for i, r := range b.regions {
		egress[i] = e.egressUSD(r, gb)
		lowEgress = min(lowEgress, egress[i])
	}
	best := math.Inf(1)
	for i := range b.rows {
		sc := &b.rows[i]
		best = min(best, sc.costAt(peak, egress[sc.regionSlot]))
	}
	floor := max(b.unit, peak*b.perRPS*(1-boundSlack)) + lowEgress
	return best, best < floor
}

// boundOf makes the bound of a metro whose rows (every usable offer under
// every pricing model it is sold under, in groupCost's order) are rows:
// nil when a row's throughput gives no bound.
func boundOf(rows []servingCand) *metroBound {
	b := &metroBound{unit: math.Inf(1), perRPS: math.Inf(1)}
	for i := range rows {
		sc := &rows[i]
		if !(sc.perReplica > 0) || math.IsInf(sc.perReplica, 1) {
			return nil
		}
		slot := slices.Index(b.regions, sc.u.facts.region)
		if slot < 0 {
			slot = len(b.regions)
			b.regions = append(b.regions, sc.u.facts.region)
		}
		sc.regionSlot = slot
	}
	perRPS := func(c int) float64 { return rows[c].unit / rows[c].perReplica }
	kept := append(lowestBy(len(rows), boundRows, func(c int) float64 { return rows[c].unit }),
		lowestBy(len(rows), boundRows, perRPS)...)
	slices.Sort(kept)
	kept = slices.Compact(kept)
	b.rows = make([]servingCand, 0, len(kept))
	for c := range rows {
		if _, in := slices.BinarySearch(kept, int32(c)); in {
			b.rows = append(b.rows, rows[c])
			continue
		}
		b.unit, b.perRPS = min(b.unit, rows[c].unit), min(b.perRPS, perRPS(c))
	}
	return b
}

// bytes is about how many bytes b holds.
func (b *metroBound) bytes() int {
	return int(unsafe.Sizeof(*b)) + len(b.rows)*int(unsafe.Sizeof(servingCand{})) + 8*len(b.regions)
}
