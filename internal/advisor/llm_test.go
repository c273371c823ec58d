package advisor_test

import (
	"encoding/json"
	"io/fs"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/serving"
)

func llmRequest(profile string) advisor.Request {
	return advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: profile, RPS: 5, InputTokens: 1000, OutputTokens: 300,
			TTFTMS: 1000, Months: advisor.Months(12)},
		Users: []advisor.UserShare{{Location: "DE", Share: 1}},
		GDPR:  advisor.GDPREU, Currency: "EUR",
	}
}

// Ensure the question a buyer asks of a 70B model (5 requests/s, 1,000 in
// / 300 out, first token within 1 s, users in Germany, EU only) gets an EU
// answer meeting its targets whose cost per million output tokens is the
// total over the tokens served, and that Llama 3.1 8B costs far less.
func TestLLMServingAnswer(t *testing.T) {
	cat := realCatalog(t)
	res := recommend(t, cat, llmRequest("llama-3.3-70b"))
	p := res.Pick
	if p == nil || p.Tokens == nil || p.Latency == nil {
		t.Fatalf("pick = %+v, want an LLM answer", p)
	}
	pl := p.Placements[0]
	if c, _ := cat.Country(pl.Country); !c.EUEEA || pl.GPUsPerReplica < 1 {
		t.Errorf("pick %s in %s with %d GPUs a replica, want an EU region", placementID(pl), pl.Country, pl.GPUsPerReplica)
	}
	if p.Latency.TTFTMS > 1000 || p.Latency.TPOTMS > 60 || p.Latency.ShareWithinTarget < 95 {
		t.Errorf("latency = %+v, want first tokens within 1,000 ms and 60 ms a token", p.Latency)
	}
	// 5 × 300 tokens/s × 3,600 × 730 h × 12 months = 47.304 bn tokens.
	if p.Tokens.OutputPerS != 1500 || p.Tokens.PerMonth != 3_942_000_000 {
		t.Errorf("tokens = %+v, want 1,500/s and 3,942,000,000 a month", p.Tokens)
	}
	// The total splits over 47,304 M output and 157,680 M input tokens
	// (5 × 1,000 × 3,600 × 8,760) by the GPU time each takes: the two
	// parts add up to the total, and the blended price is the total over
	// all tokens.
	if p.CostPerUnit.Unit != "1M output tokens" || p.CostPer1MInputTokens == nil || p.CostPer1MTokensBlended == nil {
		t.Fatalf("cost per unit = %+v, input %v, blended %v", p.CostPerUnit, p.CostPer1MInputTokens, p.CostPer1MTokensBlended)
	}
	parts := p.CostPerUnit.Amount.Mul(decimal.NewFromInt(47_304)).Add(p.CostPer1MInputTokens.Mul(decimal.NewFromInt(157_680)))
	if parts.Sub(p.Total).Abs().GreaterThan(decimal.NewFromFloat(0.05)) {
		t.Errorf("%s × 47,304 + %s × 157,680 = %s, want the total %s", p.CostPerUnit.Amount, p.CostPer1MInputTokens, parts, p.Total)
	}
	if want := p.Total.Div(decimal.NewFromInt(47_304 + 157_680)).Round(6); !p.CostPer1MTokensBlended.Equal(want) {
		t.Errorf("blended = %s, want %s", p.CostPer1MTokensBlended, want)
	}
	small := recommend(t, cat, llmRequest("llama-3.1-8b"))
	if small.Pick == nil || !small.Pick.Total.LessThan(p.Total.Mul(decimal.NewFromFloat(0.75))) {
		t.Errorf("Llama 3.1 8B costs %v against 70B's %s, want far less", small.Pick.Total, p.Total)
	}
}

// Ensure no answer claims more tokens/s per GPU than the GPU is measured
// to serve the model at its most (the Offline figure), for every option.
func TestLLMNeverAboveOffline(t *testing.T) {
	cat := realCatalog(t)
	for _, prof := range []string{"llama-3.3-70b", "llama-3.1-8b"} {
		req := llmRequest(prof)
		req.GDPR = advisor.GDPRNone
		res := recommend(t, cat, req)
		for _, o := range options(res) {
			pl := o.Placements[0]
			offline := 0.0
			for _, prec := range []string{catalog.PrecisionFP8, catalog.PrecisionMixed} {
				for _, sp := range cat.ServingPoints(prof, pl.GPU, prec) {
					if sp.Scenario == catalog.ScenarioOffline {
						offline = max(offline, sp.PerGPU())
					}
				}
			}
			if offline > 0 && o.Throughput.PerGPU > offline+0.01 {
				t.Errorf("%s on %s: %.1f tokens/s a GPU, above the measured Offline %.1f", prof, placementID(pl), o.Throughput.PerGPU, offline)
			}
		}
	}
}

