package advisor_test

import (
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// handInference is an inference request on the hand catalog: Frankfurt users
// only, one month, on-demand, GPU "a" on provider p1, 1 KB responses.
// Egress per month is rps × 3,600 s × 730 h × KB ÷ 10^6 = rps × KB × 2.628 GB.
func handInference(rps, peak float64) advisor.Request {
	return advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "img",
			RPS: rps, PeakRPS: peak, ResponseKB: 1, LatencyMS: 100, Months: advisor.Months(1)},
		Users:     []advisor.UserShare{{Location: "DE", Share: 1}},
		Pricing:   []catalog.PricingModel{catalog.OnDemand},
		GPUs:      []string{"a"},
		Providers: []string{"p1"},
	}
}

// Ensure replicas = ⌈peak ÷ (requests/s of one instance × 0.7)⌉, billed 730 h a month each; on spot, spares and an on-demand fallback for the band's interruptions.
func TestRecommendReplicas(t *testing.T) {
	cat := handCatalog(t)
	tests := []struct {
		name      string
		offer     string
		gpus      []string
		providers []string
		pricing   catalog.PricingModel
		peak      float64
		replicas  int
		compute   [3]string
		fallback  [3]string // spot only: the on-demand fallback line
	}{
		// a1 serves 2,000 requests/s; at 70 % that is 1,400.
		{"exactly at capacity", "p1:eu:a1", []string{"a"}, []string{"p1"}, catalog.OnDemand, 1400, 1, [3]string{"730", "1", "730.00"}, [3]string{}},
		{"one request over", "p1:eu:a1", []string{"a"}, []string{"p1"}, catalog.OnDemand, 1401, 2, [3]string{"1460", "1", "1460.00"}, [3]string{}},
		{"two at capacity", "p1:eu:a1", []string{"a"}, []string{"p1"}, catalog.OnDemand, 2800, 2, [3]string{"1460", "1", "1460.00"}, [3]string{}},
		// 3,000 ÷ 1,400 = 2.14 → 3; 3 × 730 h × $1.00.
		{"rounded up", "p1:eu:a1", []string{"a"}, []string{"p1"}, catalog.OnDemand, 3000, 3, [3]string{"2190", "1", "2190.00"}, [3]string{}},
		// 3 on spot in the 5–10 % band (midpoint 7.5 %): spares ⌈3 × 0.075⌉
		// = 1, so 4 × 730 h × $0.30 = 876.00; fallback 3 × 0.075 × 730 h =
		// 164.25 replica-hours × $1.00 on-demand = 164.25.
		{"spot spare", "p1:eu:a1", []string{"a"}, []string{"p1"}, catalog.Spot, 3000, 4, [3]string{"2920", "0.3", "876.00"}, [3]string{"164.25", "1", "164.25"}},
		// 8 × a, no scaling loss when serving: 16,000 × 0.7 = 11,200.
		{"eight GPUs at capacity", "p1:eu:a8", []string{"a"}, []string{"p1"}, catalog.OnDemand, 11200, 1, [3]string{"730", "6.4", "4672.00"}, [3]string{}},
		{"eight GPUs one over", "p1:eu:a8", []string{"a"}, []string{"p1"}, catalog.OnDemand, 11201, 2, [3]string{"1460", "6.4", "9344.00"}, [3]string{}},
		// 8 × b: 8 × 6,000 × 0.7 = 33,600; 33,601 → 2 × 730 h × $20.
		{"eight b", "p1:eu:b8", []string{"b"}, []string{"p1"}, catalog.OnDemand, 33601, 2, [3]string{"1460", "20", "29200.00"}, [3]string{}},
		// c is estimated at 1,000 requests/s (half of a): 700 at 70 %;
		// 1,400 → 2 × 730 h × $0.40.
		{"estimated GPU", "p2:fr:c1", []string{"c"}, []string{"p2"}, catalog.OnDemand, 1400, 2, [3]string{"1460", "0.4", "584.00"}, [3]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handInference(1, tt.peak)
			req.GPUs, req.Providers, req.Pricing = tt.gpus, tt.providers, []catalog.PricingModel{tt.pricing}
			o := optionFor(t, recommend(t, cat, req), tt.offer)
			if r := o.Placements[0].Replicas; r != tt.replicas {
				t.Errorf("Recommend() replicas = %d, want %d", r, tt.replicas)
			}
			compute := linesOf(o, "compute")
			want := 1
			if tt.pricing == catalog.Spot {
				want = 2
			}
			if len(compute) != want {
				t.Fatalf("Recommend() compute lines = %+v, want %d", compute, want)
			}
			wantLine(t, "compute", compute[0], tt.compute[0], tt.compute[1], tt.compute[2])
			if want == 2 {
				wantLine(t, "fallback", compute[1], tt.fallback[0], tt.fallback[1], tt.fallback[2])
			}
		})
	}
}

