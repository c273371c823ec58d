package advisor_test

import (
	"math"
	"slices"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Ensure a question answered from the neighbourhood a sibling kept (the
// same filters, users, latency target and months, another load) answers
// as from its own work to the byte, and one whose users, target or months
// differ from the sibling's by a single key does not take it, nor the
// search's sets of metros when one asks for failover and the other not;
// that a set keeps at most SharedNeighbourhoods; and that answers sharing
// one neighbourhood at once agree.
func TestSharedNeighbourhoodAnswersAsItsOwnWork(t *testing.T) {
	cat := realCatalog(t)
	gen := newRequestGen(cat, 35)
	answer := func(req advisor.Request) string { return answerJSON(t, cat, req) }
	shared := 0
	for i := range propertyRequests() / 3 {
		req := gen.request(false)
		sibling := req
		w, sw := &req.Workload, &sibling.Workload
		x := 0.5 + gen.r.Float64()
		if gen.r.IntN(3) == 0 {
			// Far from it: the search's pool can change with the load.
			x = math.Pow(10, 3*gen.r.Float64()-1.5)
		}
		sw.RPS, sw.PeakRPS = w.RPS*x, w.PeakRPS*x
		// The sibling keeps each of the neighbourhood's keys or takes one
		// of its own.
		if gen.r.IntN(6) == 0 {
			sibling.Users = slices.Clone(req.Users)
			if len(sibling.Users) > 0 {
				sibling.Users[gen.r.IntN(len(sibling.Users))].Share++
			}
		}
		if gen.r.IntN(6) == 0 {
			sw.LatencyMS = w.LatencyMS * (0.4 + 0.2*float64(gen.r.IntN(6)))
		}
		if gen.r.IntN(6) == 0 {
			if m := (w.ServiceMonths() + 1 + gen.r.IntN(35)) % 37; m > 0 { // 0: the default
				sw.Months = advisor.Months(m)
			} else {
				sw.Months = nil
			}
		}
		// Failover is not in the key, but decides which sets of metros
		// may make a plan (the search keeps them).
		switch gen.r.IntN(6) {
		case 0:
			sibling.MinRegions = 2
		case 1:
			req.MinRegions = 2
		}
		if n := advisor.SharedNeighbourhoodsOf(cat); n > advisor.SharedNeighbourhoods*advisor.SharedFilters {
			t.Fatalf("the catalog kept %d neighbourhoods, want at most %d", n, advisor.SharedNeighbourhoods*advisor.SharedFilters)
		}
		advisor.ForgetSharedFilters(cat)
		own := answer(req) // its own work, neighbourhood not kept (asked once)
		advisor.ForgetSharedFilters(cat)
		answer(sibling)
		answer(sibling) // asked twice: its neighbourhood is kept
		kept := advisor.SharedNeighbourhoodsOf(cat)
		if got := answer(req); got != own {
			t.Errorf("request %d (%+v) answered from its sibling's neighbourhood:\n%s\nwant, from its own work:\n%s", i, req, got, own)
			continue
		}
		if kept == 1 && slices.Equal(sibling.Users, req.Users) && sw.LatencyMS == w.LatencyMS && sw.Months == w.Months {
			shared++
		}
	}
	if shared == 0 {
		t.Fatal("no question answered from a sibling's neighbourhood: the test tried nothing")
	}
	t.Logf("%d of %d questions answered from their sibling's neighbourhood", shared, propertyRequests()/3)

	// Several answers at once, from one neighbourhood.
	req := gen.request(false)
	advisor.ForgetSharedFilters(cat)
	want := answer(req)
	answer(req)
	wantAgreeAtOnce(t, cat, req, want)
}

// Ensure questions whose load differs from the one that kept their
// neighbourhood by up to 40 times either way answer as from their own
// work: the multi-region search's pool changes with the load (its
// alternatives are the metros cheapest for each group of users), and the
// sets routed over another pool must not stand for this one's.
func TestNeighbourhoodAcrossLoads(t *testing.T) {
	cat := realCatalog(t)
	for _, users := range [][]advisor.UserShare{
		{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}},
		{{Location: "DE", Share: 30}, {Location: "US", Share: 25}, {Location: "JP", Share: 15},
			{Location: "BR", Share: 10}, {Location: "IN", Share: 10}, {Location: "AU", Share: 10}},
		{{Location: "FR", Share: 40}, {Location: "BR", Share: 30}, {Location: "SG", Share: 30}},
	} {
		at := func(peak float64) advisor.Request {
			return advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50",
				RPS: peak / 3, PeakRPS: peak, LatencyMS: 60}, Users: users}
		}
		for _, peak := range []float64{4, 15, 50, 500, 1500, 6000} {
			advisor.ForgetSharedFilters(cat)
			own := answerJSON(t, cat, at(peak))
			advisor.ForgetSharedFilters(cat)
			answerJSON(t, cat, at(150))
			answerJSON(t, cat, at(150)) // asked twice: its neighbourhood is kept
			if got := answerJSON(t, cat, at(peak)); got != own {
				t.Errorf("%v, peak %g requests/s, after peak 150: answered\n%s\nwant, from its own work:\n%s", users, peak, got, own)
			}
		}
	}
}
