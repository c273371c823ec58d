package advisor

import (
	"gpuplace/internal/locale"
	"math"

	"gpuplace/internal/catalog"
)

// catalog.Spot serving carries its risk in its price (see spotServing): spare
// replicas for the interruptions of its band, at least MinSpotSpares, and
// on-demand replica-hours as a fallback for capacity spot cannot replace.
const MinSpotSpares = 1

// inferencePlans prices every usable offer under every allowed pricing model
// as the only serving region; when none keeps enough users within the
// latency target, it adds multi-region placements.
func (e *engine) inferencePlans() []*plan {
	var plans []*plan
	// What depends on the pricing model alone, worked out once.
	hours := e.serviceHours()
	models := e.pricingModels()
	// Serving everyone, a region's egress is the same whatever the offer:
	// worked out once per region (NaN: not yet).
	egress := grow(&e.scratch().regionEgress, len(e.cat.Regions))
	for i := range egress {
		egress[i] = math.NaN()
	}
	// The plans and their places, allocated at once (never grown, so the
	// pointers stay put): one per offer and pricing model it is sold under.
	n := e.soldPlans()
	pool, places := take(&e.buf.plans, n), take(&e.buf.places, n)
	multi, _ := setsOf(poolMetros) // room for the multi-region plans
	plans = take(&e.buf.ptrs, n+multi)
	met := false // whether any plan meets the target
	e.search.aloneUSD = grow(&e.buf.aloneUSD, e.cat.PlaceCount())
	for i := range e.search.aloneUSD {
		e.search.aloneUSD[i] = math.Inf(1)
	}
	for _, u := range e.usable {
		st := e.statsOf(u)
		if math.IsInf(st.weightedMS, 1) {
			// Out of reach of some users (see servesOnly): it serves
			// only in a placement of several regions.
			continue
		}
		replicas := e.replicas(u, 1) // whatever the pricing model
		// Whether the plans meet the targets, whatever the pricing model.
		meets := reaches(st.within, MeetsTargetShare) && !(u.serving != nil && u.serving.tpotMS > e.req.Workload.TPOTMS)
		for _, m := range models {
			if !u.facts.prices.sold[m.k] {
				continue
			}
			// The place is made where it stays, in the buffer.
			places = places[:len(places)+1]
			k := len(places)
			pl := &places[k-1]
			e.setServingPlace(pl, u, m, replicas, 1)
			pool = append(pool, plan{places: places[k-1 : k : k], hours: hours, metric: st.weightedMS, within: st.within})
			p := &pool[len(pool)-1]
			p.meets = meets // (see plan.missesTPOT)
			met = met || p.meets
			eg := egress[u.facts.region]
			if math.IsNaN(eg) {
				eg = e.egressCostUSD(*pl)
				egress[u.facts.region] = eg
			}
			p.costUSD = e.computeCost(pl) + eg // priceInference, one place
			e.search.aloneUSD[u.metro] = min(e.search.aloneUSD[u.metro], p.costUSD)
			plans = append(plans, p)
		}
	}
	e.buf.plans, e.buf.places, e.buf.ptrs = pool, places, plans
	if e.req.MinRegions >= 2 {
		// Only placements of MinRegions metros or more answer: the single
		// regions above were priced for the search (see alone).
		plans = append(plans[:0], e.multiRegionPlans()...)
		e.buf.ptrs = plans
		return plans
	}
	if !met {
		plans = append(plans, e.multiRegionPlans()...)
		plans = append(plans, e.exactPlans(plans)...)
		e.buf.ptrs = plans
	}
	return plans
}

func (e *engine) serviceHours() float64 {
	return float64(e.req.Workload.ServiceMonths()) * catalog.HoursPerMonth
}

func anyMeets(plans []*plan) bool {
	for _, p := range plans {
		if p.meets {
			return true
		}
	}
	return false
}

