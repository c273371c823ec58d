package locale

import (
	"testing"

	"github.com/shopspring/decimal"
)

type usd struct{}

func (usd) CurrencyCode() string   { return "USD" }
func (usd) CurrencySymbol() string { return "$" }
func (usd) MinorUnit() int32       { return 2 }

// Ensure money a person reads as an estimate keeps its cents only under
// 1,000, and that large counts read in words in both languages.
func TestRoundedAndLarge(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"3414.02", "$3,414"}, {"120712.5", "$120,713"}, {"999.99", "$999.99"}, {"12.3", "$12.30"}, {"-1500.4", "−$1,500"},
	} {
		if got := For(EN).Rounded(decimal.RequireFromString(tt.in), usd{}); got != tt.want {
			t.Errorf("Rounded(%s) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct {
		lang Lang
		x    float64
		want string
	}{
		{EN, 6_307_200_000, "6.3 billion"}, {ZH, 6_307_200_000, "63亿"}, {EN, 12_500_000, "13 million"},
		{ZH, 12_500_000, "1250万"}, {EN, 999_999, "999,999"}, {EN, 2_000_000, "2 million"}, {ZH, 45_000, "45,000"},
	} {
		if got := For(tt.lang).Large(tt.x); got != tt.want {
			t.Errorf("Large(%s, %g) = %q, want %q", tt.lang, tt.x, got, tt.want)
		}
	}
}