// Ensure a GPU without FP8 tensor cores is refused an FP8 request and a
// replica spans the GPUs its model needs (70B FP16 on 80 GB GPUs: two).
func TestLLMFormatAndReplica(t *testing.T) {
	cat := realCatalog(t)
	req := llmRequest("llama-3.3-70b")
	req.GDPR, req.Workload.Precision, req.GPUs = advisor.GDPRNone, catalog.PrecisionMixed, []string{"a100-80gb", "h100"}
	res := recommend(t, cat, req)
	for _, o := range options(res) {
		if pl := o.Placements[0]; pl.GPUsPerReplica < 2 {
			t.Errorf("%s serves 70B in FP16 on %d GPU(s) a replica, want ≥ 2 × 80 GB", placementID(pl), pl.GPUsPerReplica)
		}
	}
	req.Workload.Precision, req.GPUs = catalog.PrecisionFP8, []string{"a100-80gb"}
	res = recommend(t, cat, req)
	if res.Pick != nil {
		t.Errorf("an A100 serves FP8: %s", placementID(res.Pick.Placements[0]))
	}
}

// withoutServing is the embedded catalog less the serving figures of a
// GPU, and so without the serving model's fit (made on them).
func withoutServing(t *testing.T, gpu string) *catalog.Catalog {
	t.Helper()
	fsys := fstest.MapFS{}
	err := fs.WalkDir(data.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(data.FS, path)
		fsys[path] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var points []map[string]any
	if err := json.Unmarshal(fsys["serving.json"].Data, &points); err != nil {
		t.Fatal(err)
	}
	points = slices.DeleteFunc(points, func(p map[string]any) bool { return p["gpu"] == gpu })
	b, err := json.Marshal(points)
	if err != nil {
		t.Fatal(err)
	}
	fsys["serving.json"] = &fstest.MapFile{Data: b}
	delete(fsys, "serving_fit.json") // fitted on the points removed
	cat, err := catalog.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// Ensure a catalog without a fit of the serving model sizes no LLM and
// says so, in a sentence that reads whole in both languages.
func TestLLMWithoutServingFitReads(t *testing.T) {
	cat := withoutServing(t, "mi300x")
	req := llmRequest("llama-3.3-70b")
	req.GDPR, req.GPUs = advisor.GDPRNone, []string{"mi300x"}
	res := recommend(t, cat, req)
	found := false
	for _, x := range res.Excluded {
		for _, lang := range []locale.Lang{locale.EN, locale.ZH} {
			s := locale.For(lang).Text(x.ExampleText)
			if strings.Contains(s, "%!") || strings.Contains(s, "MISSING") {
				t.Errorf("%s exclusion in %s reads %q", x.Reason, lang, s)
			}
			if lang == locale.EN && strings.Contains(s, "no fit of the serving model to size Llama 3.3 70B") {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("exclusions %+v do not say the catalog has no serving fit", res.Excluded)
	}
}

// Ensure a model too large for one GPU on the throughput path (GPT-J 6B
// needs 24 GB) runs as copies of two 16 GB T4s, never as one copy a GPU,
// and that an instance of one T4 is not an option.
func TestThroughputPathCopiesSpanGPUs(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "gptj-6b", RPS: 5, LatencyMS: 10000, Months: advisor.Months(12)},
		Users:    []advisor.UserShare{{Location: "US", Share: 1}},
		GPUs:     []string{"t4"},
	}
	res := recommend(t, cat, req)
	opts := options(res)
	if len(opts) == 0 {
		t.Fatal("no option on T4s")
	}
	for _, o := range opts {
		pl := o.Placements[0]
		if pl.GPUCount < 2 || pl.GPUsPerReplica != 2 || pl.Replicas != pl.Instances*(pl.GPUCount/2) {
			t.Errorf("%s: %d GPUs, %d a copy, %d copies on %d instances; want copies of 2 T4s", placementID(pl), pl.GPUCount,
				pl.GPUsPerReplica, pl.Replicas, pl.Instances)
		}
	}
}

// Ensure an LLM answer's break-even with token APIs is what its figures
// say: the token APIs come cheapest first at the request's mix of input
// and output, and at the monthly volume given one replica's share of the
// compute costs what the cheapest API charges for it, within a replica's
// capacity (three significant figures).
func TestLLMHostingBreakEven(t *testing.T) {
	cat := realCatalog(t)
	req := llmRequest("llama-3.3-70b")
	req.GDPR, req.Currency, req.GPUs = advisor.GDPRNone, "USD", []string{"h100"}
	req.Workload.InputTokens, req.Workload.OutputTokens, req.Workload.TTFTMS, req.Workload.TPOTMS = 5000, 500, 2000, 60
	p := recommend(t, cat, req).Pick
	if p == nil || p.Serving == nil || len(p.TokenAPIs) == 0 {
		t.Fatalf("pick = %+v, want an LLM answer with token APIs", p)
	}
	mix := func(a advisor.TokenAPIPrice) float64 {
		return (a.InputPer1M.InexactFloat64()*5000 + a.OutputPer1M.InexactFloat64()*500) / 500 / 1e6
	}
	for i := 1; i < len(p.TokenAPIs); i++ {
		if mix(p.TokenAPIs[i]) < mix(p.TokenAPIs[i-1]) {
			t.Errorf("token API %s (%.3g a token) after %s (%.3g)", p.TokenAPIs[i].Provider, mix(p.TokenAPIs[i]), p.TokenAPIs[i-1].Provider, mix(p.TokenAPIs[i-1]))
		}
	}
	compute, replicas := 0.0, 0
	for _, l := range p.Lines {
		if l.Item == "compute" {
			compute += l.Amount.InexactFloat64()
		}
	}
	for _, pl := range p.Placements {
		replicas += pl.Replicas
	}
	if p.HostingCheaperFromTokensPerMonth == nil {
		t.Fatalf("hosting never cheaper than %s at %.3g a token", p.TokenAPIs[0].Provider, mix(p.TokenAPIs[0]))
	}
	v := *p.HostingCheaperFromTokensPerMonth
	perReplica := compute / 12 / float64(replicas)
	if got := v * mix(p.TokenAPIs[0]); got < perReplica*0.995 || got > perReplica*1.005 {
		t.Errorf("%.0f tokens a month cost %.2f at %s, want one replica's %.2f a month", v, got, p.TokenAPIs[0].Provider, perReplica)
	}
	if capacity := p.Serving.OutputTokensPerSPerReplica * 3600 * catalog.HoursPerMonth; v > capacity {
		t.Errorf("break-even %.0f tokens a month is beyond a replica's %.0f", v, capacity)
	}
}

// Ensure an LLM answer sized for a peak three times its average says what
// it would cost with its instances scaled to the average: fewer instances,
// the total less exactly their share of the compute, the output price in
// proportion; and says nothing when the peak is the average.
func TestLLMAverageLoad(t *testing.T) {
	cat := realCatalog(t)
	req := llmRequest("llama-3.3-70b")
	req.GDPR, req.Currency, req.GPUs = advisor.GDPRNone, "USD", []string{"a100-80gb"}
	req.Workload.TPOTMS = 60
	if p := recommend(t, cat, req).Pick; p == nil || p.AverageLoad != nil {
		t.Fatalf("peak = average: pick %+v, want one without an average load", p)
	}
	req.Workload.PeakRPS = 15
	p := recommend(t, cat, req).Pick
	if p == nil || p.AverageLoad == nil {
		t.Fatalf("peak 15, average 5: pick %+v, want an average load", p)
	}
	a := p.AverageLoad
	instances := 0
	for _, pl := range p.Placements {
		instances += pl.Instances
	}
	if a.OfInstances != instances || a.Instances >= a.OfInstances || a.Instances < 1 {
		t.Errorf("average load on %d of %d instances, the pick has %d", a.Instances, a.OfInstances, instances)
	}
	compute := decimal.Zero
	for _, l := range p.Lines {
		if l.Item == "compute" {
			compute = compute.Add(l.Amount)
		}
	}
	want := p.Total.Sub(compute.Mul(decimal.NewFromInt(int64(a.OfInstances - a.Instances))).Div(decimal.NewFromInt(int64(a.OfInstances))))
	if a.Total.Sub(want).Abs().GreaterThan(decimal.NewFromFloat(0.05)) {
		t.Errorf("average-load total %s, want %s (the total less the compute of %d of %d instances)", a.Total, want, a.OfInstances-a.Instances, a.OfInstances)
	}
	if got := p.CostPerUnit.Amount.Mul(a.Total).Div(p.Total); got.Sub(a.CostPer1MOutputTokens).Abs().GreaterThan(decimal.NewFromFloat(0.000001)) {
		t.Errorf("average-load price %s per 1M output tokens, want %s", a.CostPer1MOutputTokens, got)
	}
	if !slices.ContainsFunc(p.Why, func(x locale.Text) bool { return x.ID == "why.llm.average" }) {
		t.Errorf("why = %v, want the average load said", p.Why)
	}
}

// Ensure an LLM answer that misses its time per output token says what one
// request at a time takes from the curve's first point (one request), not
// from the operating point it was sized at, and says it only when that
// first point misses the target too (the answer's curve is rounded to
// 0.1 ms).
func TestLLMOneRequestSentence(t *testing.T) {
	cat := realCatalog(t)
	req := llmRequest("llama-3.3-70b")
	req.Workload.TPOTMS = 5
	req.GDPR = ""
	res := recommend(t, cat, req)
	p := res.Pick
	if p == nil || p.Serving == nil || len(p.Serving.Curve) == 0 {
		t.Fatalf("pick = %+v, want an LLM answer with its curve", p)
	}
	one := p.Serving.Curve[0]
	said := false
	for _, w := range p.Why {
		if w.ID != "why.llm.tpot.model" {
			continue
		}
		said = true
		if len(w.Args) < 2 || w.Args[1].Num == nil || math.Abs(*w.Args[1].Num-one.TPOTMS) > 0.05 {
			t.Errorf("the sentence's time per token %+v is not one request's %v ms (operating point %v ms at %v requests)",
				w.Args, one.TPOTMS, p.Serving.TPOTMS, p.Serving.Concurrency)
		}
	}
	if misses := one.TPOTMS > req.Workload.TPOTMS; said != misses {
		t.Errorf("sentence said %v; one request at a time takes %v ms against %v asked", said, one.TPOTMS, req.Workload.TPOTMS)
	}
}

// Ensure an LLM answer carries the error band of its engine family at its
// load, drawn from the held-out campaigns, and the GPUs it would need at
// the band's low end: more than it rents when the band's low end is well
// below the stated capacity and the answer runs many replicas.
func TestLLMErrorBand(t *testing.T) {
	cat := realCatalog(t)
	req := llmRequest("llama-3.3-70b")
	req.Workload.RPS, req.GDPR = 40, ""
	res := recommend(t, cat, req)
	p := res.Pick
	if p == nil || p.Serving == nil {
		t.Fatalf("pick = %+v, want an LLM answer", p)
	}
	s := p.Serving
	b := serving.BandFor(cat.ServingFit.Validation.Points, serving.FamilyReference, serving.LoadOf(req.Workload.TPOTMS))
	if s.Engine == "TensorRT-LLM" && (math.Abs(s.ErrorRangePct[0]-b.LowPct) > 0.05 || math.Abs(s.ErrorRangePct[1]-b.HighPct) > 0.05) {
		t.Errorf("error_range_pct %v, want the TensorRT-LLM band [%.1f, %.1f]", s.ErrorRangePct, b.LowPct, b.HighPct)
	}
	if !(s.ErrorRangePct[0] < 0 && s.ErrorRangePct[1] > 0) {
		t.Errorf("error_range_pct %v should bracket the stated capacity", s.ErrorRangePct)
	}
	gpus := 0
	for _, pl := range p.Placements {
		gpus += pl.GPUCount * pl.Machines()
	}
	if s.GPUsAtBandEdge < gpus {
		t.Errorf("%d GPUs at the band's low end, fewer than the %d rented", s.GPUsAtBandEdge, gpus)
	}
	if s.ErrorRangePct[0] <= -10 && gpus >= 10 && s.GPUsAtBandEdge <= gpus {
		t.Errorf("a band %.1f %% low over %d GPUs needs more at its edge, got %d", s.ErrorRangePct[0], gpus, s.GPUsAtBandEdge)
	}
	t.Logf("%s on %d GPUs: band %v, %d GPUs at its low end", s.Engine, gpus, s.ErrorRangePct, s.GPUsAtBandEdge)
}

// Ensure an answer that may pick any engine weighs only engines measured
// on the GPU's architecture (SGLang has figures on Hopper only, so a
// Blackwell answer is not sized on it unasked), while an engine asked by
// name is sized wherever it runs.
func TestAnyEngineMeasuredOnTheArchitecture(t *testing.T) {
	cat := realCatalog(t)
	if cat.EngineMeasuredOn(catalog.FamilySGLang, catalog.ArchBlackwell) || !cat.EngineMeasuredOn(catalog.FamilySGLang, catalog.ArchHopper) {
		t.Fatal("the catalog's SGLang figures were to be Hopper's only; the test needs another GPU")
	}
	req := llmRequest("llama-3.3-70b")
	req.Workload.TPOTMS, req.Workload.RPS, req.GDPR, req.GPUs = 10, 2, "", []string{"b200"}
	for _, tt := range []struct{ engine, want, not string }{
		{advisor.EngineAny, "", "SGLang"},
		{catalog.FamilySGLang, "SGLang", ""},
	} {
		req.Workload.Engine = tt.engine
		p := recommend(t, cat, req).Pick
		if p == nil || p.Serving == nil {
			t.Fatalf("engine %s: no LLM pick", tt.engine)
		}
		if got := p.Serving.Engine; (tt.want != "" && got != tt.want) || (tt.not != "" && got == tt.not) {
			t.Errorf("engine %s on B200: sized on %s", tt.engine, got)
		}
	}
}

// Ensure PCIe-only GPUs are weighed as the servers measured on them run.
// Llama 3.3 70B on L40S at MLPerf's server bounds (2 s to the first
// token; the time per token at the bound MLPerf v4.1's L40S submission
// measured, 176.6 ms) is served tensor parallel, as the L40S figures in
// the catalog were measured, each GPU within the TensorRT-LLM band of that
// submission's 402 output tokens/s a GPU (3,218.55 tokens/s on 8 GPUs, a
// figure the model was fitted on: a consistency check, not a held-out
// one). On the RTX PRO 6000, whose measured servers run pipelines, 70B in
// BF16 (two GPUs at the least) at MLPerf's 200 ms a token is answered
// with two stages.
func TestPCIeGPUsServeAsMeasured(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 5, InputTokens: 460, OutputTokens: 293,
			TTFTMS: 2000, TPOTMS: 176.6, Months: advisor.Months(12)},
		Users: []advisor.UserShare{{Location: "US", Share: 1}},
		GPUs:  []string{"l40s"},
	}
	res := recommend(t, cat, req)
	p := res.Pick
	if p == nil || p.Serving == nil {
		t.Fatalf("pick = %+v, want an LLM answer on L40S", p)
	}
	s := p.Serving
	if s.PipelineParallel != 1 {
		t.Errorf("L40S replica of TP %d × PP %d: no L40S figure measures a pipeline", s.TensorParallel, s.PipelineParallel)
	}
	perGPU := s.OutputTokensPerSPerReplica / float64(s.TensorParallel*s.PipelineParallel)
	const measured = 3218.55 / 8
	if lo, hi := measured*(1+s.ErrorRangePct[0]/100), measured*(1+s.ErrorRangePct[1]/100); perGPU < lo || perGPU > hi {
		t.Errorf("%.0f output tokens/s a GPU (%s, %s, TP %d), want within the band %v of the measured %.0f: [%.0f, %.0f]",
			perGPU, s.Engine, s.Precision, s.TensorParallel, s.ErrorRangePct, measured, lo, hi)
	}
	req.GPUs, req.Workload.Precision = []string{"rtx-pro-6000"}, catalog.PrecisionMixed
	req.Workload.InputTokens, req.Workload.OutputTokens, req.Workload.TPOTMS = 1000, 1000, 200
	res = recommend(t, cat, req)
	if res.Pick == nil || res.Pick.Serving == nil {
		t.Fatalf("pick = %+v, want an LLM answer on the RTX PRO 6000", res.Pick)
	}
	if s := res.Pick.Serving; s.PipelineParallel != 2 || res.Pick.Placements[0].GPUsPerReplica != 2*s.TensorParallel {
		t.Errorf("RTX PRO 6000, 70B in BF16 (141 GB, two GPUs of 96): replica of TP %d × PP %d on %d GPUs, want two pipeline stages",
			s.TensorParallel, s.PipelineParallel, res.Pick.Placements[0].GPUsPerReplica)
	}
}

// Ensure an LLM question whose short requests make throughput fall as the
// load nears saturation (so that the bound that prunes curves leaves
// none in a metro) is still answered: it once dereferenced no curve.
func TestLLMEveryCurveUnderTheBar(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 5, InputTokens: 64, OutputTokens: 16,
			TPOTMS: 120, Months: advisor.Months(12)},
		Users: []advisor.UserShare{{Location: "dxb", Share: 20}, {Location: "ZA", Share: 20}, {Location: "JP", Share: 20},
			{Location: "SG", Share: 20}, {Location: "par", Share: 20}},
	}
	res := recommend(t, cat, req)
	if res.Pick == nil || res.Pick.Serving == nil {
		t.Fatalf("pick = %+v, want an LLM answer", res.Pick)
	}
}
