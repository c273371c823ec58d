package advisor

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// llmServing is how one offer serves an LLM: the weights' format, the GPUs
// of one replica, and the operating point: the measured (or cross-walked)
// serving point with the most output tokens/s per GPU whose time to first
// token fits the target after the network, and whose time per output
// token fits its target.
type llmServing struct {
	precision string
	replica   catalog.Replica
	perGPU    float64 // output tokens/s per GPU at the operating point
	ttftMS    float64 // prefill + queue at the operating point
	tpotMS    float64
	point     catalog.ServingPoint
	// derived says how the point was made from another GPU's, when it was.
	derived string
	// memoryCap < 1 when the replica's memory holds fewer requests than
	// the point ran at, and its throughput is cut to match.
	memoryCap float64
	// meets reports whether the point meets both targets.
	meets bool
}

// llmPrecision is the format an offer's GPU serves the model in: the one
// asked for, else the profile's default where the GPU runs it (FP8 needs
// FP8 tensor cores), else FP16/BF16. ok is false when the GPU cannot run
// the format asked for.
func (e *engine) llmPrecision(g *catalog.GPU) (string, bool) {
	p := e.req.Workload.Precision
	if p == "" {
		p = e.llm.DefaultPrecision
		if p == catalog.PrecisionFP8 && g.FP8TensorTFLOPS == 0 {
			p = catalog.PrecisionMixed
		}
		return p, true
	}
	return p, p != catalog.PrecisionFP8 || g.FP8TensorTFLOPS > 0
}

// llmFit sizes an offer for the model: the replica sizes its memory
// allows and the operating point that gives most tokens/s per GPU within
// the targets, budgetMS being the time to first token left after the
// network. It says why when the offer cannot serve.
func (e *engine) llmFit(o *catalog.Offer, g *catalog.GPU, budgetMS float64) (llmServing, string, locale.Text) {
	w := e.req.Workload
	prec, ok := e.llmPrecision(g)
	if !ok {
		return llmServing{}, reasonPrecision, locale.New("excluded.fp8", o.InstanceType, g.Name)
	}
	fits, need := e.llm.FitReplica(prec, g.MemoryGB, share(o), o.GPUCount, w.InputTokens+w.OutputTokens)
	if len(fits) == 0 {
		return llmServing{}, reasonMemory, locale.New("excluded.llm.memory", o.InstanceType, e.profile.Name,
			locale.Short(need), locale.Word("precision."+prec), o.GPUCount, locale.Short(g.MemoryGB*share(o)))
	}
	lg := e.llmGPU(g, prec)
	if len(lg.points) == 0 {
		return llmServing{}, reasonBenchmark, locale.New("excluded.llm.no_figures", o.InstanceType, e.profile.Name, g.Name)
	}
	best := llmServing{perGPU: -1}
	for _, r := range fits {
		// The catalog's points, then the one-user roofline point.
		for _, pt := range lg.points {
			s := e.servingAt(pt, r, prec, budgetMS)
			if pt.Scenario != singleStream {
				s.derived = lg.derived
			}
			if better(s, best) {
				best = s
			}
		}
		if s := e.servingAt(e.singleStreamOf(g, prec, r.GPUs), r, prec, budgetMS); better(s, best) {
			best = s
		}
	}
	best.perGPU = math.Min(best.perGPU, lg.offlineCap)
	return best, "", locale.Text{}
}

// llmGPUFigures is what llmFit reads of a GPU's serving figures at one
// precision for one model: the same for every offer of that GPU and every
// request, worked out once per catalog (see llmGPU). Read only: answers
// share it.
type llmGPUFigures struct {
	points     []catalog.ServingPoint // llmPoints
	derived    string
	offlineCap float64 // offlineCap
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
	kept, _ := e.facts.served.LoadOrStore(k, f)
	return kept.(*llmGPUFigures)
}

