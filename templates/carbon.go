package templates

import (
	"context"

	"gpuplace/internal/locale"
)

// carbonPerUnit writes emissions per unit of work in the unit that reads:
// grams under one kilogram ("7.93 g per million output tokens").
func carbonPerUnit(ctx context.Context, kg float64, unit string) string {
	per := locale.T(ctx, "per."+unit)
	if kg < 1 {
		return locale.Tf(ctx, "results.carbon.per_g", locale.Figure(kg*1000), per)
	}
	return locale.Tf(ctx, "results.carbon.per", locale.Figure(kg), per)
}
