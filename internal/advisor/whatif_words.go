package advisor

// How a what-if's changes are told apart and said: a pick's key, and the
// sentence for each change.

import (
	"math"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// change is the change of param from from to to, with pick the answer's
// pick at to (nil: nothing answers there).
func (w *whatIf) change(param string, from, to float64, pick *Option) WhatIfChange {
	c := WhatIfChange{Parameter: param, From: from, To: to}
	if pick == nil {
		c.Text = locale.New("whatif.none."+param, whatIfValue(param, to, from))
		return c
	}
	c.Pick = *pick
	dir := "up"
	if to < from {
		dir = "down"
	}
	c.Text = locale.New("whatif."+param+"."+dir, whatIfValue(param, to, from), describeOption(w.cat, c.Pick),
		moneyText(c.Pick.Total.InexactFloat64(), w.currency))
	return c
}

// whatIfValue is how a sentence states a break-even: the load as
// requests/s and its ratio to the question's, months as a count, a target
// in milliseconds or hours.
func whatIfValue(param string, to, from float64) locale.Text {
	switch param {
	case WhatIfPeakRPS:
		return locale.New("whatif.value.load", locale.Num(to), ratioArg(to/from))
	case WhatIfRPS:
		return locale.New("whatif.value.average", locale.Num(to), ratioArg(to/from))
	case WhatIfMonths:
		return locale.New(counted("whatif.value.months", int(to)), int(to))
	case WhatIfDeadline:
		return locale.New("whatif.value.hours", locale.F1(to))
	}
	return locale.New("whatif.value.ms", locale.F1(to))
}

// ratioArg writes a load's ratio to the question's: to a tenth, or to a
// hundredth within a tenth of it (0.99×, not 1.0×).
func ratioArg(r float64) locale.Arg {
	if math.Abs(r-1) < 0.1 {
		return locale.F2(r)
	}
	return locale.F1(r)
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

// describeOption names an option's places as a sentence does, by the GPUs
// a buyer knows and the instance types that hold them: "1 × NVIDIA L4
// (g2-standard-4, 1-year reserved) in Google Cloud us-east4", "8 × NVIDIA
// A40 (4 × ice-lake-a40, on-demand) in Cudo Compute se-stockholm-1"; a CPU
// server by its instance type.
func describeOption(cat *catalog.Catalog, o Option) locale.Text {
	var t locale.Text
	for i, p := range o.Placements {
		one := describePlace(cat, p)
		if i == 0 {
			t = one
		} else {
			t = locale.New("why.places", t, one)
		}
	}
	return t
}

// describePlace is one place of describeOption.
func describePlace(cat *catalog.Catalog, p Placement) locale.Text {
	where := providerRegion(cat, p.Provider, p.Region)
	if p.GPU == "" || p.GPUCount == 0 {
		return locale.New("whatif.place", p.Machines(), p.InstanceType, pricingWord(p.Pricing), where)
	}
	var gpus any = p.Machines() * p.GPUCount
	if p.GPUFraction > 0 && p.GPUFraction < 1 {
		// A partition: "1/6 × NVIDIA A10", as the offers explorer says it.
		if n := float64(p.Machines()*p.GPUCount) * p.GPUFraction; n < 1 {
			gpus = catalog.FractionLabel(n)
		} else {
			gpus = locale.Num(n)
		}
	}
	if p.Machines() == 1 {
		return locale.New("whatif.place.gpu", gpus, p.GPUName, p.InstanceType, pricingWord(p.Pricing), where)
	}
	return locale.New("whatif.place.gpus", gpus, p.GPUName, p.Machines(), p.InstanceType, pricingWord(p.Pricing), where)
}
