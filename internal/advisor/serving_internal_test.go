package advisor

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// Ensure the multi-region search serves each metro's users the cheapest
// way that keeps the most of them within the target, priced as the plan is
// priced (a monthly server's setup fee included): for every metro of the
// embedded catalog, share of the traffic and length of service, and again
// with every monthly server's setup fee raised to twenty months of its price
// (setup fees can decide).
func TestCheapestPlaceIsCheapest(t *testing.T) {
	real := embeddedCatalog(t)
	dear := *real
	dear.Offers = slices.Clone(real.Offers)
	raised := 0
	for i := range dear.Offers {
		if m := dear.Offers[i].Monthly; m != nil {
			p := *m
			fee := p.PerMonth.Mul(decimal.NewFromInt(20))
			p.Setup = &fee
			dear.Offers[i].Monthly = &p
			raised++
		}
	}
	var buf bytes.Buffer
	if err := dear.Bundle(&buf); err != nil {
		t.Fatal(err)
	}
	expensive, err := catalog.LoadBundle(&buf, "setup-fees.json")
	if err != nil {
		t.Fatal(err)
	}
	if raised == 0 {
		t.Fatal("no monthly offer in the catalog")
	}
	checkCheapestPlaces(t, "embedded catalog", real)
	checkCheapestPlaces(t, "setup fees raised", expensive)
}

func checkCheapestPlaces(t *testing.T, name string, cat *catalog.Catalog) {
	t.Helper()
	for _, months := range []int{1, 3, 12} {
		e := filteredEngine(t, cat, Request{
			Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 20, PeakRPS: 40, LatencyMS: 60, Months: Months(months)},
			Users:    []UserShare{{Location: "DE", Share: 50}, {Location: "FI", Share: 20}, {Location: "US", Share: 30}},
			Pricing:  []catalog.PricingModel{catalog.OnDemand, catalog.Spot, catalog.Reserved1Y, catalog.Monthly}})
		req := e.req
		routed := make([]int, len(e.users))
		for i := range routed {
			routed[i] = i
		}
		byMetro := map[int][]*usable{}
		for _, u := range e.usable {
			byMetro[u.metro] = append(byMetro[u.metro], u)
		}
		checked := 0
		for metro, offers := range byMetro {
			m := metroOption{metro: metro, offers: offers}
			rtt := e.rttTo(metro)
			within := func(u *usable) (w float64) {
				for _, i := range routed {
					if rtt[i]+u.computeMS <= req.Workload.LatencyMS {
						w += e.users[i].weight
					}
				}
				return w
			}
			best := 0.0
			for _, u := range offers {
				best = max(best, within(u))
			}
			for _, share := range []float64{0.05, 0.4, 1} {
				table := e.servingTable(m)
				got, ok := e.cheapestPlace(table, table.keepingMost(routed), share)
				if !ok {
					t.Fatalf("%d months, metro %s: no place", months, cat.Metros[metro].ID)
				}
				want, wantCost := place{}, math.Inf(1)
				for _, u := range offers {
					if within(u) != best {
						continue
					}
					for _, pm := range req.Pricing {
						if pl, ok := e.servingPlace(u, pm, share); ok && e.placeCostUSD(pl) < wantCost {
							want, wantCost = pl, e.placeCostUSD(pl)
						}
					}
				}
				if gotCost := e.placeCostUSD(got); gotCost > wantCost*(1+1e-12) {
					t.Errorf("%s, %d months, metro %s, share %v: %s/%s costs %.2f USD, but %s/%s costs %.2f",
						name, months, cat.Metros[metro].ID, share, got.u.offer.ID(), got.pricing, gotCost, want.u.offer.ID(), want.pricing, wantCost)
				}
				checked++
			}
		}
		if checked < 30 {
			t.Fatalf("%d months: only %d metro and share cases checked", months, checked)
		}
	}
}

// Ensure dropping a serving table's dominated rows never changes what
// cheapestPlace picks: each metro's rows copied three more times, dearer,
// cheaper and at the same price (a tie the first row wins), for every cut
// of the service times and a range of traffic shares.
func TestDropDominatedKeepsThePick(t *testing.T) {
	cat := embeddedCatalog(t)
	e := filteredEngine(t, cat, Request{
		Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80, Months: Months(3)},
		Users:    []UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}},
		Pricing:  []catalog.PricingModel{catalog.OnDemand, catalog.Spot, catalog.Reserved1Y, catalog.Monthly}})
	checked, dropped := 0, 0
	for _, m := range e.searchMetros() {
		table := e.servingTable(m)
		full := copiedRows(e, table)
		kept := e.dropDominated(slices.Clone(full))
		dropped += len(full) - len(kept)
		for keep := 1; keep <= len(table.byService); keep++ {
			for _, share := range []float64{0.001, 0.05, 0.3, 1} {
				all, some := *table, *table
				all.cands, some.cands = full, kept
				all.cheap, some.cheap = cheapRowsOf(full), cheapRowsOf(kept)
				want, wantOK := e.cheapestPlace(&all, keep, share)
				got, gotOK := e.cheapestPlace(&some, keep, share)
				if gotOK != wantOK || got.u != want.u || got.pricing != want.pricing {
					t.Errorf("metro %s, %d service times, share %v: picks %s/%s after dropping, %s/%s before",
						cat.Metros[m.metro].ID, keep, share, got.u.offer.ID(), got.pricing, want.u.offer.ID(), want.pricing)
				}
				checked++
			}
		}
	}
	if checked < 40 || dropped == 0 {
		t.Fatalf("%d cases checked, %d rows dropped: the test no longer exercises dropDominated", checked, dropped)
	}
	t.Logf("%d cases, %d rows dropped", checked, dropped)
}

