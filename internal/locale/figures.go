package locale

import "github.com/shopspring/decimal"

// figures writes figures for pages: every language the pages speak writes
// digits alike, so these do not depend on the reader.
var figures = For(EN)

// Figure writes a plain figure: grouped whole numbers, or up to three
// significant digits below 100.
func Figure(x float64) string { return figures.Format(x, FmtNum) }

// Percent writes a percentage's figure (without the sign).
func Percent(x float64) string { return figures.Format(x, FmtPct) }

// Tenths writes a figure to one decimal: 12.3 ms.
func Tenths(x float64) string { return figures.Format(x, FmtF1) }

// Quantity writes a quantity: grouped when whole, else two decimals.
func Quantity(d decimal.Decimal) string {
	if d.IsInteger() {
		return figures.Decimal(d, 0)
	}
	return figures.Decimal(d, 2)
}

// UnitPrice writes a unit price with at least the two places of an amount
// and every further place it has (0.00, 0.0765, 1.25): a quote's line,
// whose amount a buyer redoes from it.
func UnitPrice(d decimal.Decimal) string { return figures.DecimalMin(d, 2) }

// UnitPriceShown writes an answer's unit price as a person reads it: at
// least two places and at most UnitPricePlaces ("0.3479", not
// "0.347886"; the amount is worked out from the exact price).
func UnitPriceShown(d decimal.Decimal) string { return figures.DecimalMin(d.Round(UnitPricePlaces), 2) }

// UnitPricePlaces is the most decimals an answer's unit price shows.
const UnitPricePlaces = 4

// LineFigures writes an answer's cost line's quantity and unit price so
// that a person redoes its amount from them: quantity × unit price, to
// the cent, is the amount printed beside them. Each is written as
// Quantity and UnitPriceShown write it where that redoes the amount
// (8,760 × 0.4438 = 3,887.69), else with the places the amount was worked
// out from, the quantity's first (1.309 × 53.52 = 70.06, not 1.31 × 53.52).
func LineFigures(quantity, unitPrice, amount decimal.Decimal, minorUnit int32) (qty, price string) {
	qPlaces, pPlaces := int32(2), int32(UnitPricePlaces)
	if quantity.IsInteger() {
		qPlaces = 0
	}
	qMax, pMax := max(-quantity.Exponent(), qPlaces), max(-unitPrice.Exponent(), pPlaces)
	redoes := func() bool {
		return quantity.Round(qPlaces).Mul(unitPrice.Round(pPlaces)).Round(minorUnit).Equal(amount)
	}
	for !redoes() && qPlaces < qMax {
		qPlaces++
	}
	for !redoes() && pPlaces < pMax {
		pPlaces++
	}
	if qPlaces == 0 {
		qty = figures.Decimal(quantity, 0)
	} else {
		qty = figures.DecimalMin(quantity.Round(qPlaces), 2)
	}
	return qty, figures.DecimalMin(unitPrice.Round(pPlaces), 2)
}

// HoursFigure writes a duration in hours as the answers do, without its
// unit: "1.93", "8,760".
func HoursFigure(d decimal.Decimal) string { return figures.Format(d.InexactFloat64(), FmtHours) }

// HoursOf writes a duration in hours with its unit: "1.93 h".
func HoursOf(d decimal.Decimal) string { return HoursFigure(d) + " h" }

// Grouped writes a decimal grouped, to places.
func Grouped(d decimal.Decimal, places int32) string { return figures.Decimal(d, places) }

// GroupedMin writes a decimal grouped, with at least minPlaces places and
// every further place it has.
func GroupedMin(d decimal.Decimal, minPlaces int32) string { return figures.DecimalMin(d, minPlaces) }

// FigureOr writes a figure with its unit, or a dash where the source
// gives none (zero or less).
func FigureOr(x float64, unit string) string {
	if x <= 0 {
		return "—"
	}
	return Figure(x) + unit
}
