package advisor

import (
	"math"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/serving"
)

// LLM serving is sized by the serving model (internal/serving) fitted on
// the catalog's serving figures: each kind of offer gets the throughput–
// latency curve of every replica size its memory allows, and each offer
// the highest load on those curves whose time to first token fits the
// time its region leaves after the network, and whose time per output
// token fits the target, both at the 95th percentile — never past the
// curve's knee, where a doubling of the load adds under 5 % output while
// the latency grows (serving.Knee).

// LLMQuantile is the percentile the LLM targets are met at (API.md: p95).
const LLMQuantile = 0.95

// llmServing is how one offer serves an LLM: its replica size's curve
// (the replica, what anchors it, the model's error and the hardware's
// floors, shared by every offer of that size) and the operating point on
// it.
type llmServing struct {
	*llmCurve
	precision string
	// point is the replica's operating point; perGPU its output tokens/s
	// per GPU (anchored, see anchorOf).
	point          serving.Point
	perGPU         float64
	ttftMS, tpotMS float64
	// meets is false when even one request at a time misses a target;
	// atKnee is true where the targets allow more load than the curve's
	// knee, at which the point is then held (see llmCurve.capAtKnee).
	meets, atKnee bool
	// methodText is method's, once written.
	methodText string
}

// engine is the family of engine the replica runs (serving.Family…), kv
// its KV cache's format.
func (s *llmServing) engine() string { return s.replica.Family }
func (s *llmServing) kv() string     { return s.replica.KV }

// llmSizing is how a kind of offer serves the model: why it cannot, or the
// curve of each replica size its memory allows, and the operating points
// worked out from them, by the time to first token left.
type llmSizing struct {
	reason string
	// precision is the format asked for (reasonPrecision) or the one with
	// the smallest weights (reasonMemory), for whyNot.
	precision string
	need      float64 // GB one request needs (for whyNot)
	curves    []*llmCurve
	curveArr  [24]*llmCurve // curves' room: replica sizes 1, 2, 4 and 8 under each of three engines and two precisions
	// excluded is how many offers of the kind the pass over the offers
	// excluded for reason.
	excluded int
	// fits are the operating points found so far, one per metro asked
	// about (a kind of offer is sold in a few metros), and fitAt their
	// index by metro (see fitIn).
	fits  []*llmFitted
	fitAt []int32
	// What weighFree reads of the curves' points under the
	// time-per-token target alone, once freeKnown: whether every curve
	// meets the targets there, the longest time to the first token among
	// them and among those that meet (and whether one is NaN), the curve
	// that serves the most per GPU (−1: none meets), and each curve's
	// figure (in freeArr's room).
	freeKnown, free, nanTTFT bool
	slowest, slowestMeeting  float64
	top                      int
	freeFigs                 []freeFigure
	freeArr                  [24]freeFigure
}

// llmCurve is one replica size's curve, what anchors it, and what its
// operating points share: the model's error for its GPU family (err, of
// all held-out figures when validated is false) and the hardware's
// floors.
type llmCurve struct {
	// tp and pp are the replica's tensor-parallel size and pipeline
	// stages; gpus the GPUs it spans (tp × pp).
	tp, pp, gpus int
	precision    string
	// replica and curve are held by value, curve reading replica: an
	// answer makes a curve of each replica size of each GPU.
	replica     serving.Replica
	curve       serving.Curve
	anchor      *catalog.ServingPoint
	anchorRatio float64
	err         serving.GroupError
	validated   bool
	// band is the range the real capacity is expected in (the held-out
	// errors of its engine family at the question's load).
	band                 serving.Band
	floorTPOT, floorTTFT float64
	// points are the curve's operating points found so far, one per
	// metro asked about (see pointAt): a curve serves in a few metros.
	// free is its point under the time-per-token target alone (once
	// freeKnown), the point of every metro whose budget for the first
	// token it keeps.
	points    []curvePoint
	free      curvePoint
	freeKnown bool
	// at is the index of points by metro (1 + the index; 0: none yet),
	// and room where the list of points is cut from (nil: the heap).
	at   []int32
	room *room[curvePoint]
}

// curvePoint is a curve's operating point in a metro (for its budget),
// whether it meets the targets, and whether it is held at the knee.
type curvePoint struct {
	metro         int
	pt            serving.Point
	meets, atKnee bool
}

