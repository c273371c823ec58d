package advisor

import (
	"math"
	"testing"

	"gpuplace/internal/catalog"
)

// planOf routes every user point to the nearest of cands and sizes and
// prices each member for its share, as the multi-region search does for
// one set of metros (nil when a member would serve nobody).
func (e *engine) planOf(cands []metroOption) *plan {
	clear(e.search.placeMemos) // memos are by index in the search's pool
	e.search.memoSlab = e.search.memoSlab[:0]
	n := len(e.users)
	var levels [MaxRegions]routing
	var members [MaxRegions]*servingTable
	chosen := make([]int, len(cands))
	for d := range cands {
		levels[d] = routing{route: make([]int, n), nearest: make([]float64, n)}
		chosen[d], members[d] = d, e.servingTable(cands[d])
		if d == 0 {
			e.routeFirst(&levels[0], e.rttTo(cands[0].metro))
		} else {
			e.routeNext(&levels[d], &levels[d-1], e.rttTo(cands[d].metro), d, &members)
		}
	}
	return e.placementPlan(cands, chosen, &levels[len(cands)-1].sums)
}

// threeCountries is the performance figures' question: ResNet-50 served to
// users in Germany, the US and Japan within 80 ms, which no single region
// meets.
func threeCountries() Request {
	return Request{Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80},
		Users: []UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}}}
}

// sixContinents is ResNet-50 served to users on six continents within
// 60 ms: a pool of metros that spans the world.
func sixContinents() Request {
	return Request{Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 60},
		Users: []UserShare{{Location: "DE", Share: 30}, {Location: "US", Share: 25}, {Location: "JP", Share: 15},
			{Location: "BR", Share: 10}, {Location: "IN", Share: 10}, {Location: "AU", Share: 10}}}
}

// Ensure the cheapest multi-region plan that meets the target cannot be
// made cheaper by moving one of its regions to any other metro with
// offers, as a buyer would try: users in Japan were served from Hong Kong
// while Seoul reached them too for less, because the search's pool held one
// metro per group of users.
func TestNoCheaperMoveOfOneRegion(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, req := range []Request{
		threeCountries(),
		{Workload: Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 20, PeakRPS: 60, LatencyMS: 100},
			Users: []UserShare{{Location: "FR", Share: 40}, {Location: "BR", Share: 30}, {Location: "SG", Share: 30}}},
	} {
		e := filteredEngine(t, cat, req)
		var best *plan
		for _, p := range e.inferencePlans() {
			if p.meets && len(p.places) > 1 && (best == nil || p.costUSD < best.costUSD) {
				best = p
			}
		}
		if best == nil {
			t.Fatalf("%v: no multi-region plan meets the target", req.Users)
		}
		all, _ := e.metroOptions()
		for k := range best.places {
			for _, m := range all {
				if m.metro == best.places[k].u.metro {
					continue
				}
				moved := make([]metroOption, len(best.places))
				for i, pl := range best.places {
					moved[i] = *optionAt(all, pl.u.metro)
				}
				moved[k] = *m
				if p := e.planOf(moved); p != nil && p.meets && p.costUSD < best.costUSD-0.005 {
					t.Errorf("%v: %s (%.2f USD) is cheaper with %s moved to %s (%.2f USD)", req.Users, planName(best),
						best.costUSD, best.places[k].u.offer.Region, p.places[k].u.offer.Region, p.costUSD)
				}
			}
		}
	}
}

// optionAt is the metro option of metro among all.
func optionAt(all []*metroOption, metro int) *metroOption {
	for _, m := range all {
		if m.metro == metro {
			return m
		}
	}
	return nil
}

// planName names a plan's offers, for a message.
func planName(p *plan) string {
	s := ""
	for i, pl := range p.places {
		if i > 0 {
			s += " + "
		}
		s += pl.u.offer.ID()
	}
	return s
}

// Ensure a multi-region plan's weighted latency and share within the
// target, which the search adds up from its routing by member, are what
// each user point's own latency gives (its nearest member's round trip
// plus the service time of the offer sized there): the share to the bit,
// the weighted latency up to rounding. Every pair and triple of the pool
// of two questions, one whose users no single region keeps within the
// target.
func TestSetLatencyFromRoutingSums(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, req := range []Request{
		threeCountries(),
		sixContinents(),
	} {
		e := filteredEngine(t, cat, req)
		cands := e.searchMetros()
		plans := 0
		check := func(set []metroOption) {
			p := e.planOf(set)
			if p == nil {
				return
			}
			plans++
			var rtts [MaxRegions][]float64
			for k := range set {
				rtts[k] = e.rttTo(set[k].metro)
			}
			metric, within := 0.0, 0.0
			for i, w := range e.weights {
				k, rtt := nearestPlace(p, rtts, i)
				total := rtt + p.places[k].u.computeMS
				metric += w * total
				if total <= req.Workload.LatencyMS {
					within += w
				}
			}
			if p.within != within*100 {
				t.Errorf("%v, %s: share within the target %v, by point %v", req.Users, planName(p), p.within, within*100)
			}
			if math.Abs(p.metric-metric) > 1e-9*metric {
				t.Errorf("%v, %s: weighted latency %v ms, by point %v", req.Users, planName(p), p.metric, metric)
			}
		}
		for a := range cands {
			for b := a + 1; b < len(cands); b++ {
				check([]metroOption{cands[a], cands[b]})
				for c := b + 1; c < len(cands); c++ {
					check([]metroOption{cands[a], cands[b], cands[c]})
				}
			}
		}
		if plans < 50 {
			t.Fatalf("%v: only %d plans from a pool of %d metros", req.Users, plans, len(cands))
		}
	}
}

// Ensure a metro's bound gives groupCost's answer to the bit whenever it
// proves one, for every metro with offers, shares of the traffic from 1 %
// to all of it and peaks from 0.1 to 100,000 requests a second, under
// on-demand, reserved, spot and monthly prices; and that it proves most
// of them (else it spares nothing).
func TestBoundedCostIsGroupCost(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, req := range []Request{
		threeCountries(),
		{Workload: Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 150, LatencyMS: 100, Months: Months(3)},
			Users:   []UserShare{{Location: "US", Share: 60}, {Location: "GB", Share: 40}},
			Pricing: []catalog.PricingModel{catalog.Spot, catalog.Monthly, catalog.OnDemand, catalog.Reserved3Y}},
	} {
		e := filteredEngine(t, cat, req)
		all, _ := e.metroOptions()
		proved, tried := 0, 0
		for _, m := range all {
			e.search.kept, e.search.record = nil, &keptSearch{}
			e.groupCost(m, 1)
			b := e.search.record.bounds[m.metro]
			e.search.record = nil
			if b == nil {
				continue
			}
			for _, peak := range []float64{0.1, 1, 7, 40, 150, 900, 5000, 100000} {
				e.req.Workload.PeakRPS, e.req.Workload.RPS = peak, peak/3
				for _, share := range []float64{0.01, 0.2, 0.5, 1} {
					want := e.groupCost(m, share)
					got, ok := e.boundedCost(b, peak*e.sized(share), e.monthlyGB(share))
					tried++
					if !ok {
						continue
					}
					proved++
					if got != want {
						t.Errorf("%s, metro %d, peak %g, share %g: bound's cost %v, every row's %v", req.Workload.Profile, m.metro, peak, share, got, want)
					}
				}
			}
		}
		if tried == 0 || proved < tried/2 {
			t.Errorf("%s: the bound proved %d of %d costs", req.Workload.Profile, proved, tried)
		}
		t.Logf("%s: the bound proved %d of %d costs", req.Workload.Profile, proved, tried)
	}
}
