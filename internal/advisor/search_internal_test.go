package advisor

import (
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
	return e.placementPlan(cands, chosen, &levels[len(cands)-1])
}

// Ensure the cheapest multi-region plan that meets the target cannot be
// made cheaper by moving one of its regions to any other metro with
// offers, as a buyer would try: users in Japan were served from Hong Kong
// while Seoul reached them too for less, because the search's pool held one
// metro per group of users.
func TestNoCheaperMoveOfOneRegion(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, req := range []Request{
		{Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80},
			Users: []UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}}},
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
