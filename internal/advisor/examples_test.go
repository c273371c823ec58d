package advisor_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// apiExample is the request of API.md's POST /api/v1/advice, verbatim.
const apiExample = `{
  "workload": {"kind": "inference", "profile": "bert-large", "precision": "mixed",
               "samples": 0, "epochs": 0, "deadline_hours": 0,
               "rps": 50, "peak_rps": 120, "response_kb": 4, "latency_ms": 100, "months": 12},
  "users": [{"location": "DE", "share": 60}, {"location": "US", "share": 40}],
  "gdpr": "eu",
  "data": {"dataset_gb": 150, "location": "aws:eu-central-1"},
  "pricing": ["on_demand", "spot", "reserved_1y", "reserved_3y"],
  "checkpoint_minutes": 30,
  "providers": [], "gpus": [],
  "budget": "5000",
  "objective": "cost",
  "currency": "USD"
}`

// Ensure API.md's example request decodes and its budget is a hard limit:
// BERT-large at 120 requests/s peak in FP16 for a year costs more than
// 1,000 USD on any GPU in the catalog (the cheapest, a V100 in Finland at
// 0.1381 USD/h, is 1,210 USD a year alone), so with that budget the answer
// is no pick with the budget saying why; within its 5,000 USD every option
// fits; with room in the budget it is an EU answer, both user groups in
// the latency table.
func TestRecommendAPIExample(t *testing.T) {
	cat := realCatalog(t)
	req, err := advisor.DecodeRequest(strings.NewReader(apiExample))
	if err != nil {
		t.Fatalf("DecodeRequest(API.md example) error = %v", err)
	}
	res := recommend(t, cat, req)
	if res.CatalogVersion != cat.Version.ID || res.Currency != "USD" {
		t.Errorf("Recommend() catalog version, currency = %q, %q, want %q, USD", res.CatalogVersion, res.Currency, cat.Version.ID)
	}
	for _, o := range options(res) {
		if o.Total.GreaterThan(*req.Budget) {
			t.Errorf("Recommend() option %s at %s, over the budget of 5,000 USD", placementID(o.Placements[0]), o.Total)
		}
	}
	tight := dec("1000")
	req.Budget = &tight
	res = recommend(t, cat, req)
	if res.Pick != nil {
		t.Errorf("Recommend() pick = %s at %s, want none within 1,000 USD", placementID(res.Pick.Placements[0]), res.Pick.Total)
	}
	budget := slices.IndexFunc(res.Excluded, func(x advisor.Exclusion) bool { return x.Reason == "budget" })
	if budget < 0 || !strings.Contains(say(cat, res.Excluded[budget].ExampleText), "is over the budget of 1,000 USD") {
		t.Errorf("Recommend() excluded = %+v, want the offers over the budget counted", res.Excluded)
	}
	roomy := dec("50000")
	req.Budget = &roomy
	res = recommend(t, cat, req)
	if res.Pick == nil {
		t.Fatalf("Recommend() with 50,000 USD: pick = nil, want one (excluded %+v)", res.Excluded)
	}
	for _, o := range options(res) {
		for _, p := range o.Placements {
			if c, _ := cat.Country(p.Country); !c.EUEEA {
				t.Errorf("Recommend() placement %s is in %s, want the EU/EEA (gdpr=eu)", placementID(p), c.Name)
			}
		}
		if o.Total.GreaterThan(roomy) || !o.Total.Equal(sumLines(o.Lines)) {
			t.Errorf("Recommend() total = %s, want at most 50000 and the sum of lines %s", o.Total, sumLines(o.Lines))
		}
	}
	lat := res.Pick.Latency
	if lat == nil || len(lat.Groups) != 2 || lat.Groups[0].Location != "DE" || lat.Groups[1].Location != "US" {
		t.Fatalf("Recommend() latency = %+v, want groups DE and US", lat)
	}
	// German users sit next to an EU region; American ones cross the Atlantic.
	if de, us := lat.Groups[0], lat.Groups[1]; de.WithinTarget != 100 || us.RTTMS <= de.RTTMS {
		t.Errorf("Recommend() latency DE = %+v, US = %+v, want DE within target and US further away", de, us)
	}
	gdpr := false
	for _, x := range res.Excluded {
		gdpr = gdpr || (x.Reason == "gdpr" && x.Count > 0 && strings.Contains(say(cat, x.ExampleText), "is not in the EU/EEA"))
	}
	if !gdpr {
		t.Errorf("Recommend() excluded = %+v, want the non-EU regions counted under gdpr", res.Excluded)
	}
}

