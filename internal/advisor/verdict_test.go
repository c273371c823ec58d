package advisor_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// judged is o, the only option of a result to req with basis, as Judge
// states it.
func judged(w advisor.Workload, basis []advisor.BasisFigure, o advisor.Option) advisor.Option {
	res := advisor.Result{Request: advisor.Request{Workload: w}, Basis: basis, Pick: &o}
	advisor.Judge(&res)
	return *res.Pick
}

// Ensure the grade follows what the answer rests on: measured figures and
// published prices are firm; an estimate within its band is likely; an
// unvalidated estimate, or unpublished egress that is most of the total,
// is rough.
func TestConfidence(t *testing.T) {
	pct := func(x float64) *float64 { return &x }
	egress := func(share string) advisor.Option {
		return advisor.Option{Total: decimal.NewFromInt(100), Placements: []advisor.Placement{{GPU: "l4"}},
			Lines: []advisor.Line{{Item: "compute", Amount: decimal.NewFromInt(100).Sub(decimal.RequireFromString(share))}, {Item: "egress", Amount: decimal.RequireFromString(share)}},
			Risks: []advisor.Risk{{Kind: advisor.RiskUnknownPrice, Message: locale.New("risk.unknown.egress", "A", "B")}}}
	}
	estimated := advisor.Option{Total: decimal.NewFromInt(100), Placements: []advisor.Placement{{GPU: "l4"}}, Throughput: advisor.Throughput{Estimated: true}}
	serving := func(errPct float64, unvalidated bool) advisor.Option {
		return advisor.Option{Total: decimal.NewFromInt(100), Placements: []advisor.Placement{{GPU: "h100", GPUCount: 1, Replicas: 1}},
			Serving: &advisor.Serving{ErrorPct: errPct, Unvalidated: unvalidated}}
	}
	for _, tt := range []struct {
		name    string
		basis   []advisor.BasisFigure
		o       advisor.Option
		grade   string
		reasons []string
	}{
		{"measured, published", nil, advisor.Option{Total: decimal.NewFromInt(100)}, advisor.GradeFirm, []string{"conf.measured", "conf.published"}},
		{"estimate within its band", []advisor.BasisFigure{{GPU: "l4", Estimated: true, ErrorPct: pct(16)}}, estimated, advisor.GradeLikely, []string{"conf.estimate"}},
		{"estimate without a check", []advisor.BasisFigure{{GPU: "l4", Estimated: true, Unvalidated: true}}, estimated, advisor.GradeRough, []string{"conf.estimate.unvalidated"}},
		{"estimate far off", []advisor.BasisFigure{{GPU: "l4", Estimated: true, ErrorPct: pct(40)}}, estimated, advisor.GradeRough, []string{"conf.estimate.unvalidated"}},
		{"unpublished egress, 10 %", nil, egress("10"), advisor.GradeLikely, []string{"conf.measured", "conf.unknown.egress"}},
		{"unpublished egress, 65 %", nil, egress("65"), advisor.GradeRough, []string{"conf.measured", "conf.unknown.egress"}},
		{"serving model", nil, serving(9.8, false), advisor.GradeLikely, []string{"conf.serving"}},
		{"serving model far off", nil, serving(30, false), advisor.GradeRough, []string{"conf.serving"}},
		{"serving model unvalidated", nil, serving(9.8, true), advisor.GradeRough, []string{"conf.serving.unvalidated"}},
		{"spot, stale, capacity", nil, advisor.Option{Total: decimal.NewFromInt(100), Risks: []advisor.Risk{
			{Kind: advisor.RiskSpot, Message: locale.New("risk.spot.training")}, {Kind: advisor.RiskSpot, Message: locale.New("risk.spot.training")},
			{Kind: advisor.RiskStaleData, Message: locale.New("risk.stale.price")}, {Kind: advisor.RiskCapacity, Message: locale.New("risk.capacity")}}},
			advisor.GradeLikely, []string{"conf.measured", "conf.spot", "conf.stale", "conf.capacity"}},
	} {
		c := judged(advisor.Workload{}, tt.basis, tt.o).Confidence
		var ids []string
		for _, r := range c.ReasonsText {
			ids = append(ids, r.ID)
		}
		if c.Grade != tt.grade || !slices.Equal(ids, tt.reasons) {
			t.Errorf("%s: grade %s (%q), want %s with %q", tt.name, c.Grade, ids, tt.grade, tt.reasons)
		}
	}
}

