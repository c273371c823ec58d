package catalog

import (
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/locale"
)

// Money is an amount in a currency, as a person sees it.
type Money struct {
	Amount   decimal.Decimal
	Currency string
}

// MoneyOf is an amount in a currency (a code; one the catalog does not
// know is written with two places and its code).
func MoneyOf(d decimal.Decimal, currency string) Money { return Money{Amount: d, Currency: currency} }

// figures writes amounts: every language the pages speak writes digits
// alike.
var figures = locale.For(locale.EN)

// currency is m's currency, or two places and the code.
func (m Money) currency() Currency {
	if c, ok := CurrencyOf(m.Currency); ok {
		return c
	}
	return Currency{Code: m.Currency, Minor: 2}
}

// String writes the amount with its currency's symbol, minor unit and
// thousands separators: $12,345.60, €9.00, ¥1,234.50.
func (m Money) String() string { return figures.Money(m.Amount, m.currency()) }

// Rounded writes the amount as a person reads an estimate: cents under
// locale.CentsBelow, whole units from there ($120,713).
func (m Money) Rounded() string { return figures.Rounded(m.Amount, m.currency()) }

// RoundedCents writes a whole number of cents (hundredths of a unit) of
// a currency as Rounded writes that amount.
func RoundedCents(cents int64, currency string) string {
	return figures.RoundedCents(cents, Money{Currency: currency}.currency())
}

// Figure writes the amount in its currency's minor unit, grouped, without
// the currency (which a heading names): 12,345.60.
func (m Money) Figure() string { return figures.Decimal(m.Amount, m.currency().Minor) }

// PerMillion writes a price per million tokens: as money from one unit
// up, below it to the four decimals token prices need ($0.0898, not
// $0.09), trailing zeros dropped to the currency's minor unit.
func (m Money) PerMillion() string {
	c, d := m.currency(), m.Amount
	if d.Abs().LessThan(decimal.NewFromInt(1)) {
		d = d.Round(4)
		if s := d.String(); strings.Contains(s, ".") {
			c.Minor = max(c.Minor, int32(len(s)-strings.IndexByte(s, '.')-1))
		}
	}
	return figures.Money(d, c)
}

// PerUnit writes a stated price with its currency's symbol, grouped, to
// the places its unit takes ($1,234.5678 per hour, €12.30 a month).
func (m Money) PerUnit(unit string) string {
	c := m.currency()
	c.Minor = UnitPlaces(unit)
	return figures.Money(m.Amount, c)
}

// PlainPrice writes a price as a plain decimal to the places its unit
// takes, as files and data attributes carry it.
func PlainPrice(d decimal.Decimal, unit string) string { return d.StringFixed(UnitPlaces(unit)) }
