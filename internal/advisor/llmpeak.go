package advisor

import "gpuplace/internal/locale"

// The latencies an LLM answer reports and compares are those of a
// replica at the planned peak: a place's replicas share its part of the
// peak, and each runs at that load, read from the curve its capacity was
// read from. The sizing and the search read a replica at its capacity
// (the most it carries within the targets, see pointAt), which is the
// most its latencies can be at the peak; read there, every option's
// figures were those of its own capacity point, and a region whose budget
// for the first token is shorter, sized at a lighter point, was called
// faster than a nearer one on the same GPUs.

// peakLoad is a replica's load at the planned peak: its requests a second
// (rps), and of its point on the curve carrying them, the requests running
// at once and the latencies (95th percentile, before the network).
type peakLoad struct {
	rps, concurrency, ttftMS, tpotMS float64
}

// peakAt is a replica's load when the place's replicas carry share of the
// peak between them. The replicas counted are those the peak is planned
// on: spot's spares stand in for the interrupted ones. The curve keeps the
// points it reads, so only the last load is kept, for the plans of one
// offer under each pricing model, which come one after the other.
func (e *engine) peakAt(pl *place, share float64) *peakLoad {
	s := pl.u.serving
	replicas := float64((pl.count-pl.spares)*pl.u.offer.GPUCount) / float64(s.gpus)
	rps := e.req.Workload.PeakRPS * share / replicas
	if last := e.memo.lastPeak; last.s == s && last.l != nil && last.l.rps == rps {
		return last.l
	}
	// The curve is the model's, its throughput anchored by anchorRatio:
	// a replica's capacity is its point's requests a second times it.
	pt, _ := s.curve.AtRate(rps / s.anchorRatio)
	var l *peakLoad
	if slab := e.memo.peakSlab; len(slab) < cap(slab) {
		// Room from the buffers (see atPlannedPeak), never grown: the
		// places point into it.
		e.memo.peakSlab = slab[:len(slab)+1]
		l = &e.memo.peakSlab[len(slab)]
	} else {
		l = new(peakLoad)
	}
	*l = peakLoad{rps: rps, concurrency: pt.Concurrency, ttftMS: pt.TTFTMS, tpotMS: pt.TPOTMS}
	e.memo.lastPeak = lastPeak{s: s, l: l}
	return l
}

// lastPeak is peakAt's last answer, for s.
type lastPeak struct {
	s *llmServing
	l *peakLoad
}

// peakOf is an LLM place's replica at the planned peak: read there by
// atPlannedPeak, or now.
func (e *engine) peakOf(pl *place) *peakLoad {
	if pl.peak != nil {
		return pl.peak
	}
	return e.peakAt(pl, pl.share)
}

// atPlannedPeak reads each plan's LLM places at the planned peak (each
// place's replicas carrying its share of it) and works out again, from
// those latencies, the plan's weighted latency, its share of users within
// the target and whether it meets the targets: what the ranking, the
// options and the sentences comparing them read. A replica at the peak
// carries at most its capacity, so no plan's latencies grow.
func (e *engine) atPlannedPeak(plans []*plan) {
	n := 0
	for _, p := range plans {
		n += len(p.places)
	}
	e.memo.peakSlab = take(&e.buf.peaks, n)
	for _, p := range plans {
		for k := range p.places {
			if pl := &p.places[k]; pl.u.serving != nil {
				pl.peak = e.peakAt(pl, pl.share)
			}
		}
		var st latencyStats
		if len(p.places) == 1 {
			st = e.statsAtPeak(p.places[0].u.metro, p.places[0].serviceMS())
		} else {
			st = e.latencyOf(p)
		}
		p.metric, p.within = st.weightedMS, st.within
		p.meets = reaches(p.within, MeetsTargetShare) && !p.missesTPOT(e.req.Workload.TPOTMS)
	}
}

