package templates

import (
	"context"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// Confidence grades, from an answer resting on measured figures and
// published prices to one resting on an estimate outside its band.
const (
	GradeFirm   = "firm"
	GradeLikely = "likely"
	GradeRough  = "rough"
)

// RoughErrorPct is the held-out median miss above which an estimate makes
// an answer rough rather than likely; RoughShare the share of the total a
// price nobody publishes may take before it does.
const (
	RoughErrorPct = 25
	RoughShare    = 0.25
)

// Confidence is how far a buyer can rely on an option: a grade and its
// reasons, each a short phrase in the reader's language.
type Confidence struct {
	Grade   string
	Reasons []string
}

// ConfidenceOf grades o from what its figures rest on: measured or
// estimated throughput (with the estimate's held-out error), prices the
// provider does not publish (and their share of the total), estimated
// prices, capacity, stale figures and spot interruptions.
func ConfidenceOf(ctx context.Context, r *advisor.Result, o *advisor.Option) Confidence {
	c := Confidence{Grade: GradeFirm}
	lower := func(grade string) {
		if grade == GradeRough || c.Grade == GradeFirm {
			c.Grade = grade
		}
	}
	add := func(grade, key string, args ...any) {
		lower(grade)
		c.Reasons = append(c.Reasons, locale.Tf(ctx, key, args...))
	}
	switch s := o.Serving; {
	case s != nil && s.Unvalidated:
		add(GradeRough, "conf.serving.unvalidated", locale.Percent(s.ErrorPct))
	case s != nil && s.ErrorPct > RoughErrorPct:
		add(GradeRough, "conf.serving", locale.Percent(s.ErrorPct))
	case s != nil:
		add(GradeLikely, "conf.serving", locale.Percent(s.ErrorPct))
	case o.Throughput.Estimated:
		if e := basisError(r, o); e == nil || *e > RoughErrorPct {
			add(GradeRough, "conf.estimate.unvalidated")
		} else {
			add(GradeLikely, "conf.estimate", locale.Percent(*e))
		}
	default:
		c.Reasons = append(c.Reasons, locale.T(ctx, "conf.measured"))
	}
	if s := o.Serving; s != nil && s.GPUsAtBandEdge > optionGPUs(o) {
		c.Reasons = append(c.Reasons, locale.Tf(ctx, "conf.serving.band", locale.Percent(-s.ErrorRangePct[0]),
			locale.Percent(s.ErrorRangePct[1]), s.GPUsAtBandEdge, optionGPUs(o)))
	}
	seen := map[string]bool{}
	for _, k := range o.Risks {
		if seen[k.Message.ID] {
			continue
		}
		seen[k.Message.ID] = true
		switch {
		case k.Message.ID == "risk.unknown.egress":
			share := itemShare(o, "egress")
			grade := GradeLikely
			if share >= RoughShare {
				grade = GradeRough
			}
			add(grade, "conf.unknown.egress", locale.Percent(100*share))
		case k.Message.ID == "risk.unknown.setup":
			add(GradeLikely, "conf.unknown.setup")
		case k.Kind == advisor.RiskUnknownPrice:
			add(GradeLikely, "conf.unknown")
		case k.Message.ID == "risk.estimate.price":
			add(GradeLikely, "conf.price_estimated")
		case k.Kind == advisor.RiskCapacity:
			add(GradeLikely, "conf.capacity")
		case k.Kind == advisor.RiskStaleData:
			add(GradeLikely, "conf.stale")
		case k.Kind == advisor.RiskSpot:
			add(GradeLikely, "conf.spot")
		}
	}
	if len(c.Reasons) == 1 && c.Grade == GradeFirm {
		c.Reasons = append(c.Reasons, locale.T(ctx, "conf.published"))
	}
	return c
}

// basisError is the held-out median miss of the estimate behind o's
// throughput (the basis figure of its GPU), nil when none was measured.
func basisError(r *advisor.Result, o *advisor.Option) *float64 {
	if len(o.Placements) == 0 {
		return nil
	}
	for _, b := range r.Basis {
		if b.GPU == o.Placements[0].GPU && b.Estimated && !b.Unvalidated && b.ErrorPct != nil {
			return b.ErrorPct
		}
	}
	return nil
}

// itemShare is the share of o's total its lines of one item take.
func itemShare(o *advisor.Option, item string) float64 {
	if !o.Total.IsPositive() {
		return 0
	}
	sum := decimal.Zero
	for _, l := range o.Lines {
		if l.Item == item {
			sum = sum.Add(l.Amount)
		}
	}
	return sum.Div(o.Total).InexactFloat64()
}

// optionGPUs is how many GPUs an option rents in all.
func optionGPUs(o *advisor.Option) int {
	n := 0
	for _, p := range o.Placements {
		n += p.GPUCount * p.Machines()
	}
	return n
}
