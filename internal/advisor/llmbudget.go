package advisor

import (
	"cmp"
	"math"
	"slices"
)

// The time to first token an LLM's operating point has in each metro,
// after the network (see llmBudgetMS).

// llmBudgetMS is the time to first token an offer in a metro has after
// the network: the target less the round trip within which the share of
// the users' traffic that must meet the target (MeetsTargetShare) lies,
// so that the operating point keeps those users within the target, not
// only the average one. Worked out once per metro.
func (e *engine) llmBudgetMS(metro int) float64 {
	b := e.llmBudgetOf(metro)
	if b.known {
		return b.ms
	}
	// The users' round trips with their weights, nearest first (sorted
	// as pairs: the order is the one sorting their indexes by round trip
	// gives, read without going back to the columns).
	m := e.llmMemo()
	rtts := e.rttTo(metro)
	near := grow(&m.near, len(rtts))
	for j, rtt := range rtts {
		near[j] = userRTT{rtt: rtt, weight: e.weights[j]}
	}
	slices.SortFunc(near, func(a, b userRTT) int { return cmp.Compare(a.rtt, b.rtt) })
	// The share is of the traffic the metro may serve: a place that
	// serves only its own country's users (see servesOnly) is sized for
	// them (the others' round trips are infinite, sorted last).
	scale := 1.0
	if n := len(near); n > 0 && math.IsInf(near[n-1].rtt, 1) && e.servesOnly(metro) != "" {
		reachable := 0.0
		for _, u := range near {
			if !math.IsInf(u.rtt, 1) {
				reachable += u.weight
			}
		}
		if reachable > 0 {
			scale = 1 / reachable
		}
	}
	var within, rtt float64
	for _, u := range near {
		within += u.weight
		rtt = u.rtt
		if reaches(100*within*scale, MeetsTargetShare) {
			break
		}
	}
	b.ms, b.known = e.req.Workload.TTFTMS-rtt, true
	return b.ms
}

// llmBudgetFloorMS is a floor of llmBudgetMS: the target less the longest
// of the users' round trips to the metro (NaN where one is NaN; −Inf
// where a user cannot be served from it, see servesOnly), with no
// sorting.
func (e *engine) llmBudgetFloorMS(metro int) float64 {
	b := e.llmBudgetOf(metro)
	if !b.floorKnown {
		longest := math.Inf(-1)
		for _, rtt := range e.rttTo(metro) {
			if math.IsNaN(rtt) {
				longest = rtt
				break
			}
			longest = max(longest, rtt)
		}
		b.floor, b.floorKnown = e.req.Workload.TTFTMS-longest, true
	}
	return b.floor
}

// metroBudget is a metro's budget for the first token (see llmBudgetMS)
// and its floor (see llmBudgetFloorMS), once known.
type metroBudget struct {
	ms, floor         float64
	known, floorKnown bool
}

// llmBudgetOf is the room for a metro's budget.
func (e *engine) llmBudgetOf(metro int) *metroBudget {
	m := e.llmMemo()
	if len(m.budgets) == 0 {
		m.budgets = zeroed(&m.budgets, e.cat.PlaceCount())
	}
	return &m.budgets[metro]
}

// userRTT is a user point's round trip to a metro and its weight.
type userRTT struct{ rtt, weight float64 }
