package catalog

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// Currency is a currency the product prices in: its ISO 4217 code, the
// decimal places of its minor unit and its symbol. It is the one list of
// currencies; a catalog holds their dated rates (CurrencyRate).
type Currency struct {
	Code      string
	Minor     int32
	Symbol    string
	MinorName string
}

// CurrencyCode, CurrencySymbol and MinorUnit let a Currency be written by
// the locale package.
func (c Currency) CurrencyCode() string   { return c.Code }
func (c Currency) CurrencySymbol() string { return c.Symbol }
func (c Currency) MinorUnit() int32       { return c.Minor }

// currencies is every currency, the catalog's base (USD) first.
var currencies = []Currency{
	{Code: "USD", Minor: 2, Symbol: "$"},
	{Code: "EUR", Minor: 2, Symbol: "€"},
	{Code: "CNY", Minor: 2, Symbol: "¥"},
	{Code: "GBP", Minor: 2, Symbol: "£"},
	{Code: "CHF", Minor: 2, Symbol: "CHF "},
}

// BaseCurrency is the currency catalog prices are stored in.
const BaseCurrency = "USD"

// Currencies lists the codes of every currency, in display order.
var Currencies = func() []string {
	out := make([]string, len(currencies))
	for i, c := range currencies {
		out[i] = c.Code
	}
	return out
}()

// CurrencyOf returns a currency by its code, read in any case and with
// spaces around it ("eur", " EUR ").
func CurrencyOf(code string) (Currency, bool) {
	code = strings.ToUpper(strings.TrimSpace(code))
	for _, c := range currencies {
		if c.Code == code {
			return c, true
		}
	}
	return Currency{}, false
}

// Convert turns a USD amount into currency at the catalog's rate.
func (c *Catalog) Convert(usd decimal.Decimal, currency string) (decimal.Decimal, error) {
	r, ok := c.Rate(currency)
	if !ok {
		return decimal.Decimal{}, fmt.Errorf("catalog: no rate for currency %q", currency)
	}
	return usd.Mul(r.PerUSD), nil
}

// Restate turns an amount stated in one currency at a rate per USD (the
// rate an answer was made with) into another at the catalog's rate, with
// places decimals.
func (c *Catalog) Restate(amount, fromPerUSD decimal.Decimal, to string, places int32) (decimal.Decimal, error) {
	r, ok := c.Rate(to)
	if !ok || !fromPerUSD.IsPositive() {
		return decimal.Decimal{}, fmt.Errorf("catalog: cannot restate into %q", to)
	}
	return amount.Div(fromPerUSD).Mul(r.PerUSD).Round(places), nil
}
