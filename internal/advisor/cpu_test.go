package advisor_test

import (
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// euUsers are users across the EU, served under gdpr=eu.
var euUsers = []advisor.UserShare{{Location: "DE", Share: 40}, {Location: "FR", Share: 30}, {Location: "IT", Share: 30}}

// why finds the sentence of an option's explanation with message id.
func why(o advisor.Option, id string) (locale.Text, bool) {
	for _, t := range o.Why {
		if t.ID == id {
			return t, true
		}
	}
	return locale.Text{}, false
}

// isCPU reports whether an option serves on CPU servers only.
func isCPU(o advisor.Option) bool {
	for _, p := range o.Placements {
		if p.CPU == nil {
			return false
		}
	}
	return true
}

// Ensure light serving in the EU goes to a CPU server where the public
// figures make it cheaper, says so, and names the peak load from which a
// GPU costs less; asking the neighbouring questions on either side of
// that load gives a CPU and a GPU pick.
func TestCPUServerWinsLightInference(t *testing.T) {
	cat := realCatalog(t)
	ask := func(rps float64) advisor.Result {
		return recommend(t, cat, advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: rps},
			Users: euUsers, GDPR: advisor.GDPREU})
	}
	res := ask(20)
	p := res.Pick
	if p == nil || !isCPU(*p) {
		t.Fatalf("ResNet-50 at 20 requests/s: pick %+v, want a CPU server", p)
	}
	pl := p.Placements[0]
	if pl.GPU != "" || pl.GPUCount != 0 || pl.CPU.Generation != catalog.FamilySapphireRapids || pl.CPU.Cores != pl.VCPUs/2 {
		t.Errorf("a CPU placement: gpu %q × %d, cpu %+v (%d vCPUs)", pl.GPU, pl.GPUCount, pl.CPU, pl.VCPUs)
	}
	wantLinesAddUp(t, *p)
	if _, ok := why(*p, "why.cpu.wins"); !ok {
		t.Errorf("the explanation does not say the CPU server wins: %s", explanation(cat, *p))
	}
	turn, ok := why(*p, "why.cpu.gpu_from")
	if !ok {
		t.Fatalf("the explanation names no load from which a GPU is cheaper: %s", explanation(cat, *p))
	}
	factor := *turn.Args[1].Num
	if factor <= 1 {
		t.Fatalf("a GPU is cheaper from %v× the load, want above the asked load", factor)
	}
	// The turn is found to 1 %: 3 % on either side is on either side.
	if below := ask(20 * factor * 0.97); below.Pick == nil || !isCPU(*below.Pick) {
		t.Errorf("just below the turn (%.1f requests/s): pick %+v, want a CPU server", 20*factor*0.97, below.Pick)
	}
	if above := ask(20 * factor * 1.03); above.Pick == nil || isCPU(*above.Pick) {
		t.Errorf("just above the turn (%.1f requests/s): pick %+v, want a GPU", 20*factor*1.03, above.Pick.Placements)
	}
	// The estimate is said as one, with its held-out error.
	if !hasRisk(*p, advisor.RiskEstimate, "per-core share") {
		t.Errorf("the CPU estimate is not among the risks: %v", sayAll(cat, riskTexts(*p)))
	}
}

// Ensure a CPU server that is cheaper but too slow for the target loses to
// a GPU, and the answer says why: BERT-large takes about a second on the
// core of the smallest instance, where Intel's code serves it on 8.
func TestCPUServerTooSlowForTheTarget(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 2}, Users: euUsers, GDPR: advisor.GDPREU}
	res := recommend(t, cat, req)
	if res.Pick == nil || isCPU(*res.Pick) {
		t.Fatalf("BERT-large at 2 requests/s within 100 ms: pick %+v, want a GPU", res.Pick)
	}
	if _, ok := why(*res.Pick, "why.cpu.slow"); !ok {
		t.Errorf("the explanation does not say why the cheaper CPU server lost: %s", explanation(cat, *res.Pick))
	}
	// With a target a CPU server meets, it wins.
	req.Workload.LatencyMS = 1500
	if res := recommend(t, cat, req); res.Pick == nil || !isCPU(*res.Pick) {
		t.Errorf("BERT-large at 2 requests/s within 1.5 s: pick %+v, want a CPU server", res.Pick)
	}
}