// Ensure an LLM answer whose error band's low end needs more GPUs than it
// rents says how many, in the reader's language, and one that needs none
// more says nothing of it.
func TestConfidenceSaysGPUsAtBandEdge(t *testing.T) {
	serving := func(edge int) advisor.Option {
		return advisor.Option{Total: decimal.NewFromInt(100), Placements: []advisor.Placement{{GPU: "h100", GPUCount: 8, Instances: 2}},
			Serving: &advisor.Serving{ErrorPct: 9.8, ErrorRangePct: [2]float64{-27.2, 26.5}, GPUsAtBandEdge: edge}}
	}
	for _, tt := range []struct {
		lang locale.Lang
		edge int
		want string
	}{
		{locale.EN, 24, "at the low end the answer needs 24 GPUs, not 16"},
		{locale.ZH, 24, "按低端计算需要 24 块 GPU，而非 16 块"},
		{locale.EN, 2048, "at the low end the answer needs 2,048 GPUs, not 16"},
		{locale.EN, 16, ""},
	} {
		c := judged(advisor.Workload{}, nil, serving(tt.edge)).Confidence
		found := false
		for _, r := range locale.For(tt.lang).Texts(c.ReasonsText) {
			if tt.want != "" && strings.Contains(r, tt.want) && strings.Contains(r, "27") {
				found = true
			}
			if tt.want == "" && strings.Contains(r, "GPU") {
				t.Errorf("%d GPUs at the edge of 16 rented: reason %q should not be said", tt.edge, r)
			}
		}
		if tt.want != "" && !found {
			t.Errorf("%s: reasons %q lack %q", tt.lang, locale.For(tt.lang).Texts(c.ReasonsText), tt.want)
		}
	}
}

// Ensure the verdict says whether an option meets what was asked: the
// share of users within the latency target (at least MeetsTargetShare),
// an LLM's time per output token, a training deadline; and with nothing
// asked, only that it is the pick.
func TestVerdict(t *testing.T) {
	inference := advisor.Workload{Kind: catalog.KindInference, LatencyMS: 100}
	llm := advisor.Workload{Kind: catalog.KindInference, TTFTMS: 800, TPOTMS: 60}
	training := advisor.Workload{Kind: catalog.KindTraining, DeadlineHours: 24}
	latency := func(share, tpot float64) advisor.Option {
		return advisor.Option{Latency: &advisor.Latency{TargetMS: 100, WeightedMS: 61.26, ShareWithinTarget: share, TPOTMS: tpot}}
	}
	yes, no := true, false
	for _, tt := range []struct {
		name   string
		w      advisor.Workload
		o      advisor.Option
		kind   string
		share  *float64
		en, zh string
	}{
		{"all within", inference, latency(100, 0), "meets", new(100.0), "Meets your target: 100 % of users within 100 ms", "满足目标：100% 的用户在 100 毫秒以内"},
		{"95 % within", inference, latency(95, 0), "meets", new(95.0), "Meets your target: 95 % of users within 100 ms", ""},
		{"94.9 % within", inference, latency(94.9, 0), "misses", new(94.9), "Misses your target: 95 % of users within 100 ms (traffic-weighted 61.3 ms); the nearest placement allowed", "未达到目标"},
		{"per token", llm, latency(100, 72.04), "misses", new(100.0), "Misses your target: 72.0 ms per output token against 60 ms", "未达到目标：每个输出 token 72.0 毫秒，目标为 60 毫秒"},
		{"per token met", llm, latency(100, 59.9), "meets", new(100.0), "Meets your target", ""},
		{"deadline", training, advisor.Option{FinishesWithinDeadline: &yes}, "meets", nil, "Finishes within your 24 h deadline", "能在 24 小时的期限内完成"},
		{"deadline missed", training, advisor.Option{FinishesWithinDeadline: &no}, "misses", nil, "Misses your 24 h deadline", "无法在 24 小时的期限内完成"},
		{"no deadline", advisor.Workload{Kind: catalog.KindTraining}, advisor.Option{}, "pick", nil, "Run it here", "推荐在这里运行"},
	} {
		v := judged(tt.w, nil, tt.o).Verdict
		en, zh := locale.For(locale.EN).Text(v.Text), locale.For(locale.ZH).Text(v.Text)
		if v.Kind() != tt.kind || v.Meets != (tt.kind != "misses") || !strings.HasPrefix(en, tt.en) || !strings.HasPrefix(zh, tt.zh) {
			t.Errorf("%s: verdict %s (meets %t) %q / %q, want %s %q / %q", tt.name, v.Kind(), v.Meets, en, zh, tt.kind, tt.en, tt.zh)
		}
		if (v.ShareWithinTarget == nil) != (tt.share == nil) || v.ShareWithinTarget != nil && *v.ShareWithinTarget != *tt.share {
			t.Errorf("%s: share within target %v, want %v", tt.name, v.ShareWithinTarget, tt.share)
		}
		if (v.Target == "") != (tt.kind == "pick") {
			t.Errorf("%s: target %q for a verdict %s", tt.name, v.Target, tt.kind)
		}
	}
}

