package advisor

import (
	"math"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// explainPick says, in a buyer's words, why the pick won.
func (e *engine) explainPick(p *plan, plans, alts []*plan) []Text {
	var out []Text
	if e.req.Workload.Kind == catalog.KindTraining {
		out = e.trainingSummary(p, plans)
	} else {
		out = e.inferenceSummary(p, plans)
	}
	if len(alts) > 0 {
		out = append(out, say("why.runner_up", describe(alts[0]), e.lossReason(alts[0], p)))
	}
	if s, ok := e.spotNote(p); ok {
		out = append(out, s)
	}
	return append(out, e.compliance(p).Text)
}

func (e *engine) trainingSummary(p *plan, plans []*plan) []Text {
	w := e.req.Workload
	pl := p.places[0]
	o := pl.u.offer
	th := pl.u.perf.info
	measured := word("word.measured")
	if th.Estimated {
		measured = word("word.estimated")
	}
	out := []Text{say("why.training", pl.count, o.InstanceType, o.GPUCount, pl.u.gpu.Name, fmtNum(float64(w.Samples)), w.Epochs,
		fmtHours(p.hours), fmtNum(th.PerGPU), th.Unit, measured, th.Date)}
	id := map[string]string{ObjectiveLatency: "why.fastest", ObjectiveBalanced: "why.balanced"}[e.req.Objective]
	if id == "" {
		id = "why.cheapest"
	}
	if w.DeadlineHours > 0 {
		out = append(out, say(id+".deadline", len(plans), num(w.DeadlineHours)))
		if pl.count > 1 {
			out = append(out, say("why.nodes", pl.count))
		}
		return out
	}
	return append(out, say(id, len(plans)))
}

func (e *engine) inferenceSummary(p *plan, plans []*plan) []Text {
	w := e.req.Workload
	var out []Text
	for _, pl := range p.places {
		rps := pl.u.nodeTput / e.profile.Inference.UnitsPerRequest
		out = append(out, say("why.serving", pl.count, pl.u.offer.InstanceType, pl.u.region.City, pl.u.offer.Region,
			fmtNum(w.PeakRPS*pl.share), fmtNum(rps), pct(TargetUtilisation*100)))
	}
	lat := say("why.latency", pct1(p.within), num(w.LatencyMS), fmt1(p.metric))
	switch {
	case !p.meets:
		out = append(out, e.unmet(p, plans)...)
	case len(p.places) > 1:
		best := 0.0
		for _, q := range plans {
			if len(q.places) == 1 {
				best = math.Max(best, q.within)
			}
		}
		out = append(out, say("why.multi", pct(MeetsTargetShare), num(w.LatencyMS), pct(best), len(p.places)), lat)
	default:
		out = append(out, lat)
	}
	return out
}

// unmet says plainly that no placement meets the latency target, which
// placements came close enough to compete, and what the nearest one costs.
func (e *engine) unmet(p *plan, plans []*plan) []Text {
	w := e.req.Workload
	best, lowest := math.Inf(-1), math.Inf(1)
	for _, q := range plans {
		best = max(best, q.within)
	}
	for _, q := range plans {
		if q.within >= best-NearBestPoints {
			lowest = min(lowest, q.metric)
		}
	}
	out := []Text{say("why.unmet", MaxRegions, pct(MeetsTargetShare), num(w.LatencyMS), pct1(best),
		pct(NearBestPoints), fmt1(lowest+max(NearBestMS, NearBestShare*lowest)), word("objective."+e.req.Objective),
		pct1(p.within), fmt1(p.metric))}
	fastest := p
	for _, q := range plans {
		if q.metric < fastest.metric {
			fastest = q
		}
	}
	if fmt1(fastest.metric) != fmt1(p.metric) {
		out = append(out, say("why.nearest", fmt1(fastest.metric), e.costsThan(fastest, p)))
	}
	return out
}

// costsThan says how a's cost compares with b's: "9.8× more", "12 % more",
// "the same", "30 % less".
func (e *engine) costsThan(a, b *plan) Text {
	switch d := (a.costUSD - b.costUSD) * e.rate; {
	case fmtMoney(math.Abs(d)) == "0.00" || b.costUSD <= 0:
		return say("cost.same")
	case a.costUSD >= 2*b.costUSD:
		return say("cost.times", fmt1(a.costUSD/b.costUSD))
	case d > 0:
		return say("cost.more", pct(100*(a.costUSD/b.costUSD-1)))
	default:
		return say("cost.less", pct(100*(1-a.costUSD/b.costUSD)))
	}
}

// lossReason says why plan a ranks below the pick, from the very numbers
// the ranking compared, so that it never calls equal figures different.
func (e *engine) lossReason(a, pick *plan) Text {
	cur := e.req.Currency
	diff := (a.costUSD - pick.costUSD) * e.rate
	var costs Text
	switch amount := fmtMoney(math.Abs(diff)); {
	case amount == "0.00":
		costs = say("lost.costs_same")
	case diff > 0:
		costs = say("lost.costs_more", e.costsThan(a, pick), amount, cur)
	default:
		costs = say("lost.costs_less", e.costsThan(a, pick), amount, cur)
	}
	if e.req.Workload.Kind == catalog.KindTraining {
		d := say("lost.duration", e.durationThan(a, pick))
		switch {
		case e.req.Objective == ObjectiveBalanced && a.score != nil && pick.score != nil:
			return say("lost.score", fmt2(a.score.Value), fmt2(pick.score.Value), fmt2(a.score.CostPart), fmt2(a.score.LatencyPart), say("word.join", d, costs))
		case e.req.Objective == ObjectiveLatency:
			return say("word.join", d, costs)
		}
		return say("word.join", costs, d)
	}
	lat := e.latencyThan(a, pick)
	switch {
	case pick.meets && !a.meets:
		return say("lost.fewer_within", pct1(a.within), num(e.req.Workload.LatencyMS), costs)
	case !pick.meets && !a.nearBest && a.within < pick.within:
		return say("lost.less_within", pct1(a.within), pct1(pick.within), costs)
	case !pick.meets && !a.nearBest:
		return say("lost.not_near", fmt1(a.metric), costs)
	case e.req.Objective == ObjectiveBalanced && a.score != nil && pick.score != nil:
		return say("lost.score", fmt2(a.score.Value), fmt2(pick.score.Value), fmt2(a.score.CostPart), fmt2(a.score.LatencyPart), say("word.join", lat, costs))
	case e.req.Objective == ObjectiveLatency:
		return say("word.join", lat, costs)
	}
	return say("word.join", costs, lat)
}

// latencyThan compares a's weighted latency with b's as they are shown
// (one decimal): faster, slower or the same.
func (e *engine) latencyThan(a, b *plan) Text {
	return compareShown(a.metric, b.metric, fmt1, "lost.latency_same", "lost.latency_lower", "lost.latency_higher")
}

// durationThan compares a training plan's wall time with b's as shown.
func (e *engine) durationThan(a, b *plan) Text {
	return compareShown(a.metric, b.metric, fmtHours, "duration.same", "duration.shorter", "duration.longer")
}

// compareShown sets x against y as format shows them, so that figures that
// read the same are never called different: message same with the one
// figure, lower or higher with both.
func compareShown(x, y float64, format func(float64) string, same, lower, higher string) Text {
	switch fx, fy := format(x), format(y); {
	case fx == fy:
		return say(same, fx)
	case x < y:
		return say(lower, fx, fy)
	default:
		return say(higher, fx, fy)
	}
}

// tradeOff sums up an alternative against the pick in a few words: "+0.20
// USD, finishes 21.1 h earlier", "−1,200.00 USD, 3.4 ms slower".
func (e *engine) tradeOff(a, pick *plan) Text {
	cur := e.req.Currency
	var money Text
	switch d := (a.costUSD - pick.costUSD) * e.rate; {
	case fmtMoney(math.Abs(d)) == "0.00":
		money = say("trade.cost_same")
	case d > 0:
		money = say("trade.cost_more", fmtMoney(d), cur)
	default:
		money = say("trade.cost_less", fmtMoney(-d), cur)
	}
	var other Text
	if e.req.Workload.Kind == catalog.KindTraining {
		switch d := pick.metric - a.metric; {
		case fmtHours(a.metric) == fmtHours(pick.metric):
			other = say("trade.same_time")
		case d > 0:
			other = say("trade.earlier", fmtHours(d))
		default:
			other = say("trade.later", fmtHours(-d))
		}
	} else {
		switch d := a.metric - pick.metric; {
		case fmt1(a.metric) == fmt1(pick.metric):
			other = say("trade.same_latency")
		case d < 0:
			other = say("trade.faster", fmt1(-d))
		default:
			other = say("trade.slower", fmt1(d))
		}
		if x, y := pct1(a.within), pct1(pick.within); x != y {
			other = say("trade.join", other, say("trade.within", x))
		}
	}
	return say("trade.join", money, other)
}

func fmt1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// pct1 formats a percentage with one decimal, dropping ".0".
func pct1(x float64) string {
	s := strconv.FormatFloat(math.Round(x*10)/10, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0")
}

func fmt2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// fmtMoney writes an amount with thousands separators and two places.
func fmtMoney(x float64) string {
	s := decimal.NewFromFloat(x).StringFixed(2)
	whole, frac, _ := strings.Cut(s, ".")
	return catalog.GroupDigits(whole) + "." + frac
}

// describe names a plan's placements: "aws eu-west-1 g5.xlarge (spot)".
func describe(p *plan) Text {
	var t Text
	for i, pl := range p.places {
		one := say("why.place", pl.u.offer.Provider, pl.u.offer.Region, pl.u.offer.InstanceType, word("pricing."+pl.pricing))
		if i == 0 {
			t = one
		} else {
			t = say("why.places", t, one)
		}
	}
	return t
}

// spotNote weighs spot against the pick's own pricing on the same instance.
func (e *engine) spotNote(p *plan) (Text, bool) {
	if len(p.places) != 1 || !allowed(e.req.Pricing, Spot) {
		return Text{}, false
	}
	pl := p.places[0]
	o := pl.u.offer
	if o.Spot == nil {
		return Text{}, false
	}
	band, isDefault := spotBand(e.cat, o)
	bandNote := say("spot.band", band)
	if isDefault {
		bandNote = say("spot.band.default", band)
	}
	training := e.req.Workload.Kind == catalog.KindTraining
	if pl.pricing == Spot {
		od := e.variant(p, OnDemand)
		if training {
			return say("spot.saves.training", pct(savings(p, od)), fmtCount(p.interruptions), bandNote,
				fmtHours(p.hours-p.workHours), e.checkpointNote()), true
		}
		return say("spot.saves.inference", pct(savings(p, od)), pl.spares, fmtHours(pl.fallbackHours), bandNote), true
	}
	s := e.variant(p, Spot)
	if s == nil {
		return Text{}, false
	}
	// d is how much cheaper spot would be; negative when it is dearer (a
	// spare replica, or a term price below spot).
	d := savings(s, p)
	way, size := "less", pct(d)
	if d < 0 {
		way, size = "more", pct(-d)
	}
	if training {
		if dl := e.req.Workload.DeadlineHours; dl > 0 && s.hours > dl {
			return say("spot."+way+".deadline", size, fmtHours(s.hours)), true
		}
		return say("spot."+way+".training", size, fmtHours(s.hours-s.workHours), bandNote), true
	}
	return say("spot."+way+".inference", size, bandNote), true
}

func (e *engine) checkpointNote() Text {
	if m := *e.req.CheckpointMinutes; m > 0 {
		return say("spot.checkpoints", num(m))
	}
	return say("spot.no_checkpoints")
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
func (e *engine) variant(p *plan, pm string) *plan {
	pl := p.places[0]
	if _, ok := hourly(pl.u.offer, pm); !ok {
		return nil
	}
	if e.req.Workload.Kind == catalog.KindTraining {
		w := e.req.Workload
		q := e.sizeTraining(pl.u, pm, float64(w.Samples)*float64(w.Epochs), *e.req.CheckpointMinutes/60)
		q.places[0].priceUSD, _ = hourly(pl.u.offer, pm)
		q.places[0].billed = billedHours(pm, q.hours)
		e.priceTraining(q)
		if !finitePlan(q) {
			return nil
		}
		return q
	}
	np, _ := e.servingPlace(pl.u, pm, 1, pl.groups)
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
	od, _ := hourly(pl.u.offer, OnDemand)
	var out []PricingComparison
	for _, pm := range PricingModels {
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
		var note Text
		switch pm {
		case OnDemand:
			note = say("pricing.note.on_demand")
		case Spot:
			band, _ := spotBand(e.cat, pl.u.offer)
			note = say("pricing.note.spot", pct((1-q.places[0].priceUSD.InexactFloat64()/od.InexactFloat64())*100), band)
		default:
			share := q.places[0].priceUSD.InexactFloat64() / od.InexactFloat64()
			used := math.Min(1, p.hours/termHours(pm))
			note = say("pricing.note.reserved", pct(share*100), pct(share*HoursPerMonth), pct(used*100))
		}
		if !allowed(e.req.Pricing, pm) {
			note = say("pricing.note.disallowed", note)
		}
		out = append(out, PricingComparison{Pricing: pm, Total: sum(lines), Note: e.english(note), NoteText: note})
	}
	return out
}

// estimatedFigures lists the modelled figures an option rests on.
func (e *engine) estimatedFigures(p *plan) []Text {
	var out []Text
	seen := map[string]bool{}
	add := func(t Text) {
		if k := e.english(t); !seen[k] {
			seen[k] = true
			out = append(out, t)
		}
	}
	for _, pl := range p.places {
		if th := pl.u.perf.info; th.Estimated {
			add(say("estimated.throughput", pl.u.gpu.Name, th.Method))
		}
		if price := priceRef(pl.u.offer, pl.pricing); price.Estimated {
			add(say("estimated.price", pl.u.offer.InstanceType, pl.u.offer.Region, price.Method))
		}
		if pl.pricing == Spot {
			if _, isDefault := spotBand(e.cat, pl.u.offer); isDefault {
				add(say("estimated.band", pl.u.offer.InstanceType))
			}
		}
	}
	if e.req.Workload.Kind == catalog.KindInference {
		for _, pl := range p.places {
			switch s := pl.u.service; {
			case s == nil:
				add(say("estimated.service.profile", num(e.profile.Inference.ComputeMS)))
			case s.Estimated:
				add(say("estimated.service", pl.u.gpu.Name, s.Method))
			}
		}
		for _, up := range e.users {
			k, _ := nearestPlace(p, up)
			if _, est := up.point.RTT(p.places[k].u.metro); est {
				add(say("estimated.rtt"))
				break
			}
		}
	}
	return out
}

func priceRef(o *catalog.Offer, pm string) catalog.Ref {
	switch pm {
	case Spot:
		return o.Spot.Ref
	case Reserved1Y:
		return o.Reserved1Y.Ref
	case Reserved3Y:
		return o.Reserved3Y.Ref
	}
	return o.OnDemand.Ref
}

func allowed(list []string, pm string) bool {
	for _, p := range list {
		if p == pm {
			return true
		}
	}
	return false
}

// fmtHours formats hours: whole for long spans, one decimal below 100.
func fmtHours(h float64) string {
	if h >= 100 {
		return fmtNum(math.Round(h))
	}
	return strconv.FormatFloat(h, 'f', 2, 64)
}

func tierName(t catalog.EgressTier) Text {
	if t.ToGB == 0 {
		return say("tier.over", fmtNum(t.FromGB))
	}
	return say("tier.range", fmtNum(t.FromGB), fmtNum(t.ToGB))
}

// fmtCount formats an expected count: two decimals, or two significant
// digits when smaller than 0.1 (0.0024 interruptions, not 0.00).
func fmtCount(x float64) string {
	if x != 0 && math.Abs(x) < 0.1 {
		return strconv.FormatFloat(x, 'g', 2, 64)
	}
	return fmt2(x)
}
