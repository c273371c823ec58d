package advisor_test

import (
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Ensure an LLM answer never serves from a host that cannot load or feed
// the model: the 70B question on H100s, and an 8B model at a
// load of thousands of GPUs, pick and list only offers whose host has
// memory for the weights in the precision served and two vCPUs per GPU,
// and say how many offers their host ruled out (the 2-vCPU, 4-GiB shapes
// sold beside an 80 GB GPU among them).
func TestLLMHostCanLoadTheModel(t *testing.T) {
	cat := realCatalog(t)
	seventy := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 5, InputTokens: 1000, OutputTokens: 300,
			TTFTMS: 800, TPOTMS: 60, Months: advisor.Months(1)},
		Users: []advisor.UserShare{{Location: "US", Share: 100}}, GPUs: []string{"h100"},
	}
	eight := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 100000, Months: advisor.Months(1)},
		Users:    []advisor.UserShare{{Location: "US", Share: 100}},
	}
	for _, req := range []advisor.Request{seventy, eight} {
		res, err := advisor.Recommend(cat, req)
		if err != nil || res.Pick == nil {
			t.Fatalf("%s: no pick: %v", req.Workload.Profile, err)
		}
		p, _ := cat.Profile(req.Workload.Profile)
		model := p.LLM.ServingModel("")
		for _, o := range append([]advisor.Option{*res.Pick}, res.Alternatives...) {
			format := catalog.ServingFormat(o.Serving.Precision)
			for _, pl := range o.Placements {
				offer, ok := cat.Offer(pl.Provider + ":" + pl.Region + ":" + pl.InstanceType)
				if !ok {
					t.Fatalf("%s: no offer %s:%s:%s", req.Workload.Profile, pl.Provider, pl.Region, pl.InstanceType)
				}
				if vcpus, need, mem, weights, ok := catalog.ServingHostShortfall(&offer, model, format); !ok {
					t.Errorf("%s: %s serves %s with %d vCPUs (need %d) and %.0f GiB for %.1f GB of weights",
						req.Workload.Profile, pl.InstanceType, o.Serving.Precision, vcpus, need, mem, weights)
				}
			}
		}
		host := 0
		for _, x := range res.Excluded {
			if x.Reason == "host" {
				host = x.Count
			}
		}
		if host == 0 {
			t.Errorf("%s: no offer ruled out by its host, though the catalog sells 2-vCPU, 4-GiB hosts beside 80 GB GPUs", req.Workload.Profile)
		}
	}
}
