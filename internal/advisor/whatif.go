package advisor

// What would change the pick: for each parameter of a question, the
// values at which the pick changes, found by bisection, each with the new
// pick and a sentence.

import (
	"context"
	"math"
	"slices"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// What-if parameters (WhatIfChange.Parameter), as API.md names them.
const (
	WhatIfPeakRPS   = "peak_rps" // the load: peak and average scaled together
	WhatIfRPS       = "rps"      // the average load alone, up to the peak
	WhatIfMonths    = "months"
	WhatIfLatencyMS = "latency_ms"
	WhatIfTTFTMS    = "ttft_ms" // an LLM's latency target: the time to first token
	WhatIfTPOTMS    = "tpot_ms" // an LLM's time per output token
	WhatIfDeadline  = "deadline_hours"
	WhatIfPricing   = "pricing"
)

// What-if ranges: the load from ×WhatIfLoadLow to ×WhatIfLoadHigh, the
// months of service from 1 to WhatIfMaxMonths, the latency target or the
// deadline from ×WhatIfTargetLow to ×WhatIfTargetHigh; a break-even is
// found to WhatIfPrecision (relative; months to the month).
const (
	WhatIfLoadLow    = 0.25
	WhatIfLoadHigh   = 8
	WhatIfMaxMonths  = 36
	WhatIfTargetLow  = 0.5
	WhatIfTargetHigh = 2
	WhatIfPrecision  = 0.01
)

// whatIfSteps is how many points each scaled range is sampled at before
// bisection: a change between two samples is found; two changes between
// the same two samples show as one.
const whatIfSteps = 12

// WhatIf is an answer's pick and what would change it.
type WhatIf struct {
	Result  Result
	Changes []WhatIfChange
	// Load is the cost against load from ×WhatIfLoadLow to ×WhatIfLoadHigh
	// (sampled, and on both sides of each load change), where the plans
	// built once decide the pick; nil elsewhere.
	Load []WhatIfLoadPoint
	// Variations is how many variations of the question were answered to
	// find the changes (from the plans built once or asked in full);
	// Asked how many questions were worked out in full, the question's
	// own included: the what-if's work in answers.
	Variations, Asked int
}

// WhatIfLoadPoint is the cost at Factor times the question's load: the
// pick there and its total (Pick "" and Total zero where nothing is
// within the budget), and the question's own pick sized for that load.
type WhatIfLoadPoint struct {
	Factor, PeakRPS float64
	Pick            string
	Total, Asked    decimal.Decimal
}

// whatIfCurvePoints is how many load factors the cost curve samples,
// geometrically from WhatIfLoadLow to WhatIfLoadHigh.
const whatIfCurvePoints = 25

// WhatIfChange is one value at which the pick changes: Parameter moving
// from From (the question's value) to To (the break-even: the first value,
// to the stated precision, with the new pick); for pricing, Left is the
// model left out (and From and To are zero).
type WhatIfChange struct {
	Parameter string
	From, To  float64
	// Left is the pricing model left out (Parameter pricing).
	Left catalog.PricingModel
	// Pick is the new pick at To, and Text says it in a sentence.
	Pick Option
	Text locale.Text
}

// RecommendWhatIf answers req and finds, for the load, the months of
// service, the latency target (serving) or the deadline (training), and
// each allowed pricing model left out, where the pick changes. Where the
// pick is decided by cost among single-region plans (see whatIfPlansOf),
// the variations are answered from the plans built once and re-priced,
// as the answer would price them; elsewhere, and where those plans have
// nothing to say, each variation is asked as a question of its own.
func RecommendWhatIf(cat *catalog.Catalog, req Request) (WhatIf, error) {
	return RecommendWhatIfContext(context.Background(), cat, req)
}

// RecommendWhatIfContext is RecommendWhatIf for a caller that may stop
// waiting: once ctx ends it asks no further variation and returns
// ctx.Err(). ctx never changes an answer; it only stops the work.
func RecommendWhatIfContext(ctx context.Context, cat *catalog.Catalog, req Request) (WhatIf, error) {
	if err := ctx.Err(); err != nil {
		return WhatIf{}, err
	}
	base, err := Recommend(cat, req)
	if err != nil || base.Pick == nil {
		return WhatIf{Result: base}, err
	}
	w := whatIf{ctx: ctx, cat: cat, req: base.Request, pick: pickKey(*base.Pick), currency: base.Currency}
	var out []WhatIfChange
	wl := w.req.Workload
	// The plans built once, where they decide the pick (nil otherwise).
	wp := whatIfPlansOf(cat, w.req)
	defer wp.release()
	var fastLoad, fastAverage, fastTarget func(float64) fastPick
	var fastMonths func(int) fastPick
	var fastPricing func(catalog.PricingModel) fastPick
	if wp != nil {
		at := func(q *plan, l load, months int) fastPick {
			if w.stopped() {
				return fastPick{}
			}
			w.variations++
			return fastPick{key: planKey(q), option: func() Option { return wp.option(q, l, months) }}
		}
		asked, months := scaledLoad(1), wl.ServiceMonths()
		fastTarget = func(x float64) fastPick { return at(wp.pickAtTarget(wl.LatencyMS*x), asked, months) }
		fastLoad = func(x float64) fastPick { return at(wp.pickAt(scaledLoad(x), months, ""), scaledLoad(x), months) }
		fastAverage = func(x float64) fastPick { return at(wp.pickAt(load{1, x}, months, ""), load{1, x}, months) }
		fastMonths = func(n int) fastPick { return at(wp.pickAt(asked, n, ""), asked, n) }
		fastPricing = func(pm catalog.PricingModel) fastPick { return at(wp.pickAt(asked, months, pm), asked, months) }
	}
	var curve []WhatIfLoadPoint
	if wl.Kind == catalog.KindInference {
		loadChanges := w.scaled(WhatIfPeakRPS, wl.PeakRPS, WhatIfLoadLow, WhatIfLoadHigh, func(r *Request, x float64) {
			r.Workload.PeakRPS, r.Workload.RPS = wl.PeakRPS*x, wl.RPS*x
		}, fastLoad)
		out = append(out, loadChanges...)
		if wp != nil {
			curve = wp.loadCurve(w.pick, loadChanges)
			w.variations += len(curve)
		}
		// The average alone, up to the peak: it sizes the egress (and an
		// LLM's tokens), not the replicas.
		out = append(out, w.scaled(WhatIfRPS, wl.RPS, WhatIfLoadLow, min(WhatIfLoadHigh, wl.PeakRPS/wl.RPS), func(r *Request, x float64) {
			r.Workload.RPS = wl.RPS * x
		}, fastAverage)...)
		out = append(out, w.months(fastMonths)...)
		// A target is loosened no further than a question may set it.
		target, most := WhatIfLatencyMS, float64(maxLatencyMS)
		if wl.TTFTMS > 0 {
			target, most = WhatIfTTFTMS, maxTTFTMS
		}
		out = append(out, w.scaled(target, wl.LatencyMS, WhatIfTargetLow, min(WhatIfTargetHigh, most/wl.LatencyMS), func(r *Request, x float64) {
			r.Workload.LatencyMS = wl.LatencyMS * x
			if wl.TTFTMS > 0 {
				r.Workload.TTFTMS = wl.TTFTMS * x
			}
		}, fastTarget)...)
		if wl.TPOTMS > 0 {
			out = append(out, w.scaled(WhatIfTPOTMS, wl.TPOTMS, WhatIfTargetLow, min(WhatIfTargetHigh, maxLatencyMS/wl.TPOTMS), func(r *Request, x float64) {
				r.Workload.TPOTMS = wl.TPOTMS * x
			}, nil)...)
		}
	} else if wl.DeadlineHours > 0 {
		out = append(out, w.scaled(WhatIfDeadline, wl.DeadlineHours, WhatIfTargetLow, WhatIfTargetHigh, func(r *Request, x float64) {
			r.Workload.DeadlineHours = wl.DeadlineHours * x
		}, nil)...)
	}
	out = append(out, w.pricing(fastPricing)...)
	if w.err != nil {
		return WhatIf{}, w.err
	}
	return WhatIf{Result: base, Changes: out, Load: curve, Variations: w.variations, Asked: 1 + w.asked}, nil
}

// fastPick is a variation answered from the plans built once: its pick's
// key ("" where those plans have none) and the pick as an option, worked
// out on demand (valid until the next variation is answered).
type fastPick struct {
	key    string
	option func() Option
}

// whatIf asks the variations of one question.
type whatIf struct {
	// ctx stops the work: once it ends, err holds why and every
	// variation answers "nothing" at once.
	ctx      context.Context
	err      error
	cat      *catalog.Catalog
	req      Request
	pick     string
	currency string
	// variations counts the variations answered, asked those asked in
	// full.
	variations, asked int
}

// at answers the question changed by set at x, and the key of its pick
// ("" when nothing answers).
func (w *whatIf) at(set func(*Request, float64), x float64) (*Option, string) {
	if w.stopped() {
		return nil, ""
	}
	w.variations++
	w.asked++
	r := w.req
	r.Users = slices.Clone(r.Users)
	set(&r, x)
	r.variation = true
	res, err := Recommend(w.cat, r)
	if err != nil || res.Pick == nil {
		return nil, ""
	}
	return res.Pick, pickKey(*res.Pick)
}

// stopped reports whether the caller has stopped waiting (ctx ended),
// recording why in err.
func (w *whatIf) stopped() bool {
	if w.err == nil {
		w.err = w.ctx.Err()
	}
	return w.err != nil
}

// scaled samples a parameter from low to high times its value
// (geometrically), outward from the question's value on each side, and
// bisects the first change on each side to WhatIfPrecision. fast, when
// not nil, answers a factor from the plans built once; where it has no
// pick at the change (none of its plans meets the target there), that
// side is asked the slow way, a question at each factor.
func (w *whatIf) scaled(param string, value, low, high float64, set func(*Request, float64), fast func(float64) fastPick) []WhatIfChange {
	if value <= 0 {
		return nil
	}
	if fast != nil && fast(1).key != w.pick {
		fast = nil // the plans built once do not decide this question
	}
	var out []WhatIfChange
	for _, end := range []float64{low, high} {
		if end == 1 {
			continue // the range ends at the question's value on this side
		}
		if fast != nil {
			_, hi, found := w.firstChange(func(x float64) string { return fast(x).key }, end)
			if !found {
				continue // no change on this side
			}
			if at := fast(hi); at.key != "" {
				pick := at.option()
				out = append(out, w.change(param, value, value*hi, &pick))
				continue
			}
		}
		_, hi, found := w.firstChange(func(x float64) string { _, k := w.at(set, x); return k }, end)
		if found {
			pick, _ := w.at(set, hi)
			out = append(out, w.change(param, value, value*hi, pick))
		}
	}
	return out
}

// firstChange samples factors from 1 to end (geometrically) and returns
// the first pair lo, hi (lo with the question's pick, hi without), bisected
// to WhatIfPrecision; found is false when the pick stays to end.
func (w *whatIf) firstChange(keyAt func(float64) string, end float64) (lo, hi float64, found bool) {
	half := whatIfSteps / 2
	ratio := math.Pow(end, 1/float64(half))
	prev := 1.0
	for i := 1; i <= half; i++ {
		x := math.Pow(ratio, float64(i))
		if i == half {
			x = end
		}
		if keyAt(x) == w.pick {
			prev = x
			continue
		}
		lo, hi = prev, x
		for math.Abs(hi/lo-1) > WhatIfPrecision {
			if mid := math.Sqrt(lo * hi); keyAt(mid) == w.pick {
				lo = mid
			} else {
				hi = mid
			}
		}
		return lo, hi, true
	}
	return 0, 0, false
}

// months tries each month count from 1 to WhatIfMaxMonths outward from
// the question's, and reports the first on each side with another pick;
// fast, when not nil, answers a month count from the plans built once
// (each month in turn), else a question is asked at a few counts and the
// months between them.
func (w *whatIf) months(fast func(int) fastPick) []WhatIfChange {
	m := w.req.Workload.ServiceMonths()
	set := func(r *Request, x float64) { r.Workload.Months = Months(int(x)) }
	if fast != nil && fast(m).key != w.pick {
		fast = nil
	}
	var out []WhatIfChange
	for _, step := range []int{-1, 1} {
		if fast != nil {
			n, found := w.firstMonth(func(n int) string { return fast(n).key }, m, step, true)
			if !found {
				continue
			}
			if at := fast(n); at.key != "" {
				pick := at.option()
				out = append(out, w.change(WhatIfMonths, float64(m), float64(n), &pick))
				continue
			}
		}
		n, found := w.firstMonth(func(n int) string { _, k := w.at(set, float64(n)); return k }, m, step, false)
		if found {
			pick, _ := w.at(set, float64(n))
			out = append(out, w.change(WhatIfMonths, float64(m), float64(n), pick))
		}
	}
	return out
}

// firstMonth is the first month count from m in direction step whose pick
// differs: each month in turn where keyAt is cheap (every), else a few
// doubling steps and then the months between.
func (w *whatIf) firstMonth(keyAt func(int) string, m, step int, every bool) (int, bool) {
	if every {
		for n := m + step; n >= 1 && n <= WhatIfMaxMonths; n += step {
			if keyAt(n) != w.pick {
				return n, true
			}
		}
		return 0, false
	}
	prev := m
	for _, n := range monthSteps(m, step) {
		if keyAt(n) == w.pick {
			prev = n
			continue
		}
		for k := prev + step; k != n; k += step {
			if keyAt(k) != w.pick {
				return k, true
			}
		}
		return n, true
	}
	return 0, false
}

// monthSteps are the month counts months tries from m in direction step:
// a few at first, doubling, to 1 or WhatIfMaxMonths.
func monthSteps(m, step int) []int {
	var out []int
	for d := 1; ; d *= 2 {
		n := m + step*d
		if n < 1 || n > WhatIfMaxMonths {
			if last := min(max(n, 1), WhatIfMaxMonths); last != m && (len(out) == 0 || out[len(out)-1] != last) {
				out = append(out, last)
			}
			return out
		}
		out = append(out, n)
	}
}

// pricing leaves each allowed pricing model out in turn (when more than
// one is allowed) and reports those whose absence changes the pick; fast,
// when not nil, answers each from the plans built once.
func (w *whatIf) pricing(fast func(catalog.PricingModel) fastPick) []WhatIfChange {
	if len(w.req.Pricing) < 2 {
		return nil
	}
	if fast != nil && fast("").key != w.pick {
		fast = nil
	}
	var out []WhatIfChange
	for _, pm := range w.req.Pricing {
		var pick *Option
		if fast != nil {
			at := fast(pm)
			if at.key == w.pick || at.key == "" {
				continue
			}
			o := at.option()
			pick = &o
		} else {
			if w.stopped() {
				break
			}
			w.variations++
			w.asked++
			r := w.req
			r.Pricing = slices.DeleteFunc(slices.Clone(w.req.Pricing), func(p catalog.PricingModel) bool { return p == pm })
			r.variation = true
			res, err := Recommend(w.cat, r)
			if err != nil || res.Pick == nil || pickKey(*res.Pick) == w.pick {
				continue
			}
			pick = res.Pick
		}
		c := WhatIfChange{Parameter: WhatIfPricing, Left: pm, Pick: *pick,
			Text: locale.New("whatif.pricing", pricingWord(pm), describeOption(w.cat, *pick), moneyText(pick.Total.InexactFloat64(), w.currency))}
		out = append(out, c)
	}
	return out
}
