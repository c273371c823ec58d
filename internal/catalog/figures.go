package catalog

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// Bounds of the figures a catalog may state: imports come from uploads and
// feeds, and a figure outside what hardware and price lists hold is a
// mistake (or worse) that would mislead every answer.
var (
	// MinUSDPerGPUHour and MaxUSDPerGPUHour bound a price per GPU-hour (per
	// instance-hour for a CPU server, per hour of its month for a monthly
	// one): the cheapest spot GPU is cents, the dearest GPU-hour dollars.
	MinUSDPerGPUHour = decimal.New(1, -3)
	MaxUSDPerGPUHour = decimal.NewFromInt(1000)
)

// Bounds of counts, sizes and texts.
const (
	// MaxGPUsPerInstance is the most GPUs one instance has: a rack of 72
	// sold as one (NVL72).
	MaxGPUsPerInstance = 72
	// MaxVCPUs and MaxMemoryGiB bound one instance: the largest
	// servers have 1,920 vCPUs and 32 TiB of memory.
	MaxVCPUs     = 2048
	MaxMemoryGiB = 65536
	// MaxGPUMemoryGB bounds one GPU's memory (the largest hold 288 GB).
	MaxGPUMemoryGB = 1024
	// MaxNameLen is the longest name, in characters.
	MaxNameLen = 200
	// MaxNumberLen is the longest number's text, in characters: longer
	// digits are refused before they are read, so that no figure costs
	// more than a moment to read or compare.
	MaxNumberLen = 32
)

// numberText reports what is wrong with a number's text before it is
// read: "" when nothing is.
func numberText(s string) string {
	switch l := strings.ToLower(strings.TrimLeft(s, "+-")); {
	case len(s) > MaxNumberLen:
		return fmt.Sprintf("must be a number of at most %d characters, got %d", MaxNumberLen, len(s))
	case strings.HasPrefix(l, "nan") || strings.HasPrefix(l, "inf"):
		return fmt.Sprintf("must be a finite number, got %q", s)
	}
	return ""
}

// plainDecimal reports whether a decimal read from JSON is one a text of
// MaxNumberLen characters writes without an exponent: at most that many
// digits, its exponent within as many places. Anything else is refused
// before any arithmetic, which would grow with the exponent.
func plainDecimal(d decimal.Decimal) bool {
	e := d.Exponent()
	// 107 bits hold every 32-digit coefficient.
	return e >= -MaxNumberLen && e <= MaxNumberLen && d.Coefficient().BitLen() <= 107
}

// perGPUHour is a price per instance-hour as a price per GPU-hour (per
// instance-hour for a CPU server).
func perGPUHour(usd decimal.Decimal, gpus int, fraction float64) decimal.Decimal {
	n := float64(gpus)
	if fraction > 0 && fraction < 1 {
		n *= fraction
	}
	if n <= 0 || gpus > MaxGPUsPerInstance {
		return usd
	}
	return usd.Div(decimal.NewFromFloat(n))
}

// priceRange reports what is wrong with a price per instance-hour for an
// instance of gpus GPUs: "" when it is within the bounds per GPU-hour.
func priceRange(usd decimal.Decimal, gpus int, fraction float64) string {
	per := perGPUHour(usd, gpus, fraction)
	if per.LessThan(MinUSDPerGPUHour) || per.GreaterThan(MaxUSDPerGPUHour) {
		return fmt.Sprintf("%s USD an hour is %s a GPU-hour: must be within %s to %s", usd, per.Round(6), MinUSDPerGPUHour, MaxUSDPerGPUHour)
	}
	return ""
}

// countRange reports what is wrong with a count: "" when it is within
// least..most.
func countRange(n, least, most int) string {
	if n < least || n > most {
		return fmt.Sprintf("must be within %d to %d, got %d", least, most, n)
	}
	return ""
}

// sizeRange reports what is wrong with a size: "" when it is finite and
// within 0..most.
func sizeRange(x, most float64) string {
	if math.IsNaN(x) || x < 0 || x > most {
		return fmt.Sprintf("must be within 0 to %v, got %v", most, x)
	}
	return ""
}

// nameText reports what is wrong with a name: "" when it is printable,
// on one line and at most MaxNameLen characters.
func nameText(s string) string {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxNameLen {
		return fmt.Sprintf("must be at most %d characters of valid text, got %d", MaxNameLen, utf8.RuneCountInString(s))
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return fmt.Sprintf("must be printable text on one line, got %q", s)
		}
	}
	return ""
}

// plainFigures reports, through col, every decimal of c's prices and
// rates that plainDecimal refuses, and whether there was none: build and
// rebuild check them before any arithmetic.
func plainFigures(c *Catalog, col func(string) collector) bool {
	ok := true
	check := func(section, item, field string, d decimal.Decimal) {
		if !plainDecimal(d) {
			ok = false
			col(section).add(item, field, "must be a number of at most %d digits within %d places of the point, got one of about %d digits with exponent %d",
				MaxNumberLen, MaxNumberLen, d.Coefficient().BitLen()*30103/100000+1, d.Exponent())
		}
	}
	for i, o := range c.Offers {
		item := itemName("offers", i, o.ID())
		for _, p := range []struct {
			field string
			p     *Price
		}{{"on_demand", o.OnDemand}, {"reserved_1y", o.Reserved1Y}, {"reserved_3y", o.Reserved3Y}, {"spot", spotPrice(o.Spot)}} {
			if p.p != nil {
				check("offers", item, p.field+".usd_per_hour", p.p.USDPerHour)
				check("offers", item, p.field+".per_hour", p.p.PerHour)
			}
		}
		if m := o.Monthly; m != nil {
			check("offers", item, "monthly.per_month", m.PerMonth)
			if m.Setup != nil {
				check("offers", item, "monthly.setup", *m.Setup)
			}
		}
	}
	for i, r := range c.Currencies {
		check("currencies", itemName("currencies", i, r.Code), "per_usd", r.PerUSD)
	}
	for i, p := range c.Providers {
		for j, t := range p.Egress {
			check("providers", itemName("providers", i, p.ID), fmt.Sprintf("egress[%d].usd_per_gb", j), t.USDPerGB)
		}
		check("providers", itemName("providers", i, p.ID), "inter_region_usd_per_gb", p.InterRegionUSDPerGB)
	}
	return ok
}

// spotPrice is a spot price's price, nil without one.
func spotPrice(s *SpotPrice) *Price {
	if s == nil {
		return nil
	}
	return &s.Price
}
