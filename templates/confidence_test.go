package templates

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// Ensure the grade follows what the answer rests on: measured figures and
// published prices are firm; an estimate within its band is likely; an
// unvalidated estimate, or unpublished egress that is most of the total,
// is rough.
func TestConfidenceOf(t *testing.T) {
	ctx := context.Background()
	pct := func(x float64) *float64 { return &x }
	egress := func(share string) *advisor.Option {
		return &advisor.Option{Total: decimal.NewFromInt(100), Placements: []advisor.Placement{{GPU: "l4"}},
			Lines: []advisor.Line{{Item: "compute", Amount: decimal.NewFromInt(100).Sub(decimal.RequireFromString(share))}, {Item: "egress", Amount: decimal.RequireFromString(share)}},
			Risks: []advisor.Risk{{Kind: advisor.RiskUnknownPrice, Message: locale.New("risk.unknown.egress", "A", "B")}}}
	}
	estimated := &advisor.Option{Total: decimal.NewFromInt(100), Placements: []advisor.Placement{{GPU: "l4"}}, Throughput: advisor.Throughput{Estimated: true}}
	for _, tt := range []struct {
		name  string
		r     *advisor.Result
		o     *advisor.Option
		grade string
	}{
		{"measured, published", &advisor.Result{}, &advisor.Option{Total: decimal.NewFromInt(100)}, GradeFirm},
		{"estimate within its band", &advisor.Result{Basis: []advisor.BasisFigure{{GPU: "l4", Estimated: true, ErrorPct: pct(16)}}}, estimated, GradeLikely},
		{"estimate without a check", &advisor.Result{Basis: []advisor.BasisFigure{{GPU: "l4", Estimated: true, Unvalidated: true}}}, estimated, GradeRough},
		{"unpublished egress, 10 %", &advisor.Result{}, egress("10"), GradeLikely},
		{"unpublished egress, 65 %", &advisor.Result{}, egress("65"), GradeRough},
	} {
		c := ConfidenceOf(ctx, tt.r, tt.o)
		if c.Grade != tt.grade || len(c.Reasons) == 0 {
			t.Errorf("%s: grade %s (%q), want %s with its reasons", tt.name, c.Grade, c.Reasons, tt.grade)
		}
	}
}
