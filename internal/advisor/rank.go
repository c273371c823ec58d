package advisor

import (
	"cmp"
	"math"
	"math/bits"
	"slices"

	"gpuplace/internal/catalog"
)

// Balanced objective weights: cost and latency (duration, for training)
// count equally, emissions half as much as either (a catalog without
// carbon figures weighs cost and latency alone, half and half).
const (
	BalancedCostWeight    = 0.4
	BalancedLatencyWeight = 0.4
	BalancedCarbonWeight  = 0.2
)

// The near-best rule (API.md): when no placement meets the latency target,
// those within NearBestPoints of the best share of users within it, and
// within max(NearBestMS, NearBestShare × it) of the lowest weighted latency
// among them, compete on the objective.
const (
	NearBestPoints = 5.0
	NearBestMS     = 10.0
	NearBestShare  = 0.2
)

// The latency objective's tie band for inference: plans within
// max(LatencyTieMS, LatencyTieShare × the lowest) of the lowest weighted
// latency count as equally fast and compete on cost. A buyer never pays
// several times more for a fraction of a millisecond. (Training's fastest
// stays the shortest expected duration: spot's interruptions are a real
// difference there.)
const (
	LatencyTieMS    = 5.0
	LatencyTieShare = 0.10
)

// rank orders plans best first. For inference, plans that meet the latency
// target come before those that do not; when none does, the near-best ones
// come first and the rest follow by users within the target, then weighted
// latency. Among the plans that compete, the objective decides; ties fall to
// the second criterion (latency for cost, cost otherwise), then to the plan
// nearer the users or the data, then to offers with confirmed capacity, then
// to the label, so the order is total and the output deterministic.
func (e *engine) rank(plans []*plan) {
	inference := e.req.Workload.Kind == catalog.KindInference
	meets := anyMeets(plans)
	noneMeets := inference && !meets
	if noneMeets {
		e.nearBest = markNearBest(plans)
	}
	if inference {
		for _, p := range plans {
			p.proximity = p.metric
		}
	}
	if e.req.Objective == ObjectiveBalanced {
		e.score(plans, meets)
	}
	if e.req.Objective == ObjectiveLatency && inference {
		markFastEnough(plans, noneMeets)
	}
	// Labels are unique, so the order is total and an unstable sort gives
	// the one order there is.
	e.order = e.rankOrder(inference, noneMeets)
	keys := e.rankKeys(plans, inference, noneMeets)
	if e.req.sub && e.putFirst(plans, keys) {
		return
	}
	sortTop(plans, keys, e.buf, e.order)
}

// putFirst is rank for a question an answer asks of itself, which reads
// its pick alone: it puts first the plan sortTop would, the least by key
// and then by e.order, and leaves the others in any order. It reports
// false, having moved nothing, where preferWithinQuota would look past
// that plan (one over a published quota): the order is then needed.
func (e *engine) putFirst(plans []*plan, keys []uint64) bool {
	if len(plans) == 0 {
		return true
	}
	first := 0
	for i := 1; i < len(plans); i++ {
		if keys[i] < keys[first] || keys[i] == keys[first] && e.order(plans[i], plans[first]) < 0 {
			first = i
		}
	}
	if len(plans) >= 2 && e.req.Objective == ObjectiveCost && len(e.overQuota(plans[first])) > 0 {
		return false
	}
	plans[0], plans[first] = plans[first], plans[0]
	return true
}

