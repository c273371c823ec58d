package templates

import (
	"context"
	"strings"
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

// Ensure an LLM answer whose error band's low end needs more GPUs than it
// rents says how many, in the reader's language, and one that needs none
// more says nothing of it.
func TestConfidenceSaysGPUsAtBandEdge(t *testing.T) {
	serving := func(edge int) *advisor.Option {
		return &advisor.Option{Total: decimal.NewFromInt(100), Placements: []advisor.Placement{{GPU: "h100", GPUCount: 8, Instances: 2}},
			Serving: &advisor.Serving{ErrorPct: 9.8, ErrorRangePct: [2]float64{-27.2, 26.5}, GPUsAtBandEdge: edge}}
	}
	for _, tt := range []struct {
		lang locale.Lang
		edge int
		want string
	}{
		{locale.EN, 24, "at the low end the answer needs 24 GPUs, not 16"},
		{locale.ZH, 24, "按低端计算需要 24 块 GPU，而非 16 块"},
		{locale.EN, 16, ""},
	} {
		ctx := locale.WithPrinter(context.Background(), locale.For(tt.lang))
		c := ConfidenceOf(ctx, &advisor.Result{}, serving(tt.edge))
		found := false
		for _, r := range c.Reasons {
			if tt.want != "" && strings.Contains(r, tt.want) && strings.Contains(r, "27") {
				found = true
			}
			if tt.want == "" && strings.Contains(r, "GPU") {
				t.Errorf("%d GPUs at the edge of 16 rented: reason %q should not be said", tt.edge, r)
			}
		}
		if tt.want != "" && !found {
			t.Errorf("%s: reasons %q lack %q", tt.lang, c.Reasons, tt.want)
		}
	}
}
