package advisor

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// enginesFor lists the engine families an offer's GPU is sized under (the
// first n of the array): the engine the request names where it runs on
// the GPU; with EngineAny every engine that runs on it and has measured
// figures on its architecture (an engine the fit knows there only by its
// figures on other GPUs is not weighed unasked: its speed there would be
// an extrapolation no held-out figure checked), or vLLM, which runs on
// every GPU, where none has.
func (e *engine) enginesFor(g *catalog.GPU) (families [3]string, n int) {
	for _, f := range catalog.ServingEngines {
		if e.req.Workload.Engine != EngineAny && e.req.Workload.Engine != f || !catalog.EngineServes(f, *g) {
			continue
		}
		if e.req.Workload.Engine == EngineAny && !e.cat.EngineMeasuredOn(f, g.Architecture) {
			continue
		}
		families[n] = f
		n++
	}
	if n == 0 && e.req.Workload.Engine == EngineAny {
		families[0], n = catalog.FamilyVLLM, 1
	}
	return families, n
}

// llmGPU is what sizing the model on a GPU reads whatever the offer: the
// precisions (see llmPrecisions) and engines (see enginesFor) it is
// weighed under, which engine runs which precision, and the GPU as the
// serving model sees it.
type llmGPU struct {
	precs    [2]string
	np       int
	ok       bool
	families [3]string
	n        int
	runs     [2][3]bool
	hardware serving.Hardware
}

// llmOn is llmGPU for a GPU, worked out once per answer (an answer sizes
// a few kinds of offer of each GPU).
func (e *engine) llmOn(g *catalog.GPU) *llmGPU {
	if on, ok := e.memo.llmGPUs[g.ID]; ok {
		return on
	}
	on := &llmGPU{hardware: g.ServingHardware()}
	on.precs, on.np, on.ok = e.llmPrecisions(g)
	on.families, on.n = e.enginesFor(g)
	for i, prec := range on.precs[:on.np] {
		for j, family := range on.families[:on.n] {
			on.runs[i][j] = catalog.EngineRunsPrecision(family, prec, *g)
		}
	}
	if e.memo.llmGPUs == nil {
		e.memo.llmGPUs = map[string]*llmGPU{}
	}
	e.memo.llmGPUs[g.ID] = on
	return on
}
