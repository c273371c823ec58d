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
// (in one region, for a quota per account and region), once per quota and
// scope.
func (e *engine) overQuota(p *plan) []quotaExcess {
	type scope struct {
		provider, region string
		quota            int
	}
	asked := map[scope]int{}
	var order []scope
	first := map[scope]*place{}
	for i := range p.places {
		pl := &p.places[i]
		o := pl.u.offer
		pr, _ := e.cat.Provider(o.Provider)
		for k, q := range pr.Quotas {
			if !q.Covers(o.InstanceType, pl.pricing) {
				continue
			}
			sc := scope{provider: pr.ID, quota: k}
			if q.Scope == catalog.QuotaAccountRegion {
				sc.region = o.Region
			}
			if _, seen := first[sc]; !seen {
				first[sc] = pl
				order = append(order, sc)
			}
			asked[sc] += q.Amount(o, pl.count)
		}
	}
	var out []quotaExcess
	for _, sc := range order {
		pr, _ := e.cat.Provider(sc.provider)
		if q := pr.Quotas[sc.quota]; asked[sc] > q.Limit {
			o := first[sc].u.offer
			out = append(out, quotaExcess{provider: sc.provider, instance: o.InstanceType, region: o.Region, asked: asked[sc], quota: q})
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
