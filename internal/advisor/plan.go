package advisor

import (
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// plan is one candidate: where and how the workload runs, with everything
// its estimate is made of. Ranking reads its float figures; the result
// turns the winners' plans into decimal lines.
type plan struct {
	places []place
	// hours is the wall time of a training job (expected, for spot) or the
	// hours of service of an inference deployment.
	hours float64
	// workHours is training's uninterrupted compute time; edgeHours its
	// wall time at the far edge of an estimated throughput's error band
	// (hours when the throughput is measured).
	workHours     float64
	edgeHours     float64
	interruptions float64
	// dataset storage and transfer, training only.
	storageGBMonths float64
	transferGB      float64
	transferFrom    string // region key the dataset comes from
	// costUSD is the plan's total in USD, for ranking.
	costUSD float64
	// metric is the weighted latency (inference, ms) or the wall time
	// (training, hours): what the latency objective minimises.
	metric float64
	within float64 // percent of users within the latency target
	meets  bool
	// nearBest marks, when no plan meets the target, the plans that come
	// close enough to compete (see markNearBest).
	nearBest bool
	// fastEnough marks, under the latency objective, the plans within the
	// tie band of the fastest (see LatencyTieMS).
	fastEnough bool
	// proximity breaks ties: how far the plan is from its users (weighted
	// latency, ms) or, for training, from its data or users (see
	// engine.proximityOf).
	proximity float64
	score     *Score
	label     string // see name
	// kwh and kgCO2e are the plan's energy and emissions (see carbonOf);
	// kgCO2e is NaN when a region's grid has no figure. carbonKnown is
	// whether they are worked out yet (see engine.ranksByCarbon).
	kwh, kgCO2e float64
	carbonKnown bool
}

// place is one region of a plan.
type place struct {
	u       *usable
	pricing catalog.PricingModel
	count   int     // nodes (training) or replicas (inference)
	billed  float64 // billed hours per instance
	// inference: the share of the traffic it serves (its users follow
	// from the routing: see engine.latencyTable) and their monthly egress.
	share     float64
	monthlyGB float64
	// inference on spot: the spare replicas within count, and the
	// replica-hours billed on-demand as a fallback for lost capacity.
	spares        int
	fallbackHours float64
	// peak is, for an LLM place, a replica's load at the planned peak and
	// its point on the curve, once the answer has read it (see
	// atPlannedPeak); nil before.
	peak *peakLoad
}

// priceUSD is the place's price per instance-hour under its pricing
// model.
func (pl *place) priceUSD() decimal.Decimal {
	return pl.u.facts.prices.usd[pricingIndex(pl.pricing)]
}

// listedOnly reports whether any of the plan's offers is listed without
// confirmed capacity.
func (p *plan) listedOnly() bool {
	for _, pl := range p.places {
		if pl.u.offer.ListedOnly {
			return true
		}
	}
	return false
}

// name is the plan's label, made on first use: ranking needs it only to
// break ties, so most plans never need one.
func (p *plan) name() string {
	if p.label == "" {
		p.label = planLabel(p.places)
	}
	return p.label
}

// planLabel joins the places' "provider:region:instance_type/pricing" with
// "+", built in one allocation: ranking and the chart label thousands of
// plans.
func planLabel(places []place) string {
	var b strings.Builder
	b.Grow(labelLen(places))
	writeLabel(&b, places)
	return b.String()
}

// nameAll gives every plan its label, those not labelled yet cut from one
// string: the chart labels hundreds of plans.
func nameAll(plans []*plan) {
	n := 0
	for _, p := range plans {
		if p.label == "" {
			n += labelLen(p.places)
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range plans {
		if p.label == "" {
			writeLabel(&b, p.places)
		}
	}
	all, at := b.String(), 0
	for _, p := range plans {
		if p.label == "" {
			k := labelLen(p.places)
			p.label, at = all[at:at+k], at+k
		}
	}
}

// labelLen is the length of the places' label.
func labelLen(places []place) int {
	n := len(places) - 1
	for _, p := range places {
		o := p.u.offer
		n += len(o.Provider) + len(o.Region) + len(o.InstanceType) + len(p.pricing) + 3
	}
	return n
}

// writeLabel writes the places' label (see planLabel).
func writeLabel(b *strings.Builder, places []place) {
	for i, p := range places {
		if i > 0 {
			b.WriteByte('+')
		}
		o := p.u.offer
		b.WriteString(o.Provider)
		b.WriteByte(':')
		b.WriteString(o.Region)
		b.WriteByte(':')
		b.WriteString(o.InstanceType)
		b.WriteByte('/')
		b.WriteString(string(p.pricing))
	}
}
