package advisor

import (
	"gpuplace/internal/locale"
	"math"

	"gpuplace/internal/catalog"
)

// MaxNodes is the most nodes a training job is spread over to meet a
// deadline; beyond it the cluster efficiency figures run out.
const MaxNodes = 16

// trainingPlans sizes every usable offer under every allowed pricing model:
// the fewest nodes that finish by the deadline (one without a deadline).
func (e *engine) trainingPlans() []*plan {
	w := e.req.Workload
	work := float64(w.Samples) * float64(w.Epochs)
	tau := *e.req.CheckpointMinutes / 60
	var plans []*plan
	n := 0
	for _, u := range e.usable {
		for _, pm := range e.req.Pricing {
			if u.sold(pm) {
				n++
			}
		}
	}
	// One plan for each offer and pricing model, from the buffers.
	e.buf.plans, e.buf.places = take(&e.buf.plans, n), take(&e.buf.places, n)
	for _, u := range e.usable {
		var missed, endless *plan
		for _, pm := range e.req.Pricing {
			if !u.sold(pm) {
				continue
			}
			p := e.sizeTraining(u, pm, work, tau)
			p.places[0].billed = billedHours(pm, p.hours)
			e.priceTraining(p)
			if w.DeadlineHours > 0 && p.edgeHours > w.DeadlineHours {
				var budget *float64
				if e.req.Budget != nil {
					b := e.req.Budget.InexactFloat64()
					budget = &b
				}
				e.nearest.missesDeadline(p, budget, e.rate)
				if missed == nil || p.hours < missed.hours {
					missed = p
				}
				continue
			}
			if !finitePlan(p) {
				// catalog.Spot without checkpoints on a job so long that the
				// expected wall time overflows: it never finishes.
				endless = p
				continue
			}
			plans = append(plans, p)
			missed = nil
		}
		switch {
		case e.hasPlanFor(plans, u):
		case missed != nil && !catalog.RDMAFabric(u.offer.Network):
			e.excl.add(reasonDeadline, func() locale.Text {
				return locale.New("excluded.deadline.single", offerPlace(e.cat, u.region), u.offer.InstanceType, locale.F1(missed.hours), locale.Short(w.DeadlineHours))
			})
		case missed != nil:
			e.excl.add(reasonDeadline, func() locale.Text {
				return locale.New("excluded.deadline", offerPlace(e.cat, u.region), missed.places[0].count, u.offer.InstanceType, locale.F1(missed.hours), locale.Short(w.DeadlineHours))
			})
		case endless != nil:
			e.excl.add(reasonNeverFinishes, func() locale.Text {
				return locale.New("excluded.endless", offerPlace(e.cat, u.region), pricingWord(endless.places[0].pricing), locale.Hours(endless.workHours))
			})
		}
	}
	return plans
}

// finitePlan reports whether a plan's wall time and cost are finite numbers
// (decimal amounts cannot be made from anything else).
func finitePlan(p *plan) bool {
	return !math.IsInf(p.hours, 0) && !math.IsNaN(p.hours) && !math.IsInf(p.costUSD, 0) && !math.IsNaN(p.costUSD)
}

func (e *engine) hasPlanFor(plans []*plan, u *usable) bool {
	return len(plans) > 0 && plans[len(plans)-1].places[0].u == u
}