// statsAtPeak is the latency figures of one metro serving every user with
// ms to the first token before the network. The last one asked is kept:
// an offer's plans under each pricing model come one after the other.
func (e *engine) statsAtPeak(metro int, ms float64) latencyStats {
	if last := &e.memo.peakStats; last.known && last.metro == metro && last.st.computeMS == ms {
		return last.st
	}
	st := latencyStats{computeMS: ms}
	target := e.req.Workload.LatencyMS
	for j, rtt := range e.rttTo(metro) {
		w := e.weights[j]
		st.weightedMS += w * (rtt + ms)
		if rtt+ms <= target {
			st.within += w
		}
	}
	st.within *= 100
	e.memo.peakStats = lastStats{metro: metro, st: st, known: true}
	return st
}

// lastStats is statsAtPeak's last answer, for metro.
type lastStats struct {
	metro int
	st    latencyStats
	known bool
}

// latencyOf is a plan's weighted latency and share of users within the
// target (computeMS unset), each user point routed to its nearest place
// as the search routed it, and served there in the place's service time.
func (e *engine) latencyOf(p *plan) latencyStats {
	var st latencyStats
	rtts := e.rttsOf(p)
	target := e.req.Workload.LatencyMS
	for i := range e.users {
		k, rtt := nearestPlace(p, rtts, i)
		ms := rtt + p.places[k].serviceMS()
		w := e.weights[i]
		st.weightedMS += w * ms
		if ms <= target {
			st.within += w
		}
	}
	st.within *= 100
	return st
}

// serviceMS is the time a request takes in the place before the network:
// for an LLM place read at the planned peak, the time to first token of a
// replica there; else its usable offer's (for an LLM, at its capacity).
func (pl *place) serviceMS() float64 {
	if pl.peak != nil {
		return pl.peak.ttftMS
	}
	return pl.u.computeMS
}

// tpotMS is an LLM place's time per output token: a replica's at the
// planned peak once read there, else at its capacity.
func (pl *place) tpotMS() float64 {
	if pl.peak != nil {
		return pl.peak.tpotMS
	}
	return pl.u.serving.tpotMS
}

// headroom is what more load a replica takes at the planned peak, as per
// cents of its load there: up to its operating point (nil where the point
// misses a target anyway: no target is kept to miss), and up to its
// curve's knee (nil without one, knee its concurrency); atKnee where the
// knee holds the operating point. Both are nil for a replica that carries
// nothing at the peak.
type headroom struct {
	toPoint, toKnee, knee *float64
	atKnee                bool
}

// headroom is the load's headroom on s's curve (rounded as answers show
// it): the requests a second of its operating point and of its knee over
// the load's, less one. Its curve's figures are the model's, its
// operating point's anchored by anchorRatio.
func (l *peakLoad) headroom(s *llmServing) headroom {
	pct := func(rps float64) *float64 {
		if !(l.rps > 0) {
			return nil // a replica that carries nothing at the peak (a failover region's standing by)
		}
		v := round1(100 * max(rps/l.rps-1, 0))
		return &v
	}
	h := headroom{atKnee: s.atKnee}
	if s.meets {
		h.toPoint = pct(s.point.RequestsPerS * s.anchorRatio)
	}
	if knee, ok := s.kneePoint(); ok {
		c := round1(knee.Concurrency)
		if h.toKnee = pct(knee.RequestsPerS * s.anchorRatio); h.toKnee != nil {
			h.knee = &c
		}
	}
	return h
}

// texts say the headroom: at the knee, how much more load reaches it;
// else how much more misses a target (where the point meets them), and
// where the knee is or that there is none.
func (h headroom) texts() []locale.Text {
	if h.atKnee && h.toKnee != nil {
		return []locale.Text{locale.New("why.llm.knee.at", locale.Num(*h.knee), locale.Pct1(*h.toKnee))}
	}
	var out []locale.Text
	if h.toPoint != nil {
		out = append(out, locale.New("why.llm.headroom", locale.Pct1(*h.toPoint)))
	}
	if h.toKnee != nil {
		return append(out, locale.New("why.llm.knee", locale.Num(*h.knee), locale.Pct1(*h.toKnee)))
	}
	if h.toPoint == nil {
		return out // no load at the peak, or a target missed anyway: nothing to say
	}
	return append(out, locale.New("why.llm.knee.none"))
}
