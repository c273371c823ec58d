package advisor

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gpuplace/internal/catalog"
)

// This file reads the catalog's serving figures of a model on a GPU: the
// measured latency-bounded points, or points cross-walked from the
// nearest GPUs that have them, and the Offline ceiling. They depend on
// the catalog alone and are kept with its facts (see llmGPU).

// llmGPUFigures is what llmSize reads of a GPU's serving figures at one
// precision for one model: the same for every offer of that GPU and every
// request, worked out once per catalog (see llmGPU). Read only: answers
// share it.
type llmGPUFigures struct {
	points     []catalog.ServingPoint // llmPoints
	derived    string
	offlineCap float64 // offlineCap
	// singleMethods says how the one-user point on 1, 2, 4 and 8 GPUs (the
	// replica sizes FitReplica tries) is made (see singleMethod).
	singleMethods [4]string
}

// servedKey names a model's serving figures on a GPU at a precision.
type servedKey struct{ profile, gpu, precision string }

// llmGPU is the serving figures of a GPU at a precision for the model
// asked, kept with the catalog's facts: an LLM answer sizes thousands of
// offers on a few dozen GPUs, and the figures (and the cross-walk search
// for a GPU without any) depend on the catalog alone.
func (e *engine) llmGPU(g *catalog.GPU, prec string) *llmGPUFigures {
	k := servedKey{e.profile.ID, g.ID, prec}
	if f, ok := e.facts.served.Load(k); ok {
		return f.(*llmGPUFigures)
	}
	f := &llmGPUFigures{offlineCap: e.offlineCap(g, prec)}
	f.points, f.derived = e.llmPoints(g, prec)
	for i := range f.singleMethods {
		f.singleMethods[i] = e.singleMethod(g, prec, 1<<i)
	}
	kept, _ := e.facts.served.LoadOrStore(k, f)
	return kept.(*llmGPUFigures)
}

// llmPoints returns the latency-bounded serving points of the model on a
// GPU in a format: measured, or cross-walked from the two GPUs of the same
// maker nearest in memory bandwidth that have them (derived says how).
func (e *engine) llmPoints(g *catalog.GPU, prec string) ([]catalog.ServingPoint, string) {
	if pts := latencyPoints(e.cat.ServingPoints(e.profile.ID, g.ID, prec)); len(pts) > 0 {
		return pts, ""
	}
	var out []catalog.ServingPoint
	var how []string
	for _, ref := range e.nearestServed(g, prec, 2) {
		out = append(out, crosswalkPoints(latencyPoints(e.cat.ServingPoints(e.profile.ID, ref.gpu.ID, ref.precision)), ref.gpu, g, ref.precision, prec)...)
		how = append(how, fmt.Sprintf("%s's in %s (memory bandwidth %g ÷ %g GB/s with bytes per weight for decode, tensor TFLOPS %g ÷ %g for prefill)",
			ref.gpu.Name, ref.precision, g.MemoryBandwidthGBs, ref.gpu.MemoryBandwidthGBs, tensorTFLOPS(*g, prec), tensorTFLOPS(ref.gpu, ref.precision)))
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, fmt.Sprintf("no serving figure of %s: cross-walked from %s", g.Name, strings.Join(how, " and "))
}

// latencyPoints keeps the points measured under a latency bound: the
// Offline maximum is never an operating point when a target is set.
func latencyPoints(pts []catalog.ServingPoint) []catalog.ServingPoint {
	var out []catalog.ServingPoint
	for _, p := range pts {
		if p.Scenario != catalog.ScenarioOffline && p.TTFTMS > 0 {
			out = append(out, p)
		}
	}
	return out
}

// servedGPU is a GPU with latency points of the model in a format.
type servedGPU struct {
	gpu       catalog.GPU
	precision string
}

// nearestServed lists up to n GPUs of the same maker as g (the first word
// of the name: engines differ between makers) with latency points of the
// model, nearest in memory bandwidth first, in g's format where any has it.
func (e *engine) nearestServed(g *catalog.GPU, prec string, n int) []servedGPU {
	maker := g.Maker()
	for _, p := range []string{prec, otherPrecision(prec)} {
		var out []servedGPU
		for _, id := range e.cat.ServingGPUs(e.profile.ID, p) {
			r, _ := e.cat.GPU(id)
			if r.ID == g.ID || r.Maker() != maker || r.MemoryBandwidthGBs <= 0 ||
				len(latencyPoints(e.cat.ServingPoints(e.profile.ID, id, p))) == 0 {
				continue
			}
			out = append(out, servedGPU{r, p})
		}
		if len(out) > 0 {
			dist := func(s servedGPU) float64 { return math.Abs(math.Log(g.MemoryBandwidthGBs / s.gpu.MemoryBandwidthGBs)) }
			slices.SortStableFunc(out, func(a, b servedGPU) int { return cmp.Compare(dist(a), dist(b)) })
			return out[:min(n, len(out))]
		}
	}
	return nil
}

func otherPrecision(p string) string {
	if p == catalog.PrecisionFP8 {
		return catalog.PrecisionMixed
	}
	return catalog.PrecisionFP8
}

// tensorTFLOPS is a GPU's dense tensor rate in a format.
func tensorTFLOPS(g catalog.GPU, prec string) float64 {
	if prec == catalog.PrecisionFP8 && g.FP8TensorTFLOPS > 0 {
		return g.FP8TensorTFLOPS
	}
	return g.FP16TensorTFLOPS
}

// crosswalkPoints moves a reference GPU's points to another GPU: decode
// (tokens/s, time per token) scales with memory bandwidth over the bytes of
// a weight, prefill (time to first token) with tensor throughput.
func crosswalkPoints(pts []catalog.ServingPoint, ref catalog.GPU, g *catalog.GPU, refPrec, prec string) []catalog.ServingPoint {
	decode := g.MemoryBandwidthGBs / ref.MemoryBandwidthGBs * catalog.BytesPerParam(refPrec) / catalog.BytesPerParam(prec)
	prefill := tensorTFLOPS(ref, refPrec) / tensorTFLOPS(*g, prec)
	out := make([]catalog.ServingPoint, len(pts))
	for i, p := range pts {
		p.GPU, p.Precision = g.ID, prec
		p.TokensPerS *= decode
		p.TPOTMS /= decode
		p.TTFTMS *= prefill
		p.Estimated = true
		out[i] = p
	}
	return out
}

// offlineCap is the most output tokens/s per GPU the GPU is measured to
// serve the model (Offline), or +Inf when it has no such figure: no
// operating point may exceed it.
func (e *engine) offlineCap(g *catalog.GPU, prec string) float64 {
	best := math.Inf(1)
	found := false
	for _, p := range e.cat.ServingPoints(e.profile.ID, g.ID, prec) {
		if p.Scenario == catalog.ScenarioOffline {
			if !found || p.PerGPU() > best {
				best, found = p.PerGPU(), true
			}
		}
	}
	return best
}
