package templates

import (
	"context"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Ensure the card says when a precision below the default costs at least
// a quarter less than the default, in both languages, with its quality
// note: an FP8 pick with FP4 30 % cheaper, an FP4 pick half the FP8
// answer; and says nothing when the saving is under a quarter, or only a
// higher precision is cheaper.
func TestPrecisionSaving(t *testing.T) {
	note := locale.New("quality.unreported", locale.Word("precision.fp4"), "nvidia/Llama-3.3-70B-Instruct-FP4")
	option := func(prec string, total int64, alts ...advisor.PrecisionAlternative) *advisor.Option {
		s := &advisor.Serving{Precision: prec, DefaultPrecision: catalog.PrecisionFP8, PrecisionAlternatives: alts}
		if prec == catalog.PrecisionFP4 {
			s.QualityNote = &note
		}
		return &advisor.Option{Total: decimal.NewFromInt(total), Serving: s,
			Placements: []advisor.Placement{{GPUCount: 1, Replicas: 4}}}
	}
	alt := func(prec string, gpus int, total int64) advisor.PrecisionAlternative {
		return advisor.PrecisionAlternative{Precision: prec, GPUs: gpus, Total: decimal.NewFromInt(total), QualityNote: note}
	}
	r := &advisor.Result{Currency: "USD"}
	for _, tt := range []struct {
		name string
		lang locale.Lang
		o    *advisor.Option
		want []string
	}{
		{"FP4 30 % cheaper", locale.EN, option(catalog.PrecisionFP8, 1000, alt(catalog.PrecisionFP4, 2, 700)), []string{"In FP4 (Blackwell) on 2 GPUs", "30 % less than in FP8", "the catalog holds no figure"}},
		{"FP4 pick, half", locale.ZH, option(catalog.PrecisionFP4, 500, alt(catalog.PrecisionFP8, 8, 1000)), []string{"FP4（Blackwell）", "少 50%", "8 个 GPU", "目录中没有它相对该模型的具体数字"}},
		{"FP4 20 % cheaper", locale.EN, option(catalog.PrecisionFP8, 1000, alt(catalog.PrecisionFP4, 3, 800)), nil},
		{"only 16-bit cheaper", locale.EN, option(catalog.PrecisionFP8, 1000, alt(catalog.PrecisionMixed, 3, 500)), nil},
	} {
		ctx := locale.WithPrinter(context.Background(), locale.For(tt.lang))
		got := PrecisionSaving(ctx, r, tt.o)
		if tt.want == nil && got != "" {
			t.Errorf("%s: card says %q, want nothing", tt.name, got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: card says %q, want %q in it", tt.name, got, w)
			}
		}
	}
}
