package advisor_test

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// The figures an answer's decision card says beside its total: buying
// tokens or hosting, the cheapest answer meeting the target, a lower
// precision's saving, and confidence words that fit the verdict.

// llama70BPreset is the 70B question of the form's presets, ranked by
// objective: users on four continents, 8 requests/s (20 at peak).
func llama70BPreset(objective string) advisor.Request {
	return advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 8, PeakRPS: 20, InputTokens: 1000, OutputTokens: 300,
			TTFTMS: 1500, LatencyMS: 200, Months: advisor.Months(12)},
		Users: []advisor.UserShare{{Location: "US", Share: 40}, {Location: "DE", Share: 20}, {Location: "IN", Share: 15},
			{Location: "JP", Share: 10}, {Location: "BR", Share: 10}, {Location: "AU", Share: 5}},
		Objective: objective,
	}
}

// Ensure an LLM answer sets its price of a million tokens beside the
// cheapest token API's, both at the question's mix of tokens in and out
// (the API's from its list prices, the answer's its blended cost), says
// which costs less and by how much, and, where the API does, whether
// hosting ever costs less: on the 70B question with users in the US
// hosting wins; asked in BF16 it never does.
func TestBuyOrHost(t *testing.T) {
	cat := realCatalog(t)
	bf16 := rtxProQuestion()
	bf16.GPUs, bf16.Workload.Precision = nil, "bf16"
	us := rtxProQuestion()
	us.GPUs = nil
	for _, tt := range []struct {
		name    string
		req     advisor.Request
		cheaper string
	}{
		{"70B, users in the US", us, advisor.CheaperHost},
		{"70B in BF16", bf16, advisor.CheaperAPI},
		{"70B preset, balanced", llama70BPreset(advisor.ObjectiveBalanced), advisor.CheaperAPI},
	} {
		p := recommend(t, cat, tt.req).Pick
		if p == nil || len(p.TokenAPIs) == 0 || p.CostPer1MTokensBlended == nil {
			t.Fatalf("%s: pick %+v, want an LLM answer with token APIs", tt.name, p)
		}
		b := p.BuyOrHost
		if b == nil {
			t.Fatalf("%s: no buy-or-host figures", tt.name)
		}
		a := p.TokenAPIs[0]
		in, out := decimal.NewFromInt(1000), decimal.NewFromInt(300)
		api := a.InputPer1M.Mul(in).Add(a.OutputPer1M.Mul(out)).Div(in.Add(out)).Round(6)
		if b.APIProvider != a.Provider || b.APIModel != a.Model || b.APIQuantised != a.Quantised || !b.APIPer1MTokens.Equal(api) {
			t.Errorf("%s: API %s %s (quantised %t) at %s, want the cheapest, %s %s (%t), at %s", tt.name, b.APIProvider, b.APIModel, b.APIQuantised, b.APIPer1MTokens, a.Provider, a.Model, a.Quantised, api)
		}
		if !b.HostedPer1MTokens.Equal(*p.CostPer1MTokensBlended) {
			t.Errorf("%s: hosted %s per 1M tokens, want the blended cost %s", tt.name, b.HostedPer1MTokens, p.CostPer1MTokensBlended)
		}
		lo, hi := b.APIPer1MTokens, b.HostedPer1MTokens
		if b.Cheaper == advisor.CheaperHost {
			lo, hi = hi, lo
		}
		if b.Cheaper != tt.cheaper || lo.GreaterThan(hi) {
			t.Errorf("%s: cheaper %q (API %s, hosted %s), want %q", tt.name, b.Cheaper, b.APIPer1MTokens, b.HostedPer1MTokens, tt.cheaper)
		}
		if want := 100 * (1 - lo.InexactFloat64()/hi.InexactFloat64()); b.LessPct < want-0.06 || b.LessPct > want+0.06 {
			t.Errorf("%s: %.1f %% less, want %.1f", tt.name, b.LessPct, want)
		}
		switch from := p.HostingCheaperFromTokensPerMonth; {
		case b.Cheaper == advisor.CheaperHost:
			if b.HostingNever || b.HostingFromTokensPerMonth != nil {
				t.Errorf("%s: hosting wins, yet never %t, from %v", tt.name, b.HostingNever, b.HostingFromTokensPerMonth)
			}
		case from == nil:
			if !b.HostingNever || b.HostingFromTokensPerMonth != nil {
				t.Errorf("%s: hosting never cheaper, yet never %t, from %v", tt.name, b.HostingNever, b.HostingFromTokensPerMonth)
			}
		case *from > p.Tokens.PerMonth:
			if b.HostingNever || b.HostingFromTokensPerMonth == nil || *b.HostingFromTokensPerMonth != *from {
				t.Errorf("%s: hosting cheaper from %.3g tokens a month, yet never %t, from %v", tt.name, *from, b.HostingNever, b.HostingFromTokensPerMonth)
			}
		}
	}
	if p := recommend(t, cat, advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, LatencyMS: 100},
		Users: []advisor.UserShare{{Location: "US", Share: 100}}}).Pick; p == nil || p.BuyOrHost != nil {
		t.Errorf("BERT: buy-or-host %+v, want none", p)
	}
}

