package advisor

import (
	"fmt"
	"math"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// explainPick says, in a buyer's words, why the pick won.
func (e *engine) explainPick(p *plan, plans, alts []*plan) []string {
	w := e.req.Workload
	var out []string
	if w.Kind == catalog.KindTraining {
		out = append(out, e.trainingSummary(p, plans))
	} else {
		out = append(out, e.inferenceSummary(p, plans)...)
	}
	if len(alts) > 0 {
		r := alts[0]
		out = append(out, fmt.Sprintf("The runner-up, %s, %s", describe(r), strings.ToLower(e.lossReason(r, p)[:1])+e.lossReason(r, p)[1:]))
	}
	if s := e.spotNote(p); s != "" {
		out = append(out, s)
	}
	out = append(out, e.compliance(p).Reason)
	return out
}

func (e *engine) trainingSummary(p *plan, plans []*plan) string {
	w := e.req.Workload
	pl := p.places[0]
	o := pl.u.offer
	th := pl.u.perf.info
	measured := "measured"
	if th.Estimated {
		measured = "estimated"
	}
	s := fmt.Sprintf("%d × %s (%d × %s) finish %s × %d epochs in %s h at %s %s per GPU (%s, %s).",
		pl.count, o.InstanceType, o.GPUCount, pl.u.gpu.Name, fmtNum(float64(w.Samples)), w.Epochs,
		fmtHours(p.hours), fmtNum(th.PerGPU), th.Unit, measured, th.Date)
	switch e.req.Objective {
	case ObjectiveLatency:
		s += fmt.Sprintf(" It is the fastest of %d options", len(plans))
	case ObjectiveBalanced:
		s += fmt.Sprintf(" It has the best balance of cost and duration of %d options", len(plans))
	default:
		s += fmt.Sprintf(" It is the cheapest of %d options", len(plans))
	}
	if w.DeadlineHours > 0 {
		s += fmt.Sprintf(" that finish within the %g h deadline", w.DeadlineHours)
		if pl.count > 1 {
			s += fmt.Sprintf("; one node alone would not (it needs %d)", pl.count)
		}
	}
	return s + "."
}

func (e *engine) inferenceSummary(p *plan, plans []*plan) []string {
	w := e.req.Workload
	var out []string
	for _, pl := range p.places {
		rps := pl.u.nodeTput / e.profile.Inference.UnitsPerRequest
		out = append(out, fmt.Sprintf("%d × %s in %s (%s) serve %s requests/s at peak: each handles %s requests/s, sized for %.0f %% utilisation.",
			pl.count, pl.u.offer.InstanceType, pl.u.region.City, pl.u.offer.Region, fmtNum(w.PeakRPS*pl.share), fmtNum(rps), TargetUtilisation*100))
	}
	lat := fmt.Sprintf("%.0f %% of users are within %g ms; the traffic-weighted latency is %.0f ms.", p.within, w.LatencyMS, p.metric)
	switch {
	case !p.meets:
		out = append(out, fmt.Sprintf("No allowed placement, in up to %d regions, keeps %.0f %% of users within %g ms. This one keeps the most within it: %.0f %% (weighted latency %.0f ms).",
			MaxRegions, MeetsTargetShare, w.LatencyMS, p.within, p.metric))
	case len(p.places) > 1:
		best := 0.0
		for _, q := range plans {
			if len(q.places) == 1 {
				best = math.Max(best, q.within)
			}
		}
		out = append(out, fmt.Sprintf("No single region keeps %.0f %% of users within %g ms (the best keeps %.0f %%); serving from %d regions, each user routed to the nearest, does. %s",
			MeetsTargetShare, w.LatencyMS, best, len(p.places), lat))
	default:
		out = append(out, lat)
	}
	return out
}

// lossReason says why plan a ranks below the pick.
func (e *engine) lossReason(a, pick *plan) string {
	cur := e.req.Currency
	diff := (a.costUSD - pick.costUSD) * e.rate
	pct := 0.0
	if pick.costUSD > 0 {
		pct = (a.costUSD/pick.costUSD - 1) * 100
	}
	var costs string
	switch amount := decimal.NewFromFloat(math.Abs(diff)).StringFixed(2); {
	case amount == "0.00":
		costs = "costs the same"
	case diff > 0:
		costs = fmt.Sprintf("costs %.0f %% more (+%s %s)", pct, amount, cur)
	default:
		costs = fmt.Sprintf("costs %.0f %% less (−%s %s)", -pct, amount, cur)
	}
	unit, metricName := "ms", "weighted latency"
	if e.req.Workload.Kind == catalog.KindTraining {
		unit, metricName = "h", "the job"
	}
	switch {
	case pick.meets && !a.meets:
		return fmt.Sprintf("Keeps only %.0f %% of users within %g ms (%s).", a.within, e.req.Workload.LatencyMS, costs)
	case !pick.meets && a.within < pick.within:
		return fmt.Sprintf("Keeps fewer users within the target: %.0f %% against %.0f %%.", a.within, pick.within)
	case !pick.meets && a.metric > pick.metric:
		return fmt.Sprintf("Keeps as many users within the target, but its weighted latency is higher: %.0f ms against %.0f ms (%s).", a.metric, pick.metric, costs)
	case e.req.Objective == ObjectiveLatency && a.metric > pick.metric:
		return fmt.Sprintf("Slower: %s takes %.1f %s against %.1f %s (%s).", metricName, a.metric, unit, pick.metric, unit, costs)
	case e.req.Objective == ObjectiveBalanced && a.score != nil && pick.score != nil:
		return fmt.Sprintf("Scores %.2f against %.2f (cost part %.2f, %s part %.2f; lower is better); it %s.",
			a.score.Value, pick.score.Value, a.score.CostPart, strings.TrimPrefix(metricName, "the "), a.score.LatencyPart, costs)
	default:
		return strings.ToUpper(costs[:1]) + costs[1:] + "."
	}
}

func (e *engine) explainLoss(a, pick *plan) []string {
	return []string{e.lossReason(a, pick)}
}

func describe(p *plan) string {
	parts := make([]string, len(p.places))
	for i, pl := range p.places {
		parts[i] = fmt.Sprintf("%s %s %s (%s)", pl.u.offer.Provider, pl.u.offer.Region, pl.u.offer.InstanceType, pricingName(pl.pricing))
	}
	return strings.Join(parts, " + ")
}

// spotNote weighs spot against the pick's own pricing on the same instance.
func (e *engine) spotNote(p *plan) string {
	if len(p.places) != 1 || !allowed(e.req.Pricing, Spot) {
		return ""
	}
	pl := p.places[0]
	o := pl.u.offer
	if o.Spot == nil {
		return ""
	}
	band, isDefault := spotBand(e.cat, o)
	bandNote := band + " interruptions a month"
	if isDefault {
		bandNote += ", the provider's default band: this instance has no published figure"
	}
	if pl.pricing == Spot {
		od := e.variant(p, OnDemand)
		if e.req.Workload.Kind == catalog.KindTraining {
			return fmt.Sprintf("Spot saves %.0f %% against on-demand; expect %.2f interruptions (%s), adding %s h with %s.",
				savings(p, od), p.interruptions, bandNote, fmtHours(p.hours-p.workHours), e.checkpointNote())
		}
		return fmt.Sprintf("Spot saves %.0f %% against on-demand, including %d spare replica to ride out interruptions (%s).",
			savings(p, od), SpotSpareReplicas, bandNote)
	}
	s := e.variant(p, Spot)
	if s == nil {
		return ""
	}
	// d is how much cheaper spot would be; negative when it is dearer (a
	// spare replica, or a term price below spot).
	d := savings(s, p)
	conj := "but"
	if d < 0 {
		conj = "and"
	}
	if e.req.Workload.Kind == catalog.KindTraining {
		if dl := e.req.Workload.DeadlineHours; dl > 0 && s.hours > dl {
			return fmt.Sprintf("Spot would cost %s %s expected interruptions push the job to %s h, past the deadline.", lessOrMore(d), conj, fmtHours(s.hours))
		}
		return fmt.Sprintf("Spot would cost %s %s expected interruptions add %s h (%s).", lessOrMore(d), conj, fmtHours(s.hours-s.workHours), bandNote)
	}
	return fmt.Sprintf("Spot would cost %s than this, with a spare replica and the risk of interruptions (%s).", lessOrMore(d), bandNote)
}

// lessOrMore phrases a saving in percent (negative when dearer) as "31 %
// less" or "5 % more".
func lessOrMore(pct float64) string {
	if pct < 0 {
		return fmt.Sprintf("%.0f %% more", -pct)
	}
	return fmt.Sprintf("%.0f %% less", pct)
}

func (e *engine) checkpointNote() string {
	if m := *e.req.CheckpointMinutes; m > 0 {
		return fmt.Sprintf("a checkpoint every %g minutes", m)
	}
	return "no checkpoints"
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
		note := ""
		switch pm {
		case OnDemand:
			note = "Pay by the hour, no commitment."
		case Spot:
			band, _ := spotBand(e.cat, pl.u.offer)
			note = fmt.Sprintf("%.0f %% below on-demand per hour; %s interruptions a month.", (1-q.places[0].priceUSD.InexactFloat64()/od.InexactFloat64())*100, band)
		default:
			share := q.places[0].priceUSD.InexactFloat64() / od.InexactFloat64()
			used := math.Min(1, p.hours/termHours(pm))
			note = fmt.Sprintf("Beats on-demand when the instance runs more than %.0f %% of the term (%.0f h a month); this workload uses it %.0f %% of the term.",
				share*100, share*HoursPerMonth, used*100)
		}
		if !allowed(e.req.Pricing, pm) {
			note += " Not among the allowed pricing models."
		}
		out = append(out, PricingComparison{Pricing: pm, Total: sum(lines), Note: note})
	}
	return out
}