// Ensure German users with gdpr=eu get an EU/EEA region and users in
// mainland China a mainland region or a nearby Asian one, never Europe.
func TestRecommendDoneWhenRegions(t *testing.T) {
	cat := realCatalog(t)
	eu := func(c catalog.Country) bool { return c.EUEEA }
	nearChina := func(c catalog.Country) bool {
		return slices.Contains([]string{"CN", "HK", "TW", "JP", "KR", "SG"}, c.Code)
	}
	tests := []struct {
		name    string
		users   []advisor.UserShare
		gdpr    advisor.GDPRMode
		profile string
		ok      func(catalog.Country) bool
		where   string
	}{
		{"German users, gdpr=eu, BERT", []advisor.UserShare{{Location: "DE", Share: 1}}, advisor.GDPREU, "bert-large", eu, "the EU/EEA"},
		{"German users, gdpr=eu, ResNet-50", []advisor.UserShare{{Location: "DE", Share: 1}}, advisor.GDPREU, "resnet50", eu, "the EU/EEA"},
		{"Berlin users, gdpr=eu, LLM", []advisor.UserShare{{Location: "ber", Share: 1}}, advisor.GDPREU, "gptj-6b", eu, "the EU/EEA"},
		{"Chinese users, BERT", []advisor.UserShare{{Location: "CN", Share: 1}}, advisor.GDPRNone, "bert-large", nearChina, "CN, HK, TW, JP, KR or SG"},
		{"Chinese users, ResNet-50", []advisor.UserShare{{Location: "CN", Share: 1}}, advisor.GDPRNone, "resnet50", nearChina, "CN, HK, TW, JP, KR or SG"},
		{"Shanghai users, LLM", []advisor.UserShare{{Location: "sha", Share: 1}}, advisor.GDPRNone, "gptj-6b", nearChina, "CN, HK, TW, JP, KR or SG"},
	}
	for _, tt := range tests {
		for _, objective := range []string{advisor.ObjectiveCost, advisor.ObjectiveLatency, advisor.ObjectiveBalanced} {
			t.Run(tt.name+"/"+objective, func(t *testing.T) {
				req := advisor.Request{
					Workload:  advisor.Workload{Kind: catalog.KindInference, Profile: tt.profile, RPS: 50, PeakRPS: 120},
					Users:     tt.users,
					GDPR:      tt.gdpr,
					Objective: objective,
				}
				res := recommend(t, cat, req)
				if res.Pick == nil {
					t.Fatalf("Recommend() pick = nil (excluded %+v)", res.Excluded)
				}
				for _, p := range res.Pick.Placements {
					if c, _ := cat.Country(p.Country); !tt.ok(c) {
						t.Errorf("Recommend() pick region = %s in %s, want %s", placementID(p), c.Name, tt.where)
					}
				}
			})
		}
	}
}

// Ensure a tight ResNet-50 ImageNet deadline gets enough nodes to finish in time, and not one more than needed.
func TestRecommendDoneWhenDeadline(t *testing.T) {
	cat := realCatalog(t)
	const images = 1_281_167 * 90 // ImageNet-1k, 90 epochs: 115,305,030 images
	for _, deadline := range []float64{24, 8, 2, 0.5} {
		t.Run(fmt.Sprintf("%g h", deadline), func(t *testing.T) {
			req := advisor.Request{
				Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50", DeadlineHours: deadline},
				Pricing:  []catalog.PricingModel{catalog.OnDemand},
			}
			res := recommend(t, cat, req)
			if res.Pick == nil {
				t.Fatalf("Recommend() pick = nil (excluded %+v)", res.Excluded)
			}
			p := res.Pick.Placements[0]
			if hours := res.Pick.Hours.InexactFloat64(); hours > deadline {
				t.Errorf("Recommend() hours = %v, over the %v h deadline", hours, deadline)
			}
			gpu, _ := cat.GPU(p.GPU)
			interconnect, vcpus := gpu.Interconnect, 0
			for _, o := range cat.Offers {
				if o.Provider == p.Provider && o.Region == p.Region && o.InstanceType == p.InstanceType {
					vcpus = o.VCPUs
					if o.Interconnect != "" {
						interconnect = map[string]string{catalog.InterconnectNVSwitch: catalog.InterconnectNVLink}[o.Interconnect]
						if interconnect == "" {
							interconnect = o.Interconnect
						}
					}
				}
			}
			node := func() float64 {
				if f, ok := cat.Throughput(p.GPU, "resnet50", catalog.KindTraining, catalog.PrecisionMixed, p.GPUCount); ok && p.GPUCount > 1 {
					return f.Value
				}
				return res.Pick.Throughput.PerGPU * float64(p.GPUCount) * cat.Efficiency(catalog.ScopeNode, interconnect, p.GPUCount)
			}()
			// The instance's vCPUs bound it when they prepare fewer images
			// than its GPUs could train on.
			prof, _ := cat.Profile("resnet50")
			if b := prof.CPUFor(catalog.KindTraining); b != nil && vcpus > 0 {
				node = math.Min(node, float64(vcpus)*b.PerVCPU)
			}
			hoursOn := func(nodes int) float64 {
				return images / (node * float64(nodes) * cat.Efficiency(catalog.ScopeCluster, "", nodes)) / 3600
			}
			if want := hoursOn(p.Nodes); !near(res.Pick.Hours.InexactFloat64(), want, 0.01*want+0.005) {
				t.Errorf("Recommend() hours = %s on %d × %s (%v img/s a node), want %.2f", res.Pick.Hours, p.Nodes, p.InstanceType, node, want)
			}
			// An estimated throughput must meet the deadline at the edge of
			// its method's error band: the fewest nodes that do at that pace.
			slow := 1.0
			if f, ok := cat.Throughput(p.GPU, "resnet50", catalog.KindTraining, catalog.PrecisionMixed, 1); ok && f.Estimated && !f.Unvalidated {
				slow = 1 - math.Min(f.ErrorPct/100, 0.9)
			}
			if p.Nodes > 1 && hoursOn(p.Nodes-1)/slow <= deadline {
				t.Errorf("Recommend() nodes = %d, but %d would finish in %.2f h (%.2f at the band's edge), within %v",
					p.Nodes, p.Nodes-1, hoursOn(p.Nodes-1), hoursOn(p.Nodes-1)/slow, deadline)
			}
			if hoursOn(p.Nodes)/slow > deadline+0.005 {
				t.Errorf("Recommend() %d nodes finish in %.2f h at the band's edge, over the %v h deadline", p.Nodes, hoursOn(p.Nodes)/slow, deadline)
			}
			if deadline <= 2 && p.Nodes*p.GPUCount < 8 {
				// 115,305,030 images in 2 h need 16,015 img/s: more than
				// any single GPU's 3,079 (H200), so several GPUs at least.
				t.Errorf("Recommend() = %d × %d GPUs, want several for a %v h deadline", p.Nodes, p.GPUCount, deadline)
			}
		})
	}
}
