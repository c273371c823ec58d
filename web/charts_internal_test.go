package web

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// A total rounded by roundedTotal is written as the same total rounded by
// decimal's own Round: around the whole-unit threshold, at halves on both
// sides of zero, and at random.
func TestRoundedTotalWritesAsDecimalRounding(t *testing.T) {
	edge := int64(locale.CentsBelow * 100)
	cents := []int64{0, 1, 49, 50, 99, 12345, edge - 1, edge, edge + 49, edge + 50, edge + 51, edge + 150, 123456750}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		cents = append(cents, r.Int64N(1e9))
	}
	for _, c := range cents {
		for _, c := range []int64{c, -c} {
			total := float64(c) / 100
			want := catalog.MoneyOf(decimal.NewFromFloat(total).Round(2), "EUR").Rounded()
			if got := catalog.MoneyOf(roundedTotal(total), "EUR").Rounded(); got != want {
				t.Fatalf("total %v: %q, want %q", total, got, want)
			}
		}
	}
	if got, want := catalog.MoneyOf(roundedTotal(math.Round(1000.5*100)/100), "USD").Rounded(), "$1,001"; got != want {
		t.Errorf("1000.50 USD: %q, want %q", got, want)
	}
}
