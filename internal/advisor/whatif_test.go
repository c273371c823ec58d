package advisor_test

import (
	"math"
	"slices"
	"testing"

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

// Ensure every break-even a what-if reports is one: the question asked
// at it answers the change's new pick, and asked just before it (on the
// question's side, within the stated precision, or a month before) answers
// the question's own pick. Three questions: light serving where a CPU
// server wins, GPU serving in the US with reserved prices, and training.
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
				if got := placesOf(recommend(t, cat, r).Pick); !slices.Equal(got, placesOf(&c.Pick)) || slices.Equal(got, base) {
					t.Errorf("%s: without %s the pick is %v; the change says %v (the question's %v)", tt.name, c.Left, got, placesOf(&c.Pick), base)
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
			at := func(x float64) []string {
				r := asked
				switch c.Parameter {
				case advisor.WhatIfPeakRPS:
					r.Workload.PeakRPS, r.Workload.RPS = x, asked.Workload.RPS*x/asked.Workload.PeakRPS
				case advisor.WhatIfMonths:
					r.Workload.Months = int(x)
				case advisor.WhatIfLatencyMS:
					r.Workload.LatencyMS = x
				case advisor.WhatIfDeadline:
					r.Workload.DeadlineHours = x
				}
				return placesOf(recommend(t, cat, r).Pick)
			}
			if got := at(c.To); !slices.Equal(got, placesOf(&c.Pick)) || slices.Equal(got, base) {
				t.Errorf("%s: %s at %v answers %v; the change says %v (the question's %v)", tt.name, c.Parameter, c.To, got, placesOf(&c.Pick), base)
			}
			if got := at(before); !slices.Equal(got, base) {
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
