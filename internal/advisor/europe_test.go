package advisor_test

import (
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Ensure a German buyer who must keep data out of non-EU legal reach gets a
// provider headquartered in the EU/EEA, in an EU/EEA region, and is told
// which providers that rules out: the US hyperscalers under the CLOUD Act.
func TestEUSovereign(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 120, LatencyMS: 100, Months: advisor.Months(12)},
		Users:    []advisor.UserShare{{Location: "DE", Share: 1}},
		GDPR:     advisor.GDPREUSovereign, Currency: "EUR",
	}
	res := recommend(t, cat, req)
	if res.Pick == nil {
		t.Fatalf("pick = nil (excluded %+v)", res.Excluded)
	}
	for _, o := range options(res) {
		for _, p := range o.Placements {
			hq, _ := cat.Country(p.ProviderHQ)
			region, _ := cat.Country(p.Country)
			if !hq.EUEEA || !region.EUEEA {
				t.Errorf("%s: provider headquartered in %q, region in %s; want both in the EU/EEA", placementID(p), p.ProviderHQ, p.Country)
			}
		}
	}
	x := slices.IndexFunc(res.Excluded, func(e advisor.Exclusion) bool { return e.Reason == "sovereignty" })
	if x < 0 || res.Excluded[x].Count == 0 {
		t.Fatalf("excluded = %+v, want EU regions of non-EU providers counted under sovereignty", res.Excluded)
	}
	why := explanation(cat, *res.Pick)
	for _, want := range []string{"AWS is headquartered in the US, subject to the US CLOUD Act", "Azure is headquartered in the US",
		"Google Cloud is headquartered in the US"} {
		if !strings.Contains(why, want) {
			t.Errorf("explanation %q does not say %q", why, want)
		}
	}
}

// Ensure gdpr=eu with providers=azure answers from an Azure region in the
// EU/EEA, and Dutch users asking for the lowest latency are served from
// Amsterdam (Azure West Europe).
func TestAzureInEurope(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{
		Workload:  advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 120, LatencyMS: 50, Months: advisor.Months(12)},
		Users:     []advisor.UserShare{{Location: "NL", Share: 1}},
		GDPR:      advisor.GDPREU,
		Providers: []string{"azure"},
	}
	res := recommend(t, cat, req)
	if res.Pick == nil {
		t.Fatalf("pick = nil (excluded %+v)", res.Excluded)
	}
	for _, o := range options(res) {
		p := o.Placements[0]
		if c, _ := cat.Country(p.Country); p.Provider != "azure" || !c.EUEEA {
			t.Errorf("%s in %s: want an Azure region in the EU/EEA", placementID(p), p.Country)
		}
	}
	req.Objective = advisor.ObjectiveLatency
	res = recommend(t, cat, req)
	if p := res.Pick.Placements[0]; p.Region != "westeurope" || p.Metro != "ams" {
		t.Errorf("fastest for Dutch users = %s in %s, want Azure West Europe in Amsterdam", placementID(p), p.City)
	}
}

// Ensure the latency objective does not pay more for a fraction of a
// millisecond: the pick is the cheapest plan within the tie band of the
// fastest, and no cheaper plan is as fast.
func TestLatencyTieBand(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{
		Workload:  advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 120, LatencyMS: 50, Months: advisor.Months(12)},
		Users:     []advisor.UserShare{{Location: "NL", Share: 1}},
		GDPR:      advisor.GDPREU,
		Objective: advisor.ObjectiveLatency,
	}
	res := recommend(t, cat, req)
	fastest := res.Pick.Latency.WeightedMS
	for _, o := range options(res) {
		fastest = min(fastest, o.Latency.WeightedMS)
	}
	band := max(advisor.LatencyTieMS, advisor.LatencyTieShare*fastest)
	if res.Pick.Latency.WeightedMS > fastest+band {
		t.Errorf("pick at %.1f ms, outside the tie band of the fastest %.1f ms", res.Pick.Latency.WeightedMS, fastest)
	}
	for _, o := range res.Alternatives {
		if o.Latency.WeightedMS <= fastest+band && o.Total.LessThan(res.Pick.Total) {
			t.Errorf("alternative %s at %.1f ms costs %s, less than the pick's %s", placementID(o.Placements[0]), o.Latency.WeightedMS, o.Total, res.Pick.Total)
		}
	}
}