// Ensure egress is priced per month on the serving region's marginal tiers, then multiplied by the months.
func TestRecommendEgressTiers(t *testing.T) {
	cat := handCatalog(t)
	type line = [3]string
	tests := []struct {
		name       string
		offer      string
		providers  []string
		responseKB float64
		months     int
		egress     []line
		total      string
	}{
		// 2.628 GB a month, all in the first tier: × $0.10 = 0.2628 → 0.26;
		// compute 730 h × $1.00.
		{"inside the first tier", "p1:eu:a1", []string{"p1"}, 1, 1, []line{{"2.628", "0.1", "0.26"}}, "730.26"},
		// 26.28 GB: 10 GB × $0.10 = 1.00, 16.28 GB × $0.05 = 0.814 → 0.81.
		{"crossing a tier boundary", "p1:eu:a1", []string{"p1"}, 10, 1, []line{{"10", "0.1", "1.00"}, {"16.28", "0.05", "0.81"}}, "731.81"},
		// Tiers reset every month: 3 × 10 GB × $0.10 = 3.00 and 3 × 16.28
		// GB × $0.05 = 2.442 → 2.44 (not 10 GB then 68.84 GB on the
		// three months' total); compute 3 × 730 h × $1.00 = 2,190.00.
		{"tiers apply per month", "p1:eu:a1", []string{"p1"}, 10, 3, []line{{"30", "0.1", "3.00"}, {"48.84", "0.05", "2.44"}}, "2195.44"},
		// Tokyo's own tiers: 5 GB × $0.20 = 1.00, 21.28 GB × $0.12 = 2.5536
		// → 2.55; compute 730 h × $1.20 = 876.00.
		{"the region's own tiers", "p1:jp:a1", []string{"p1"}, 10, 1, []line{{"5", "0.2", "1.00"}, {"21.28", "0.12", "2.55"}}, "879.55"},
		// p2 has one flat tier: 26.28 GB × $0.08 = 2.1024 → 2.10; compute
		// 730 h × $0.90 = 657.00.
		{"one flat tier", "p2:fr:a1", []string{"p2"}, 10, 1, []line{{"26.28", "0.08", "2.10"}}, "659.10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handInference(1, 1)
			req.Providers = tt.providers
			req.Workload.ResponseKB = tt.responseKB
			req.Workload.Months = advisor.Months(tt.months)
			o := optionFor(t, recommend(t, cat, req), tt.offer)
			got := linesOf(o, "egress")
			if len(got) != len(tt.egress) {
				t.Fatalf("Recommend() egress lines = %+v, want %d", got, len(tt.egress))
			}
			for i, w := range tt.egress {
				wantLine(t, "egress", got[i], w[0], w[1], w[2])
			}
			if !o.Total.Equal(dec(tt.total)) {
				t.Errorf("Recommend() total = %s, want %s", o.Total, tt.total)
			}
		})
	}
}

// Ensure a serving deployment on a reserved term pays whole terms for its months of service.
func TestRecommendInferenceReservedTerms(t *testing.T) {
	cat := handCatalog(t)
	tests := []struct {
		name    string
		pricing catalog.PricingModel
		months  int
		hours   string
		compute [3]string
		egress  [3]string
		total   string
	}{
		// 12 × 730 = 8,760 h: one 1-year term, 8,760 h × $0.60 = 5,256.00;
		// egress 12 × 2.628 = 31.536 GB × $0.10 = 3.1536 → 3.15.
		{"one year on 1-year", catalog.Reserved1Y, 12, "8760", [3]string{"8760", "0.6", "5256.00"}, [3]string{"31.536", "0.1", "3.15"}, "5259.15"},
		// 13 × 730 = 9,490 h: two 1-year terms, 17,520 h × $0.60 =
		// 10,512.00; egress 13 × 2.628 = 34.164 GB × $0.10 = 3.4164 → 3.42.
		{"13 months on 1-year", catalog.Reserved1Y, 13, "9490", [3]string{"17520", "0.6", "10512.00"}, [3]string{"34.164", "0.1", "3.42"}, "10515.42"},
		// 12 months on a 3-year term: 26,280 h × $0.40 = 10,512.00.
		{"one year on 3-year", catalog.Reserved3Y, 12, "8760", [3]string{"26280", "0.4", "10512.00"}, [3]string{"31.536", "0.1", "3.15"}, "10515.15"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handInference(1, 1)
			req.Pricing = []catalog.PricingModel{tt.pricing}
			req.Workload.Months = advisor.Months(tt.months)
			o := optionFor(t, recommend(t, cat, req), "p1:eu:a1")
			if !o.Hours.Equal(dec(tt.hours)) {
				t.Errorf("Recommend() hours = %s, want %s", o.Hours, tt.hours)
			}
			compute, egress := linesOf(o, "compute"), linesOf(o, "egress")
			if len(compute) != 1 || len(egress) != 1 {
				t.Fatalf("Recommend() lines = %+v, want one compute and one egress line", o.Lines)
			}
			wantLine(t, "compute", compute[0], tt.compute[0], tt.compute[1], tt.compute[2])
			wantLine(t, "egress", egress[0], tt.egress[0], tt.egress[1], tt.egress[2])
			if !o.Total.Equal(dec(tt.total)) {
				t.Errorf("Recommend() total = %s, want %s", o.Total, tt.total)
			}
		})
	}
}