// Ensure Judge leaves what an answer stated as it stated it, and states
// the verdict and confidence of an option that states none (an answer
// pinned before answers stated them).
func TestJudgeKeepsWhatWasStated(t *testing.T) {
	stated := advisor.Option{Confidence: advisor.Confidence{Grade: advisor.GradeRough, ReasonsText: []locale.Text{locale.New("conf.stale")}}}
	res := advisor.Result{Request: advisor.Request{Workload: advisor.Workload{Kind: catalog.KindTraining}}, Pick: &stated,
		Alternatives: []advisor.Option{{}}}
	advisor.Judge(&res)
	if c := res.Pick.Confidence; c.Grade != advisor.GradeRough || len(c.ReasonsText) != 1 {
		t.Errorf("the pick's stated confidence became %+v", c)
	}
	if a := res.Alternatives[0]; a.Confidence.Grade != advisor.GradeFirm || a.Verdict.Text.ID != "verdict.pick" {
		t.Errorf("an alternative stating none: confidence %+v, verdict %+v; want them stated", a.Confidence, a.Verdict)
	}
}

// Ensure every answer states, for the pick and each alternative, a grade
// with its reasons and a verdict that agrees with the option's latency.
func TestRecommendJudgesEveryOption(t *testing.T) {
	cat := realCatalog(t)
	for _, req := range []advisor.Request{
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 100, LatencyMS: 100, Months: advisor.Months(12)},
			Users: []advisor.UserShare{{Location: "US", Share: 50}, {Location: "DE", Share: 30}, {Location: "JP", Share: 20}}},
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, LatencyMS: 5},
			Users: []advisor.UserShare{{Location: "AU", Share: 100}}, Providers: []string{"lambda"}},
		{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50", Epochs: 10, DeadlineHours: 48}},
		{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50", Epochs: 10}},
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 5, PeakRPS: 10, TTFTMS: 800, TPOTMS: 60},
			Users: []advisor.UserShare{{Location: "US", Share: 70}, {Location: "DE", Share: 30}}},
	} {
		res, err := advisor.Recommend(cat, req)
		if err != nil || res.Pick == nil {
			t.Fatalf("%+v: %v, pick %v", req.Workload, err, res.Pick)
		}
		for i, o := range append([]advisor.Option{*res.Pick}, res.Alternatives...) {
			c, v := o.Confidence, o.Verdict
			if !slices.Contains(advisor.Grades, c.Grade) || len(c.ReasonsText) == 0 || v.Text.ID == "" {
				t.Errorf("%+v, option %d: confidence %+v, verdict %+v", req.Workload, i, c, v)
			}
			if l := o.Latency; l != nil && (v.ShareWithinTarget == nil || *v.ShareWithinTarget != l.ShareWithinTarget ||
				v.Meets && l.ShareWithinTarget < advisor.MeetsTargetShare) {
				t.Errorf("%+v, option %d: verdict %+v against %.1f %% within target", req.Workload, i, v, l.ShareWithinTarget)
			}
		}
	}
}

// Ensure every chart candidate says whether it meets the target, as the
// options say it: the form's default question at 400 requests/s has
// candidates whose traffic-weighted latency is under the 100 ms target
// while a user group is beyond it, and those are said to miss, with their
// share of users within the target; the pick and the alternatives say the
// verdict their cards say.
func TestCandidatesSayTheVerdict(t *testing.T) {
	cat := realCatalog(t)
	res := recommend(t, cat, advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 400, LatencyMS: 100, Months: ptr(12)},
		Users:    []advisor.UserShare{{Location: "US", Share: 50}, {Location: "DE", Share: 30}, {Location: "JP", Share: 20}},
	})
	missesUnder := 0
	for _, c := range res.Candidates {
		if c.Verdict != "meets" && c.Verdict != "misses" || c.ShareWithinTarget == nil {
			t.Fatalf("candidate %s: verdict %q, share %v: want meets or misses, with the share", c.Label, c.Verdict, c.ShareWithinTarget)
		}
		if (c.Verdict == "meets") != (*c.ShareWithinTarget >= advisor.MeetsTargetShare) {
			t.Errorf("candidate %s: %s with %.1f %% of users within the target", c.Label, c.Verdict, *c.ShareWithinTarget)
		}
		if c.Verdict == "misses" && c.Metric < 100 {
			missesUnder++
		}
	}
	if missesUnder == 0 {
		t.Errorf("no candidate misses the target with a weighted latency under it: the question no longer shows what the chart must tell apart")
	}
	if c := res.Candidates[0]; !c.Pick || c.Verdict != res.Pick.Verdict.Kind() {
		t.Errorf("the pick's candidate says %q, its card %q", c.Verdict, res.Pick.Verdict.Kind())
	}

	training := recommend(t, cat, advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50", Samples: 1_281_167, Epochs: 90, DeadlineHours: 24},
		Users:    []advisor.UserShare{{Location: "DE", Share: 1}},
	})
	if len(training.Candidates) == 0 {
		t.Fatal("no training candidates")
	}
	for _, c := range training.Candidates {
		if want := map[bool]string{true: "meets", false: "misses"}[c.Metric <= 24]; c.Verdict != want || c.ShareWithinTarget != nil {
			t.Errorf("training candidate %s, %.1f h for a 24 h deadline: verdict %q (share %v), want %q", c.Label, c.Metric, c.Verdict, c.ShareWithinTarget, want)
		}
	}
}
