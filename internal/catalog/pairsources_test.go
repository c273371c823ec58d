package catalog_test

import (
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// Ensure the metro pairs' sources account for every pair once, most
// pairs first, with each estimate's methods counted; and that a metro's
// pairs come nearest first.
func TestPairSources(t *testing.T) {
	c := loadReal(t)
	n := len(c.Metros)
	sources, measured, estimated := c.PairSources()
	total := 0
	for i, s := range sources {
		total += s.Pairs
		if i > 0 && s.Pairs > sources[i-1].Pairs {
			t.Errorf("source %q (%d pairs) after %q (%d)", s.Source, s.Pairs, sources[i-1].Source, sources[i-1].Pairs)
		}
		methods := 0
		for _, m := range s.Methods {
			methods += m.Pairs
		}
		if s.Estimated && methods != s.Pairs || !s.Estimated && len(s.Methods) > 0 {
			t.Errorf("source %q: %d pairs, methods count %d", s.Source, s.Pairs, methods)
		}
	}
	if want := n * (n - 1) / 2; total != want || measured+estimated != want || measured == 0 {
		t.Errorf("%d pairs in sources, %d measured + %d estimated; want %d, some measured", total, measured, estimated, want)
	}
	from := c.PairsFrom(c.Metros[0].ID)
	if len(from) != n-1 {
		t.Fatalf("%d pairs from %s, want %d", len(from), c.Metros[0].ID, n-1)
	}
	for i := 1; i < len(from); i++ {
		if from[i].RTTMS < from[i-1].RTTMS {
			t.Errorf("%s after %s: not nearest first", from[i].To, from[i-1].To)
		}
	}
	if c.PairsFrom("nowhere") != nil || c.MetroName("nowhere") != "nowhere" {
		t.Errorf("an unknown metro has pairs or a name")
	}
}

// Ensure money is written as a person reads it: the currency's symbol and
// minor unit, a unit's places for stated prices, token prices to four
// places below one unit, and an unknown currency by its code.
func TestMoney(t *testing.T) {
	d := decimal.RequireFromString
	for _, tt := range []struct{ got, want string }{
		{catalog.MoneyOf(d("12345.6"), "USD").String(), "$12,345.60"},
		{catalog.MoneyOf(d("12345.6"), "EUR").Figure(), "12,345.60"},
		{catalog.MoneyOf(d("0.089812"), "USD").PerMillion(), "$0.0898"},
		{catalog.MoneyOf(d("1.5"), "USD").PerMillion(), "$1.50"},
		{catalog.MoneyOf(d("1234.5678"), "USD").PerUnit(catalog.UnitHour), "$1,234.5678"},
		{catalog.MoneyOf(d("3"), "XYZ").String(), "3.00 XYZ"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
