package advisor_test

import (
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Ensure the spot note says "less" when spot is cheaper and "more" when dearer, with the hand-computed percentage.
func TestRecommendSpotNote(t *testing.T) {
	cat := handCatalog(t)
	tests := []struct {
		name string
		req  func() advisor.Request
		want string
	}{
		{
			// Serving 36 months from p1:eu:a1 with 1 replica: 3-year term
			// 26,280 h × $0.40 = 10,512.00; spot (band 5–10 %, midpoint
			// 7.5 %) needs a spare replica: 2 × 26,280 h × $0.30 =
			// 15,768.00, and an on-demand fallback of 1 × 0.075 × 26,280 =
			// 1,971 h × $1.00 = 1,971.00. Egress is the same for both (36 ×
			// 2.628 GB × $0.10 = 9.46): 17,748.46 ÷ 10,521.46 = 1.6869, 69 %
			// more.
			name: "inference, spot dearer for its spare replica and fallback",
			req: func() advisor.Request {
				r := handInference(1, 1)
				r.Pricing = []catalog.PricingModel{catalog.Spot, catalog.Reserved3Y}
				r.Workload.Months = advisor.Months(36)
				return r
			},
			want: "Spot would cost 69 % more than this",
		},
		{
			// Fastest first: p1:eu:a8 on-demand, 3.6e7 images ÷ 6,400 img/s =
			// 1.5625 h × $6.40 = 10.00 + 0.003 storage. On spot (>20 %, λ =
			// 0.2876821 ÷ 730 = 3.94085e-4, τ = 0.5 h) the job takes 1.5625 ×
			// 1.000138 = 1.56272 h × $2.00 = 3.1254 + 0.0031 = 3.1286:
			// 1 − 3.1286 ÷ 10.0031 = 69 % less, but slower.
			name: "training, spot cheaper but slower",
			req: func() advisor.Request {
				r := handTraining(3_600_000, 10)
				r.Providers = []string{"p1"}
				r.Pricing = []catalog.PricingModel{catalog.OnDemand, catalog.Spot}
				r.Objective = advisor.ObjectiveLatency
				return r
			},
			want: "Spot would cost 69 % less, but expected interruptions add",
		},
		{
			// Cheapest: p1:us:a1 on spot, 10 h × 1.000064 × $0.25 = 2.50 +
			// 0.02 storage, against on-demand 10 h × $0.80 + 0.02 = 8.02:
			// 1 − 2.5202 ÷ 8.02 = 69 %.
			name: "training, spot picked",
			req: func() advisor.Request {
				r := handTraining(3_600_000, 10)
				r.Providers = []string{"p1"}
				r.Pricing = []catalog.PricingModel{catalog.OnDemand, catalog.Spot}
				return r
			},
			want: "Spot saves 69 % against on-demand",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := recommend(t, cat, tt.req())
			if res.Pick == nil {
				t.Fatalf("Recommend() pick = nil, excluded %+v", res.Excluded)
			}
			if got := explanation(cat, *res.Pick); !strings.Contains(got, tt.want) {
				t.Errorf("Recommend() explanation = %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

// Ensure each filter counts what it rules out under its own reason, in order, with an example naming the offer.
func TestRecommendExclusionReasons(t *testing.T) {
	cat := handCatalog(t)
	// The llm profile needs 30 GB of GPU memory and is measured on b only.
	req := advisor.Request{
		Workload:  advisor.Workload{Kind: catalog.KindInference, Profile: "llm", RPS: 1},
		Users:     []advisor.UserShare{{Location: "DE", Share: 1}},
		Providers: []string{"p1"},
		Pricing:   []catalog.PricingModel{catalog.Reserved1Y},
		GDPR:      advisor.GDPREUAdequacy,
	}
	res := recommend(t, cat, req)
	// p2's two offers: provider. p1:eu:a1, p1:us:a1, p1:jp:a1 (24 GB):
	// memory. p1:eu:a8 (8 × 24 GB; its throughput scaled from b by TFLOPS)
	// and p1:eu:b8 have no 1-year price: pricing. Nothing is left.
	want := []struct {
		reason string
		count  int
		part   string
	}{
		{"provider", 2, "Provider Two fr (Paris): provider Provider Two is not in the allowed list"},
		{"memory", 3, "Provider One eu (Frankfurt) a1: 24 GB of GPU memory, Serving-only model needs 30 GB"},
		{"pricing", 2, "Provider One eu (Frankfurt) a8: not offered as 1-year reserved"},
	}
	if res.Pick != nil || len(res.Excluded) != len(want) {
		t.Fatalf("Recommend() = pick %v, excluded %+v; want no pick and %d reasons", res.Pick, res.Excluded, len(want))
	}
	for i, w := range want {
		x := res.Excluded[i]
		if x.Reason != w.reason || x.Count != w.count || say(cat, x.ExampleText) != w.part {
			t.Errorf("Recommend() excluded[%d] = %+v, want %d × %s, example %q", i, x, w.count, w.reason, w.part)
		}
	}
}
