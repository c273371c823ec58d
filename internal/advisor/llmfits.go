package advisor

import "math"

// How fitAt finds again what it found for a kind of offer: an answer asks
// for the operating point of each of thousands of offers, of a few dozen
// kinds in a few dozen metros.

// keepsBudget reports whether every curve of the sizing keeps a budget
// for the first token at its point under the time-per-token target alone
// (whose fit is then that of every such metro, see fitAt): each meets the
// targets there, and none takes longer than the budget to the first
// token. The points are read once per sizing.
func (sz *llmSizing) keepsBudget(budgetMS, tpot float64) bool {
	if !sz.freeKnown {
		sz.free, sz.slowest = true, math.Inf(-1)
		for _, c := range sz.curves {
			f := c.freePoint(tpot)
			sz.free = sz.free && f.meets
			if f.pt.TTFTMS > sz.slowest {
				sz.slowest = f.pt.TTFTMS
			}
		}
		sz.freeKnown = true
	}
	// (A time that is NaN is longer than no budget, as each curve's
	// point was weighed on its own.)
	return sz.free && !(sz.slowest > budgetMS)
}

// fitIn is the fit found for a metro (or freeMetro), nil when none yet.
func (sz *llmSizing) fitIn(metro int) *llmFitted {
	if metro >= 0 && metro < len(sz.fitAt) {
		if i := sz.fitAt[metro]; i > 0 {
			return sz.fits[i-1]
		}
		return nil
	}
	for _, f := range sz.fits {
		if f.metro == metro {
			return f
		}
	}
	return nil
}

// keepFit keeps a fit found, by its metro among places.
func (sz *llmSizing) keepFit(f *llmFitted, places int) {
	if sz.fits == nil {
		sz.fits = make([]*llmFitted, 0, 16)
	}
	sz.fits = append(sz.fits, f)
	if f.metro < 0 || f.metro >= places {
		return
	}
	if sz.fitAt == nil {
		sz.fitAt = make([]int32, places)
	}
	sz.fitAt[f.metro] = int32(len(sz.fits))
}