// freePoint is the curve's point under the time-per-token target alone.
func (c *llmCurve) freePoint(tpotMS float64) curvePoint {
	if !c.freeKnown {
		pt, ok := c.curve.Best(math.Inf(1), tpotMS)
		pt, at := c.capAtKnee(pt)
		c.free, c.freeKnown = curvePoint{metro: freeMetro, pt: pt, meets: ok, atKnee: at}, true
	}
	return c.free
}

// kneePoint is the curve's knee (see serving.Knee), for the options
// shown; false when its memory runs out before the knee. (Not kept: an
// answer keeps hundreds of curves and shows a few.)
func (c *llmCurve) kneePoint() (serving.Point, bool) { return c.curve.Knee() }

// capAtKnee is pt, or the curve's knee where pt is past it (true): past
// the knee a doubling of the load adds under 5 % output while the queue
// and the latencies grow, so no capacity past it is counted on, whatever
// the targets allow.
func (c *llmCurve) capAtKnee(pt serving.Point) (serving.Point, bool) {
	return c.curve.CapAtKnee(pt)
}

// freeMetro marks a point that stands for every metro whose budget it
// keeps (see llmCurve.free).
const freeMetro = -2

// curveKey names a replica size's curve within an answer: offers of one
// GPU and share sold, of whatever GPU count, share the curves of the
// replica sizes they allow. The GPU, engine family and precision are
// named by their ids in the answer (see llmMemos.id).
type curveKey struct {
	gpu, family, precision int32
	tp, pp                 int32
	share                  float64
}

// pointAt is the curve's operating point in a metro, budgetMS of the time
// to first token left there: the highest load within both targets, or,
// for a replica size that misses one even at one request at a time,
// within the near-best band of its fastest (see nearFastest), not at one
// request: a target it misses anyway is no reason to run it empty.
func (c *llmCurve) pointAt(metro int, budgetMS, tpotMS float64) curvePoint {
	if f := c.freePoint(tpotMS); f.meets && f.pt.TTFTMS <= budgetMS {
		return f
	}
	if p, ok := c.pointIn(metro); ok {
		return p
	}
	pt, ok := c.curve.Best(budgetMS, tpotMS)
	if !ok {
		pt, _ = c.curve.Best(nearFastest(pt.TTFTMS, budgetMS), max(tpotMS, pt.TPOTMS*(1+NearBestShare)))
	}
	pt, at := c.capAtKnee(pt)
	p := curvePoint{metro: metro, pt: pt, meets: ok, atKnee: at}
	if c.points == nil {
		c.points = make([]curvePoint, 0, 16)
		if c.room != nil {
			// (Room for a point in every metro.)
			c.points = c.room.list(len(c.at))
		}
	}
	c.points = append(c.points, p)
	if metro >= 0 && metro < len(c.at) {
		c.at[metro] = int32(len(c.points))
	}
	return p
}

// pointIn is the point found for a metro, if any: by the index of the
// metros (c.at) where the curve has one.
func (c *llmCurve) pointIn(metro int) (curvePoint, bool) {
	if metro >= 0 && metro < len(c.at) {
		if i := c.at[metro]; i > 0 {
			return c.points[i-1], true
		}
		return curvePoint{}, false
	}
	for _, p := range c.points {
		if p.metro == metro {
			return p, true
		}
	}
	return curvePoint{}, false
}

