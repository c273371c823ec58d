package advisor_test

import (
	"testing"

	"gpuplace/internal/advisor"
)

// Ensure a question that filters as an earlier one did (the same
// workload, filters and pricing models: other users, load and months)
// answers from the usable offers that question kept exactly as from its
// own pass over the offers, exclusions included, and one that filters
// otherwise by a single key does not take them; that a catalog keeps at
// most SharedFilters sets; and that answers sharing one set at once agree.
func TestSharedFilterAnswersAsItsOwnPass(t *testing.T) {
	cat := realCatalog(t)
	gen := newRequestGen(cat, 34)
	answer := func(req advisor.Request) string { return answerJSON(t, cat, req) }
	shared := 0
	for i := range propertyRequests() / 3 {
		req := gen.request(false)
		accelerators := []string{"", advisor.AcceleratorGPU, advisor.AcceleratorAny}
		req.Accelerator, req.AllowUnlocated = accelerators[gen.r.IntN(3)], gen.r.IntN(2) == 0
		// A sibling takes each of the request's filters or keeps its own:
		// it shares the usable offers only when it takes them all.
		sibling := gen.request(false)
		sibling.Accelerator, sibling.AllowUnlocated = accelerators[gen.r.IntN(3)], gen.r.IntN(2) == 0
		for _, takeFilter := range []func(){
			func() {
				sibling.Workload.Profile, sibling.Workload.Precision = req.Workload.Profile, req.Workload.Precision
			},
			func() { sibling.GDPR = req.GDPR },
			func() { sibling.Countries = req.Countries },
			func() { sibling.Pricing = req.Pricing },
			func() { sibling.Providers = req.Providers },
			func() { sibling.GPUs = req.GPUs },
			func() { sibling.Accelerator = req.Accelerator },
			func() { sibling.AllowUnlocated = req.AllowUnlocated },
		} {
			if gen.r.IntN(8) > 0 {
				takeFilter()
			}
		}
		if n := advisor.ForgetSharedFilters(cat); n > advisor.SharedFilters {
			t.Fatalf("the catalog kept %d sets of usable offers, want at most %d", n, advisor.SharedFilters)
		}
		own := answer(req) // its own pass, kept
		advisor.ForgetSharedFilters(cat)
		answer(sibling) // the sibling's pass, kept
		if got := answer(req); got != own {
			t.Errorf("request %d (%+v) answered from the offers its sibling kept:\n%s\nwant, from its own pass:\n%s", i, req, got, own)
			continue
		}
		if advisor.ForgetSharedFilters(cat) == 1 {
			shared++
		}
	}
	if shared == 0 {
		t.Fatal("no question shared usable offers: the test tried nothing")
	}
	t.Logf("%d of %d questions shared their sibling's usable offers", shared, propertyRequests()/3)

	// Several answers at once, on one set.
	req := gen.request(false)
	advisor.ForgetSharedFilters(cat)
	want := answer(req)
	wantAgreeAtOnce(t, cat, req, want)
}