// rankOrder is rank's order once the plans are marked. The comparisons
// return early: cmp.Or would compare every key (the labels too) on every
// call.
func (e *engine) rankOrder(inference, noneMeets bool) func(a, b *plan) int {
	return func(a, b *plan) int {
		if inference {
			if noneMeets {
				if a.nearBest != b.nearBest {
					if a.nearBest {
						return -1
					}
					return 1
				}
				if !a.nearBest {
					if c := cmp.Compare(b.within, a.within); c != 0 {
						return c
					}
					if c := cmp.Compare(a.metric, b.metric); c != 0 {
						return c
					}
				}
			} else if a.meets != b.meets {
				if a.meets {
					return -1
				}
				return 1
			}
		}
		var first, second [2]float64
		switch e.req.Objective {
		case ObjectiveLatency:
			if a.fastEnough != b.fastEnough {
				if a.fastEnough {
					return -1
				}
				return 1
			}
			first, second = [2]float64{a.metric, b.metric}, [2]float64{a.costUSD, b.costUSD}
			if a.fastEnough {
				first, second = second, first
			}
		case ObjectiveBalanced:
			first, second = [2]float64{a.score.Value, b.score.Value}, [2]float64{e.rankCost(a), e.rankCost(b)}
		case ObjectiveCarbon:
			first, second = [2]float64{carbonKey(a), carbonKey(b)}, [2]float64{e.rankCost(a), e.rankCost(b)}
		default:
			first, second = [2]float64{e.rankCost(a), e.rankCost(b)}, [2]float64{a.metric, b.metric}
		}
		if c := cmp.Compare(first[0], first[1]); c != 0 {
			return c
		}
		if c := cmp.Compare(second[0], second[1]); c != 0 {
			return c
		}
		if c := cmp.Compare(a.proximity, b.proximity); c != 0 {
			return c
		}
		if la, lb := a.listedOnly(), b.listedOnly(); la != lb {
			if lb {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.name(), b.name())
	}
}

// markFastEnough marks, among the inference plans that compete (those
// meeting the latency target, else the near-best ones), those within the
// latency tie band of the fastest.
func markFastEnough(plans []*plan, noneMeets bool) {
	competes := func(p *plan) bool {
		if noneMeets {
			return p.nearBest
		}
		return p.meets
	}
	lowest := math.Inf(1)
	for _, p := range plans {
		if competes(p) {
			lowest = min(lowest, p.metric)
		}
	}
	band := max(LatencyTieMS, LatencyTieShare*lowest)
	for _, p := range plans {
		p.fastEnough = competes(p) && p.metric <= lowest+band
	}
}

// nearBestRule is what the near-best rule (see NearBestPoints) measured:
// the best share of users within the target, the lowest weighted latency
// among the plans within NearBestPoints of it, and the latency limit.
type nearBestRule struct {
	best, lowest, limit float64
}

// markNearBest marks the near-best plans (see NearBestPoints) and returns
// the figures it marked them by.
func markNearBest(plans []*plan) nearBestRule {
	best := math.Inf(-1)
	for _, p := range plans {
		best = max(best, p.within)
	}
	lowest := math.Inf(1)
	for _, p := range plans {
		if reaches(p.within, best-NearBestPoints) {
			lowest = min(lowest, p.metric)
		}
	}
	limit := lowest + max(NearBestMS, NearBestShare*lowest)
	for _, p := range plans {
		p.nearBest = reaches(p.within, best-NearBestPoints) && p.metric <= limit
	}
	return nearBestRule{best: best, lowest: lowest, limit: limit}
}

// rankedPlans is how many of the best plans come out in order: the result
// reads only the pick, the alternatives (within the first
// (MaxAlternatives+1) × len(catalog.PricingModels) plans, since an instance has at
// most one plan per pricing model) and the chart's MaxCandidates.
const rankedPlans = MaxCandidates

// sortTop puts at least the rankedPlans best plans first, in order, and the
// others after them in the order they came. keys holds each plan's rank
// key (see rankKeys): a plan is among the best only if its key is at most
// the rankedPlans-th smallest, so with thousands of plans only those few
// are sorted, on their keys first and in full only where keys tie. Its
// working lists come from buf.
func sortTop(plans []*plan, keys []uint64, buf *buffers, compare func(a, b *plan) int) {
	limit := uint64(math.MaxUint64)
	if len(plans) > rankedPlans {
		limit = nthSmallest(append(take(&buf.keys, len(keys)), keys...), rankedPlans-1)
	}
	best := take(&buf.best, min(len(plans), rankedPlans))
	rest := take(&buf.rest, max(0, len(plans)-rankedPlans))
	for i, p := range plans {
		if keys[i] <= limit {
			best = append(best, rankEntry{key: keys[i], at: int32(i)})
		} else {
			rest = append(rest, p)
		}
	}
	slices.SortFunc(best, func(a, b rankEntry) int {
		if a.key != b.key {
			return cmp.Compare(a.key, b.key)
		}
		return compare(plans[a.at], plans[b.at])
	})
	top := take(&buf.top, len(best))
	for _, b := range best {
		top = append(top, plans[b.at])
	}
	copy(plans, top)
	copy(plans[len(top):], rest)
	buf.best, buf.top, buf.rest = best, top, rest
}

// rankEntry is a plan among the best, by its index, with its rank key.
type rankEntry struct {
	key uint64
	at  int32
}

// rankKeys gives each plan, in a list from the buffers, a key that orders
// plans as rank's first criteria do, or ties them: whether the plan
// competes (meets the latency target, or is near-best when none does),
// then the objective's class and first figure (for the plans that do not
// come close when none meets the target, the share of users within it,
// highest first). A plan with a smaller key comes first in rank's order.
func (e *engine) rankKeys(plans []*plan, inference, noneMeets bool) []uint64 {
	keys := take(&e.buf.rankKeys, len(plans))
	for _, p := range plans {
		class, first := uint64(0), e.rankCost(p)
		switch e.req.Objective {
		case ObjectiveCarbon:
			first = carbonKey(p)
		case ObjectiveLatency:
			if !p.fastEnough {
				class, first = 1, p.metric
			}
		case ObjectiveBalanced:
			first = p.score.Value
		}
		if inference {
			switch {
			case noneMeets && !p.nearBest:
				class, first = 2, -p.within
			case !noneMeets && !p.meets:
				class += 2
			}
		}
		keys = append(keys, class<<62|orderedBits(first)>>2)
	}
	e.buf.rankKeys = keys
	return keys
}

// orderedBits maps floats onto integers in the order cmp.Compare gives
// them: NaN first, −0 with 0.
func orderedBits(x float64) uint64 {
	if x != x {
		return 0
	}
	b := math.Float64bits(x + 0) // −0 + 0 is 0
	if b>>63 == 1 {
		return ^b
	}
	return b | 1<<63
}

// nthSmallest returns the n-th smallest of keys (from 0), reordering them:
// quickselect on the median of three, sorting what is left when a bad
// run of pivots makes it slow.
func nthSmallest(keys []uint64, n int) uint64 {
	lo, hi := 0, len(keys)-1
	for budget := 2 * bits.Len(uint(len(keys))); lo < hi; budget-- {
		if budget == 0 {
			slices.Sort(keys[lo : hi+1])
			break
		}
		// Median of three, then partition keys[lo..hi] around it.
		mid := lo + (hi-lo)/2
		if keys[mid] < keys[lo] {
			keys[mid], keys[lo] = keys[lo], keys[mid]
		}
		if keys[hi] < keys[lo] {
			keys[hi], keys[lo] = keys[lo], keys[hi]
		}
		if keys[hi] < keys[mid] {
			keys[hi], keys[mid] = keys[mid], keys[hi]
		}
		pivot := keys[mid]
		i, j := lo, hi
		for i <= j {
			for keys[i] < pivot {
				i++
			}
			for keys[j] > pivot {
				j--
			}
			if i <= j {
				keys[i], keys[j] = keys[j], keys[i]
				i, j = i+1, j-1
			}
		}
		switch {
		case n <= j:
			hi = j
		case n >= i:
			lo = i
		default:
			return keys[n] // between j and i: equal to the pivot
		}
	}
	return keys[n]
}

// score gives each plan its balanced score: cost and metric normalised to
// 0..1 over the plans that compete (those meeting the target, or else the
// near-best ones), a spread of zero counting as 0 for everyone. meets says
// whether any plan meets the target.
func (e *engine) score(plans []*plan, meets bool) {
	competing := plans
	near := slices.ContainsFunc(plans, func(p *plan) bool { return p.nearBest })
	if meets || near {
		competing = nil
		for _, p := range plans {
			if (meets && p.meets) || (!meets && p.nearBest) {
				competing = append(competing, p)
			}
		}
	}
	if len(competing) == 0 {
		return
	}
	minC, maxC := e.rankCost(competing[0]), e.rankCost(competing[0])
	minM, maxM := competing[0].metric, competing[0].metric
	minK, maxK := math.Inf(1), math.Inf(-1)
	for _, p := range competing {
		minC, maxC = min(minC, e.rankCost(p)), max(maxC, e.rankCost(p))
		minM, maxM = min(minM, p.metric), max(maxM, p.metric)
		if !math.IsNaN(p.kgCO2e) {
			minK, maxK = min(minK, p.kgCO2e), max(maxK, p.kgCO2e)
		}
	}
	wc, wm, wk := BalancedCostWeight, BalancedLatencyWeight, BalancedCarbonWeight
	if e.cat.Energy == nil {
		wc, wm, wk = 0.5, 0.5, 0
	}
	for _, p := range plans {
		c, m := norm(e.rankCost(p), minC, maxC), norm(p.metric, minM, maxM)
		// A plan whose grid has no figure counts as the highest emitter.
		k := 1.0
		if !math.IsNaN(p.kgCO2e) {
			k = norm(p.kgCO2e, minK, maxK)
		}
		p.score = &Score{
			CostPart: wc * c, LatencyPart: wm * m, CarbonPart: wk * k,
			CostWeight: wc, LatencyWeight: wm, CarbonWeight: wk,
		}
		p.score.Value = p.score.CostPart + p.score.LatencyPart + p.score.CarbonPart
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

// rankCost is what a plan costs as the ranking weighs it: its total, plus
// its emissions at the request's carbon price (converted to USD), which
// no invoice carries.
func (e *engine) rankCost(p *plan) float64 {
	if e.req.CarbonPrice == 0 || math.IsNaN(p.kgCO2e) {
		return p.costUSD
	}
	return p.costUSD + p.kgCO2e/1000*e.req.CarbonPrice/e.rate
}

// carbonKey orders plans by emissions, those with no figure last.
func carbonKey(p *plan) float64 {
	if math.IsNaN(p.kgCO2e) {
		return math.Inf(1)
	}
	return p.kgCO2e
}