// llmSize sizes a kind of offer for the model.
func (e *engine) llmSize(o *catalog.Offer, g *catalog.GPU) *llmSizing {
	fit := e.cat.ServingFit
	if fit == nil {
		return &llmSizing{reason: reasonBenchmark}
	}
	on := e.llmOn(g)
	if !on.ok {
		return &llmSizing{reason: reasonPrecision, precision: e.req.Workload.Precision}
	}
	w := e.req.Workload
	in, out := float64(w.InputTokens), float64(w.OutputTokens)
	if on.n == 0 {
		return &llmSizing{reason: reasonEngine}
	}
	sz := e.newSizing()
	sz.curves = sz.curveArr[:0]
	splits := serving.Splits(on.hardware, o.GPUCount, e.cat.PipelinesMeasuredOn(g.ID))
	// Every precision's and engine's curves compete in fitAt: the offer
	// serves on the one with the most capacity at the targets.
	for i, prec := range on.precs[:on.np] {
		format := catalog.ServingFormat(prec)
		setup := serving.Setup{Hardware: on.hardware, Model: e.llmModel, Format: format, Share: share(o), Cached: w.PrefixCachePct / 100}
		for j, family := range on.families[:on.n] {
			if !on.runs[i][j] {
				continue
			}
			setup.Family = family
			for _, sp := range splits {
				setup.TP, setup.PP = sp.TP, sp.PP
				k := curveKey{gpu: on.id, family: on.familyIDs[j], precision: on.precIDs[i], tp: int32(sp.TP), pp: int32(sp.PP), share: setup.Share}
				if lc := e.llmCurveOf(k, on, i, j, setup); lc != nil {
					sz.curves = append(sz.curves, lc)
				}
			}
		}
		if sz.precision == "" || e.llmModel.WeightBytes(format) < e.llmModel.WeightBytes(catalog.ServingFormat(sz.precision)) {
			sz.precision = prec
		}
	}
	if len(sz.curves) == 0 {
		format := catalog.ServingFormat(sz.precision)
		sz.reason = reasonMemory
		sz.need = (e.llmModel.WeightBytes(format) + e.llmModel.KVBytesPerToken(serving.DefaultKV(format))*(in+out)) / 1e9
	}
	return sz
}

// llmCurveOf is the curve of one replica size, made once per answer (nil
// when the model does not fit it): on a GPU (on), in its ith precision
// under its jth engine family.
func (e *engine) llmCurveOf(k curveKey, on *llmGPU, i, j int, setup serving.Setup) *llmCurve {
	m := e.llmMemo()
	if c, ok := m.curves[k]; ok {
		return c
	}
	if m.curves == nil {
		m.curves = map[curveKey]*llmCurve{}
	}
	fit := e.cat.ServingFit
	in, out := float64(e.req.Workload.InputTokens), float64(e.req.Workload.OutputTokens)
	r, err := fit.Params.Replica(setup)
	if err != nil {
		m.curves[k] = nil
		return nil
	}
	lc := m.newCurve()
	lc.tp, lc.pp, lc.gpus, lc.precision, lc.replica = setup.TP, setup.Stages(), setup.GPUs(), on.precs[i], r
	if !lc.replica.CurveInto(&lc.curve, in, out, LLMQuantile) {
		m.curveSlab.drop() // (its room is reused)
		m.curves[k] = nil
		return nil
	}
	lc.at, lc.room = m.idx.take(e.cat.PlaceCount()), &m.points
	lc.floorTPOT, lc.floorTTFT = lc.replica.DecodeFloorMS(), lc.replica.PrefillFloorMS(in)
	lc.anchor, lc.anchorRatio = e.anchorOf(on.anchors[i][j], setup, in, out)
	lc.err, lc.validated, lc.band = on.errs[j], on.validated[j], on.bands[j]
	m.curves[k] = lc
	return lc
}

// newSizing returns room for one llmSizing from the answer's slabs (an
// answer sizes a few dozen kinds of offer).
func (e *engine) newSizing() *llmSizing { return e.buf.sizings.next() }

// whyNot says why an offer of this sizing cannot serve the model.
func (e *engine) whyNot(sz *llmSizing, o *catalog.Offer, g *catalog.GPU) locale.Text {
	switch sz.reason {
	case reasonPrecision:
		return locale.New("excluded.format", o.InstanceType, g.Name, locale.Word("precision."+sz.precision))
	case reasonEngine:
		return locale.New("excluded.engine", o.InstanceType, catalog.EngineName(e.req.Workload.Engine), g.Name)
	case reasonMemory:
		return locale.New("excluded.llm.memory", o.InstanceType, e.profile.Name,
			locale.Num(sz.need), locale.Word("precision."+sz.precision), o.GPUCount, locale.Num(g.MemoryGB*share(o)))
	}
	return locale.New("excluded.llm.no_fit", o.InstanceType, e.profile.Name)
}

