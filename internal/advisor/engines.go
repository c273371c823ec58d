package advisor

import "gpuplace/internal/catalog"

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
