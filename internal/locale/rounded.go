package locale

import (
	"math"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// CentsBelow is the amount from which money a person reads as an estimate
// is written in whole units: cents matter on 12.30, not on 120,713.
const CentsBelow = 1000

// Rounded writes an amount as a person reads an estimate: with its
// currency's minor unit under CentsBelow, in whole units from there
// ($120,713). Quotes and cost lines, whose arithmetic a reader redoes,
// use Money.
func (p Printer) Rounded(d decimal.Decimal, c Currency) string {
	if d.Abs().GreaterThanOrEqual(decimal.NewFromInt(CentsBelow)) {
		return p.Money(d.Round(0), wholeUnits{c})
	}
	return p.Money(d, c)
}

// RoundedCents is Rounded for a whole number of hundredths of a unit
// (cents), made without a decimal: a chart writes hundreds of totals.
func (p Printer) RoundedCents(cents int64, c Currency) string {
	places := c.MinorUnit()
	if cents >= CentsBelow*100 || cents <= -CentsBelow*100 {
		places = 0
	}
	units, ok := roundedUnits(cents, -2, places)
	if !ok {
		return p.Rounded(decimal.New(cents, -2), c)
	}
	var figureBuf [32]byte
	return moneyOf(appendGrouped(figureBuf[:0], units, places), c)
}

// wholeUnits is a currency written without its minor unit.
type wholeUnits struct{ Currency }

func (wholeUnits) MinorUnit() int32 { return 0 }

// roundedMoney is FmtMoney: Rounded's rule for a figure without its
// currency.
func (p Printer) roundedMoney(x float64) string {
	if math.Abs(x) >= CentsBelow {
		return p.Grouped(x, 0)
	}
	return p.Grouped(x, 2)
}

// Large writes a large count as a person says it: grouped below a
// million, then to two significant figures in words ("6.3 billion",
// "63亿"): a count of tokens a month, not of digits.
func (p Printer) Large(x float64) string {
	if math.Abs(x) < 1e6 || math.IsNaN(x) || math.IsInf(x, 0) {
		return p.Format(x, FmtNum)
	}
	type step struct {
		size float64
		word string
	}
	steps := []step{{1e12, " trillion"}, {1e9, " billion"}, {1e6, " million"}}
	if p.Lang() == ZH {
		steps = []step{{1e12, "万亿"}, {1e8, "亿"}, {1e4, "万"}}
	}
	for _, s := range steps {
		if math.Abs(x) >= s.size {
			return twoSignificant(x/s.size) + s.word
		}
	}
	return p.Format(x, FmtNum)
}

// twoSignificant writes x (≥ 1) to two significant figures, more for the
// whole part of a large one: 6.3, 63, 630.
func twoSignificant(x float64) string {
	if math.Abs(x) >= 10 {
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	}
	s := strconv.FormatFloat(math.Round(x*10)/10, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0")
}