// fitAt is the operating point an offer of this sizing serves at in a
// metro, with the time to first token the network leaves there
// (llmBudgetMS): of each replica size's (see pointAt), the one with the
// most tokens a second per GPU (then the fewest GPUs a replica). When
// every size misses the targets, the one with the shortest time to first
// token serves.
func (e *engine) fitAt(sz *llmSizing, metro int) *llmFitted {
	tpot := e.req.Workload.TPOTMS
	// Where the replica sizes that compete keep the budget at their
	// points under the time-per-token target alone, the fit is that of
	// every such metro (and the same whatever budget it is worked out
	// with, each serving at that point; see keepsBudget). The budget's
	// floor often tells, without the budget itself.
	var budgetMS float64
	if floor := e.llmBudgetFloorMS(metro); sz.surelyKeeps(floor, tpot) {
		budgetMS, metro = floor, freeMetro
	} else if budgetMS = e.llmBudgetMS(metro); sz.keepsBudget(budgetMS, tpot) {
		metro = freeMetro
	}
	if f := sz.fitIn(metro); f != nil {
		return f
	}
	bar := sz.barOf(metro, budgetMS, tpot)
	var best *llmCurve
	var bestPoint curvePoint
	for i, c := range sz.curves {
		// A curve whose point under the time-per-token target alone
		// misses it, or serves less than the bar, cannot be the best:
		// its point in the metro serves no more (see barOf).
		if f := sz.freeFigs[i]; bar > 0 && (!f.meets || f.perGPU < bar) {
			continue
		}
		if p := c.pointAt(metro, budgetMS, tpot); best == nil || betterPoint(c, p, best, bestPoint) {
			best, bestPoint = c, p
		}
	}
	if best == nil {
		// Every curve fell under the bar: a bound that holds where
		// throughput grows with the load, which short requests near
		// saturation break. The point is then the best of all curves.
		for _, c := range sz.curves {
			if p := c.pointAt(metro, budgetMS, tpot); best == nil || betterPoint(c, p, best, bestPoint) {
				best, bestPoint = c, p
			}
		}
	}
	f := e.newFitted()
	f.metro = metro
	f.fit = e.servingOf(best, best.precision, bestPoint)
	sz.keepFit(f, e.cat.PlaceCount(), e.llmMemo())
	return f
}

// newFitted returns room for one llmFitted from the answer's slabs (an
// answer fits thousands of offers, at a few hundred distinct points).
func (e *engine) newFitted() *llmFitted { return e.buf.fits.next() }

// nearFastest is the time to first token a replica that misses the target
// even at one request at a time (fastest ms there) is sized for: within
// the near-best band of its fastest, max(NearBestMS, NearBestShare) above
// it, and never under the budget.
func nearFastest(fastest, budgetMS float64) float64 {
	return max(budgetMS, fastest+max(NearBestMS, NearBestShare*fastest))
}

// throughput is the figure an LLM option is sized with, as the answer
// shows it.
func (s *llmServing) throughput(e *engine) Throughput {
	return Throughput{PerGPU: s.perGPU, Unit: "tokens/s", Source: servingModelSource, Date: e.cat.Version.Created, Estimated: true, Method: s.method(e)}
}

// servingModelSource is the catalog source that names the serving model
// (see version.json).
const servingModelSource = "gpuplace-serving-model"

// servingOf is the serving a curve gives at one of its points.
func (e *engine) servingOf(c *llmCurve, prec string, p curvePoint) llmServing {
	pt := p.pt
	return llmServing{llmCurve: c, precision: prec, point: pt, perGPU: pt.OutputPerS * c.anchorRatio / float64(c.gpus),
		ttftMS: pt.TTFTMS, tpotMS: pt.TPOTMS, meets: p.meets, atKnee: p.atKnee}
}

// betterPoint reports whether curve a's point pa is better than curve b's
// pb: one that meets the targets, then more tokens/s per GPU (anchored),
// then (for points that miss) a shorter time to first token, then fewer
// GPUs a replica.
func betterPoint(a *llmCurve, pa curvePoint, b *llmCurve, pb curvePoint) bool {
	ga, gb := pa.perGPU(a), pb.perGPU(b)
	switch {
	case pa.meets != pb.meets:
		return pa.meets
	case !pa.meets && pa.pt.TTFTMS != pb.pt.TTFTMS:
		return pa.pt.TTFTMS < pb.pt.TTFTMS
	case ga != gb:
		return ga > gb
	}
	if a.gpus != b.gpus {
		return a.gpus < b.gpus
	}
	return a.pp < b.pp
}

