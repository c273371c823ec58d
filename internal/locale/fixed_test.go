package locale

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// The ways figures were written before they skipped big numbers: decimal's
// rounding and strings, then the separators.
func decimalWay(d decimal.Decimal, places int32) string { return group(d.StringFixed(places)) }

func decimalMinWay(d decimal.Decimal, minPlaces int32) string {
	places := int32(0)
	if s := d.String(); strings.Contains(s, ".") {
		places = int32(len(s) - strings.IndexByte(s, '.') - 1)
	}
	return group(d.StringFixed(max(minPlaces, places)))
}

func moneyWay(d decimal.Decimal, c Currency) string {
	s := decimalWay(d, c.MinorUnit())
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if sym := c.CurrencySymbol(); sym != "" {
		s = sym + s
	} else {
		s += " " + c.CurrencyCode()
	}
	if neg {
		return "−" + s
	}
	return s
}

type testCurrency struct {
	code, symbol string
	minor        int32
}

func (c testCurrency) CurrencyCode() string   { return c.code }
func (c testCurrency) CurrencySymbol() string { return c.symbol }
func (c testCurrency) MinorUnit() int32       { return c.minor }

// randomDecimal draws coefficients from one digit to beyond an int64, of
// either sign, with exponents either side of the decimal point.
func randomDecimal(r *rand.Rand) decimal.Decimal {
	digits := 1 + r.IntN(24)
	var s strings.Builder
	if r.IntN(3) == 0 {
		s.WriteByte('-')
	}
	for i := range digits {
		d := r.IntN(10)
		if i == digits-1 && r.IntN(3) == 0 {
			d = 0 // trailing zeros, for DecimalMin
		}
		s.WriteByte(byte('0' + d))
	}
	c, _ := new(big.Int).SetString(s.String(), 10)
	return decimal.NewFromBigInt(c, int32(r.IntN(26))-20)
}

// Ensure figures written without big numbers read exactly as decimal's
// rounding and strings write them, for every size of coefficient, sign,
// exponent and count of decimals, halves included.
func TestFixedMatchesDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	en := For(EN)
	currencies := []Currency{testCurrency{"USD", "$", 2}, testCurrency{"JPY", "¥", 0}, testCurrency{"KWD", "", 3}}
	halves := []string{"0.005", "-0.005", "2.675", "-2.675", "1.005", "999.995", "-999.995", "0.5", "-0.5", "1.5",
		"0.0049999", "-0.0049999", "1234567.125", "9223372036854775807", "-9223372036854775808",
		"99999999999999999.995", "0", "-0.0000001", "1e-30", "12e20"}
	var cases []decimal.Decimal
	for _, h := range halves {
		cases = append(cases, decimal.RequireFromString(h))
	}
	cases = append(cases, decimal.Decimal{}, decimal.New(0, -5), decimal.New(120, 3))
	for range 200000 {
		cases = append(cases, randomDecimal(r))
	}
	for i, d := range cases {
		places := int32(i % 7)
		if i%11 == 0 {
			places = int32(r.IntN(22))
		}
		if got, want := en.Decimal(d, places), decimalWay(d, places); got != want {
			t.Fatalf("Decimal(%s, %d) = %q, want %q", d, places, got, want)
		}
		if got, want := en.DecimalMin(d, places%3), decimalMinWay(d, places%3); got != want {
			t.Fatalf("DecimalMin(%s, %d) = %q, want %q", d, places%3, got, want)
		}
		c := currencies[i%len(currencies)]
		if got, want := en.Money(d, c), moneyWay(d, c); got != want {
			t.Fatalf("Money(%s, %s) = %q, want %q", d, c.CurrencyCode(), got, want)
		}
	}
}

// Ensure Grouped writes a float as decimal.NewFromFloat's decimal rounded,
// for floats of every magnitude and the halves floats hold.
func TestGroupedMatchesDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	en := For(EN)
	floats := []float64{0, math.Copysign(0, -1), 0.5, -0.5, 2.5, 0.125, 2.675, 1.005, 999.995, 1e15, 1e16 + 2, 1e17,
		1e18, 9.2e18, 1e19, 1e22, 1e300, 5e-324, math.MaxFloat64, -math.MaxFloat64, 1281167.5, 2781.085}
	for range 300000 {
		x := math.Pow(10, r.Float64()*26-8) * (r.Float64() + 0.5)
		switch r.IntN(4) {
		case 0:
			x = -x
		case 1:
			x = math.Round(x*1000) / 1000 // a few decimals, halves among them
		case 2:
			x = math.Float64frombits(r.Uint64()) // any float at all
		}
		floats = append(floats, x)
	}
	for i, x := range floats {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			continue
		}
		places := int32(i % 4)
		want := group(decimal.NewFromFloat(x).StringFixed(places))
		if got := en.Grouped(x, places); got != want {
			t.Fatalf("Grouped(%v, %d) = %q, want %q", x, places, got, want)
		}
	}
}