// copiedRows is the rows of e's table copied three more times: dearer,
// cheaper and at the same hourly price (a tie the first row wins), each
// row with a usable of its own to tell the rows apart.
func copiedRows(e *engine, table *servingTable) []servingCand {
	var rows []servingCand
	for _, factor := range []float64{1, 1.25, 0.8, 1} {
		for _, sc := range table.cands {
			u := *sc.u
			pm := e.req.Pricing[sc.pricing]
			price := u.hourlyFloat(pm) * factor
			sc.u, sc.unit = &u, sc.billed*price+setupUSD(u.offer, pm, 1)
			rows = append(rows, sc)
		}
	}
	return rows
}

// Ensure reading a serving table's rows of the lowest unit prices first
// (see cheapestFirst) picks what a scan of every row picks: each metro's
// rows copied three more times, dearer, cheaper and at the same price (a
// tie the first row wins), spot rows among them, for every cut of the
// service times, traffic from a thousandth of the peak to all of it, and
// one month and three years of service.
func TestCheapestFirstPicksAsEveryRow(t *testing.T) {
	cat := embeddedCatalog(t)
	checked, spared := 0, 0
	for _, months := range []int{1, 36} {
		e := filteredEngine(t, cat, Request{
			Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80, Months: Months(months)},
			Users:    []UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}},
			Pricing:  []catalog.PricingModel{catalog.OnDemand, catalog.Spot, catalog.Reserved1Y, catalog.Monthly}})
		for _, m := range e.searchMetros() {
			table := e.servingTable(m)
			rows := copiedRows(e, table)
			first, every := *table, *table
			first.cands, every.cands = rows, rows
			first.cheap, every.cheap = cheapRowsOf(rows), nil
			if len(first.cheap) != cheapRows {
				t.Fatalf("metro %s: %d rows read first of %d, want %d", cat.Metros[m.metro].ID, len(first.cheap), len(rows), cheapRows)
			}
			for keep := 1; keep <= len(table.byService); keep++ {
				for _, share := range []float64{0.001, 0.05, 0.3, 0.7, 1} {
					want, wantOK := e.cheapestPlace(&every, keep, share)
					got, gotOK := e.cheapestPlace(&first, keep, share)
					if gotOK != wantOK || got.u != want.u || got.pricing != want.pricing {
						t.Errorf("%d months, metro %s, %d service times, share %v: picks %s/%s reading the cheapest rows first, %s/%s reading every row",
							months, cat.Metros[m.metro].ID, keep, share, got.u.offer.ID(), got.pricing, want.u.offer.ID(), want.pricing)
					}
					if c, _ := first.cheapestFirst(keep, func(int) float64 { return 0 }, func(sc *servingCand) float64 { return sc.unit }); c >= 0 {
						spared++
					}
					checked++
				}
			}
		}
	}
	if checked < 40 || spared == 0 {
		t.Fatalf("%d cases checked, %d decided by the cheapest rows: the test no longer exercises cheapestFirst", checked, spared)
	}
}

// Ensure that of two rows of equal cost, the rows read first give the one
// a scan of every row gives, the first in table order, even when the other
// has the lower unit price (its region's egress costs more).
func TestCheapestFirstTie(t *testing.T) {
	egress := []float64{5, 4}
	rows := make([]servingCand, cheapRows+4)
	for c := range rows {
		rows[c] = servingCand{unit: float64(30 + c)}
	}
	rows[0] = servingCand{unit: 11, regionSlot: 1} // 11 + 4
	rows[1] = servingCand{unit: 10, regionSlot: 0} // 10 + 5
	table := servingTable{cands: rows, rank: []int{0}, regions: []int{0, 1}, cheap: cheapRowsOf(rows)}
	if table.cheap[0] != 1 {
		t.Fatalf("rows read first %v, want row 1 (the lowest unit price) first", table.cheap)
	}
	best, cost := table.cheapestFirst(1, func(r int) float64 { return egress[r] }, func(sc *servingCand) float64 { return egress[sc.regionSlot] + sc.unit })
	if best != 0 || cost != 15 {
		t.Errorf("cheapestFirst = row %d at %v, want row 0 at 15", best, cost)
	}
}
