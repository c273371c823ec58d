package locale

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// Printer says messages and writes numbers in one language. Its zero value
// speaks English.
type Printer struct {
	lang Lang
	// names gives a country's English name (the catalog's), for "country."
	// words; nil writes the code.
	names func(code string) string
}

// For returns the printer of a language.
func For(lang Lang) Printer { return Printer{lang: lang} }

// WithCountryNames returns the printer with a source of countries'
// English names, used where its language has none of its own.
func (p Printer) WithCountryNames(names func(code string) string) Printer {
	p.names = names
	return p
}

// In is the printer in another language, naming countries alike.
func (p Printer) In(lang Lang) Printer {
	p.lang = lang
	return p
}

// Lang is the printer's language.
func (p Printer) Lang() Lang {
	if p.lang == "" {
		return EN
	}
	return p.lang
}

// T returns a message in the printer's language; an unknown key renders as
// itself (the message tests forbid that).
func (p Printer) T(key string) string {
	if s, ok := p.message(key); ok {
		return s
	}
	return key
}

// Tf formats a message with args (fmt verbs). A whole number a message
// counts with %d, or a figure it writes with %g, is written with its
// digits grouped, as every count a person reads is: "6,426 prices match",
// "within 1,000 ms", not "6426", "1000".
func (p Printer) Tf(key string, args ...any) string {
	grouped := args
	for i, a := range args {
		var g any
		switch n := a.(type) {
		case int:
			g = groupedInt(n)
		case int64:
			g = groupedInt(n)
		case float64:
			g = shortFloat(n)
		default:
			continue
		}
		if &grouped[0] == &args[0] {
			grouped = append([]any(nil), args...) // the caller's slice stays as it was
		}
		grouped[i] = g
	}
	return fmt.Sprintf(p.T(key), grouped...)
}

// groupedInt is a count written by %d with its digits grouped; any other
// verb writes it as fmt writes an int.
type groupedInt int64

func (g groupedInt) Format(f fmt.State, verb rune) {
	if verb == 'd' {
		io.WriteString(f, group(strconv.FormatInt(int64(g), 10)))
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), int64(g))
}

// shortFloat is a figure written by a plain %g as FmtShort writes it
// (grouped from 1,000); any other verb writes it as fmt writes a float64.
type shortFloat float64

func (x shortFloat) Format(f fmt.State, verb rune) {
	if _, precise := f.Precision(); verb == 'g' && !precise {
		io.WriteString(f, Printer{}.Format(float64(x), FmtShort))
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), float64(x))
}

// Has reports whether a message exists.
func Has(key string) bool {
	_, ok := lookup(key)
	return ok
}

func (p Printer) message(key string) (string, bool) {
	m, ok := lookup(key)
	if !ok {
		return "", false
	}
	if p.lang == ZH {
		return m[1], true
	}
	return m[0], true
}

// Grouped writes x with places decimals (rounded half away from zero, as
// money is) and thousands separators: 1,281,167 or 2,781.09.
func (p Printer) Grouped(x float64, places int32) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Sprint(x)
	}
	if units, ok := floatUnits(x, places); ok {
		var buf [48]byte
		return string(appendGrouped(buf[:0], units, places))
	}
	return group(decimal.NewFromFloat(x).StringFixed(places))
}

// Decimal writes d with places decimals and thousands separators.
func (p Printer) Decimal(d decimal.Decimal, places int32) string {
	var buf [48]byte
	return string(appendDecimal(buf[:0], d, places))
}

// appendDecimal appends Printer.Decimal's writing of d.
func appendDecimal(dst []byte, d decimal.Decimal, places int32) []byte {
	if units, ok := decimalUnits(d, places); ok {
		return appendGrouped(dst, units, places)
	}
	return append(dst, group(d.StringFixed(places))...)
}

// DecimalMin writes d with thousands separators, at least minPlaces
// decimals and every further decimal it has: a quantity (17,520 or 1.125)
// or a unit price (0.0765, 1,200.00) as it was entered, not rounded.
func (p Printer) DecimalMin(d decimal.Decimal, minPlaces int32) string {
	places, ok := fractionDigits(d)
	if !ok {
		places = 0
		if s := d.String(); strings.Contains(s, ".") { // String drops trailing zeros
			places = int32(len(s) - strings.IndexByte(s, '.') - 1)
		}
	}
	return p.Decimal(d, max(minPlaces, places))
}

// Unit writes a line's unit: a unit code the product writes (hour, month,
// GB, GB-month, server) in the printer's language, anything else as it
// was typed.
func (p Printer) Unit(u string) string {
	if s, ok := p.message("unit." + u); ok && u != "" {
		return s
	}
	return u
}

// Currency is what writing an amount needs to know of its currency.
type Currency interface {
	CurrencyCode() string
	CurrencySymbol() string
	MinorUnit() int32
}

// Money writes an amount with its currency's symbol and minor unit:
// $2,781.09, €12.30, ¥1,234.00.
func (p Printer) Money(d decimal.Decimal, c Currency) string {
	var figureBuf [64]byte
	return moneyOf(appendDecimal(figureBuf[:0], d, c.MinorUnit()), c)
}

// moneyOf writes a figure (digits, separators, a leading '-') as an
// amount of c: its sign as a minus, then its symbol, or after it its code.
func moneyOf(figure []byte, c Currency) string {
	var buf [64]byte
	b := buf[:0]
	if len(figure) > 0 && figure[0] == '-' {
		b, figure = append(b, "−"...), figure[1:]
	}
	if sym := c.CurrencySymbol(); sym != "" {
		b = append(append(b, sym...), figure...)
	} else {
		b = append(append(append(b, figure...), ' '), c.CurrencyCode()...)
	}
	return string(b)
}

// group puts thousands separators into a decimal string: "-1281167.5" →
// "-1,281,167.5".
func group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// GroupDigits puts thousands separators into a string of digits, for
// figures already written with their decimals: "1281167" → "1,281,167".
func GroupDigits(s string) string { return group(s) }

func roundTo(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}
