package advisor

import (
	"github.com/shopspring/decimal"
)

// An answer ranked by another goal than cost (balanced, latency, carbon)
// says what the cheapest answer that meets the same target costs, where
// the pick is not it: the price of the goal, on the card beside the pick.

// CheaperOption is the cheapest answer that meets the question's target
// (or, where the question sets none, the cheapest answer), where the pick
// costs more: its placements, its total in the answer's currency, and how
// much less than the pick it costs, per cent of the pick's total.
type CheaperOption struct {
	Placements []Placement     `json:"placements"`
	Total      decimal.Decimal `json:"total"`
	LessPct    float64         `json:"less_pct"`
}

// withCheapestMeetingTarget gives a pick that meets its target, ranked by
// another objective than cost, the cheapest answer meeting that target
// where it costs less: the question asked again with objective cost, by
// the answer's engine (see newAskedEngine). Ranking puts the plans that
// meet the target first under every objective, so that answer's pick
// meets it as the pick does.
func withCheapestMeetingTarget(req Request, res *Result, asker *engine) {
	if req.sub || req.variation || res.Pick == nil || !res.Pick.Verdict.Meets || req.Objective == ObjectiveCost || req.Objective == "" {
		return
	}
	alt := req
	alt.sub, alt.Objective = true, ObjectiveCost
	r, err := recommend(asker.cat, alt, asker)
	if err != nil || r.Pick == nil || !r.Pick.Total.LessThan(res.Pick.Total) || !res.Pick.Total.IsPositive() {
		return
	}
	less := decimal.NewFromInt(1).Sub(r.Pick.Total.Div(res.Pick.Total)).Mul(decimal.NewFromInt(100)).InexactFloat64()
	res.Pick.CheapestMeetingTarget = &CheaperOption{Placements: r.Pick.Placements, Total: r.Pick.Total, LessPct: round1(less)}
}