// servingPlace sizes one region serving share of the traffic: enough
// replicas for its peak at the target utilisation.
func (e *engine) servingPlace(u *usable, pm catalog.PricingModel, share float64) (place, bool) {
	m, ok := e.pricingModel(pm)
	if !ok || !u.facts.prices.sold[m.k] {
		return place{}, false
	}
	var pl place
	e.setServingPlace(&pl, u, m, e.replicas(u, e.sized(share)), share)
	return pl, true
}

// sized is the share of the peak a place serving share of the traffic
// is sized for: a failover placement's places each carry at least
// 1/(N−1) of it, so that the others carry the whole peak when one of its
// N regions fails.
func (e *engine) sized(share float64) float64 {
	if n := e.req.MinRegions; n >= 2 {
		return max(share, 1/float64(n-1))
	}
	return share
}

// pricingModel is what a place needs of a pricing model, worked out once
// per answer: its name, its index in catalog.PricingModels and the hours
// an instance is billed for over the service.
type pricingModel struct {
	pm     catalog.PricingModel
	k      int
	billed float64
}

// soldPlans is how many single-region plans the usable offers make: one
// per offer and pricing model it is sold under. A shared set of usable
// offers knows it (the pricing models are in its key).
func (e *engine) soldPlans() int {
	if e.shared != nil {
		return e.shared.soldPlans
	}
	return countSold(e.usable, e.pricingModels())
}

// countSold counts the usable offers under each pricing model they are
// sold under.
func countSold(usable []*usable, models []pricingModel) int {
	n := 0
	for _, u := range usable {
		for _, m := range models {
			if u.facts.prices.sold[m.k] {
				n++
			}
		}
	}
	return n
}

// pricingModels is pricingModel of each of the request's pricing models
// the catalog knows, in the request's order, worked out once per answer.
func (e *engine) pricingModels() []pricingModel {
	if e.memo.models == nil {
		e.memo.models = make([]pricingModel, 0, len(e.req.Pricing))
		for _, pm := range e.req.Pricing {
			if m, ok := e.pricingModel(pm); ok {
				e.memo.models = append(e.memo.models, m)
			}
		}
	}
	return e.memo.models
}

// pricingModel returns pm's pricingModel, and false for a model the
// catalog does not know.
func (e *engine) pricingModel(pm catalog.PricingModel) (pricingModel, bool) {
	k := pricingIndex(pm)
	return pricingModel{pm: pm, k: k, billed: billedHours(pm, e.serviceHours())}, k >= 0
}

// setServingPlace is servingPlace written into *pl, for an offer sold
// under m and replicas (e.replicas(u, share)) worked out by the caller.
func (e *engine) setServingPlace(pl *place, u *usable, m pricingModel, replicas int, share float64) {
	*pl = place{u: u, pricing: m.pm, count: replicas, billed: m.billed, share: share, monthlyGB: e.monthlyGB(share)}
	if m.pm == catalog.Spot {
		pl.spares, pl.fallbackHours = spotServing(pl.count, u.facts.bandShare, pl.billed)
		pl.count += pl.spares
	}
}

// replicas is how many instances serve share of the peak at the target
// utilisation.
func (e *engine) replicas(u *usable, share float64) int {
	if u.serving != nil {
		// The operating point already meets the latency targets: size to
		// it, ⌈peak output tokens/s ÷ an instance's⌉.
		return replicasFor(e.req.Workload.PeakRPS*share*float64(e.req.Workload.OutputTokens), u.nodeTput)
	}
	rps := u.nodeTput / e.profile.Inference.UnitsPerRequest
	return replicasFor(e.req.Workload.PeakRPS*share, rps*TargetUtilisation)
}

// replicasFor is ⌈peak ÷ what one replica takes⌉, at least one.
func replicasFor(peak, perReplica float64) int {
	return max(int(math.Ceil(peak/perReplica-1e-9)), 1)
}

