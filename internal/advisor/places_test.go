package advisor_test

import (
	"strconv"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// risksOf lists an option's risks of a kind, as English sentences.
func risksOf(cat *catalog.Catalog, o advisor.Option, kind string) []string {
	var out []string
	for _, r := range o.Risks {
		if r.Kind == kind {
			out = append(out, say(cat, r.Message))
		}
	}
	return out
}

func chinaServing(countries ...string) advisor.Request {
	return advisor.Request{
		Workload:  advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, LatencyMS: 100, Months: advisor.Months(12)},
		Users:     []advisor.UserShare{{Location: "CN", Share: 1}},
		Countries: countries,
	}
}

// Ensure users in mainland China served from outside it see the border
// in their latency (at least 45 ms, the path marked cross-border) and a
// regulatory risk naming the filter and PIPL; served from inside, the risk
// names the ICP filing and the separate account.
func TestChinaAcrossAndWithinTheBorder(t *testing.T) {
	cat := realCatalog(t)
	outside := recommend(t, cat, chinaServing("KR", "JP", "HK", "SG", "TW"))
	if outside.Pick == nil {
		t.Fatal("no pick from outside mainland China")
	}
	for _, o := range options(outside) {
		if o.Latency.WeightedMS < 45 {
			t.Errorf("%s serves China from outside at %.1f ms, want at least 45", placementID(o.Placements[0]), o.Latency.WeightedMS)
		}
		if g := o.Latency.Groups[0]; !g.CrossBorder {
			t.Errorf("%s: the path from China is not marked cross-border: %+v", placementID(o.Placements[0]), g)
		}
		if rs := risksOf(cat, o, advisor.RiskRegulatory); len(rs) == 0 || !strings.Contains(rs[0], "filtered") || !strings.Contains(rs[0], "PIPL") {
			t.Errorf("%s: regulatory risks %q, want the border filter and PIPL", placementID(o.Placements[0]), rs)
		}
	}
	inside := recommend(t, cat, chinaServing("CN"))
	if inside.Pick == nil {
		t.Fatal("no pick inside mainland China")
	}
	rs := strings.Join(risksOf(cat, *inside.Pick, advisor.RiskRegulatory), " ")
	for _, want := range []string{"ICP filing", "account of its own"} {
		if !strings.Contains(rs, want) {
			t.Errorf("a mainland pick's regulatory risks %q lack %q", rs, want)
		}
	}
	if inside.Pick.Latency.Groups[0].CrossBorder {
		t.Error("a mainland pick's users are marked across the border")
	}
	noPrice := false
	for _, x := range inside.Excluded {
		noPrice = noPrice || (x.Reason == "no_public_price" && x.Count > 0)
	}
	if !noPrice {
		t.Errorf("the mainland regions without a public price are not said: %+v", inside.Excluded)
	}
}

// Ensure no serving option is a region whose source states no country
// unless the buyer allows it, and that a region whose city is not stated
// reports its round trips as a range, judged on the worse end.
func TestUnlocatedRegionsNeverAnswerLatency(t *testing.T) {
	cat := realCatalog(t)
	unlocated := map[string]bool{}
	for _, r := range cat.Regions {
		if !r.Located() {
			unlocated[r.Key()] = true
		}
	}
	for _, users := range [][]advisor.UserShare{{{Location: "US", Share: 1}}, {{Location: "DE", Share: 1}}, {{Location: "FR", Share: 2}, {Location: "GB", Share: 1}}} {
		for _, allow := range []bool{false, true} {
			req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 200, LatencyMS: 80},
				Users: users, AllowUnlocated: allow, Providers: []string{"genesiscloud", "aime", "sesterce", "exoscale", "civo", "aws"}}
			res := recommend(t, cat, req)
			used := false
			for _, o := range options(res) {
				for _, p := range o.Placements {
					used = used || unlocated[p.Provider+":"+p.Region]
				}
				if used && allow {
					for _, g := range o.Latency.Groups {
						if g.RTTRangeMS == nil || g.RTTRangeMS[1] != g.RTTMS || g.RTTRangeMS[0] > g.RTTRangeMS[1] {
							t.Errorf("%v: an unlocated option's group %s has round trip %.1f ms and range %v", users, g.Location, g.RTTMS, g.RTTRangeMS)
						}
					}
				}
			}
			if used && !allow {
				t.Errorf("%v: a region whose country is not stated serves without allow_unlocated", users)
			}
		}
	}
	res := recommend(t, cat, advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50},
		Users: []advisor.UserShare{{Location: "FI", Share: 1}}, Providers: []string{"verda"}})
	if res.Pick == nil {
		t.Fatal("no pick from Verda's Finnish regions")
	}
	for _, g := range res.Pick.Latency.Groups {
		if g.RTTRangeMS == nil || g.RTTRangeMS[1] != g.RTTMS {
			t.Errorf("a region whose city is not stated reports %.1f ms, range %v", g.RTTMS, g.RTTRangeMS)
		}
	}
	if p := res.Pick.Placements[0]; p.City != "" || strings.Contains(explanation(cat, *res.Pick), "(fin-") {
		t.Errorf("the pick names a city or its region id: %q, %q", p.City, explanation(cat, *res.Pick))
	}
}

