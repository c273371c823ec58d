package catalog

import (
	"slices"
	"strconv"
	"strings"
)

// StaleMonths is how old a price or an exchange rate may be at the
// catalog's date before answers resting on it say it may have changed.
const StaleMonths = 12

// day is a calendar date as a number that orders as dates do:
// YYYYMMDD.
type day int

// latestDay is the last day a Ref's date may mean: a date given as a
// year or a month counts as its last day, so that no figure is called
// stale that may be fresh. ok is false for a date that does not parse.
func latestDay(date string) (day, bool) {
	parts := strings.Split(date, "-")
	if len(parts) > 3 {
		return 0, false
	}
	n := [3]int{0, 12, 0}
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil {
			return 0, false
		}
		n[i] = v
	}
	if len(parts) < 3 {
		n[2] = daysIn(n[0], n[1])
	}
	return day(n[0]*10000 + n[1]*100 + n[2]), true
}

// daysIn is the number of days of a month.
func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// Stale reports whether a figure dated date is more than StaleMonths
// older than the catalog.
func (c *Catalog) Stale(date string) bool {
	at, ok := latestDay(c.Version.Created)
	d, known := latestDay(date)
	// StaleMonths before the catalog's day: the same day of the month.
	return ok && known && d < at-day(StaleMonths/12*10000)-day(StaleMonths%12*100)
}

// StaleFigures lists, for catalog validate, how many prices and rates are
// older than StaleMonths at the catalog's date, by source: "rates ecb-rates
// 2025-06-30", "prices vantage-aws-2025: 120 offers, oldest 2025".
func (c *Catalog) StaleFigures() []string {
	type seen struct {
		n      int
		oldest string
	}
	by := map[string]*seen{}
	var keys []string
	note := func(kind string, r Ref) {
		if !c.Stale(r.Date) {
			return
		}
		k := kind + " " + r.Source
		s := by[k]
		if s == nil {
			s = &seen{oldest: r.Date}
			by[k] = s
			keys = append(keys, k)
		}
		s.n++
		if r.Date < s.oldest {
			s.oldest = r.Date
		}
	}
	for _, r := range c.Currencies {
		if r.Code != BaseCurrency {
			note("rate", r.Ref)
		}
	}
	for i := range c.Offers {
		for _, pm := range PricingModels {
			if p, ok := c.Offers[i].Price(pm); ok {
				note("price", p.Ref)
			}
		}
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, k+": "+strconv.Itoa(by[k].n)+" figures, the oldest dated "+by[k].oldest)
	}
	return out
}

// PriceDates lists, per provider with offers, the dates of all its
// prices, sorted (dates as the sources state them: "2025" sorts before
// "2025-03").
func (c *Catalog) PriceDates() map[string][]string {
	out := map[string][]string{}
	for i := range c.Offers {
		o := &c.Offers[i]
		for _, pm := range PricingModels {
			if p, ok := o.Price(pm); ok && p.Date != "" {
				out[o.Provider] = append(out[o.Provider], p.Date)
			}
		}
	}
	for _, d := range out {
		slices.Sort(d)
	}
	return out
}
