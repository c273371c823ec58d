package advisor

import "gpuplace/internal/catalog"

// enginesFor lists the engine families an offer's GPU is sized under (the
// first n of the array): the engine the request names where it runs on
// the GPU, or with EngineAny every engine that does.
func (e *engine) enginesFor(g *catalog.GPU) (families [3]string, n int) {
	for _, f := range catalog.ServingEngines {
		if (e.req.Workload.Engine == EngineAny || e.req.Workload.Engine == f) && catalog.EngineServes(f, *g) {
			families[n] = f
			n++
		}
	}
	return families, n
}
