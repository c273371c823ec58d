package advisor

// When nothing fits: the nearest value of each limit that binds (the
// budget, the deadline) at which the question, its other limits as asked,
// has an answer.

import (
	"math"

	"gpuplace/internal/locale"
)

// nearestLimits is the plan each binding limit rules out last: the
// cheapest plan over the budget (within every other limit), and the
// training plan nearest the deadline that misses it (within the budget).
type nearestLimits struct {
	budget, deadline *plan
}

// overBudget notes a plan the budget rules out.
func (n *nearestLimits) overBudget(p *plan) {
	if n.budget == nil || p.costUSD < n.budget.costUSD {
		n.budget = p
	}
}

// missesDeadline notes a plan the deadline rules out, if the budget
// (nil: none, else in the answer's currency at rate) allows it.
func (n *nearestLimits) missesDeadline(p *plan, budget *float64, rate float64) {
	if budget != nil && p.costUSD*rate > *budget {
		return
	}
	if n.deadline == nil || p.edgeHours < n.deadline.edgeHours {
		n.deadline = p
	}
}

// nearestTexts says, when nothing fits, the nearest budget and deadline
// that would give an answer, each with the plan that would answer: "A
// budget of $13,946 would give an answer: AWS ap-east-1 g5.xlarge
// (on-demand)". A question that asks for several regions is answered by
// sets of regions the single plans do not stand for: it is told nothing.
func (e *engine) nearestTexts() []locale.Text {
	if e.req.MinRegions > 1 {
		return nil
	}
	var out []locale.Text
	if p := e.nearest.deadline; p != nil && e.req.Workload.DeadlineHours > 0 {
		out = append(out, locale.New("nearest.deadline", locale.Hours(ceilShownHours(p.edgeHours)), describe(e.cat, p)))
	}
	if p := e.nearest.budget; p != nil && e.req.Budget != nil {
		out = append(out, locale.New("nearest.budget", moneyText(ceilShownMoney(p.costUSD*e.rate), e.req.Currency), describe(e.cat, p)))
	}
	return out
}

// ceilShownMoney rounds an amount up to what FmtMoney shows (cents under
// locale.CentsBelow, whole units from there), so a budget of that figure
// holds it.
func ceilShownMoney(x float64) float64 {
	if x >= locale.CentsBelow {
		return math.Ceil(x - 1e-9)
	}
	return math.Ceil(x*100-1e-9) / 100
}

// ceilShownHours rounds a duration up to what FmtHours shows (whole hours
// from 100, else hundredths), so a deadline of that figure holds it.
func ceilShownHours(h float64) float64 {
	if h >= 100 {
		return math.Ceil(h - 1e-9)
	}
	return math.Ceil(h*100-1e-9) / 100
}
