package advisor

import (
	"math"
	"slices"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// explainPick says, in a buyer's words, why the pick won.
func (e *engine) explainPick(p *plan, plans, alts []*plan) []locale.Text {
	var out []locale.Text
	if e.req.Workload.Kind == catalog.KindTraining {
		out = e.trainingSummary(p, plans)
	} else {
		out = e.inferenceSummary(p, plans)
	}
	if len(alts) > 0 {
		out = append(out, locale.New("why.runner_up", describe(e.cat, alts[0]), e.lossReason(alts[0], p)))
	}
	if s, ok := e.spotNote(p); ok {
		out = append(out, s)
	}
	out = append(out, e.compliance(p).Text)
	if len(e.sovereignOut) > 0 {
		out = append(out, locale.New("why.sovereign.excluded", joinTexts(e.sovereignOut)))
	}
	return out
}

// joinTexts joins sentences into one: "a; b; c".
func joinTexts(ts []locale.Text) locale.Text {
	if len(ts) == 1 {
		return ts[0]
	}
	return locale.New("word.semicolon", ts[0], joinTexts(ts[1:]))
}

func (e *engine) trainingSummary(p *plan, plans []*plan) []locale.Text {
	w := e.req.Workload
	pl := p.places[0]
	o := pl.u.offer
	th := pl.u.perf.info
	measured := locale.Word("word.measured")
	if th.Estimated {
		measured = locale.Word("word.estimated")
	}
	epochs := locale.New(counted("word.epochs", w.Epochs), w.Epochs)
	out := []locale.Text{locale.New(counted("why.training.run", pl.count), pl.count, o.InstanceType, o.GPUCount, pl.u.gpu.Name, locale.Num(float64(w.Samples)), epochs,
		locale.Hours(p.hours), locale.Num(th.PerGPU), th.Unit, measured, th.Date)}
	id := map[string]string{ObjectiveLatency: "why.fastest", ObjectiveBalanced: "why.balanced", ObjectiveCarbon: "why.greenest"}[e.req.Objective]
	if id == "" {
		id = "why.cheapest"
	}
	n := []any{len(plans)}
	if len(plans) == 1 {
		id, n = "why.only", nil // not "the cheapest of 1 options"
	}
	if w.DeadlineHours > 0 {
		out = append(out, locale.New(id+".deadline", append(n, locale.Short(w.DeadlineHours))...))
		if pl.count > 1 {
			out = append(out, locale.New("why.nodes", pl.count))
		}
		return append(out, e.cpuBoundNote(p)...)
	}
	out = append(out, locale.New(id, n...))
	return append(out, e.cpuBoundNote(p)...)
}

// cpuBoundNote says where an instance's vCPUs, not its GPUs, bound what a
// plan's place does: they prepare the input (decoding images) at most so
// fast (once per instance type).
func (e *engine) cpuBoundNote(p *plan) []locale.Text {
	var out []locale.Text
	for k, pl := range p.places {
		if slices.ContainsFunc(p.places[:k], func(q place) bool { return q.u.offer.InstanceType == pl.u.offer.InstanceType }) {
			continue
		}
		if b := pl.u.cpuBound; b != nil && pl.u.cpu != nil {
			// Said once for all of the plan's CPU servers.
			t := locale.New("why.cpu.decode", locale.Num(b.PerVCPU), b.Work)
			if !slices.ContainsFunc(out, t.Equal) {
				out = append(out, t)
			}
		} else if b != nil {
			out = append(out, locale.New("why.cpu_bound", pl.u.offer.InstanceType, pl.u.offer.VCPUs, locale.Num(pl.u.nodeTput),
				locale.Num(b.PerVCPU), b.Work))
		}
	}
	return out
}

func (e *engine) inferenceSummary(p *plan, plans []*plan) []locale.Text {
	w := e.req.Workload
	var out []locale.Text
	for _, pl := range p.places {
		if s := pl.u.serving; s != nil {
			out = append(out, e.llmSummary(pl, s))
			out = append(out, e.peakOf(&pl).headroom(s).texts()...)
			// The sentence speaks of one request at a time: its figure is the
			// curve's first point, not the operating point sized (which may
			// run more requests within the near-best band).
			if one := s.curve.First().TPOTMS; s.tpotMS > w.TPOTMS && one > w.TPOTMS {
				out = append(out, locale.New("why.llm.tpot.model", pl.u.gpu.Name, locale.F1(one), locale.Short(w.TPOTMS), locale.F1(s.floorTPOT)))
			}
			continue
		}
		rps := pl.u.nodeTput / e.profile.Inference.UnitsPerRequest
		if pl.u.cpu != nil {
			out = append(out, locale.New(counted("why.cpu.at", pl.count), pl.count, pl.u.offer.InstanceType, regionPlace(pl.u.region),
				pl.u.offer.VCPUs, locale.Num(w.PeakRPS*pl.share), locale.Num(rps), locale.Pct(TargetUtilisation*100),
				locale.F1(pl.u.computeMS)))
			continue
		}
		out = append(out, locale.New(counted("why.serving.at", pl.count), pl.count, pl.u.offer.InstanceType, regionPlace(pl.u.region),
			locale.Num(w.PeakRPS*pl.share), locale.Num(rps), locale.Pct(TargetUtilisation*100)))
	}
	if w.PrefixCachePct > 0 && len(p.places) > 0 && p.places[0].u.serving != nil {
		out = append(out, locale.New("why.llm.cached", locale.Pct(w.PrefixCachePct)))
	}
	lat := locale.New("why.latency", locale.Pct1(p.within), locale.Short(w.LatencyMS), locale.F1(p.metric))
	switch {
	case !p.meets:
		out = append(out, e.unmet(p, plans)...)
	case len(p.places) > 1:
		// Why several regions, where the single regions weighed say so: a
		// question that asks for several (min_regions) weighs none, and
		// "the best keeps 0 %" would be untrue.
		best, single := 0.0, false
		for _, q := range plans {
			if len(q.places) == 1 {
				best, single = max(best, q.within), true
			}
		}
		if single && e.req.MinRegions <= 1 && best < MeetsTargetShare {
			out = append(out, locale.New("why.multi", locale.Pct(MeetsTargetShare), locale.Short(w.LatencyMS), locale.Pct(best), len(p.places)))
		}
		out = append(out, lat)
	default:
		out = append(out, lat)
	}
	if e.req.Objective == ObjectiveLatency && p.meets {
		out = append(out, e.fastEnough(p, plans))
	}
	out = append(out, e.cpuVersusGPU(p, plans)...)
	return append(out, e.cpuBoundNote(p)...)
}

// llmSummary says how an LLM is served in one place: replicas, GPUs and
// format, the tokens at peak, the operating point and the model's error,
// and a replica's load and latencies at the planned peak.
func (e *engine) llmSummary(pl place, s *llmServing) locale.Text {
	w := e.req.Workload
	o := pl.u.offer
	replicas := pl.count * o.GPUCount / s.gpus
	peak := e.peakOf(&pl)
	return locale.New(counted("why.llm.peak.at", pl.count), pl.count, o.InstanceType, regionPlace(pl.u.region), s.gpus, pl.u.gpu.Name,
		locale.Word("precision."+s.precision), replicas, locale.Num(w.PeakRPS*pl.share*float64(w.OutputTokens)),
		locale.Num(s.perGPU*float64(s.gpus)), locale.Num(s.point.Concurrency), engineName(s.engine()), locale.Pct(s.err.MedianPct),
		locale.Num(peak.rps*float64(w.OutputTokens)), locale.Num(peak.ttftMS), locale.F1(peak.tpotMS))
}

// fastEnough says, for the latency objective, how the pick stands against
// the fastest placement: the fastest itself, or the cheapest of those
// within the tie band of it, with what the fastest costs more.
func (e *engine) fastEnough(p *plan, plans []*plan) locale.Text {
	fastest := p
	for _, q := range plans {
		if q.meets && (q.metric < fastest.metric || q.metric == fastest.metric && e.order(q, fastest) < 0) {
			fastest = q
		}
	}
	if shown(fastest.metric, locale.FmtF1) == shown(p.metric, locale.FmtF1) {
		return locale.New("why.fastest.latency", locale.F1(p.metric))
	}
	band := max(LatencyTieMS, LatencyTieShare*fastest.metric)
	return locale.New("why.fast_enough", locale.F1(band), locale.F1(fastest.metric), e.costsThan(fastest, p))
}

// unmet says plainly that no placement meets the latency target, which
// placements came close enough to compete, and what the nearest one costs.
func (e *engine) unmet(p *plan, plans []*plan) []locale.Text {
	w := e.req.Workload
	rule := e.nearBest // ranking measured it (none meets the target)
	out := []locale.Text{locale.New("why.unmet.near", MaxRegions, locale.Pct(MeetsTargetShare), locale.Short(w.LatencyMS), locale.Pct1(rule.best),
		locale.Pct(NearBestPoints), locale.F1(rule.limit), locale.Word("objective."+e.req.Objective),
		locale.Pct1(p.within), locale.F1(p.metric))}
	// The nearest plan; of equally near ones, the best ranked.
	fastest := p
	for _, q := range plans {
		if q.metric < fastest.metric || q.metric == fastest.metric && e.order(q, fastest) < 0 {
			fastest = q
		}
	}
	if shown(fastest.metric, locale.FmtF1) != shown(p.metric, locale.FmtF1) {
		out = append(out, locale.New("why.nearest", locale.F1(fastest.metric), e.costsThan(fastest, p)))
	}
	return out
}

// costsThan says how a's cost compares with b's: "9.8× more", "12 % more",
// "the same", "30 % less".
func (e *engine) costsThan(a, b *plan) locale.Text {
	d := (a.costUSD - b.costUSD) * e.rate
	// A difference that rounds to 0 % is still a difference in money:
	// "under 1 % more", never "0 % more".
	underOnePct := shown(100*math.Abs(a.costUSD/b.costUSD-1), locale.FmtPct) == "0"
	switch {
	case shown(math.Abs(d), locale.FmtMoney) == "0.00" || b.costUSD <= 0:
		return locale.New("cost.same")
	case a.costUSD >= 2*b.costUSD:
		return locale.New("cost.times", locale.F1(a.costUSD/b.costUSD))
	case underOnePct && d > 0:
		return locale.New("cost.more.slightly")
	case underOnePct:
		return locale.New("cost.less.slightly")
	case d > 0:
		return locale.New("cost.more", locale.Pct(100*(a.costUSD/b.costUSD-1)))
	default:
		return locale.New("cost.less", locale.Pct(100*(1-a.costUSD/b.costUSD)))
	}
}

// lossReason says why plan a ranks below the pick, from the very numbers
// the ranking compared, so that it never calls equal figures different.
func (e *engine) lossReason(a, pick *plan) locale.Text {
	cur := e.req.Currency
	diff := (a.costUSD - pick.costUSD) * e.rate
	var costs locale.Text
	switch amount := locale.Money(math.Abs(diff)); {
	case shown(math.Abs(diff), locale.FmtMoney) == "0.00":
		costs = locale.New("lost.costs_same")
	case diff > 0:
		costs = locale.New("lost.costs_more_by", e.costsThan(a, pick), amount, cur)
	default:
		costs = locale.New("lost.costs_less_by", e.costsThan(a, pick), amount, cur)
	}
	if e.req.Workload.Kind == catalog.KindTraining {
		d := locale.New("lost.duration", e.durationThan(a, pick))
		switch {
		case e.req.Objective == ObjectiveBalanced && a.score != nil && pick.score != nil:
			return scoreText(a.score, pick.score, locale.New("word.join", d, costs))
		case e.req.Objective == ObjectiveLatency:
			return locale.New("word.join", d, costs)
		}
		return locale.New("word.join", costs, d)
	}
	lat := e.latencyThan(a, pick)
	switch {
	case pick.meets && !a.meets && a.missesTPOT(e.req.Workload.TPOTMS):
		return locale.New("lost.tpot", locale.Short(e.req.Workload.TPOTMS), costs)
	case pick.meets && !a.meets:
		// "only" is for a share below what the target asks, as shown.
		return locale.New("lost.fewer_within", locale.Pct1(a.within), locale.Short(e.req.Workload.LatencyMS), costs)
	case !pick.meets && !a.nearBest && a.within < pick.within && shown(a.within, locale.FmtPct1) != shown(pick.within, locale.FmtPct1):
		// (Only where the figures shown differ: "95.0 % against 95.0 %"
		// would say nothing.)
		return locale.New("lost.less_within.costs", locale.Pct1(a.within), locale.Pct1(pick.within), costs)
	case !pick.meets && !a.nearBest:
		return locale.New("lost.not_near", locale.F1(a.metric), costs)
	case e.req.Objective == ObjectiveBalanced && a.score != nil && pick.score != nil:
		return scoreText(a.score, pick.score, locale.New("word.join", lat, costs))
	case e.req.Objective == ObjectiveLatency:
		return locale.New("word.join", lat, costs)
	}
	return locale.New("word.join", costs, lat)
}

// scoreText says a balanced score against the pick's with its parts, to
// three significant digits: the scores of near plans differ in the second
// or third decimal, which two decimals would round to "0.00 against 0.00".
func scoreText(a, pick *Score, then locale.Text) locale.Text {
	return locale.New("lost.score", locale.Sig3(a.Value), locale.Sig3(pick.Value), locale.Sig3(a.CostPart), locale.Sig3(a.LatencyPart),
		locale.Sig3(a.CarbonPart), then)
}

// latencyThan compares a's weighted latency with b's as they are shown
// (one decimal): faster, slower or the same.
func (e *engine) latencyThan(a, b *plan) locale.Text {
	return compareShown(a.metric, b.metric, locale.FmtF1, "lost.latency_same", "lost.latency_lower", "lost.latency_higher")
}

// durationThan compares a training plan's wall time with b's as shown.
func (e *engine) durationThan(a, b *plan) locale.Text {
	return compareShown(a.metric, b.metric, locale.FmtHours, "duration.same", "duration.shorter", "duration.longer")
}

// compareShown sets x against y as format shows them, so that figures that
// read the same are never called different: message same with the one
// figure, lower or higher with both.
func compareShown(x, y float64, format, same, lower, higher string) locale.Text {
	fx, fy := locale.Number(x, format), locale.Number(y, format)
	switch {
	case shown(x, format) == shown(y, format):
		return locale.New(same, fx)
	case x < y:
		return locale.New(lower, fx, fy)
	default:
		return locale.New(higher, fx, fy)
	}
}

// shown is a figure as the pages write it in a locale format (every
// language writes these digits alike), for telling whether two figures
// read the same.
func shown(x float64, format string) string { return locale.For(locale.EN).Format(x, format) }

// tradeOff sums up an alternative against the pick in a few words: "+0.20
// USD, finishes 21.1 h earlier", "−1,200.00 USD, 3.4 ms slower".
func (e *engine) tradeOff(a, pick *plan) locale.Text {
	cur := e.req.Currency
	var money locale.Text
	switch d := (a.costUSD - pick.costUSD) * e.rate; {
	case shown(math.Abs(d), locale.FmtMoney) == "0.00":
		money = locale.New("trade.cost_same")
	case d > 0:
		money = locale.New("trade.cost_more", locale.Money(d), cur)
	default:
		money = locale.New("trade.cost_less", locale.Money(-d), cur)
	}
	var other locale.Text
	if e.req.Workload.Kind == catalog.KindTraining {
		switch d := pick.metric - a.metric; {
		case shown(a.metric, locale.FmtHours) == shown(pick.metric, locale.FmtHours):
			other = locale.New("trade.same_time")
		case d > 0:
			other = locale.New("trade.earlier", locale.Hours(d))
		default:
			other = locale.New("trade.later", locale.Hours(-d))
		}
	} else {
		switch d := a.metric - pick.metric; {
		case shown(a.metric, locale.FmtF1) == shown(pick.metric, locale.FmtF1):
			other = locale.New("trade.same_latency")
		case d < 0:
			other = locale.New("trade.faster", locale.F1(-d))
		default:
			other = locale.New("trade.slower", locale.F1(d))
		}
		if shown(a.within, locale.FmtPct1) != shown(pick.within, locale.FmtPct1) {
			other = locale.New("trade.join", other, locale.New("trade.within", locale.Pct1(a.within)))
		}
	}
	return locale.New("trade.join", money, other)
}

// describe names a plan's placements: "AWS eu-west-1 g5.xlarge (spot)".
func describe(cat *catalog.Catalog, p *plan) locale.Text {
	var t locale.Text
	for i, pl := range p.places {
		one := locale.New("why.place", cat.ProviderLabel(pl.u.offer.Provider), regionWord(pl.u.region), pl.u.offer.InstanceType, pricingWord(pl.pricing))
		if i == 0 {
			t = one
		} else {
			t = locale.New("why.places", t, one)
		}
	}
	return t
}

// spotNote weighs spot against the pick's own pricing on the same instance.
func (e *engine) spotNote(p *plan) (locale.Text, bool) {
	if len(p.places) != 1 || !allowed(e.req.Pricing, catalog.Spot) {
		return locale.Text{}, false
	}
	pl := p.places[0]
	o := pl.u.offer
	if o.Spot == nil {
		return locale.Text{}, false
	}
	band, isDefault := spotBand(e.cat, o)
	bandNote := locale.New("spot.band", band)
	if isDefault {
		bandNote = locale.New("spot.band.default", band)
	}
	training := e.req.Workload.Kind == catalog.KindTraining
	if pl.pricing == catalog.Spot {
		od := e.variant(p, catalog.OnDemand)
		if training {
			return locale.New("spot.saves.training", locale.Pct(savings(p, od)), locale.Count(p.interruptions), bandNote,
				locale.Hours(p.hours-p.workHours), e.checkpointNote()), true
		}
		return locale.New(counted("spot.saves.inference.fallback", pl.spares), locale.Pct(savings(p, od)), pl.spares, locale.Hours(pl.fallbackHours), bandNote), true
	}
	s := e.variant(p, catalog.Spot)
	if s == nil {
		return locale.Text{}, false
	}
	// d is how much cheaper spot would be; negative when it is dearer (a
	// spare replica, or a term price below spot).
	d := savings(s, p)
	way, size := "less", locale.Pct(d)
	if d < 0 {
		way, size = "more", locale.Pct(-d)
	}
	if training {
		if dl := e.req.Workload.DeadlineHours; dl > 0 && s.hours > dl {
			return locale.New("spot."+way+".deadline", size, locale.Hours(s.hours)), true
		}
		return locale.New("spot."+way+".training", size, locale.Hours(s.hours-s.workHours), bandNote), true
	}
	return locale.New("spot."+way+".inference", size, bandNote), true
}

func (e *engine) checkpointNote() locale.Text {
	if m := *e.req.CheckpointMinutes; m > 0 {
		return locale.New(counted("spot.checkpoints", m), locale.Short(m))
	}
	return locale.New("spot.no_checkpoints")
}

// savings is how much cheaper p is than q, in percent (negative when dearer).
func savings(p, q *plan) float64 {
	if q == nil || q.costUSD == 0 {
		return 0
	}
	return (1 - p.costUSD/q.costUSD) * 100
}

// variant re-plans p's instance under another pricing model, or nil when
// the instance has no such price.
func (e *engine) variant(p *plan, pm catalog.PricingModel) *plan {
	pl := p.places[0]
	if !pl.u.sold(pm) {
		return nil
	}
	if e.req.Workload.Kind == catalog.KindTraining {
		w := e.req.Workload
		q := e.sizeTraining(pl.u, pm, float64(w.Samples)*float64(w.Epochs), *e.req.CheckpointMinutes/60)
		q.places[0].billed = billedHours(pm, q.hours)
		e.priceTraining(q)
		if !finitePlan(q) {
			return nil
		}
		return q
	}
	np, _ := e.servingPlace(pl.u, pm, 1)
	q := &plan{places: []place{np}, hours: p.hours, metric: p.metric, within: p.within, meets: p.meets}
	e.priceInference(q)
	return q
}

// pricingComparison prices the pick's instance under every pricing model it
// is sold under, with the break-even of reserved terms.
func (e *engine) pricingComparison(p *plan) []PricingComparison {
	if len(p.places) != 1 {
		return nil
	}
	pl := p.places[0]
	od, _ := pl.u.hourly(catalog.OnDemand)
	var out []PricingComparison
	for _, pm := range catalog.PricingModels {
		q := e.variant(p, pm)
		if q == nil {
			continue
		}
		var lines []Line
		if e.req.Workload.Kind == catalog.KindTraining {
			lines = e.trainingLines(q)
		} else {
			lines = e.inferenceLines(q)
		}
		var note locale.Text
		switch {
		case pm == catalog.OnDemand:
			note = locale.New("pricing.note.on_demand")
		case pm == catalog.Monthly:
			note = locale.New("pricing.note.monthly", locale.Short(math.Ceil(q.places[0].billed/catalog.HoursPerMonth)))
		case !od.IsPositive():
			note = locale.New("pricing.note.no_on_demand")
		case pm == catalog.Spot:
			band, _ := spotBand(e.cat, pl.u.offer)
			note = locale.New("pricing.note.spot", locale.Pct((1-q.places[0].priceUSD().InexactFloat64()/od.InexactFloat64())*100), band)
		default:
			share := q.places[0].priceUSD().InexactFloat64() / od.InexactFloat64()
			used := min(1, p.hours/float64(catalog.TermHours(pm)))
			note = locale.New("pricing.note.reserved", locale.Pct(share*100), locale.Pct(share*catalog.HoursPerMonth), locale.Pct(used*100))
		}
		if !allowed(e.req.Pricing, pm) {
			note = locale.New("pricing.note.disallowed", note)
		}
		out = append(out, PricingComparison{Pricing: pm, Total: sum(lines), NoteText: note})
	}
	return out
}

// estimatedFigures lists the modelled figures an option rests on.
func (e *engine) estimatedFigures(p *plan) []locale.Text {
	var out []locale.Text
	add := func(t locale.Text) {
		if !slices.ContainsFunc(out, t.Equal) {
			out = append(out, t)
		}
	}
	for _, pl := range p.places {
		if th := pl.u.perf.info; th.Estimated && pl.u.serving == nil {
			add(locale.New("estimated.throughput", pl.u.deviceWord(), th.Method))
		}
		if price := priceRef(pl.u.offer, pl.pricing); price.Estimated {
			add(locale.New("estimated.price", pl.u.offer.InstanceType, regionWord(pl.u.region), buyerMethod(price.Method)))
		}
		if pl.pricing == catalog.Spot {
			if _, isDefault := spotBand(e.cat, pl.u.offer); isDefault {
				add(locale.New("estimated.band", pl.u.offer.InstanceType))
			}
		}
	}
	if e.req.Workload.Kind == catalog.KindInference {
		for _, pl := range p.places {
			switch s := pl.u.service; {
			case pl.u.serving != nil:
				// An LLM's latencies are the serving model's (its risk).
			case s == nil:
				add(locale.New("estimated.service.profile", locale.Short(e.profile.Inference.ComputeMS)))
			case s.Estimated:
				if pl.u.cpu == nil { // a CPU's service time comes with its throughput's method
					add(locale.New("estimated.service.figure", pl.u.gpu.Name, s.Method))
				}
			}
		}
		rtts := e.rttsOf(p)
		for i, up := range e.users {
			k, _ := nearestPlace(p, rtts, i)
			if e.cat.PlaceRoute(up.point, p.places[k].u.metro) != catalog.RouteMeasured {
				add(locale.New("estimated.rtt"))
				break
			}
		}
	}
	return out
}

func priceRef(o *catalog.Offer, pm catalog.PricingModel) catalog.Ref {
	p, _ := o.Price(pm)
	return p.Ref
}

func allowed(list []catalog.PricingModel, pm catalog.PricingModel) bool {
	for _, p := range list {
		if p == pm {
			return true
		}
	}
	return false
}

// counted is the id of a sentence about n things: id+".one" for exactly
// one ("1 spare replica", "every 1 minute"), else id.
func counted[N int | float64](id string, n N) string {
	if n == 1 {
		return id + ".one"
	}
	return id
}

// tierName is how an estimate line names the egress tier its gigabytes
// fall in.
func tierName(t catalog.EgressTier) locale.Text {
	if t.FromGB == 0 && t.ToGB == 0 {
		// One price for every gigabyte ("the over 0 GB tier" says it badly).
		return locale.New("tier.flat")
	}
	if t.ToGB == 0 {
		return locale.New("tier.over", locale.Num(t.FromGB))
	}
	return locale.New("tier.range", locale.Num(t.FromGB), locale.Num(t.ToGB))
}
