package advisor

import (
	"math"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Failover is what a placement of several regions does when one fails
// (Request.MinRegions): each group's round trip from the region that
// takes it over, and what the redundancy costs.
type Failover struct {
	Regions int             `json:"regions"`
	Groups  []FailoverGroup `json:"groups"`
	// ExtraCost is the pick's total over the answer to the same question
	// without min_regions; nil on alternatives, or when that answer has
	// no pick.
	ExtraCost *decimal.Decimal `json:"extra_cost"`
}

// FailoverGroup is one user group during a failure of the region that
// serves most of it: the region that takes it over and the group's
// traffic-weighted latency from there.
type FailoverGroup struct {
	Location       string  `json:"location"`
	RegionIfFailed string  `json:"region_if_failed"`
	TotalMS        float64 `json:"total_ms"`
}

// failover works out p's Failover, for a request with MinRegions (nil
// otherwise): for each user group, its points rerouted to the nearest of
// the other places when the place serving most of the group fails, each
// served in that place's time with the failed place's traffic taken over
// (see serviceIfFailed).
func (e *engine) failover(p *plan) *Failover {
	if e.req.MinRegions < 2 || len(p.places) < 2 {
		return nil
	}
	rtts := e.rttsOf(p)
	n := len(e.req.Users)
	main := make([][MaxRegions]float64, n) // weight each place serves of each group
	for i := range e.users {
		k, _ := nearestPlace(p, rtts, i)
		main[e.users[i].group][k] += e.users[i].weight
	}
	service := e.serviceIfFailed(p, rtts)
	f := &Failover{Regions: len(p.places), Groups: []FailoverGroup{}}
	for g, u := range e.req.Users {
		failed := 0
		for k := range p.places {
			if main[g][k] > main[g][failed] {
				failed = k
			}
		}
		var weight, total float64
		var takes [MaxRegions]float64
		for i, up := range e.users {
			if up.group != g {
				continue
			}
			best, bestRTT := -1, math.Inf(1)
			for k := range p.places {
				if k != failed && rtts[k][i] < bestRTT {
					best, bestRTT = k, rtts[k][i]
				}
			}
			if best < 0 {
				continue // no other place in its reach (the search makes no such plan)
			}
			weight += up.weight
			total += up.weight * (bestRTT + service[failed][best])
			takes[best] += up.weight
		}
		if weight == 0 {
			continue
		}
		by := 0
		for k := range p.places {
			if takes[k] > takes[by] {
				by = k
			}
		}
		f.Groups = append(f.Groups, FailoverGroup{Location: u.Location, RegionIfFailed: p.places[by].u.facts.regionKey, TotalMS: round1(total / weight)})
	}
	return f
}

// serviceIfFailed is, for each place f of p failing, each other place's
// service time while it also serves the user points f served that are
// nearest to it: an LLM place's replicas then carry that share of the peak
// too (it was sized to, see engine.sized); other places serve in their
// usable offer's time.
func (e *engine) serviceIfFailed(p *plan, rtts [MaxRegions][]float64) (ms [MaxRegions][MaxRegions]float64) {
	var takes [MaxRegions][MaxRegions]float64 // share of the traffic k takes over from f
	for i := range e.users {
		f, _ := nearestPlace(p, rtts, i)
		best, bestRTT := -1, math.Inf(1)
		for k := range p.places {
			if k != f && rtts[k][i] < bestRTT {
				best, bestRTT = k, rtts[k][i]
			}
		}
		takes[f][best] += e.weights[i]
	}
	for f := range p.places {
		for k := range p.places {
			pl := &p.places[k]
			ms[f][k] = pl.serviceMS()
			if k != f && pl.u.serving != nil {
				ms[f][k] = e.peakAt(pl, pl.share+takes[f][k]).ttftMS
			}
		}
	}
	return ms
}

// withFailoverCost states what a failover pick costs over the answer to
// the same question without min_regions, in its figures and a sentence.
func withFailoverCost(cat *catalog.Catalog, req Request, res *Result) {
	if res.Pick == nil || res.Pick.Failover == nil {
		return
	}
	single := req
	single.MinRegions, single.Redundancy = 0, ""
	base, err := Recommend(cat, single)
	if err != nil || base.Pick == nil {
		return
	}
	extra := res.Pick.Total.Sub(base.Pick.Total)
	res.Pick.Failover.ExtraCost = &extra
	bp := base.Pick.Placements[0]
	res.Pick.Why = append(res.Pick.Why, locale.New("why.failover", res.Pick.Failover.Regions, locale.Num(req.Workload.PeakRPS),
		locale.Money(extra.InexactFloat64()), res.Currency, bp.InstanceType, cat.ProviderLabel(bp.Provider), shownRegion(cat, bp.Provider, bp.Region), locale.Money(base.Pick.Total.InexactFloat64()), res.Currency))
}
