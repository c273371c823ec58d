package advisor

// What would change the pick: for each parameter of a question, the
// values at which the pick changes, found by bisection, each with the new
// pick and a sentence.

import (
	"math"
	"slices"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// What-if parameters (WhatIfChange.Parameter), as API.md names them.
const (
	WhatIfPeakRPS   = "peak_rps" // the load: peak and average scaled together
	WhatIfMonths    = "months"
	WhatIfLatencyMS = "latency_ms"
	WhatIfTTFTMS    = "ttft_ms" // an LLM's latency target: the time to first token
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
}

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
// each allowed pricing model left out, where the pick changes. Every new
// pick is Recommend's own answer at the break-even value, so a change
// says what asking that question would answer.
func RecommendWhatIf(cat *catalog.Catalog, req Request) (WhatIf, error) {
	base, err := Recommend(cat, req)
	if err != nil || base.Pick == nil {
		return WhatIf{Result: base}, err
	}
	w := whatIf{cat: cat, req: base.Request, pick: pickKey(*base.Pick)}
	var out []WhatIfChange
	wl := w.req.Workload
	// The plans built once, where they decide the pick (nil otherwise).
	wp := whatIfPlansOf(cat, w.req)
	defer wp.release()
	var fastLoad func(float64) string
	var fastMonths func(int) string
	var fastPricing func(catalog.PricingModel) string
	var fastTarget func(float64) string
	if wp != nil {
		fastTarget = func(x float64) string { return wp.pickAtTarget(wl.LatencyMS * x) }
		fastLoad = func(x float64) string { return wp.pickAt(x, wl.Months, "") }
		fastMonths = func(n int) string { return wp.pickAt(1, n, "") }
		fastPricing = func(pm catalog.PricingModel) string { return wp.pickAt(1, wl.Months, pm) }
	}
	if wl.Kind == catalog.KindInference {
		out = append(out, w.scaled(WhatIfPeakRPS, wl.PeakRPS, WhatIfLoadLow, WhatIfLoadHigh, func(r *Request, x float64) {
			r.Workload.PeakRPS, r.Workload.RPS = wl.PeakRPS*x, wl.RPS*x
		}, fastLoad)...)
		out = append(out, w.months(fastMonths)...)
		target := WhatIfLatencyMS
		if wl.TTFTMS > 0 {
			target = WhatIfTTFTMS
		}
		out = append(out, w.scaled(target, wl.LatencyMS, WhatIfTargetLow, WhatIfTargetHigh, func(r *Request, x float64) {
			r.Workload.LatencyMS = wl.LatencyMS * x
			if wl.TTFTMS > 0 {
				r.Workload.TTFTMS = wl.TTFTMS * x
			}
		}, fastTarget)...)
	} else if wl.DeadlineHours > 0 {
		out = append(out, w.scaled(WhatIfDeadline, wl.DeadlineHours, WhatIfTargetLow, WhatIfTargetHigh, func(r *Request, x float64) {
			r.Workload.DeadlineHours = wl.DeadlineHours * x
		}, nil)...)
	}
	out = append(out, w.pricing(fastPricing)...)
	return WhatIf{Result: base, Changes: out}, nil
}

// whatIf asks the variations of one question.
type whatIf struct {
	cat  *catalog.Catalog
	req  Request
	pick string
}

// at answers the question changed by set at x, and the key of its pick
// ("" when nothing answers).
func (w *whatIf) at(set func(*Request, float64), x float64) (Result, string) {
	r := w.req
	r.Users = slices.Clone(r.Users)
	set(&r, x)
	res, err := Recommend(w.cat, r)
	if err != nil || res.Pick == nil {
		return res, ""
	}
	return res, pickKey(*res.Pick)
}

// scaled samples a parameter from low to high times its value
// (geometrically), outward from the question's value on each side, and
// bisects the first change on each side to WhatIfPrecision. fast, when
// not nil, says the pick's key at a factor from the plans built once; each
// change it finds is checked by answering the questions on both sides of
// it, and searched again by answering where the check fails.
func (w *whatIf) scaled(param string, value, low, high float64, set func(*Request, float64), fast func(float64) string) []WhatIfChange {
	if value <= 0 {
		return nil
	}
	slow := func(x float64) string { _, k := w.at(set, x); return k }
	if fast != nil && fast(1) != w.pick {
		fast = nil // the plans built once do not decide this question
	}
	var out []WhatIfChange
	for _, end := range []float64{low, high} {
		for _, keyAt := range []func(float64) string{fast, slow} {
			if keyAt == nil {
				continue
			}
			lo, hi, found := w.firstChange(keyAt, end)
			if !found {
				break // no change on this side
			}
			_, loKey := w.at(set, lo)
			hiRes, hiKey := w.at(set, hi)
			if loKey == w.pick && hiKey != w.pick && hiKey != "" {
				out = append(out, w.change(param, value, value*hi, hiRes))
				break
			}
			if hiKey == "" && loKey == w.pick {
				out = append(out, w.change(param, value, value*hi, hiRes))
				break
			}
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
// fast, when not nil, says the pick's key for a month count from the
// plans built once (checked as scaled checks it).
func (w *whatIf) months(fast func(int) string) []WhatIfChange {
	m := w.req.Workload.Months
	set := func(r *Request, x float64) { r.Workload.Months = int(x) }
	slow := func(n int) string { _, k := w.at(set, float64(n)); return k }
	if fast != nil && fast(m) != w.pick {
		fast = nil
	}
	var out []WhatIfChange
	for _, step := range []int{-1, 1} {
		for i, keyAt := range []func(int) string{fast, slow} {
			if keyAt == nil {
				continue
			}
			n, found := w.firstMonth(keyAt, m, step, i == 0)
			if !found {
				break
			}
			_, beforeKey := w.at(set, float64(n-step))
			res, key := w.at(set, float64(n))
			if beforeKey == w.pick && key != w.pick {
				out = append(out, w.change(WhatIfMonths, float64(m), float64(n), res))
				break
			}
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
// when not nil, says the pick's key without a model from the plans built
// once, and only the models it moves the pick for are answered.
func (w *whatIf) pricing(fast func(catalog.PricingModel) string) []WhatIfChange {
	if len(w.req.Pricing) < 2 {
		return nil
	}
	if fast != nil && fast("") != w.pick {
		fast = nil
	}
	var out []WhatIfChange
	for _, pm := range w.req.Pricing {
		if fast != nil && fast(pm) == w.pick {
			continue // the plans built once say the pick stays; the answer is asked only where it moves
		}
		r := w.req
		r.Pricing = slices.DeleteFunc(slices.Clone(w.req.Pricing), func(p catalog.PricingModel) bool { return p == pm })
		res, err := Recommend(w.cat, r)
		if err != nil || res.Pick == nil || pickKey(*res.Pick) == w.pick {
			continue
		}
		c := w.change(WhatIfPricing, 0, 0, res)
		c.Left = pm
		c.Text = locale.New("whatif.pricing", pricingWord(pm), describeOption(w.cat, *res.Pick), locale.Money(res.Pick.Total.InexactFloat64()), res.Currency)
		out = append(out, c)
	}
	return out
}

// change is the change of param from from to to, with res the answer at to.
func (w *whatIf) change(param string, from, to float64, res Result) WhatIfChange {
	c := WhatIfChange{Parameter: param, From: from, To: to}
	if res.Pick == nil {
		c.Text = locale.New("whatif.none."+param, whatIfValue(param, to, from))
		return c
	}
	c.Pick = *res.Pick
	dir := "up"
	if to < from {
		dir = "down"
	}
	c.Text = locale.New("whatif."+param+"."+dir, whatIfValue(param, to, from), describeOption(w.cat, c.Pick),
		locale.Money(c.Pick.Total.InexactFloat64()), res.Currency)
	return c
}

// whatIfValue is how a sentence states a break-even: the load as
// requests/s and its ratio to the question's, months as a count, a target
// in milliseconds or hours.
func whatIfValue(param string, to, from float64) locale.Text {
	switch param {
	case WhatIfPeakRPS:
		return locale.New("whatif.value.load", locale.Num(to), locale.F1(to/from))
	case WhatIfMonths:
		return locale.New(counted("whatif.value.months", int(to)), int(to))
	case WhatIfDeadline:
		return locale.New("whatif.value.hours", locale.F1(to))
	}
	return locale.New("whatif.value.ms", locale.F1(to))
}

// pickKey names an option's placements as a pick is told apart: the
// provider, region, instance type and pricing model of each place (more
// replicas of the same is the same pick, sized for another load).
func pickKey(o Option) string {
	var k string
	for _, p := range o.Placements {
		k += pickPart(p.Provider, p.Region, p.InstanceType, p.Pricing)
	}
	return k
}

// pickPart is one place's part of a pick's key.
func pickPart(provider, region, instance string, pm catalog.PricingModel) string {
	return provider + ":" + region + ":" + instance + "/" + string(pm) + ";"
}

// describeOption names an option's places as a sentence does: "3 ×
// g6e.xlarge (reserved, 1 year) in AWS us-east-1".
func describeOption(cat *catalog.Catalog, o Option) locale.Text {
	var t locale.Text
	for i, p := range o.Placements {
		count := p.Replicas
		if p.Instances > 0 {
			count = p.Instances
		}
		if p.Nodes > 1 {
			count = p.Nodes
		}
		one := locale.New("whatif.place", count, p.InstanceType, pricingWord(p.Pricing), cat.ProviderLabel(p.Provider), p.Region)
		if i == 0 {
			t = one
		} else {
			t = locale.New("why.places", t, one)
		}
	}
	return t
}