// Ensure the accelerator asked for is the only one that serves: gpu, cpu
// (or gpus=none), and never a CPU server for training or an LLM.
func TestAcceleratorChoosesWhatServes(t *testing.T) {
	cat := realCatalog(t)
	base := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 20}, Users: euUsers}
	for _, tt := range []struct {
		name    string
		edit    func(*advisor.Request)
		wantCPU bool
	}{
		{"gpu", func(r *advisor.Request) { r.Accelerator = advisor.AcceleratorGPU }, false},
		{"a GPU list", func(r *advisor.Request) { r.GPUs = []string{"t4", "l4"} }, false},
		{"cpu", func(r *advisor.Request) { r.Accelerator = advisor.AcceleratorCPU; r.Workload.RPS = 2000 }, true},
		{"gpus=none", func(r *advisor.Request) { r.GPUs = []string{advisor.NoGPUs}; r.Workload.RPS = 2000 }, true},
	} {
		req := base
		tt.edit(&req)
		res := recommend(t, cat, req)
		for _, o := range options(res) {
			if isCPU(o) != tt.wantCPU {
				t.Errorf("%s: option %s, want CPU servers %v", tt.name, o.Placements[0].InstanceType, tt.wantCPU)
			}
		}
		if len(options(res)) == 0 {
			t.Errorf("%s: no answer", tt.name)
		}
	}
	for _, req := range []advisor.Request{
		{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50"}, Users: euUsers},
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 1}, Users: euUsers},
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 2, Precision: catalog.PrecisionMixed}, Users: euUsers},
	} {
		for _, o := range options(recommend(t, cat, req)) {
			if isCPU(o) {
				t.Errorf("%s %s %s: a CPU server %s, which has no figure for it", req.Workload.Kind, req.Workload.Profile, req.Workload.Precision, o.Placements[0].InstanceType)
			}
		}
	}
	bad := base
	bad.Accelerator, bad.GPUs = advisor.AcceleratorCPU, []string{"t4"}
	if _, err := advisor.Recommend(cat, bad); err == nil || !strings.Contains(err.Error(), "gpus") {
		t.Errorf("accelerator=cpu with a GPU list: %v, want a field error on gpus", err)
	}
}

// wantLinesAddUp checks that each line is its quantity × unit price, to
// the cent, and the total their sum.
func wantLinesAddUp(tb testing.TB, o advisor.Option) {
	tb.Helper()
	for _, l := range o.Lines {
		if want := l.Quantity.Mul(l.UnitPrice).Round(2); !l.Amount.Equal(want) {
			tb.Errorf("line %q: %s × %s = %s, want %s", locale.For(locale.EN).Text(l.DescriptionText), l.Quantity, l.UnitPrice, l.Amount, want)
		}
	}
	if !o.Total.Equal(sumLines(o.Lines)) {
		tb.Errorf("total %s, the lines add up to %s", o.Total, sumLines(o.Lines))
	}
}

// riskTexts are an option's risks as texts.
func riskTexts(o advisor.Option) []locale.Text {
	out := make([]locale.Text, len(o.Risks))
	for i, r := range o.Risks {
		out[i] = r.Message
	}
	return out
}

// hasRisk reports whether an option has a risk of kind whose English text
// holds part.
func hasRisk(o advisor.Option, kind, part string) bool {
	for _, r := range o.Risks {
		if r.Kind == kind && strings.Contains(locale.For(locale.EN).Text(r.Message), part) {
			return true
		}
	}
	return false
}
