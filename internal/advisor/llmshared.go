package advisor

import "slices"

// What an LLM answer works out once and shares: the bound that lets fitAt
// leave out curves that cannot win, and the figures its questions to
// itself read again.

// barOf is a lower bound of the tokens a second per GPU the best of the
// sizing's curves serves in a metro: the point there of the curve that
// serves the most under the time-per-token target alone (sz.top), where
// it meets both targets (0 where it does not). A curve's point in a metro
// never serves more than its point under the time-per-token target alone
// (the budget for the first token only takes load away), so a curve whose
// free point serves less than the bar, or misses, is beaten by that
// curve: fitAt leaves it out, and picks what it would pick with it.
func (sz *llmSizing) barOf(metro int, budgetMS, tpot float64) float64 {
	sz.weighFree(tpot)
	if sz.top < 0 {
		return 0
	}
	top := sz.curves[sz.top]
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

// llmMemos are the LLM figures an answer works out once and the questions
// it asks of itself (another precision's cheapest on the pick's GPU, see
// withPrecisionAlternatives) read again: the curves of the replica sizes
// by key, and by metro the time to first token left after the network.
// Both depend on the model, the request's lengths and targets and its
// users, which those questions keep (see sharesLLMFigures).
type llmMemos struct {
	// req is the request of the answer that worked them out.
	req       *Request
	curves    map[curveKey]*llmCurve
	curveSlab slab[llmCurve]
	budgets   []metroBudget // by metro (empty: none yet)
	// near is llmBudgetMS' list of round trips; idx the indexes by metro
	// of the curves' points and the sizings' fits, and the measured
	// figures that may anchor curves (see llmGPU); points the curves'
	// lists of points and fits the sizings' lists of fits.
	near   []userRTT
	idx    room[int32]
	points room[curvePoint]
	fits   room[*llmFitted]
	// ids numbers the GPUs, precisions and engine families in curve keys
	// (see id).
	ids map[string]int32
}

// id is a name's number in curve keys, the same for the answer and the
// questions it asks of itself, which read these memos.
func (m *llmMemos) id(name string) int32 {
	if m.ids == nil {
		m.ids = map[string]int32{}
	}
	n, ok := m.ids[name]
	if !ok {
		n = int32(len(m.ids))
		m.ids[name] = n
	}
	return n
}

// llmMemo is the answer's LLM figures, its own (kept with its buffers) or
// those of the answer that asked it.
func (e *engine) llmMemo() *llmMemos {
	if e.memo.llm == nil {
		e.memo.llm = &e.buf.llm
		e.memo.llm.req = &e.req
	}
	return e.memo.llm
}

// newCurve returns room for one llmCurve from the slab.
func (m *llmMemos) newCurve() *llmCurve { return m.curveSlab.next() }

// free empties the memos for the next answer (see slab.free).
func (m *llmMemos) free() {
	m.req = nil
	clear(m.curves)
	clear(m.ids)
	m.curveSlab.free()
	m.budgets = m.budgets[:0]
	m.idx.free()
	m.points.free()
	m.fits.free()
}

// sharesLLMFigures reports whether an answer to q may read the LLM
// figures of an answer to r: the same model, lengths, targets and users.
func sharesLLMFigures(q, r *Request) bool {
	a, b := &q.Workload, &r.Workload
	return a.Profile == b.Profile && a.InputTokens == b.InputTokens && a.OutputTokens == b.OutputTokens &&
		a.TTFTMS == b.TTFTMS && a.TPOTMS == b.TPOTMS && slices.Equal(q.Users, r.Users)
}
