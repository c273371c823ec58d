package advisor

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// quotaExcess is one published quota a plan asks more of than a new
// customer gets without asking: Asked of Quota's unit where it allows
// Quota.Limit, on instance type Instance in Region.
type quotaExcess struct {
	provider, instance, region string
	asked                      int
	quota                      catalog.Quota
}

// overQuota lists the published quotas plan p exceeds: for each quota of
// each place's provider, what all of p's places it covers ask together
// (in one region, for a quota per account and region).
func (e *engine) overQuota(p *plan) []quotaExcess {
	var out []quotaExcess
	for i, pl := range p.places {
		pr, _ := e.cat.Provider(pl.u.offer.Provider)
		for _, q := range pr.Quotas {
			if !q.Covers(pl.u.offer.InstanceType, pl.pricing) {
				continue
			}
			asked, first := 0, true
			for j, other := range p.places {
				o := other.u.offer
				if o.Provider != pr.ID || !q.Covers(o.InstanceType, other.pricing) ||
					(q.Scope == catalog.QuotaAccountRegion && o.Region != pl.u.offer.Region) {
					continue
				}
				first = first && j >= i // count each set of places once
				asked += q.Amount(o, other.count)
			}
			if first && asked > q.Limit {
				out = append(out, quotaExcess{provider: pr.ID, instance: pl.u.offer.InstanceType, region: pl.u.offer.Region, asked: asked, quota: q})
			}
		}
	}
	return out
}

// capacityRisks says where a plan asks more than a provider sells a new
// customer without asking (its published quotas), and where a training
// job needs several spot instances at once.
func (e *engine) capacityRisks(p *plan, add func(string, locale.Text)) {
	for _, x := range e.overQuota(p) {
		add(RiskCapacity, locale.New("risk.capacity.quota."+x.quota.Unit, providerName(e.cat, x.provider), x.asked, x.instance, x.region,
			x.quota.Limit, x.quota.Date, x.quota.Method))
	}
	if e.req.Workload.Kind != catalog.KindTraining {
		return
	}
	for _, pl := range p.places {
		if pl.pricing == catalog.Spot && pl.count > 1 {
			add(RiskCapacity, locale.New("risk.capacity.spot_nodes", pl.count, pl.u.offer.InstanceType, pl.u.offer.Region))
		}
	}
}

// QuotaPreference is how much more an option within every published
// quota may cost than a pick beyond one and still be preferred: asking a
// provider for more takes days and may be refused.
const QuotaPreference = 0.10

// preferWithinQuota moves to the front the best-ranked plan that keeps
// within every published quota, when the pick does not and that plan
// costs at most QuotaPreference more and meets the target as the pick
// does; it returns the plan it passed over (nil when none was). Only the
// cost objective trades so: the others rank by latency or a score that
// a cheaper swap would contradict.
func (e *engine) preferWithinQuota(plans []*plan) *plan {
	if len(plans) < 2 || e.req.Objective != ObjectiveCost || len(e.overQuota(plans[0])) == 0 {
		return nil
	}
	pick := plans[0]
	for i, q := range plans[1:] {
		if q.costUSD > pick.costUSD*(1+QuotaPreference) || q.meets != pick.meets || len(e.overQuota(q)) > 0 {
			continue
		}
		copy(plans[1:i+2], plans[:i+1])
		plans[0] = q
		return pick
	}
	return nil
}