// Ensure a month of inference on a dedicated server bills the month and
// the setup fee as the provider states them, in its own currency, and a
// 4-hour training job on one pays a whole month and the setup.
func TestMonthlyServer(t *testing.T) {
	cat := realCatalog(t)
	o, ok := cat.Offer("hetzner:hel:GEX45")
	if !ok || o.Monthly == nil || o.Monthly.Setup == nil {
		t.Fatal("no Hetzner GEX45 monthly price with a setup fee")
	}
	req := advisor.Request{
		Workload:  advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 20, Months: advisor.Months(1)},
		Users:     []advisor.UserShare{{Location: "DE", Share: 1}},
		Pricing:   []catalog.PricingModel{catalog.Monthly},
		Providers: []string{"hetzner"},
		Currency:  "EUR",
	}
	res := recommend(t, cat, req)
	if res.Pick == nil || res.Pick.Placements[0].InstanceType != "GEX45" {
		t.Fatalf("pick = %+v, want the GEX45", res.Pick)
	}
	var compute, setup *advisor.Line
	for i, l := range res.Pick.Lines {
		switch l.Item {
		case "compute":
			compute = &res.Pick.Lines[i]
		case "setup":
			setup = &res.Pick.Lines[i]
		}
	}
	if compute == nil || compute.Unit != "month" || !compute.Quantity.Equal(dec("1")) || !compute.UnitPrice.Equal(o.Monthly.PerMonth) {
		t.Errorf("compute line = %+v, want 1 month at %s EUR", compute, o.Monthly.PerMonth)
	}
	if setup == nil || !setup.Quantity.Equal(dec("1")) || !setup.UnitPrice.Equal(*o.Monthly.Setup) {
		t.Errorf("setup line = %+v, want 1 × %s EUR", setup, o.Monthly.Setup)
	}
	if !res.Pick.Total.Equal(sumLines(res.Pick.Lines)) {
		t.Errorf("total %s is not the sum of its lines %s", res.Pick.Total, sumLines(res.Pick.Lines))
	}

	train := shortTraining()
	train.Providers, train.Pricing, train.Currency = []string{"hetzner"}, []catalog.PricingModel{catalog.Monthly}, "EUR"
	res = recommend(t, cat, train)
	if res.Pick == nil {
		t.Fatalf("training pick = nil (excluded %+v)", res.Excluded)
	}
	months := dec("0")
	for _, l := range res.Pick.Lines {
		if l.Item == "compute" {
			months = l.Quantity
		}
	}
	if h := res.Pick.Hours.InexactFloat64(); h > 4 || !months.Equal(dec("1")) {
		t.Errorf("a %.2f h job billed %s months, want a short job billed one whole month", h, months)
	}
}

// shortTraining is a short ResNet-50 job: one epoch of ImageNet.
func shortTraining() advisor.Request {
	return advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50", Samples: 1_281_167, Epochs: 1},
		Users:    []advisor.UserShare{{Location: "DE", Share: 1}},
	}
}

// Ensure a region whose source does not say which country it is in
// ("Europe/North America", "global") never answers a data-residency
// question, whatever country the catalog placed it in for latency, and
// serves a question without one.
func TestCountryAssumedNeverResidency(t *testing.T) {
	cat := realCatalog(t)
	assumed := map[string]bool{}
	for _, r := range cat.Regions {
		if r.CountryAssumed {
			assumed[r.Key()] = true
		}
	}
	if len(assumed) == 0 {
		t.Fatal("the catalog marks no region's country as assumed")
	}
	for _, mode := range []advisor.GDPRMode{advisor.GDPREU, advisor.GDPREUAdequacy, advisor.GDPREUSovereign, advisor.GDPRNone} {
		req := llmRequest("llama-3.3-70b")
		req.GDPR = mode
		// Serving from a region of no stated country is the buyer's call
		// (allow_unlocated), never a data-residency answer.
		req.AllowUnlocated = true
		res := recommend(t, cat, req)
		used := false
		for _, o := range options(res) {
			for _, pl := range o.Placements {
				used = used || assumed[pl.Provider+":"+pl.Region]
			}
		}
		if used != (mode == advisor.GDPRNone) {
			t.Errorf("gdpr=%s: an option in a region of assumed country = %v", mode, used)
		}
		if mode == advisor.GDPREU {
			found := false
			for _, x := range res.Excluded {
				s := locale.For(locale.EN).Text(x.ExampleText)
				found = found || strings.Contains(s, "does not say which country")
			}
			if !found {
				t.Errorf("gdpr=eu: no exclusion says a region's country is not stated: %+v", res.Excluded)
			}
		}
	}
}
