package advisor

import "math"

// How fitAt finds again what it found for a kind of offer: an answer asks
// for the operating point of each of thousands of offers, of a few dozen
// kinds in a few dozen metros.

// keepsBudget reports whether the sizing's fit in a metro with this
// budget for the first token is the one of every such metro, worked out
// from the curves' points under the time-per-token target alone (see
// fitAt): where every curve meets the targets there and none takes
// longer than the budget to the first token; or where every curve that
// meets them there keeps the budget, and one serves (the bar then leaves
// the others out, see barOf, and each that competes serves at that
// point).
func (sz *llmSizing) keepsBudget(budgetMS, tpot float64) bool {
	sz.weighFree(tpot)
	// (A time that is NaN exceeds no budget in the first test, as when
	// each curve's point was weighed on its own; the second is made only
	// where none is NaN.)
	return sz.free && !(sz.slowest > budgetMS) || sz.meetsAlike(budgetMS)
}

// meetsAlike is keepsBudget's second test: no time to the first token is
// NaN, some curve meets the targets under the time per token alone and
// serves, and every one that meets them keeps the budget.
func (sz *llmSizing) meetsAlike(budgetMS float64) bool {
	return !sz.nanTTFT && sz.top >= 0 && sz.freeFigs[sz.top].perGPU > 0 && sz.slowestMeeting <= budgetMS
}

// surelyKeeps reports whether keepsBudget holds for every budget from
// floorMS up: it does where it holds at floorMS and no time is NaN
// (which no comparison rules out).
func (sz *llmSizing) surelyKeeps(floorMS, tpot float64) bool {
	sz.weighFree(tpot)
	return !math.IsNaN(floorMS) && !sz.nanTTFT && (sz.free && sz.slowest <= floorMS || sz.meetsAlike(floorMS))
}

// freeFigure is what fitAt reads of a curve's point under the
// time-per-token target alone: whether it meets the targets, and the
// tokens a second per GPU it serves.
type freeFigure struct {
	meets  bool
	perGPU float64
}

// weighFree reads, once per sizing, its curves' points under the
// time-per-token target alone (which hold for every metro): each one's
// figure, whether all meet the targets, the longest time to the first
// token among them and among those that meet, whether one is NaN (see
// keepsBudget), and the curve that serves the most per GPU among those
// that meet, the first of equals (see barOf).
func (sz *llmSizing) weighFree(tpot float64) {
	if sz.freeKnown {
		return
	}
	sz.freeKnown = true
	sz.free, sz.slowest, sz.slowestMeeting, sz.top = true, math.Inf(-1), math.Inf(-1), -1
	sz.freeFigs = sz.freeArr[:0]
	var most float64
	for i, c := range sz.curves {
		f := c.freePoint(tpot)
		g := f.perGPU(c)
		sz.freeFigs = append(sz.freeFigs, freeFigure{meets: f.meets, perGPU: g})
		sz.free = sz.free && f.meets
		if f.pt.TTFTMS > sz.slowest {
			sz.slowest = f.pt.TTFTMS
		}
		if f.meets && f.pt.TTFTMS > sz.slowestMeeting {
			sz.slowestMeeting = f.pt.TTFTMS
		}
		sz.nanTTFT = sz.nanTTFT || math.IsNaN(f.pt.TTFTMS)
		if f.meets && (sz.top < 0 || g > most) {
			sz.top, most = i, g
		}
	}
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

// keepFit keeps a fit found, by its metro among places (its list and
// index cut from m's room).
func (sz *llmSizing) keepFit(f *llmFitted, places int, m *llmMemos) {
	if sz.fits == nil {
		sz.fits = m.fits.take(places)[:0] // (room for a fit in every metro)
	}
	sz.fits = append(sz.fits, f)
	if f.metro < 0 || f.metro >= places {
		return
	}
	if sz.fitAt == nil {
		sz.fitAt = m.idx.take(places)
	}
	sz.fitAt[f.metro] = int32(len(sz.fits))
}
