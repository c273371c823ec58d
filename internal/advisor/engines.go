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
// weighed under, which engine runs which precision, the GPU as the
// serving model sees it, the catalog's measured figures of it that may
// anchor a curve in each precision under each engine family (see
// anchorOf), and by engine family the model's held-out
// error there and the band of the real capacity (see llmCurve). id,
// precIDs and familyIDs name the GPU, precisions and families in curve
// keys.
type llmGPU struct {
	precs     [2]string
	np        int
	ok        bool
	families  [3]string
	n         int
	runs      [2][3]bool
	hardware  serving.Hardware
	anchors   [2][3][]int32
	errs      [3]serving.GroupError
	validated [3]bool
	bands     [3]serving.Band
	id        int32
	precIDs   [2]int32
	familyIDs [3]int32
}

// llmOn is llmGPU for a GPU, worked out once per answer (an answer sizes
// a few kinds of offer of each GPU).
func (e *engine) llmOn(g *catalog.GPU) *llmGPU {
	if on, ok := e.memo.llmGPUs[g.ID]; ok {
		return on
	}
	m := e.llmMemo()
	on := e.buf.gpus.next()
	on.hardware, on.id = g.ServingHardware(), m.id(g.ID)
	on.precs, on.np, on.ok = e.llmPrecisions(g)
	on.families, on.n = e.enginesFor(g)
	for i, prec := range on.precs[:on.np] {
		on.precIDs[i] = m.id(prec)
		// Each figure is of one family: the families' lists share room
		// for them all.
		index := e.cat.ServingIndex(e.profile.ID, g.ID, prec)
		room := m.idx.take(len(index))[:0]
		for j, family := range on.families[:on.n] {
			on.runs[i][j] = catalog.EngineRunsPrecision(family, prec, *g)
			start := len(room)
			for _, k := range index {
				if sp := &e.cat.Serving[k]; sp.Family == family && sp.InputTokens != 0 && sp.KVPrecision == "" {
					room = append(room, int32(k))
				}
			}
			on.anchors[i][j] = room[start:len(room):len(room)]
		}
	}
	if fit := e.cat.ServingFit; fit != nil {
		arch := on.hardware.Architecture
		load := serving.LoadOf(e.req.Workload.TPOTMS)
		for j, family := range on.families[:on.n] {
			on.familyIDs[j] = m.id(family)
			on.errs[j], on.validated[j] = fit.Validation.Error(serving.Group(arch, family))
			// An architecture without figures has its efficiencies
			// pooled from the others: no held-out figure validates them.
			on.validated[j] = on.validated[j] && fit.Params.Fitted(arch)
			on.bands[j] = e.cat.ServingBand(family, load)
		}
	}
	if e.memo.llmGPUs == nil {
		e.memo.llmGPUs = e.buf.llmGPUs()
	}
	e.memo.llmGPUs[g.ID] = on
	return on
}