// Ensure the cheapest 2-region placement is proposed, replicas sized per region, when no single region meets the target.
func TestRecommendMultiRegion(t *testing.T) {
	cat := handCatalog(t)
	// 75 % of users in Germany (Frankfurt), 25 % in Japan (Tokyo); 50 ms
	// target; one request takes 10 ms on a. Round trips: Frankfurt–fra 10
	// (the base delay), Frankfurt–par 10, Tokyo–tyo 10, Tokyo–fra 230, Tokyo–par ≈ 156 (from
	// distance), Frankfurt–iad 90, Tokyo–iad 150.
	//
	// Single regions: fra or par keep only the German 75 % within 50 ms,
	// tyo only the Japanese 25 %, iad nobody. Pairs that meet the target:
	// {fra, tyo} and {par, tyo} ({fra, par, tyo} leaves par with nobody).
	// Peak 5,600 requests/s: Germany's 4,200 ÷ 1,400 = 3 replicas, Japan's
	// 1,400 ÷ 1,400 = 1. Egress at 100 requests/s × 10 KB: 2,628 GB a month,
	// 1,971 GB from Germany's region and 657 GB from Japan's.
	//   {par, tyo}: 3 × 730 h × $0.90 = 1,971.00 + 730 h × $1.20 = 876.00
	//     + 1,971 GB × $0.08 = 157.68 + Tokyo 5 GB × $0.20 = 1.00 and
	//     652 GB × $0.12 = 78.24 → 3,083.92.
	//   {fra, tyo}: 3 × 730 × $1.00 = 2,190.00 + 876.00 + 10 GB × $0.10
	//     + 1,961 GB × $0.05 = 99.05 + 79.24 → 3,244.29.
	req := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "img",
			RPS: 100, PeakRPS: 5600, ResponseKB: 10, LatencyMS: 50, Months: advisor.Months(1)},
		Users:   []advisor.UserShare{{Location: "DE", Share: 75}, {Location: "JP", Share: 25}},
		Pricing: []catalog.PricingModel{catalog.OnDemand},
		GPUs:    []string{"a"},
	}
	res := recommend(t, cat, req)
	if res.Pick == nil {
		t.Fatalf("Recommend() pick = nil, want two regions (excluded %+v)", res.Excluded)
	}
	pick := res.Pick
	type want struct {
		replicas int
		users    []string
	}
	wantPlaces := map[string]want{"p2:fr:a1": {3, []string{"DE"}}, "p1:jp:a1": {1, []string{"JP"}}}
	if len(pick.Placements) != len(wantPlaces) {
		t.Fatalf("Recommend() placements = %+v, want p2:fr:a1 and p1:jp:a1", pick.Placements)
	}
	for _, p := range pick.Placements {
		w, ok := wantPlaces[placementID(p)]
		if !ok {
			t.Fatalf("Recommend() placements = %+v, want p2:fr:a1 and p1:jp:a1", pick.Placements)
		}
		if p.Replicas != w.replicas || !slices.Equal(p.Users, w.users) {
			t.Errorf("Recommend() %s = %d replicas for %v, want %d for %v", placementID(p), p.Replicas, p.Users, w.replicas, w.users)
		}
	}
	if !pick.Total.Equal(dec("3083.92")) {
		t.Errorf("Recommend() total = %s, want 3083.92 (lines %+v)", pick.Total, pick.Lines)
	}
	lat := pick.Latency
	// Germany: 10 ms to Paris + 10 ms; Japan: the base delay 10 ms to its
	// own metro + 10 ms; weighted 0.75 × 20 + 0.25 × 20 = 20.
	if lat == nil || lat.ShareWithinTarget != 100 || lat.WeightedMS != 20 {
		t.Fatalf("Recommend() latency = %+v, want 100 %% within target, 20 ms weighted", lat)
	}
	wantGroups := map[string][2]any{"DE": {"p2:fr", 20.0}, "JP": {"p1:jp", 20.0}}
	for _, g := range lat.Groups {
		if w := wantGroups[g.Location]; g.Region != w[0] || g.TotalMS != w[1] {
			t.Errorf("Recommend() group %s = %s at %v ms, want %s at %v ms", g.Location, g.Region, g.TotalMS, w[0], w[1])
		}
	}
	expl := explanation(cat, *pick)
	if !strings.Contains(expl, "No single region keeps 95 % of users within 50 ms (the best keeps 75 %)") {
		t.Errorf("Recommend() explanation = %q, want it to say no single region meets the target", expl)
	}
	// The runner-up {fra, tyo} meets the target too, at 3,244.29.
	if len(res.Alternatives) == 0 || len(res.Alternatives[0].Placements) != 2 || !res.Alternatives[0].Total.Equal(dec("3244.29")) {
		t.Errorf("Recommend() runner-up = %+v, want fra + tyo at 3244.29", res.Alternatives)
	}
}

