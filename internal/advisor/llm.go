package advisor

import (
	"fmt"
	"math"
	"math/bits"

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

// llmSizing is how an offer serves the model whatever the network leaves
// of the time to first token: why it cannot, or every operating point on
// every replica size its memory allows. The offers of one llmSizingKey
// share it (read only but for the fits its points keep).
type llmSizing struct {
	// reason is why the offer cannot serve ("" when it can); precision and
	// need (the memory one request takes) are what whyNot says of it.
	reason    string
	precision string
	need      float64
	// points are the catalog's points, then the one-user roofline point, on
	// each replica size, smallest first.
	points     []sizedPoint
	offlineCap float64
}

// sizedPoint is an operating point of an offer (its meets unset) and the
// fits made of it (see fitAt), as it misses and as it meets the targets.
type sizedPoint struct {
	serving llmServing
	fitted  [2]*llmFitted
}

// llmSize sizes an offer for the model: the replica sizes its memory
// allows and the operating points on each, or why it cannot serve.
func (e *engine) llmSize(o *catalog.Offer, g *catalog.GPU) *llmSizing {
	w := e.req.Workload
	prec, ok := e.llmPrecision(g)
	if !ok {
		return &llmSizing{reason: reasonPrecision}
	}
	fits, need := e.llm.FitReplica(prec, g.MemoryGB, share(o), o.GPUCount, w.InputTokens+w.OutputTokens)
	if len(fits) == 0 {
		return &llmSizing{reason: reasonMemory, precision: prec, need: need}
	}
	lg := e.llmGPU(g, prec)
	if len(lg.points) == 0 {
		return &llmSizing{reason: reasonBenchmark}
	}
	sz := &llmSizing{points: make([]sizedPoint, 0, len(fits)*(len(lg.points)+1)), offlineCap: lg.offlineCap}
	for _, r := range fits {
		for _, pt := range lg.points {
			s := e.servingOn(pt, r, prec)
			if pt.Scenario != singleStream {
				s.derived = lg.derived
			}
			sz.points = append(sz.points, sizedPoint{serving: s})
		}
		sz.points = append(sz.points, sizedPoint{serving: e.servingOn(e.singleStream(g, prec, r.GPUs, lg), r, prec)})
	}
	return sz
}

// whyNot says why an offer of this sizing cannot serve the model.
func (e *engine) whyNot(sz *llmSizing, o *catalog.Offer, g *catalog.GPU) locale.Text {
	switch sz.reason {
	case reasonPrecision:
		return locale.New("excluded.fp8", o.InstanceType, g.Name)
	case reasonMemory:
		return locale.New("excluded.llm.memory", o.InstanceType, e.profile.Name,
			locale.Short(sz.need), locale.Word("precision."+sz.precision), o.GPUCount, locale.Short(g.MemoryGB*share(o)))
	}
	return locale.New("excluded.llm.no_figures", o.InstanceType, e.profile.Name, g.Name)
}

// fitAt is the operating point an offer serves at when budgetMS of the
// time to first token is left after the network: the one better prefers,
// capped at the GPU's Offline figure.
func (e *engine) fitAt(sz *llmSizing, budgetMS float64) *llmFitted {
	best, at := llmServing{perGPU: -1}, 0
	for i := range sz.points {
		s := sz.points[i].serving
		s.meets = e.meetsTargets(s, budgetMS)
		if better(s, best) {
			best, at = s, i
		}
	}
	k := 0
	if best.meets {
		k = 1
	}
	fitted := &sz.points[at].fitted[k]
	if *fitted != nil {
		return *fitted
	}
	best.perGPU = math.Min(best.perGPU, sz.offlineCap)
	f := &llmFitted{fit: best, perf: perf{perGPU: best.perGPU, info: Throughput{PerGPU: best.perGPU, Unit: "tokens/s",
		Source: best.point.Source, Date: best.point.Date, Estimated: best.derived != "" || best.point.Estimated, Method: best.method()}}}
	*fitted = f
	return f
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
func (e *engine) singleStream(g *catalog.GPU, prec string, gpus int, lg *llmGPUFigures) catalog.ServingPoint {
	w := e.req.Workload
	tp := float64(gpus)
	tpot := e.llm.WeightsGB(prec) / tp / g.MemoryBandwidthGBs * 1000 / DecodeEfficiency
	ttft := 2 * e.llm.ParamsB * 1e9 * float64(w.InputTokens) / (tp * tensorTFLOPS(*g, prec) * 1e12 * PrefillMFU) * 1000
	var method string
	if i := bits.TrailingZeros(uint(gpus)); gpus == 1<<i && i < len(lg.singleMethods) {
		method = lg.singleMethods[i]
	} else {
		method = e.singleMethod(g, prec, gpus)
	}
	return catalog.ServingPoint{Profile: e.profile.ID, Model: e.profile.ID, GPU: g.ID, GPUs: gpus, TP: gpus, Precision: prec,
		Engine: "roofline", Scenario: singleStream, Concurrency: 1, InputTokens: float64(w.InputTokens), OutputTokens: float64(w.OutputTokens),
		TokensPerS: 1000 / tpot, TTFTMS: ttft, TPOTMS: tpot,
		Ref: catalog.Ref{Source: "nim-llm-benchmark-1.8", Date: "2025", Estimated: true, Method: method}}
}

// singleMethod says how the one-user point on gpus GPUs of g is made: the
// same for every request, so llmGPU keeps it for the usual replica sizes.
func (e *engine) singleMethod(g *catalog.GPU, prec string, gpus int) string {
	return fmt.Sprintf("one user: %.1f GB of weights a GPU read at %g GB/s per token and %g TFLOPS for the prompt, at the efficiencies of NIM's one-user point (%.2f decode, %.2f prefill)",
		e.llm.WeightsGB(prec)/float64(gpus), g.MemoryBandwidthGBs, tensorTFLOPS(*g, prec), DecodeEfficiency, PrefillMFU)
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

// servingAt is one serving point on a replica (see servingOn), and
// whether it meets the targets when budgetMS is left of the time to first
// token.
func (e *engine) servingAt(pt catalog.ServingPoint, r catalog.Replica, prec string, budgetMS float64) llmServing {
	s := e.servingOn(pt, r, prec)
	s.meets = e.meetsTargets(s, budgetMS)
	return s
}

// servingOn is one serving point on a replica: its tokens/s per GPU, cut
// when the replica's memory holds fewer requests than the point ran.
func (e *engine) servingOn(pt catalog.ServingPoint, r catalog.Replica, prec string) llmServing {
	s := llmServing{precision: prec, replica: r, point: pt, perGPU: pt.PerGPU(), ttftMS: pt.TTFTMS, tpotMS: pt.TPOTMS, memoryCap: 1}
	if n := concurrencyOf(pt, r.GPUs); n > float64(r.Concurrent) {
		s.memoryCap = float64(r.Concurrent) / n
		s.perGPU *= s.memoryCap
	}
	return s
}

// meetsTargets reports whether a serving point meets the time per output
// token asked and the time to first token budgetMS leaves.
func (e *engine) meetsTargets(s llmServing, budgetMS float64) bool {
	return s.ttftMS <= budgetMS && (s.tpotMS == 0 || s.tpotMS <= e.req.Workload.TPOTMS)
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
func (e *engine) addLLMUsable(pool *[]usable, o *catalog.Offer, of *offerFacts, r *catalog.Region, g *catalog.GPU, comp Compliance, where func() locale.Text) {
	metro := of.metro
	sz := e.llmSizingOf(o, of, g)
	if sz.reason != "" {
		e.excl.add(sz.reason, func() locale.Text { return locale.New("excluded.llm", where(), e.whyNot(sz, o, g)) })
		return
	}
	if !e.anyPricing(of.prices) {
		e.excl.add(reasonPricing, func() locale.Text {
			return locale.New("excluded.pricing", where(), o.InstanceType, pricingList(e.req.Pricing))
		})
		return
	}
	f := e.fitAt(sz, e.llmBudgetMS(metro))
	*pool = append(*pool, usable{offer: o, region: r, facts: of, metro: metro, gpu: g, perf: &f.perf, compliance: comp,
		serving: &f.fit, nodeEff: 1, computeMS: f.fit.ttftMS,
		// Every GPU of the instance serves: replicas of fit.replica.GPUs each.
		nodeTput: f.fit.perGPU * float64(o.GPUCount)})
	e.usable = append(e.usable, &(*pool)[len(*pool)-1])
}

// llmSizingKey is what an offer's sizing depends on within one answer: its
// GPU, how many it has and the share of each sold.
type llmSizingKey struct {
	gpu, count int
	share      float64
}

// llmFitted is an offer's operating point with the throughput the answer
// shows for it, shared by the offers that serve at the same point (read
// only).
type llmFitted struct {
	fit  llmServing
	perf perf
}

// llmSizingOf is llmSize, worked out once per llmSizingKey in an answer: an
// LLM answer sizes thousands of offers of a few dozen kinds.
func (e *engine) llmSizingOf(o *catalog.Offer, of *offerFacts, g *catalog.GPU) *llmSizing {
	k := llmSizingKey{gpu: of.gpu, count: o.GPUCount, share: share(o)}
	if sz, ok := e.llmSizings[k]; ok {
		return sz
	}
	sz := e.llmSize(o, g)
	if e.llmSizings == nil {
		e.llmSizings = map[llmSizingKey]*llmSizing{}
	}
	e.llmSizings[k] = sz
	return sz
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
