package advisor_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// placesOf names an option's places as a pick is told apart: provider,
// region, instance type and pricing model.
func placesOf(o *advisor.Option) []string {
	if o == nil {
		return nil
	}
	var out []string
	for _, p := range o.Placements {
		out = append(out, p.Provider+":"+p.Region+":"+p.InstanceType+"/"+string(p.Pricing))
	}
	return out
}

// sized is an option's places with their counts, and its total: what a
// change's new pick must say as the answer at its value says it.
func sized(o *advisor.Option) string {
	if o == nil {
		return "none"
	}
	s := o.Total.String()
	for _, p := range o.Placements {
		s += fmt.Sprintf(" %d×%s:%s:%s/%s (%d instances)", p.Replicas, p.Provider, p.Region, p.InstanceType, p.Pricing, p.Instances)
	}
	return s
}

// Ensure every break-even a what-if reports is one: the question asked
// at it answers the change's new pick, with the same counts and total, and
// asked just before it (on the question's side, within the stated
// precision, or a month before) answers the question's own pick. The
// questions: light serving where a CPU server wins, GPU serving in the US
// with reserved prices, in Europe under GDPR, on a budget, on spot only,
// CPU servers only, an answer over two continents, and training.
func TestWhatIfBreakEvensAreWhereThePickChanges(t *testing.T) {
	cat := realCatalog(t)
	for _, tt := range []struct {
		name  string
		req   advisor.Request
		wants []string // parameters that must change
	}{
		{"ResNet-50 20 req/s EU", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 20},
			Users: euUsers, GDPR: advisor.GDPREU}, []string{advisor.WhatIfPeakRPS, advisor.WhatIfPricing}},
		{"BERT-large 300 req/s US", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 300},
			Users: []advisor.UserShare{{Location: "US", Share: 100}}, Accelerator: advisor.AcceleratorGPU}, []string{advisor.WhatIfPeakRPS}},
		{"BERT-large 40 req/s EU under GDPR", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 40, PeakRPS: 90},
			Users: euUsers, GDPR: advisor.GDPREU}, nil},
		{"ResNet-50 150 req/s DE/US/JP, 80 ms", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80},
			Users: []advisor.UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}}}, nil},
		{"BERT-large 100 req/s JP on spot, 6 months", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 100, Months: advisor.Months(6)},
			Users: []advisor.UserShare{{Location: "JP", Share: 100}}, Pricing: []catalog.PricingModel{catalog.OnDemand, catalog.Spot}}, nil},
		{"ResNet-50 200 req/s US on a budget", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 200},
			Users: []advisor.UserShare{{Location: "US", Share: 100}}, Budget: ptr(decimal.NewFromInt(6000))}, nil},
		{"ResNet-50 60 req/s BR, CPU servers only", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 60},
			Users: []advisor.UserShare{{Location: "BR", Share: 100}}, Accelerator: advisor.AcceleratorCPU}, nil},
		{"Llama 3.1 8B in FP8 5 req/s US, 40 ms a token", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 5, PeakRPS: 8, TPOTMS: 40, Precision: catalog.PrecisionFP8},
			Users: []advisor.UserShare{{Location: "US", Share: 100}}}, []string{advisor.WhatIfTPOTMS}},
		{"ResNet-50 training by a deadline", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50", DeadlineHours: 8},
			Users: []advisor.UserShare{{Location: "US", Share: 100}}}, []string{advisor.WhatIfDeadline}},
	} {
		wi, err := advisor.RecommendWhatIf(cat, tt.req)
		if err != nil || wi.Result.Pick == nil {
			t.Fatalf("%s: %v, pick %v", tt.name, err, wi.Result.Pick)
		}
		base := placesOf(wi.Result.Pick)
		asked := wi.Result.Request
		var seen []string
		for _, c := range wi.Changes {
			seen = append(seen, c.Parameter)
			if c.Parameter == advisor.WhatIfPricing {
				r := asked
				r.Pricing = slices.DeleteFunc(slices.Clone(asked.Pricing), func(p catalog.PricingModel) bool { return p == c.Left })
				if got := recommend(t, cat, r).Pick; sized(got) != sized(&c.Pick) || slices.Equal(placesOf(got), base) {
					t.Errorf("%s: without %s the pick is %v; the change says %v (the question's %v)", tt.name, c.Left, sized(got), sized(&c.Pick), base)
				}
				continue
			}
			before := c.To / (1 + advisor.WhatIfPrecision)
			if c.To < c.From {
				before = c.To * (1 + advisor.WhatIfPrecision)
			}
			if c.Parameter == advisor.WhatIfMonths {
				before = c.To - math.Copysign(1, c.To-c.From)
			}
			at := func(x float64) *advisor.Option {
				r := asked
				switch c.Parameter {
				case advisor.WhatIfPeakRPS:
					r.Workload.PeakRPS, r.Workload.RPS = x, asked.Workload.RPS*x/asked.Workload.PeakRPS
				case advisor.WhatIfRPS:
					r.Workload.RPS = x
				case advisor.WhatIfMonths:
					r.Workload.Months = advisor.Months(int(x))
				case advisor.WhatIfLatencyMS:
					r.Workload.LatencyMS = x
				case advisor.WhatIfTTFTMS:
					r.Workload.LatencyMS, r.Workload.TTFTMS = x, asked.Workload.TTFTMS*x/asked.Workload.LatencyMS
				case advisor.WhatIfTPOTMS:
					r.Workload.TPOTMS = x
				case advisor.WhatIfDeadline:
					r.Workload.DeadlineHours = x
				}
				return recommend(t, cat, r).Pick
			}
			if got := at(c.To); sized(got) != sized(&c.Pick) || slices.Equal(placesOf(got), base) {
				t.Errorf("%s: %s at %v answers %v; the change says %v (the question's %v)", tt.name, c.Parameter, c.To, sized(got), sized(&c.Pick), base)
			}
			if got := placesOf(at(before)); !slices.Equal(got, base) {
				t.Errorf("%s: %s just before the break-even (%v, from %v to %v) answers %v, not the question's %v", tt.name, c.Parameter, before, c.From, c.To, got, base)
			}
			if c.Text.ID == "" || c.Pick.Total.IsZero() {
				t.Errorf("%s: %s change without its sentence or total", tt.name, c.Parameter)
			}
		}
		for _, p := range tt.wants {
			if !slices.Contains(seen, p) {
				t.Errorf("%s: no %s change among %v", tt.name, p, seen)
			}
		}
	}
}

// Ensure a what-if says how much work it did: the questions it worked out
// in full (its own included), never more than the variations it answered
// and its own, every one of them where no plans built once answer them
// (an LLM's).
func TestWhatIfCountsQuestionsAsked(t *testing.T) {
	cat := realCatalog(t)
	for _, tt := range []struct {
		name string
		req  advisor.Request
		all  bool
	}{
		{"resnet50", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80},
			Users: []advisor.UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}}}, false},
		{"llm", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 5, TPOTMS: 50},
			Users: []advisor.UserShare{{Location: "US", Share: 60}, {Location: "DE", Share: 40}}}, true},
	} {
		wi, err := advisor.RecommendWhatIf(cat, tt.req)
		if err != nil {
			t.Fatal(err)
		}
		if wi.Asked < 2 || wi.Asked > wi.Variations+1 || (tt.all && wi.Asked != wi.Variations+1) {
			t.Errorf("%s: %d asked in full of %d variations and its own", tt.name, wi.Asked, wi.Variations)
		}
		t.Logf("%s: %d questions in full for %d variations", tt.name, wi.Asked, wi.Variations)
	}
}
