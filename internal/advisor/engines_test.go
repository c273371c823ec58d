package advisor_test

import (
	"math"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// Ensure an engine no one knows is a field error naming workload.engine
// and listing the engines, and that the engine is read in any case.
func TestEngineValidated(t *testing.T) {
	cat := realCatalog(t)
	req := llmRequest("llama-3.1-8b")
	req.Workload.Engine = "tgi"
	_, err := advisor.Recommend(cat, req)
	fe := fieldErrors(t, err)
	if len(fe) != 1 || fe[0].Field != "workload.engine" || !strings.Contains(fe.Error(), "any, vllm, sglang, trtllm") {
		t.Errorf("engine tgi: %v, want one error on workload.engine listing any, vllm, sglang, trtllm", fe)
	}
	req.Workload.Engine = " SGLang "
	if res := recommend(t, cat, req); res.Request.Workload.Engine != "sglang" || res.Pick == nil || res.Pick.Serving.Engine != "SGLang" {
		t.Errorf("engine \" SGLang \": request %q, pick %+v, want sized on SGLang", res.Request.Workload.Engine, res.Pick)
	}
	req.Workload.Engine = ""
	if res := recommend(t, cat, req); res.Request.Workload.Engine != advisor.EngineAny {
		t.Errorf("no engine: request %q, want any", res.Request.Workload.Engine)
	}
}

// Ensure a named engine sizes every option on it, its versions and the
// serving model's error of its family stated, and that an engine that
// runs on none of the allowed GPUs leaves nothing, the reason naming it.
func TestNamedEngine(t *testing.T) {
	cat := realCatalog(t)
	fit := cat.ServingFit
	for _, f := range catalog.ServingEngines {
		req := llmRequest("llama-3.3-70b")
		req.GDPR, req.Workload.Engine = advisor.GDPRNone, f
		res := recommend(t, cat, req)
		if res.Pick == nil {
			t.Fatalf("engine %s: no pick", f)
		}
		for _, o := range options(res) {
			s := o.Serving
			g, _ := cat.GPU(o.Placements[0].GPU)
			e, _ := fit.Validation.Error(serving.Group(g.Architecture, f))
			if s.Engine != catalog.EngineName(f) || s.EngineVersion != cat.EngineVersion(f) || math.Abs(s.ErrorPct-e.MedianPct) > 0.05 {
				t.Errorf("engine %s, %s: sized on %q (%q), error %.1f %%, want %s, its versions, and its family's error %.1f %%",
					f, g.ID, s.Engine, s.EngineVersion, s.ErrorPct, catalog.EngineName(f), e.MedianPct)
			}
		}
	}
	req := llmRequest("llama-3.1-8b")
	req.GDPR, req.Workload.Engine, req.Workload.Precision, req.GPUs = advisor.GDPRNone, catalog.FamilyTRTLLM, catalog.PrecisionMixed, []string{"v100", "t4"}
	res := recommend(t, cat, req)
	if res.Pick != nil {
		t.Errorf("TensorRT-LLM on V100 and T4: pick %s, want none", placementID(res.Pick.Placements[0]))
	}
	var why string
	for _, x := range res.Excluded {
		if x.Reason == "engine" {
			why = say(cat, x.ExampleText)
		}
	}
	if !strings.Contains(why, "TensorRT-LLM does not run on NVIDIA") {
		t.Errorf("TensorRT-LLM on V100 and T4: exclusions %+v, want the engine reason naming TensorRT-LLM", res.Excluded)
	}
	// Asked for any engine, the same GPUs are served on another.
	req.Workload.Engine = advisor.EngineAny
	if res := recommend(t, cat, req); res.Pick == nil || res.Pick.Serving.Engine == "TensorRT-LLM" {
		t.Errorf("any engine on V100 and T4: pick %+v, want one not on TensorRT-LLM", res.Pick)
	}
}

// Ensure that with any engine each offer is sized on the engine that
// serves the most at the targets: on GPUs where every engine that runs
// has measured figures (unasked, an engine is weighed only there), the
// answer costs no more than any one engine's, and its pick serves at
// least as many tokens a GPU as each engine that runs on its GPU serves
// on the same offer.
func TestAnyEngineServesTheMost(t *testing.T) {
	cat := realCatalog(t)
	var measured []string
	for _, g := range cat.GPUs {
		all := true
		for _, f := range catalog.ServingEngines {
			all = all && (!catalog.EngineServes(f, g) || cat.EngineMeasuredOn(f, g.Architecture))
		}
		if all {
			measured = append(measured, g.ID)
		}
	}
	if len(measured) == 0 {
		t.Fatal("no GPU has figures of every engine that runs on it")
	}
	for _, prof := range []string{"llama-3.3-70b", "llama-3.1-8b"} {
		req := llmRequest(prof)
		req.GDPR, req.GPUs = advisor.GDPRNone, measured
		anyRes := recommend(t, cat, req)
		if anyRes.Pick == nil {
			t.Fatalf("%s: no pick", prof)
		}
		pick := anyRes.Pick
		g, _ := cat.GPU(pick.Placements[0].GPU)
		for _, f := range catalog.ServingEngines {
			named := req
			named.Workload.Engine = f
			res := recommend(t, cat, named)
			if res.Pick != nil && res.Pick.Total.LessThan(pick.Total) {
				t.Errorf("%s: on %s alone the pick costs %s, less than any engine's %s", prof, f, res.Pick.Total, pick.Total)
			}
			if !catalog.EngineServes(f, g) {
				continue
			}
			named.Providers, named.GPUs = []string{pick.Placements[0].Provider}, []string{g.ID}
			for _, o := range options(recommend(t, cat, named)) {
				if placementID(o.Placements[0]) == placementID(pick.Placements[0]) && o.Throughput.PerGPU > pick.Throughput.PerGPU+0.01 {
					t.Errorf("%s on %s: %s serves %.1f tokens/s a GPU, more than the %.1f of any engine (%s)",
						prof, placementID(o.Placements[0]), f, o.Throughput.PerGPU, pick.Throughput.PerGPU, pick.Serving.Engine)
				}
			}
		}
	}
}

// Ensure an unasked precision is served only by an engine that loads its
// checkpoint on the GPU: Llama 3.1 8B at 5 requests/s, any GPU, is not
// put on V100s in 4 bits (their kernels need Turing or newer), and a
// 4-bit or FP4 pick names vLLM or SGLang, or TensorRT-LLM.
func TestPrecisionOnAnEngineThatLoadsIt(t *testing.T) {
	cat := realCatalog(t)
	for _, prof := range []string{"llama-3.1-8b", "llama-3.3-70b"} {
		req := llmRequest(prof)
		req.GDPR, req.Workload.RPS = advisor.GDPRNone, 10
		for _, gpus := range [][]string{nil, {"v100", "v100-32gb"}, {"l40s"}, {"b200"}} {
			req.GPUs = gpus
			res := recommend(t, cat, req)
			for _, o := range options(res) {
				g, _ := cat.GPU(o.Placements[0].GPU)
				if s := o.Serving; s != nil && !catalog.EngineRunsPrecision(catalog.EngineFamilyOf(s.Engine), s.Precision, g) {
					t.Errorf("%s on %v: %s in %s on %s", prof, gpus, o.Placements[0].InstanceType, s.Precision, s.Engine)
				}
			}
		}
	}
}