// Ensure that when nothing meets the latency target the closest placement is picked and the explanation says so.
func TestRecommendLatencyTargetUnreachable(t *testing.T) {
	cat := handCatalog(t)
	// Users in the Ashburn metro with a 5 ms target: the best any region
	// does is p1:us, the base delay 10 ms + 10 ms of GPU time = 20 ms, so nobody is within
	// the target anywhere, alone or in several regions.
	req := handInference(1, 1)
	req.Users = []advisor.UserShare{{Location: "iad", Share: 1}}
	req.Workload.LatencyMS = 5
	res := recommend(t, cat, req)
	if res.Pick == nil {
		t.Fatal("Recommend() pick = nil, want the closest placement: the target is a goal, not a limit")
	}
	if got := placementID(res.Pick.Placements[0]); got != "p1:us:a1" || res.Pick.Latency.ShareWithinTarget != 0 {
		t.Errorf("Recommend() pick = %s with %v %% within target, want p1:us:a1 with 0 %%", got, res.Pick.Latency.ShareWithinTarget)
	}
	if expl := explanation(cat, *res.Pick); !strings.Contains(expl, "No allowed placement") {
		t.Errorf("Recommend() explanation = %q, want it to say plainly that nothing meets the target", expl)
	}
}

// Ensure the GDPR modes keep only allowed jurisdictions and count the rest with a readable reason.
func TestRecommendGDPRModes(t *testing.T) {
	cat := handCatalog(t)
	tests := []struct {
		mode      advisor.GDPRMode
		regions   []string // regions left, sorted
		excluded  int
		example   string
		reasonFor map[string]string // region → part of the compliance reason
	}{
		{advisor.GDPRNone, []string{"p1:eu", "p1:jp", "p1:us", "p2:fr"}, 0, "", nil},
		// p1:us:a1 and p1:jp:a1 leave; the first in catalog order is the example.
		{advisor.GDPREU, []string{"p1:eu", "p2:fr"}, 2, "Provider One us (Ashburn): United States is not in the EU/EEA",
			map[string]string{"p1:eu": "Germany is in the EU/EEA", "p2:fr": "France is in the EU/EEA"}},
		// Japan (full) and the US (partial, DPF only) have adequacy decisions.
		{advisor.GDPREUAdequacy, []string{"p1:eu", "p1:jp", "p1:us", "p2:fr"}, 0, "",
			map[string]string{"p1:jp": "Japan has an EU adequacy decision (private sector)",
				"p1:us": "limited scope (only companies certified under the EU-US Data Privacy Framework)"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.mode), func(t *testing.T) {
			req := handInference(1, 1)
			req.Providers = nil
			req.GDPR = tt.mode
			res := recommend(t, cat, req)
			var regions []string
			for _, o := range options(res) {
				p := o.Placements[0]
				key := p.Provider + ":" + p.Region
				if !slices.Contains(regions, key) {
					regions = append(regions, key)
				}
				if part := tt.reasonFor[key]; !o.Compliance.OK || !strings.Contains(say(cat, o.Compliance.Text), part) {
					t.Errorf("Recommend() %s compliance = %+v, want OK with %q", key, o.Compliance, part)
				}
			}
			slices.Sort(regions)
			if !slices.Equal(regions, tt.regions) {
				t.Errorf("Recommend() regions = %v, want %v", regions, tt.regions)
			}
			var gdpr advisor.Exclusion
			for _, x := range res.Excluded {
				if x.Reason == "gdpr" {
					gdpr = x
				}
			}
			if gdpr.Count != tt.excluded || say(cat, gdpr.ExampleText) != tt.example {
				t.Errorf("Recommend() gdpr exclusions = %d (%q), want %d (%q)", gdpr.Count, say(cat, gdpr.ExampleText), tt.excluded, tt.example)
			}
		})
	}
}
