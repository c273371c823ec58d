package advisor_test

import (
	"slices"
	"testing"

	"gpuplace/internal/advisor"
)

// Ensure a question answered from the neighbourhood a sibling kept (the
// same filters, users, latency target and months, another load) answers
// as from its own work to the byte, and one whose users, target or months
// differ from the sibling's by a single key does not take it; that a set
// keeps at most SharedNeighbourhoods; and that answers sharing one
// neighbourhood at once agree.
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
			sw.Months = (w.Months + 1 + gen.r.IntN(35)) % 37
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
