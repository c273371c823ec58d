package web

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// A candidate's total is written as the same total rounded to cents by
// decimal's own Round and written by Money.Rounded: around the whole-unit
// threshold, at halves on both sides of zero, and at random, in every
// currency the catalog knows and one it does not.
func TestTotalTextWritesAsDecimalRounding(t *testing.T) {
	edge := int64(locale.CentsBelow * 100)
	cents := []int64{0, 1, 49, 50, 99, 12345, edge - 1, edge, edge + 49, edge + 50, edge + 51, edge + 150, 123456750}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		cents = append(cents, r.Int64N(1e9))
	}
	for _, cur := range []string{"EUR", "USD", "CNY", "GBP", "CHF", "XYZ"} {
		for _, c := range cents {
			for _, c := range []int64{c, -c} {
				total := float64(c) / 100
				want := catalog.MoneyOf(decimal.NewFromFloat(total).Round(2), cur).Rounded()
				if got := totalText(total, cur); got != want {
					t.Fatalf("total %v %s: %q, want %q", total, cur, got, want)
				}
			}
		}
	}
	if got, want := totalText(math.Round(1000.5*100)/100, "USD"), "$1,001"; got != want {
		t.Errorf("1000.50 USD: %q, want %q", got, want)
	}
}
