package advisor

// What an LLM answer works out once and shares: the bound that lets fitAt
// leave out curves that cannot win.

// barOf is a lower bound of the tokens a second per GPU the best curve
// serves in a metro: the point there of the curve that serves the most
// under the time-per-token target alone, where it meets both targets (0
// where it does not). A curve's point in a metro never serves more than
// its point under the time-per-token target alone (the budget for the
// first token only takes load away), so a curve whose free point serves
// less than the bar, or misses, is beaten by that curve: fitAt leaves it
// out, and picks what it would pick with it.
func barOf(curves []*llmCurve, metro int, budgetMS, tpot float64) float64 {
	var top *llmCurve
	var most float64
	for _, c := range curves {
		if f := c.freePoint(tpot); f.meets && (top == nil || f.perGPU(c) > most) {
			top, most = c, f.perGPU(c)
		}
	}
	if top == nil {
		return 0
	}
	if p := top.pointAt(metro, budgetMS, tpot); p.meets {
		return p.perGPU(top)
	}
	return 0
}

// perGPU is the tokens a second per GPU a curve serves at the point,
// anchored, as betterPoint weighs it.
func (p curvePoint) perGPU(c *llmCurve) float64 {
	return p.pt.OutputPerS * c.anchorRatio / float64(c.gpus)
}
