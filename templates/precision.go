package templates

import (
	"context"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// SavingShare is how much less than the default precision a lower one must
// cost for the decision card to say so.
var SavingShare = decimal.RequireFromString("0.25")

// precisionOption is one precision's cheapest answer on the pick's GPU:
// the pick's own or one of its precision_alternatives.
type precisionOption struct {
	precision string
	gpus      int
	total     decimal.Decimal
	note      *locale.Text
}

// PrecisionSaving is the card's line where a precision of fewer bits than
// the default costs at least SavingShare less than the default on the
// pick's GPU: the cheaper one, its GPUs and total, how much less than the
// default it costs, and what it costs in accuracy (the profile's quality
// note). Empty where no lower precision saves that much, or the answer
// has no default to compare with.
func PrecisionSaving(ctx context.Context, r *advisor.Result, o *advisor.Option) string {
	s := o.Serving
	if s == nil || s.DefaultPrecision == "" {
		return ""
	}
	opts := []precisionOption{{precision: s.Precision, gpus: o.GPUs(), total: o.Total, note: s.QualityNote}}
	for _, a := range s.PrecisionAlternatives {
		opts = append(opts, precisionOption{precision: a.Precision, gpus: a.GPUs, total: a.Total, note: &a.QualityNote})
	}
	var def, low *precisionOption
	for i := range opts {
		switch p := &opts[i]; {
		case p.precision == s.DefaultPrecision:
			def = p
		case catalog.PrecisionBits(p.precision) < catalog.PrecisionBits(s.DefaultPrecision) && (low == nil || p.total.LessThan(low.total)):
			low = p
		}
	}
	if def == nil || low == nil || !def.total.IsPositive() || low.total.GreaterThan(def.total.Mul(decimal.NewFromInt(1).Sub(SavingShare))) {
		return ""
	}
	less, _ := decimal.NewFromInt(1).Sub(low.total.Div(def.total)).Mul(decimal.NewFromInt(100)).Float64()
	line := locale.Tf(ctx, "results.precision_saving", locale.T(ctx, "precision."+low.precision), low.gpus,
		catalog.MoneyOf(low.total, r.Currency).Rounded(), locale.Percent(less), locale.T(ctx, "precision."+def.precision),
		catalog.MoneyOf(def.total, r.Currency).Rounded(), def.gpus)
	if low.note != nil {
		line += " " + locale.Say(ctx, *low.note)
	}
	return line
}