// spotServing prices the risk of serving replicas on spot for billed hours
// when a share of instances is interrupted each month (the band's
// midpoint): that share of the replicas again as spares (at least
// MinSpotSpares), and the same share of the replica-hours billed
// on-demand for capacity that spot cannot give back.
func spotServing(replicas int, share, billed float64) (spares int, fallbackHours float64) {
	spares = max(MinSpotSpares, int(math.Ceil(float64(replicas)*share-1e-9)))
	return spares, float64(replicas) * share * billed
}

// priceInference adds up compute and egress over the months of service.
func (e *engine) priceInference(p *plan) {
	p.costUSD = 0
	for _, pl := range p.places {
		p.costUSD += e.placeCostUSD(pl)
	}
}

func (e *engine) placeCostUSD(pl place) float64 {
	return e.computeCostUSD(pl) + e.egressCostUSD(pl)
}

func (e *engine) computeCostUSD(pl place) float64 { return e.computeCost(&pl) }

// computeCost is computeCostUSD without copying the place.
func (e *engine) computeCost(pl *place) float64 {
	return float64(pl.count)*pl.billed*pl.u.hourlyFloat(pl.pricing) + pl.fallbackHours*pl.u.hourlyFloat(catalog.OnDemand) +
		setupUSD(pl.u.offer, pl.pricing, pl.count)
}

func (e *engine) egressCostUSD(pl place) float64 {
	return e.egressUSD(pl.u.facts.region, pl.monthlyGB)
}

// egressUSD is the egress cost over the months of service of the region
// (its index in the facts) that sends gb a month.
func (e *engine) egressUSD(region int, gb float64) float64 {
	return tieredCostUSD(e.facts.egress[region], gb) * float64(e.req.Workload.ServiceMonths())
}

// monthlyGB is the egress, GB a month, of serving share of the traffic.
func (e *engine) monthlyGB(share float64) float64 {
	w := &e.req.Workload
	return w.RPS * share * 3600 * catalog.HoursPerMonth * w.ResponseKB / KBPerGB
}

// inferenceLines turns an inference plan into estimate lines.
func (e *engine) inferenceLines(p *plan) []Line {
	months := float64(e.req.Workload.ServiceMonths())
	// Room for each place's compute and fallback lines and three tiers of
	// egress, in one allocation.
	lines := make([]Line, 0, 5*len(p.places))
	for _, pl := range p.places {
		o := pl.u.offer
		var desc locale.Text
		if pl.u.cpu != nil {
			desc = locale.New("line.serving.cpu", pl.count, o.InstanceType, o.VCPUs, pl.u.cpu.Name, regionWord(pl.u.region),
				pricingWord(pl.pricing), locale.Hours(pl.billed))
		} else {
			desc = locale.New("line.serving", pl.count, o.InstanceType, o.GPUCount, pl.u.gpu.Name, regionWord(pl.u.region),
				pricingWord(pl.pricing), locale.Hours(pl.billed))
		}
		lines = e.money.appendComputeLines(lines, desc, o, pl.pricing, pl.count, pl.billed, pl.priceUSD())
		if pl.fallbackHours > 0 {
			od, _ := pl.u.hourly(catalog.OnDemand)
			lines = append(lines, e.money.line("compute", locale.New("line.fallback", o.InstanceType, regionWord(pl.u.region), locale.Hours(pl.fallbackHours)),
				pl.fallbackHours, "hour", od))
		}
	}
	for _, pl := range p.places {
		for _, s := range spreadOverTiers(egressTiers(e.cat, pl.u.region), pl.monthlyGB) {
			lines = append(lines, e.money.line("egress",
				locale.New(counted("line.egress", e.req.Workload.ServiceMonths()), regionWord(pl.u.region), locale.Num(s.gb), tierName(s.tier), locale.Short(months)),
				s.gb*months, "GB", s.tier.USDPerGB))
		}
	}
	return lines
}