// addLLMUsable sizes an offer for the LLM and keeps it when it serves,
// counting it under its reason when it does not. It reads the offer's
// brief, not its facts (see offerBrief).
func (e *engine) addLLMUsable(pool *[]usable, o *catalog.Offer, of *offerFacts, b *offerBrief, r *catalog.Region, g *catalog.GPU, comp Compliance, where func() locale.Text) {
	metro := int(b.metro)
	sz := e.llmSizingOf(o, int(b.kind), g)
	if sz.reason != "" {
		// The first offer of the kind is counted as it comes (it may be
		// its reason's example), the others after the pass (see
		// countExcludedKinds).
		if sz.excluded == 0 {
			e.excl.add(sz.reason, func() locale.Text { return locale.New("excluded.llm", where(), e.whyNot(sz, o, g)) })
		}
		sz.excluded++
		return
	}
	if !e.soldUnder(b.sold) {
		e.excl.add(reasonPricing, func() locale.Text {
			return locale.New("excluded.pricing", where(), o.InstanceType, pricingList(e.req.Pricing))
		})
		return
	}
	f := e.fitAt(sz, metro)
	if vcpus, need, mem, weights, ok := catalog.ServingHostShortfall(o, e.llmModel, catalog.ServingFormat(f.fit.precision)); !ok {
		e.excl.add(reasonHost, func() locale.Text {
			if vcpus > 0 && vcpus < need {
				return locale.New("excluded.llm.host.vcpus", where(), o.InstanceType, vcpus, o.GPUCount, catalog.ServingHostMinVCPUsPerGPU, e.profile.Name)
			}
			return locale.New("excluded.llm.host.memory", where(), o.InstanceType, locale.Short(mem), e.profile.Name,
				locale.Word("precision."+f.fit.precision), locale.Short(weights))
		})
		return
	}
	// Made where it stays (the pool has room for every offer).
	*pool = (*pool)[:len(*pool)+1]
	u := &(*pool)[len(*pool)-1]
	*u = usable{offer: o, region: r, facts: of, metro: metro, gpu: g, perf: &e.llmPerf, compliance: comp,
		serving: &f.fit, nodeEff: 1, computeMS: f.fit.ttftMS,
		// Every GPU of the instance serves: replicas of fit.gpus GPUs each.
		nodeTput: f.fit.perGPU * float64(o.GPUCount)}
	e.usable = append(e.usable, u)
}

// countExcludedKinds counts, after the pass over the offers, the offers
// of each kind that cannot serve the model beyond the first (which
// addLLMUsable counted): thousands of offers of a few kinds, counted
// without a look-up each.
func (e *engine) countExcludedKinds() {
	for _, sz := range e.memo.llmSizings {
		if sz.excluded > 1 && e.excl.counts != nil {
			e.excl.counts[sz.reason] += sz.excluded - 1
		}
	}
}

// llmFitted is an offer's operating point in a metro, shared by the
// offers of its kind there (read only).
type llmFitted struct {
	metro int
	fit   llmServing
}

// llmSizingOf is llmSize, worked out once per GPU kind of offer (kind)
// in an answer (see gpuKind): an LLM answer sizes thousands of offers of a few
// dozen kinds.
func (e *engine) llmSizingOf(o *catalog.Offer, kind int, g *catalog.GPU) *llmSizing {
	if e.memo.sizingOf == nil {
		e.memo.sizingOf = make([]*llmSizing, e.facts.gpuKinds)
	}
	if sz := e.memo.sizingOf[kind]; sz != nil {
		return sz
	}
	sz := e.llmSize(o, g)
	e.memo.sizingOf[kind] = sz
	e.memo.llmSizings = append(e.memo.llmSizings, sz)
	return sz
}

// engineName is an engine family's name for people.
func engineName(family string) string { return catalog.EngineName(family) }

// missesTPOT reports whether an LLM plan serves slower than the target
// time per output token somewhere (see place.tpotMS): such a plan does
// not meet the targets however near its users are.
func (p *plan) missesTPOT(target float64) bool {
	for k := range p.places {
		if pl := &p.places[k]; pl.u.serving != nil && pl.tpotMS() > target {
			return true
		}
	}
	return false
}
