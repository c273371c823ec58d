package templates

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

func itoa(n int) string { return strconv.Itoa(n) }

// sep returns the separator after item i of n in a running list.
func sep(i, n int) string {
	if i < n-1 {
		return "; "
	}
	return ""
}

// Money formats an amount in a currency with its symbol, minor unit and
// thousands separators: $12,345.60, €9.00, ¥1,234.50.
func Money(d decimal.Decimal, currency string) string {
	c, ok := catalog.CurrencyOf(currency)
	if !ok {
		c = catalog.Currency{Code: currency, Minor: 2}
	}
	return numbers.Money(d, c)
}

// numbers writes figures; every language the pages speak writes digits
// alike, so formatting does not depend on the page.
var numbers = locale.For(locale.EN)

// fmtNum formats a plain figure: grouped whole numbers, or up to three
// significant digits below 100.
func fmtNum(x float64) string { return numbers.Format(x, locale.FmtNum) }

// fmtQty formats a quantity: grouped when whole, else two decimals.
func fmtQty(d decimal.Decimal) string {
	if d.IsInteger() {
		return numbers.Decimal(d, 0)
	}
	return numbers.Decimal(d, 2)
}

// fmtPrice shows a unit price with at least the two places of an amount
// and every further place it has (0.00, 0.0765, 1.25).
func fmtPrice(d decimal.Decimal) string { return numbers.DecimalMin(d, 2) }

// fmtAmount writes an amount in a currency's minor unit, grouped, without
// the currency (which the heading names): 12,345.60.
func fmtAmount(d decimal.Decimal, currency string) string {
	c, ok := catalog.CurrencyOf(currency)
	if !ok {
		c.Minor = 2
	}
	return numbers.Decimal(d, c.Minor)
}

// unitOf writes a line's unit in the page's language (see
// locale.Printer.Unit).
func unitOf(ctx context.Context, u string) string { return locale.From(ctx).Unit(u) }

func fmtPct(x float64) string { return numbers.Format(x, locale.FmtPct) }

func fmtMS(x float64) string { return numbers.Format(x, locale.FmtF1) }

// fmtHours formats a duration in hours as the answers do: "1.93 h",
// "8,760 h".
func fmtHours(d decimal.Decimal) string { return hoursFigure(d) + " h" }

// hoursFigure is fmtHours without its unit, for a sentence that has it.
func hoursFigure(d decimal.Decimal) string {
	return numbers.Format(d.InexactFloat64(), locale.FmtHours)
}

// hiddenFields turns a query string into sorted name/value pairs for a
// form that re-sends it.
func hiddenFields(query string) [][2]string {
	q, _ := url.ParseQuery(query)
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out [][2]string
	for _, k := range keys {
		for _, v := range q[k] {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

// langParam keeps the page language in links: "&lang=zh-CN" or "".
func langParam(ctx context.Context) string {
	if locale.LangOf(ctx) == LangZH {
		return "&lang=" + LangZH
	}
	return ""
}

// pageMeta titles the placement page; with an answer, title and
// description carry the pick and its total, for link previews.
func pageMeta(ctx context.Context, v AdviceView) Meta {
	m := Meta{Title: locale.T(ctx, "meta.title"), Description: locale.T(ctx, "meta.description")}
	if r := v.Result; r != nil && r.Pick != nil && len(r.Pick.Placements) > 0 {
		p := r.Pick.Placements[0]
		m.Title = fmt.Sprintf("%s %s %s: %s — gpuplace", v.Options.Catalog.ProviderLabel(p.Provider), p.Region, p.InstanceType, Money(r.Pick.Total, r.Currency))
		m.Description = locale.Tf(ctx, "meta.pick", v.Options.Catalog.ProviderLabel(p.Provider), p.Region, p.City, p.InstanceType, p.GPUCount, p.GPUName,
			locale.T(ctx, "label.pricing."+p.Pricing), Money(r.Pick.Total, r.Currency))
	}
	return m
}

// offerURL links to the catalog's offers of one instance's GPU in its
// region, where its prices and their sources are.
func offerURL(ctx context.Context, provider, region, gpu string) string {
	q := url.Values{"provider": {provider}, "region": {provider + ":" + region}, "gpu": {gpu}}
	if locale.LangOf(ctx) == LangZH {
		q.Set("lang", LangZH)
	}
	return "/catalog/offers?" + q.Encode()
}

// sourceTitle names a catalog source by its title, or its id when the
// catalog does not have it (an answer pinned on another version).
func sourceTitle(c *catalog.Catalog, id string) string {
	if c != nil {
		if src, ok := c.Source(id); ok {
			return src.Title
		}
	}
	return id
}

// basisHow says how a figure was measured: "TensorRT 8.6.0, INT8,
// offline, batch 128".
func basisHow(ctx context.Context, b advisor.BasisFigure) string {
	var parts []string
	for i, s := range []string{b.Engine, b.Format, b.Scenario} {
		switch {
		case s == "":
			continue
		case i == 1:
			s = precisionLabel(s)
		case i == 2 && locale.Has("basis.scenario."+s):
			s = locale.T(ctx, "basis.scenario."+s)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// firstPriceText is an offer's first price as the admin lists it: "1.2 USD/h
// (on_demand)".
func firstPriceText(o catalog.Offer) string {
	p, pm := o.FirstPrice()
	return p.USDPerHour.String() + " USD/h (" + pm + ")"
}

// perMillion writes a price per million tokens: as money from one unit
// up, below it to the four decimals token prices need ($0.0898, not
// $0.09), trailing zeros dropped to the currency's minor unit.
func perMillion(d decimal.Decimal, currency string) string {
	c, ok := catalog.CurrencyOf(currency)
	if !ok {
		c = catalog.Currency{Code: currency, Minor: 2}
	}
	if d.Abs().LessThan(decimal.NewFromInt(1)) {
		d = d.Round(4)
		if s := d.String(); strings.Contains(s, ".") {
			c.Minor = max(c.Minor, int32(len(s)-strings.IndexByte(s, '.')-1))
		}
	}
	return numbers.Money(d, c)
}
