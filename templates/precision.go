package templates

import (
	"context"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// PrecisionSaving is the card's line where a precision of fewer bits than
// the one the answer is compared in (the asked one, else the default)
// costs at least advisor.SavingShare less on the pick's GPU (see
// advisor.Result.LowerPrecisionSaving): the cheaper one, its GPUs and
// total, how much less it costs, and what it costs in accuracy (the
// profile's quality note). Empty where no lower precision saves that
// much.
func PrecisionSaving(ctx context.Context, r *advisor.Result, o *advisor.Option) string {
	p, ok := r.LowerPrecisionSaving(o)
	if !ok {
		return ""
	}
	line := locale.Tf(ctx, "results.precision_saving", locale.T(ctx, "precision."+p.Precision), p.GPUs,
		catalog.MoneyOf(p.Total, r.Currency).Rounded(), locale.Percent(p.LessPct), locale.T(ctx, "precision."+p.Against),
		catalog.MoneyOf(p.AgainstTotal, r.Currency).Rounded(), p.AgainstGPUs)
	if p.QualityNote != nil {
		line += " " + locale.Say(ctx, *p.QualityNote)
	}
	return line
}