type singleKey struct {
	gpu, precision string
	gpus           int
}

// singleStreamOf is singleStream, worked out once per GPU, precision and
// number of GPUs in an answer.
func (e *engine) singleStreamOf(g *catalog.GPU, prec string, gpus int) catalog.ServingPoint {
	k := singleKey{g.ID, prec, gpus}
	if p, ok := e.singles[k]; ok {
		return p
	}
	p := e.singleStream(g, prec, gpus)
	if e.singles == nil {
		e.singles = map[singleKey]catalog.ServingPoint{}
	}
	e.singles[k] = p
	return p
}

// The one-user operating point every GPU has: decode reads every weight
// once per token, prefill does two operations per weight per input token,
// at the efficiencies NIM's one-user point shows (Llama 3.3 70B, 2 × H100,
// FP8, 5,000 tokens in: 18.58 ms per token against the 10.5 ms that
// 35.3 GB of weights per GPU at 3,350 GB/s would take; 406.77 ms to the
// first token against 178 ms at 3,958 dense FP8 TFLOPS).
const (
	singleStream     = "single"
	DecodeEfficiency = 0.57
	PrefillMFU       = 0.44
)

// singleStream is the model's one-user point on gpus GPUs of g: the
// lightest load, the shortest times, the fewest tokens/s.
func (e *engine) singleStream(g *catalog.GPU, prec string, gpus int) catalog.ServingPoint {
	w := e.req.Workload
	tp := float64(gpus)
	tpot := e.llm.WeightsGB(prec) / tp / g.MemoryBandwidthGBs * 1000 / DecodeEfficiency
	ttft := 2 * e.llm.ParamsB * 1e9 * float64(w.InputTokens) / (tp * tensorTFLOPS(*g, prec) * 1e12 * PrefillMFU) * 1000
	return catalog.ServingPoint{Profile: e.profile.ID, Model: e.profile.ID, GPU: g.ID, GPUs: gpus, TP: gpus, Precision: prec,
		Engine: "roofline", Scenario: singleStream, Concurrency: 1, InputTokens: float64(w.InputTokens), OutputTokens: float64(w.OutputTokens),
		TokensPerS: 1000 / tpot, TTFTMS: ttft, TPOTMS: tpot,
		Ref: catalog.Ref{Source: "nim-llm-benchmark-1.8", Date: "2025", Estimated: true, Method: fmt.Sprintf(
			"one user: %.1f GB of weights a GPU read at %g GB/s per token and %g TFLOPS for the prompt, at the efficiencies of NIM's one-user point (%.2f decode, %.2f prefill)",
			e.llm.WeightsGB(prec)/tp, g.MemoryBandwidthGBs, tensorTFLOPS(*g, prec), DecodeEfficiency, PrefillMFU)}}
}

// better prefers a point that meets the targets, then more tokens/s per
// GPU, then a lower time to first token, then fewer GPUs a replica.
func better(a, b llmServing) bool {
	switch {
	case b.perGPU < 0:
		return true
	case a.meets != b.meets:
		return a.meets
	case !a.meets:
		return a.ttftMS < b.ttftMS
	case a.perGPU != b.perGPU:
		return a.perGPU > b.perGPU
	}
	return a.replica.GPUs < b.replica.GPUs
}

// servingAt is one serving point on a replica: its tokens/s per GPU, cut
// when the replica's memory holds fewer requests than the point ran.
func (e *engine) servingAt(pt catalog.ServingPoint, r catalog.Replica, prec string, budgetMS float64) llmServing {
	s := llmServing{precision: prec, replica: r, point: pt, perGPU: pt.PerGPU(), ttftMS: pt.TTFTMS, tpotMS: pt.TPOTMS, memoryCap: 1}
	if n := concurrencyOf(pt, r.GPUs); n > float64(r.Concurrent) {
		s.memoryCap = float64(r.Concurrent) / n
		s.perGPU *= s.memoryCap
	}
	s.meets = s.ttftMS <= budgetMS && (s.tpotMS == 0 || s.tpotMS <= e.req.Workload.TPOTMS)
	return s
}

