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
	lat := say("why.latency", pct(p.within), num(w.LatencyMS), pct(p.metric))
	switch {
	case !p.meets:
		out = append(out, say("why.unmet", MaxRegions, pct(MeetsTargetShare), num(w.LatencyMS), pct(p.within), pct(p.metric)))
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

// lossReason says why plan a ranks below the pick.
func (e *engine) lossReason(a, pick *plan) Text {
	cur := e.req.Currency
	diff := (a.costUSD - pick.costUSD) * e.rate
	share := 0.0
	if pick.costUSD > 0 {
		share = (a.costUSD/pick.costUSD - 1) * 100
	}
	var costs Text
	switch amount := fmtMoney(math.Abs(diff)); {
	case amount == "0.00":
		costs = say("lost.costs_same")
	case diff > 0:
		costs = say("lost.costs_more", pct(share), amount, cur)
	default:
		costs = say("lost.costs_less", pct(-share), amount, cur)
	}
	training := e.req.Workload.Kind == catalog.KindTraining
	inference := !training
	switch {
	case inference && pick.meets && !a.meets:
		return say("lost.fewer_within", pct(a.within), num(e.req.Workload.LatencyMS), costs)
	case inference && !pick.meets && a.within < pick.within:
		return say("lost.less_within", pct(a.within), pct(pick.within))
	case inference && !pick.meets && a.metric > pick.metric:
		return say("lost.slower_same", pct(a.metric), pct(pick.metric), costs)
	case e.req.Objective == ObjectiveLatency && a.metric > pick.metric && training:
		return say("lost.longer", fmtHours(a.metric), fmtHours(pick.metric), costs)
	case e.req.Objective == ObjectiveLatency && a.metric > pick.metric:
		return say("lost.slower", fmt1(a.metric), fmt1(pick.metric), costs)
	case e.req.Objective == ObjectiveBalanced && a.score != nil && pick.score != nil:
		return say("lost.score", fmt2(a.score.Value), fmt2(pick.score.Value), fmt2(a.score.CostPart), fmt2(a.score.LatencyPart), costs)
	default:
		return costs
	}
}

func fmt1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

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
			return say("spot.saves.training", pct(savings(p, od)), fmt2(p.interruptions), bandNote,
				fmtHours(p.hours-p.workHours), e.checkpointNote()), true
		}
		return say("spot.saves.inference", pct(savings(p, od)), SpotSpareReplicas, bandNote), true
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
		ref, _ := e.cat.GPU(e.profile.Inference.ReferenceGPU)
		add(say("estimated.service", num(e.profile.Inference.ComputeMS), ref.Name))
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
