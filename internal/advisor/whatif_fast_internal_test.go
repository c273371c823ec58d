package advisor

import (
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure a single-region plan re-priced at the question's own load and
// months is the plan as built, to the bit: pickAtTarget then restores the
// question's prices by re-pricing only the plans pickAt re-priced (the
// shortlist). Serving on GPUs and CPU servers, under every pricing model
// (spot's spares and fallback, monthly servers' setup fees, reservations),
// over one month and three years.
func TestRepricedAtTheQuestionIsAsBuilt(t *testing.T) {
	cat := embeddedCatalog(t)
	users := []UserShare{{Location: "DE", Share: 40}, {Location: "FR", Share: 30}, {Location: "IT", Share: 30}}
	checked := 0
	for _, months := range []int{1, 36} {
		for _, req := range []Request{
			{Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 20, Months: Months(months)}, Users: users, GDPR: GDPREU},
			{Workload: Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 300, Months: Months(months)}, Users: []UserShare{{Location: "US", Share: 1}}},
			{Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 400, PeakRPS: 900, Months: Months(months)}, Users: users,
				Pricing: []catalog.PricingModel{catalog.Spot, catalog.Monthly, catalog.Reserved3Y}},
		} {
			req = req.WithDefaults(cat)
			if err := req.Validate(cat); err != nil {
				t.Fatal(err)
			}
			wp := whatIfPlansOf(cat, req)
			if wp == nil {
				t.Fatalf("%s, %d months: no plans built once", req.Workload.Profile, months)
			}
			for _, q := range wp.all {
				pl, cost := q.places[0], q.costUSD
				wp.reprice(q, scaledLoad(1), months)
				if q.places[0] != pl || q.costUSD != cost {
					t.Errorf("%s, %d months: %s re-priced at the question is %+v at %v USD, built %+v at %v USD",
						req.Workload.Profile, months, q.name(), q.places[0], q.costUSD, pl, cost)
				}
				checked++
			}
			wp.release()
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d plans checked", checked)
	}
}