// concurrencyOf is how many requests one replica of gpus GPUs runs at a
// point: the users of a concurrency sweep shared over its replicas, else
// (Little's law) its tokens/s times the time each token takes.
func concurrencyOf(pt catalog.ServingPoint, gpus int) float64 {
	replicas := float64(max(pt.GPUs/max(gpus, 1), 1))
	if pt.Concurrency > 0 {
		return pt.Concurrency / replicas
	}
	return pt.PerGPU() * float64(gpus) * pt.TPOTMS / 1000
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

// llmBudgetMS is the time to first token an offer in a metro has after
// the network: the target less the users' traffic-weighted round trip.
func (e *engine) llmBudgetMS(metro int) float64 {
	var rtt float64
	for j, ms := range e.rttTo(metro) {
		rtt += e.users[j].weight * ms
	}
	return e.req.Workload.TTFTMS - rtt
}

// addLLMUsable sizes an offer for the LLM and keeps it when it serves,
// counting it under its reason when it does not.
func (e *engine) addLLMUsable(o *catalog.Offer, of *offerFacts, r *catalog.Region, g *catalog.GPU, comp Compliance, where func() locale.Text) {
	metro := of.metro
	fit, reason, why := e.llmFit(o, g, e.llmBudgetMS(metro))
	if reason != "" {
		e.excl.add(reason, func() locale.Text { return locale.New("excluded.llm", where(), why) })
		return
	}
	if !e.anyPricing(of.prices) {
		e.excl.add(reasonPricing, func() locale.Text {
			return locale.New("excluded.pricing", where(), o.InstanceType, pricingList(e.req.Pricing))
		})
		return
	}
	th := Throughput{PerGPU: fit.perGPU, Unit: "tokens/s", Source: fit.point.Source, Date: fit.point.Date,
		Estimated: fit.derived != "" || fit.point.Estimated, Method: fit.method()}
	u := &usable{offer: o, region: r, facts: of, metro: metro, gpu: g, perf: &perf{perGPU: fit.perGPU, info: th}, compliance: comp,
		serving: &fit, nodeEff: 1, computeMS: fit.ttftMS}
	// Every GPU of the instance serves: replicas of fit.replica.GPUs each.
	u.nodeTput = fit.perGPU * float64(o.GPUCount)
	e.usable = append(e.usable, u)
}

// method says where the operating point comes from, for the basis and the
// risks.
func (s llmServing) method() string {
	p := s.point
	if p.Scenario == singleStream {
		return p.Method
	}
	m := fmt.Sprintf("%s, %s, %s scenario", p.Engine, p.Model, p.Scenario)
	if p.Concurrency > 0 {
		m += fmt.Sprintf(" at %g users", p.Concurrency)
	}
	switch {
	case p.InputTokens > 0:
		m += fmt.Sprintf(", %g tokens in / %g out", p.InputTokens, p.OutputTokens)
	case p.OutputTokens > 0:
		m += fmt.Sprintf(", %.0f tokens out on average", p.OutputTokens)
	}
	if p.Method != "" {
		m += "; " + p.Method
	}
	if s.derived != "" {
		m = s.derived + "; " + m
	}
	if s.memoryCap < 1 {
		m += fmt.Sprintf("; cut to %.0f %% because a replica's memory holds %d requests", s.memoryCap*100, s.replica.Concurrent)
	}
	return m
}

// missesTPOT reports whether an LLM plan serves slower than the target
// time per output token somewhere: such a plan does not meet the targets
// however near its users are.
func (p *plan) missesTPOT(target float64) bool {
	for _, pl := range p.places {
		if s := pl.u.serving; s != nil && s.tpotMS > target {
			return true
		}
	}
	return false
}