// Ensure the 70B model at 500 requests/s for US users either carries a
// capacity risk naming how many instances it needs, or asks no more of a
// provider than it sells. Sized on TensorRT-LLM in FP8, the pick is a GPU
// a provider lists without confirming capacity.
func TestCapacityOfALargeLLMService(t *testing.T) {
	cat := realCatalog(t)
	res := recommend(t, cat, advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 500, Months: advisor.Months(12), Engine: "trtllm", Precision: catalog.PrecisionFP8},
		Users: []advisor.UserShare{{Location: "US", Share: 1}}})
	if res.Pick == nil {
		t.Fatal("no pick")
	}
	n := 0
	for _, p := range res.Pick.Placements {
		n += p.Instances
	}
	rs := strings.Join(risksOf(cat, *res.Pick, advisor.RiskCapacity), " ")
	if n > 1 && !strings.Contains(rs, strconv.Itoa(n)) {
		t.Errorf("%d instances, capacity risks %q: want the quantity named", n, rs)
	}
}

// Ensure a training job beyond a provider's published quota says so,
// with the quantity and the quota.
func TestCapacityBeyondAQuota(t *testing.T) {
	cat := realCatalog(t)
	res := recommend(t, cat, advisor.Request{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50", DeadlineHours: 2},
		Providers: []string{"aws"}, Pricing: []catalog.PricingModel{catalog.OnDemand}})
	if res.Pick == nil {
		t.Fatal("no pick")
	}
	rs := strings.Join(risksOf(cat, *res.Pick, advisor.RiskCapacity), " ")
	if !strings.Contains(rs, "vCPUs") || !strings.Contains(rs, "128") {
		t.Errorf("capacity risks %q: want the vCPUs asked against the 128 a new account gets", rs)
	}
}

// Ensure min_regions=2 serves from two metros, each able to carry the
// peak alone, says where each group goes when its region fails and what
// the redundancy costs over the single answer.
func TestFailoverTwoRegions(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 100, PeakRPS: 150, LatencyMS: 100, Months: advisor.Months(12)},
		Users: []advisor.UserShare{{Location: "DE", Share: 1}}, MinRegions: 2}
	res := recommend(t, cat, req)
	single := recommend(t, cat, advisor.Request{Workload: req.Workload, Users: req.Users})
	if res.Pick == nil || single.Pick == nil {
		t.Fatal("no pick")
	}
	p := res.Pick
	if len(p.Placements) < 2 || p.Placements[0].Metro == p.Placements[1].Metro {
		t.Fatalf("placements %+v, want two metros", p.Placements)
	}
	// Each place's sizing, as its sentence states it: instances × what
	// each handles at the target utilisation.
	sized := 0
	for _, w := range p.Why {
		if w.ID != "why.serving.at" && w.ID != "why.serving.at.one" {
			continue
		}
		sized++
		instances, perInstance := *w.Args[0].Num, *w.Args[4].Num
		if capacity := instances * perInstance * advisor.TargetUtilisation; capacity < req.Workload.PeakRPS-1e-9 {
			t.Errorf("%s carries %.0f requests/s at %.0f %% utilisation, not the peak of %.0f alone", say(cat, w), capacity, 100*advisor.TargetUtilisation, req.Workload.PeakRPS)
		}
	}
	if sized != len(p.Placements) {
		t.Errorf("%d sentences on how the places are sized, want %d", sized, len(p.Placements))
	}
	f := p.Failover
	if f == nil || f.Regions != len(p.Placements) || len(f.Groups) != 1 || f.ExtraCost == nil {
		t.Fatalf("failover %+v", f)
	}
	if !f.ExtraCost.Equal(p.Total.Sub(single.Pick.Total)) || !f.ExtraCost.IsPositive() {
		t.Errorf("extra cost %s, want %s − %s", f.ExtraCost, p.Total, single.Pick.Total)
	}
	if !strings.Contains(explanation(cat, *p), "the redundancy costs") {
		t.Errorf("explanation %q does not say what the redundancy costs", explanation(cat, *p))
	}
}