// Ensure a pick ranked by another objective than cost names the cheapest
// answer meeting the same target where it costs less: the pick of the
// question asked for cost, its total and how much less; and that a pick
// ranked by cost, or one that misses the target, names none.
func TestCheapestMeetingTarget(t *testing.T) {
	cat := realCatalog(t)
	cheapest := recommend(t, cat, llama70BPreset(advisor.ObjectiveCost)).Pick
	if cheapest == nil || cheapest.CheapestMeetingTarget != nil {
		t.Fatalf("cost: pick %+v, want one naming no cheaper answer", cheapest)
	}
	for _, objective := range []string{advisor.ObjectiveBalanced, advisor.ObjectiveLatency} {
		p := recommend(t, cat, llama70BPreset(objective)).Pick
		if p == nil || !p.Verdict.Meets {
			t.Fatalf("%s: pick %+v, want one meeting the target", objective, p)
		}
		c := p.CheapestMeetingTarget
		if !cheapest.Total.LessThan(p.Total) {
			t.Fatalf("%s: the pick (%s) is the cheapest (%s); the question no longer tests the line", objective, p.Total, cheapest.Total)
		}
		if c == nil {
			t.Fatalf("%s: the pick costs %s, the cheapest meeting the target %s, and the answer does not say so", objective, p.Total, cheapest.Total)
		}
		if !c.Total.Equal(cheapest.Total) || len(c.Placements) != len(cheapest.Placements) || c.Placements[0].InstanceType != cheapest.Placements[0].InstanceType ||
			c.Placements[0].Region != cheapest.Placements[0].Region {
			t.Errorf("%s: cheapest meeting the target %+v, want the cost pick %s in %s at %s", objective, c, cheapest.Placements[0].InstanceType, cheapest.Placements[0].Region, cheapest.Total)
		}
		want := 100 * (1 - cheapest.Total.InexactFloat64()/p.Total.InexactFloat64())
		if c.LessPct < want-0.06 || c.LessPct > want+0.06 {
			t.Errorf("%s: %.1f %% less, want %.1f", objective, c.LessPct, want)
		}
	}
	missed := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, LatencyMS: 5},
		Users: []advisor.UserShare{{Location: "AU", Share: 100}}, Providers: []string{"lambda"}, Objective: advisor.ObjectiveBalanced}
	if p := recommend(t, cat, missed).Pick; p == nil || p.Verdict.Meets || p.CheapestMeetingTarget != nil {
		t.Errorf("missed target: pick %+v, want one that misses and names no cheaper answer meeting it", p)
	}
}

