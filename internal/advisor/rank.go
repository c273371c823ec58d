package advisor

import (
	"cmp"
	"slices"

	"gpuplace/internal/catalog"
)

// Balanced objective weights: cost and latency (duration, for training)
// count equally.
const (
	BalancedCostWeight    = 0.5
	BalancedLatencyWeight = 0.5
)

// rank orders plans best first. For inference, plans that meet the latency
// target come before those that do not; when none does, the plan that keeps
// the most users within it wins. Within that, the objective decides, and
// ties fall to cost, then the metric, then the label, so the order is total
// and the output deterministic.
func (e *engine) rank(plans []*plan) {
	inference := e.req.Workload.Kind == catalog.KindInference
	noneMeets := inference && !anyMeets(plans)
	if e.req.Objective == ObjectiveBalanced {
		e.score(plans)
	}
	slices.SortStableFunc(plans, func(a, b *plan) int {
		if inference {
			if noneMeets {
				if c := cmp.Compare(b.within, a.within); c != 0 {
					return c
				}
				if c := cmp.Compare(a.metric, b.metric); c != 0 {
					return c
				}
			} else if a.meets != b.meets {
				if a.meets {
					return -1
				}
				return 1
			}
		}
		var c int
		switch e.req.Objective {
		case ObjectiveLatency:
			c = cmp.Or(cmp.Compare(a.metric, b.metric), cmp.Compare(a.costUSD, b.costUSD))
		case ObjectiveBalanced:
			c = cmp.Or(cmp.Compare(a.score.Value, b.score.Value), cmp.Compare(a.costUSD, b.costUSD))
		default:
			c = cmp.Or(cmp.Compare(a.costUSD, b.costUSD), cmp.Compare(a.metric, b.metric))
		}
		return cmp.Or(c, cmp.Compare(a.label, b.label))
	})
}

// score gives each plan its balanced score: cost and metric normalised to
// 0..1 over the plans that compete (those meeting the target, if any), a
// spread of zero counting as 0 for everyone.
func (e *engine) score(plans []*plan) {
	competing := plans
	if anyMeets(plans) {
		competing = nil
		for _, p := range plans {
			if p.meets {
				competing = append(competing, p)
			}
		}
	}
	if len(competing) == 0 {
		return
	}
	minC, maxC := competing[0].costUSD, competing[0].costUSD
	minM, maxM := competing[0].metric, competing[0].metric
	for _, p := range competing {
		minC, maxC = min(minC, p.costUSD), max(maxC, p.costUSD)
		minM, maxM = min(minM, p.metric), max(maxM, p.metric)
	}
	for _, p := range plans {
		c, m := norm(p.costUSD, minC, maxC), norm(p.metric, minM, maxM)
		p.score = &Score{
			CostPart: BalancedCostWeight * c, LatencyPart: BalancedLatencyWeight * m,
			CostWeight: BalancedCostWeight, LatencyWeight: BalancedLatencyWeight,
		}
		p.score.Value = p.score.CostPart + p.score.LatencyPart
	}
}

// norm maps x from [lo, hi] onto [0, 1]; values outside clamp, and an empty
// range maps to 0.
func norm(x, lo, hi float64) float64 {
	if hi <= lo {
		return 0
	}
	return min(1, max(0, (x-lo)/(hi-lo)))
}