// estimatedFigures lists the modelled figures an option rests on.
func (e *engine) estimatedFigures(p *plan) []string {
	var out []string
	seen := map[string]bool{}
	addf := func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, pl := range p.places {
		if th := pl.u.perf.info; th.Estimated {
			addf("Throughput of %s: %s", pl.u.gpu.Name, th.Method)
		}
		price := priceRef(pl.u.offer, pl.pricing)
		if price.Estimated {
			addf("Price of %s in %s: %s", pl.u.offer.InstanceType, pl.u.offer.Region, price.Method)
		}
		if pl.pricing == Spot {
			if _, isDefault := spotBand(e.cat, pl.u.offer); isDefault {
				addf("Spot interruption band of %s: the provider's default", pl.u.offer.InstanceType)
			}
		}
	}
	if e.req.Workload.Kind == catalog.KindInference {
		ref, _ := e.cat.GPU(e.profile.Inference.ReferenceGPU)
		addf("Service time per request: %g ms on %s, scaled to other GPUs by measured throughput", e.profile.Inference.ComputeMS, ref.Name)
		for _, up := range e.users {
			k, _ := nearestPlace(p, up)
			if _, est := up.point.RTT(p.places[k].u.metro); est {
				addf("Some round trips are estimated from distance (marked in the latency table)")
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

// pricingName names a pricing model for people.
func pricingName(pm string) string {
	switch pm {
	case Spot:
		return "spot"
	case Reserved1Y:
		return "1-year reserved"
	case Reserved3Y:
		return "3-year reserved"
	}
	return "on-demand"
}

func joinPricing(list []string) string {
	names := make([]string, len(list))
	for i, p := range list {
		names[i] = pricingName(p)
	}
	return strings.Join(names, " or ")
}

// fmtHours formats hours: whole for long spans, one decimal below 100.
func fmtHours(h float64) string {
	if h >= 100 {
		return fmtNum(math.Round(h))
	}
	return fmt.Sprintf("%.2f", h)
}

func tierName(t catalog.EgressTier) string {
	if t.ToGB == 0 {
		return fmt.Sprintf("over %s GB", fmtNum(t.FromGB))
	}
	return fmt.Sprintf("%s–%s GB", fmtNum(t.FromGB), fmtNum(t.ToGB))
}