// sizeTraining finds the node count and wall time of one offer and pricing.
// Only instances on an RDMA fabric (EFA, InfiniBand, GPUDirect) are spread
// over several nodes: for plain Ethernet no source measures the scaling.
func (e *engine) sizeTraining(u *usable, pm catalog.PricingModel, work, tau float64) *plan {
	w := e.req.Workload
	var p *plan
	most := MaxNodes
	if !catalog.RDMAFabric(u.offer.Network) {
		most = 1
	}
	// An estimated throughput must meet the deadline at the far edge of
	// its error band too.
	slow := 1 - band(u.perf.figure)
	var nodes int
	var wall, hours, ints, edge float64
	for n := 1; n <= most; n++ {
		eff := e.clusterEfficiency(n)
		hours = work / (u.nodeTput * float64(n) * eff) / 3600
		wall, ints, edge = hours, 0.0, hours/slow
		if pm == catalog.Spot {
			// Any node's interruption stops the whole job.
			rate := u.facts.spotRate * float64(n)
			wall, ints = spotWall(hours, tau, rate)
			edge, _ = spotWall(hours/slow, tau, rate)
		}
		nodes = n
		if w.DeadlineHours == 0 || edge <= w.DeadlineHours {
			break
		}
	}
	p = e.newPlan(place{u: u, pricing: pm, count: nodes})
	p.hours, p.workHours, p.interruptions, p.edgeHours = wall, hours, ints, edge
	p.metric = p.hours
	p.proximity = u.proximity
	return p
}

// priceTraining adds up compute, storage for the duration and moving the
// dataset in from where it lives.
func (e *engine) priceTraining(p *plan) {
	pl := p.places[0]
	p.costUSD = float64(pl.count)*pl.billed*pl.u.hourlyFloat(pl.pricing) + setupUSD(pl.u.offer, pl.pricing, pl.count)
	gb := e.req.Data.DatasetGB
	p.storageGBMonths = gb * p.hours / catalog.HoursPerMonth
	p.costUSD += p.storageGBMonths * pl.u.facts.storageUSD
	if from := e.req.Data.Location; from != "" && from != pl.u.facts.regionKey && gb > 0 {
		p.transferGB, p.transferFrom = gb, from
		p.costUSD += e.transferCostUSD(from, pl.u.offer.Provider, gb)
	}
}

// transferCostUSD prices moving gb from a region to a provider: the source
// provider's inter-region rate inside one provider, its internet egress
// tiers across providers.
func (e *engine) transferCostUSD(from, toProvider string, gb float64) float64 {
	src, _ := e.cat.Region(from)
	if src.Provider == toProvider {
		prov, _ := e.cat.Provider(src.Provider)
		return gb * prov.InterRegionUSDPerGB.InexactFloat64()
	}
	return tieredCostUSD(e.facts.egress[e.facts.regionAt[from]], gb)
}

// trainingLines turns a training plan into estimate lines.
func (e *engine) trainingLines(p *plan) []Line {
	pl := p.places[0]
	o := pl.u.offer
	desc := locale.New("line.training", pl.count, o.InstanceType, o.GPUCount, pl.u.gpu.Name, pricingWord(pl.pricing), locale.Hours(pl.billed))
	lines := e.money.appendComputeLines(make([]Line, 0, 4), desc, o, pl.pricing, pl.count, pl.billed, pl.priceUSD())
	if p.storageGBMonths > 0 {
		storage, _ := e.cat.StoragePrice(o.Provider)
		lines = append(lines, e.money.line("storage",
			locale.New("line.storage", locale.Num(e.req.Data.DatasetGB), locale.Hours(p.hours)),
			p.storageGBMonths, "GB-month", storage))
	}
	if p.transferGB > 0 {
		lines = append(lines, e.transferLines(p.transferFrom, o.Provider, p.transferGB)...)
	}
	return lines
}

func (e *engine) transferLines(from, toProvider string, gb float64) []Line {
	src, _ := e.cat.Region(from)
	if src.Provider == toProvider {
		prov, _ := e.cat.Provider(src.Provider)
		return []Line{e.money.line("data_transfer", locale.New("line.move.region", from),
			gb, "GB", prov.InterRegionUSDPerGB)}
	}
	var lines []Line
	for _, s := range spreadOverTiers(egressTiers(e.cat, &src), gb) {
		lines = append(lines, e.money.line("data_transfer",
			locale.New("line.move.egress", from, tierName(s.tier)),
			s.gb, "GB", s.tier.USDPerGB))
	}
	return lines
}