// Ensure the words before an option's confidence grade name the answer
// ("Likely answer:") only where it meets its target; where it misses, they
// speak of its figures and say the miss, in both languages.
func TestConfidenceHeadingOnAMiss(t *testing.T) {
	w := advisor.Workload{Kind: catalog.KindInference, LatencyMS: 100}
	option := func(share float64) advisor.Option {
		return advisor.Option{Latency: &advisor.Latency{TargetMS: 100, WeightedMS: 120, ShareWithinTarget: share}}
	}
	meets, misses := judged(w, nil, option(100)), judged(w, nil, option(10))
	if h := meets.ConfidenceHeading(); h.ID != "conf.grade."+meets.Confidence.Grade {
		t.Errorf("meets: heading %q, want the grade's", h.ID)
	}
	h := misses.ConfidenceHeading()
	en, zh := locale.For(locale.EN).Text(h), locale.For(locale.ZH).Text(h)
	if strings.Contains(en, "answer") || !strings.Contains(en, "misses your target") || !strings.Contains(zh, "未达到目标") {
		t.Errorf("misses (%s): heading %q / %q, want the figures' grade and the miss", misses.Confidence.Grade, en, zh)
	}
	for _, g := range advisor.Grades {
		if id := "conf.grade.missed." + g; !locale.Has(id) {
			t.Errorf("no words for a %s grade on a miss (%s)", g, id)
		}
	}
}

// Ensure the card's lower-precision saving compares with the precision
// the question asked for: asked in BF16 on the RTX PRO 6000 question, FP8
// or FP4 against BF16 (the pick's own); asked in none, against the
// model's default, FP8.
func TestLowerPrecisionSavingAgainstAsked(t *testing.T) {
	cat := realCatalog(t)
	req := rtxProQuestion()
	req.Workload.Precision = "bf16"
	res := recommend(t, cat, req)
	s, ok := res.LowerPrecisionSaving(res.Pick)
	if !ok || s.Against != catalog.PrecisionMixed || !s.AgainstTotal.Equal(res.Pick.Total) || s.AgainstGPUs != res.Pick.GPUs() ||
		catalog.PrecisionBits(s.Precision) >= 16 || !s.Total.LessThan(res.Pick.Total) {
		t.Errorf("asked in BF16: saving %+v (%t), want a lower precision against the BF16 pick's %s on %d GPUs", s, ok, res.Pick.Total, res.Pick.GPUs())
	}
	res = recommend(t, cat, rtxProQuestion())
	if s, ok := res.LowerPrecisionSaving(res.Pick); ok && s.Against != catalog.PrecisionFP8 {
		t.Errorf("asked in none: saving against %s, want FP8, the default", s.Against)
	}
	// A made-up answer: asked in BF16 (the pick, 1,000), FP8 alternative
	// 700 and FP4 500: FP4 is said against BF16, 50 % less.
	o := &advisor.Option{Total: decimal.NewFromInt(1000), Placements: []advisor.Placement{{GPUCount: 1, Replicas: 4}},
		Serving: &advisor.Serving{Precision: catalog.PrecisionMixed, DefaultPrecision: catalog.PrecisionFP8, PrecisionAlternatives: []advisor.PrecisionAlternative{
			{Precision: catalog.PrecisionFP8, GPUs: 2, Total: decimal.NewFromInt(700)}, {Precision: catalog.PrecisionFP4, GPUs: 1, Total: decimal.NewFromInt(500)}}}}
	r := &advisor.Result{Request: advisor.Request{Workload: advisor.Workload{Precision: catalog.PrecisionMixed}}, Pick: o}
	if s, ok := r.LowerPrecisionSaving(o); !ok || s.Precision != catalog.PrecisionFP4 || s.Against != catalog.PrecisionMixed || s.LessPct != 50 || s.AgainstGPUs != 4 {
		t.Errorf("made-up BF16 answer: %+v (%t), want FP4 50 %% less than BF16 on 4 GPUs", s, ok)
	}
}
