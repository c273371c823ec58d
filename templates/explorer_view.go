package templates

import (
	"cmp"
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// Query keys of the catalog explorer (/catalog/...). The URL holds every
// filter, so a view can be shared; a key at its default is left out.
const (
	KeyGPU          = "gpu"
	KeyProvider     = "provider"
	KeyRegion       = "region"
	KeyPricing      = "pricing"
	KeySort         = "sort"
	KeyDir          = "dir"
	KeyUnit         = "unit"
	KeyCurrency     = "currency"
	KeyPage         = "page"
	KeyJurisdiction = "jurisdiction"
	KeyFrom         = "from"
)

// Price units of the offers table. A month is 730 hours.
const (
	UnitHour    = "hour"
	UnitGPUHour = "gpu_hour"
	UnitMonth   = "month"
)

// Units lists the price units in the order the switch shows them.
var Units = []string{UnitHour, UnitGPUHour, UnitMonth}

// HoursPerMonth is the month the per-month unit bills (365 × 24 ÷ 12).
const HoursPerMonth = 730

// Pricings lists the pricing models in the order tables show them.
var Pricings = []string{"on_demand", "spot", "reserved_1y", "reserved_3y"}

// Offer sort keys; "price" ascending is the default order.
var OfferSorts = []string{"gpu", "gpus", "provider", "region", "instance", "pricing", "price"}

// Jurisdictions a region's country falls under, for the GDPR badge.
const (
	JurisdictionEU       = "eu"
	JurisdictionAdequacy = "adequacy"
	JurisdictionNeither  = "neither"
)

// Jurisdictions lists the jurisdiction filter values.
var Jurisdictions = []string{JurisdictionEU, JurisdictionAdequacy, JurisdictionNeither}

// DefaultCurrency is the currency catalog prices are stored in.
const DefaultCurrency = "USD"

// OffersPerPage bounds the offers table; the CSV export has every row.
const OffersPerPage = 100

// OfferFilter is the offers view a URL asks for. Empty GPU, Provider,
// Region and Pricing mean "all".
type OfferFilter struct {
	GPU, Provider, Region, Pricing string
	Sort                           string
	Desc                           bool
	Unit, Currency                 string
	Page                           int
}

// WithDefaults fills the unit, currency, sort and page a URL left out.
func (f OfferFilter) WithDefaults() OfferFilter {
	f.Unit = cmp.Or(f.Unit, UnitHour)
	f.Currency = cmp.Or(f.Currency, DefaultCurrency)
	f.Sort = cmp.Or(f.Sort, "price")
	f.Page = max(f.Page, 1)
	return f
}

// Values encodes the filter as query keys, leaving defaults out.
func (f OfferFilter) Values() url.Values {
	q := url.Values{}
	set := func(k, v, def string) {
		if v != "" && v != def {
			q.Set(k, v)
		}
	}
	set(KeyGPU, f.GPU, "")
	set(KeyProvider, f.Provider, "")
	set(KeyRegion, f.Region, "")
	set(KeyPricing, f.Pricing, "")
	set(KeySort, f.Sort, "price")
	if f.Desc {
		q.Set(KeyDir, "desc")
	}
	set(KeyUnit, f.Unit, UnitHour)
	set(KeyCurrency, f.Currency, DefaultCurrency)
	if f.Page > 1 {
		q.Set(KeyPage, strconv.Itoa(f.Page))
	}
	return q
}

// URL is the filter's address under path.
func (f OfferFilter) URL(path string) string { return withQuery(path, f.Values()) }

// SortURL orders by key: ascending first, the other way when already so.
func (f OfferFilter) SortURL(key string) string {
	f.Desc = f.Sort == key && !f.Desc
	f.Sort, f.Page = key, 1
	return f.URL("/catalog/offers")
}

// AriaSort is the aria-sort value of the column key.
func (f OfferFilter) AriaSort(key string) string {
	switch {
	case f.Sort != key:
		return "none"
	case f.Desc:
		return "descending"
	}
	return "ascending"
}

func withQuery(path string, q url.Values) string {
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// OfferRow is one price of one offer, converted into the view's unit and
// currency and rounded as shown (and exported).
type OfferRow struct {
	Offer   catalog.Offer
	GPUName string
	City    string
	Country string
	Pricing string
	Band    string // spot interruption band, when known
	Price   decimal.Decimal
	Ref     catalog.Ref
	Source  catalog.Source
}

// pricesOf lists an offer's prices by pricing model.
func pricesOf(o catalog.Offer) map[string]catalog.Price {
	m := map[string]catalog.Price{"on_demand": o.OnDemand}
	if o.Spot != nil {
		m["spot"] = o.Spot.Price
	}
	if o.Reserved1Y != nil {
		m["reserved_1y"] = *o.Reserved1Y
	}
	if o.Reserved3Y != nil {
		m["reserved_3y"] = *o.Reserved3Y
	}
	return m
}

// unitPlaces is how many decimal places a price in unit keeps: hourly
// prices are fractions of a cent, monthly ones whole cents.
func unitPlaces(unit string) int32 {
	if unit == UnitMonth {
		return 2
	}
	return 4
}

// ConvertPrice turns an instance's USD hourly price into unit and currency
// (at rate per USD), rounded half away from zero to the places shown.
func ConvertPrice(usdPerHour decimal.Decimal, gpus int, unit string, rate decimal.Decimal) decimal.Decimal {
	d := usdPerHour.Mul(rate)
	switch unit {
	case UnitGPUHour:
		d = d.Div(decimal.NewFromInt(int64(max(gpus, 1))))
	case UnitMonth:
		d = d.Mul(decimal.NewFromInt(HoursPerMonth))
	}
	return d.Round(unitPlaces(unit))
}

// PriceText is a converted price as the CSV writes it.
func PriceText(d decimal.Decimal, unit string) string { return d.StringFixed(unitPlaces(unit)) }

// moneyIn formats a converted price with its currency symbol, grouped
// digits and the places of its unit ($1,234.5678 per hour, €12.30 a month).
func moneyIn(d decimal.Decimal, currency, unit string) string {
	c, ok := catalog.CurrencyOf(currency)
	if !ok {
		c = catalog.Currency{Code: currency}
	}
	c.Minor = unitPlaces(unit)
	return numbers.Money(d, c)
}

// OfferRows lists the offers f selects, one row per price, sorted as f
// asks. The page and the CSV export both come from it. An unknown
// currency converts at 1 (the handler only passes known ones).
func OfferRows(c *catalog.Catalog, f OfferFilter) []OfferRow {
	f = f.WithDefaults()
	rate := decimal.NewFromInt(1)
	if r, ok := c.Rate(f.Currency); ok {
		rate = r.PerUSD
	}
	var rows []OfferRow
	for _, o := range c.Offers {
		if (f.GPU != "" && o.GPU != f.GPU) || (f.Provider != "" && o.Provider != f.Provider) ||
			(f.Region != "" && o.RegionKey() != f.Region) {
			continue
		}
		prices := pricesOf(o)
		g, _ := c.GPU(o.GPU)
		reg, _ := c.Region(o.RegionKey())
		for _, p := range Pricings {
			pr, ok := prices[p]
			if !ok || (f.Pricing != "" && f.Pricing != p) {
				continue
			}
			row := OfferRow{Offer: o, GPUName: g.Name, City: reg.City, Country: reg.Country, Pricing: p,
				Price: ConvertPrice(pr.USDPerHour, o.GPUCount, f.Unit, rate), Ref: pr.Ref, Source: sourceOf(c, pr.Source)}
			if p == "spot" {
				row.Band = o.Spot.Band
			}
			rows = append(rows, row)
		}
	}
	sortOffers(rows, f.Sort, f.Desc)
	return rows
}

// sortOffers orders rows by key, then by price, GPU, provider, region,
// instance and pricing model, so equal keys keep a stable, useful order.
func sortOffers(rows []OfferRow, key string, desc bool) {
	first := func(a, b OfferRow) int {
		switch key {
		case "gpu":
			return strings.Compare(a.GPUName, b.GPUName)
		case "gpus":
			return cmp.Compare(a.Offer.GPUCount, b.Offer.GPUCount)
		case "provider":
			return strings.Compare(providerLabel(a.Offer.Provider), providerLabel(b.Offer.Provider))
		case "region":
			return strings.Compare(a.Offer.RegionKey(), b.Offer.RegionKey())
		case "instance":
			return strings.Compare(a.Offer.InstanceType, b.Offer.InstanceType)
		case "pricing":
			return cmp.Compare(slices.Index(Pricings, a.Pricing), slices.Index(Pricings, b.Pricing))
		}
		return a.Price.Cmp(b.Price)
	}
	slices.SortStableFunc(rows, func(a, b OfferRow) int {
		if c := first(a, b); c != 0 {
			if desc {
				return -c
			}
			return c
		}
		return cmp.Or(a.Price.Cmp(b.Price), strings.Compare(a.GPUName, b.GPUName),
			strings.Compare(a.Offer.RegionKey(), b.Offer.RegionKey()),
			strings.Compare(a.Offer.InstanceType, b.Offer.InstanceType),
			cmp.Compare(slices.Index(Pricings, a.Pricing), slices.Index(Pricings, b.Pricing)))
	})
}

// OffersView is the offers page: the filter, the page of rows it selects
// and what the filter form offers.
type OffersView struct {
	Catalog *catalog.Catalog
	Filter  OfferFilter
	Rows    []OfferRow // this page's rows
	Total   int        // rows over every page
	Pages   int
	// Ignored lists query keys whose values were unknown and are ignored.
	Ignored []string
}

// NewOffersView selects the rows of f and cuts out its page; a page past
// the end shows the last one.
func NewOffersView(c *catalog.Catalog, f OfferFilter, ignored []string) OffersView {
	f = f.WithDefaults()
	rows := OfferRows(c, f)
	pages := max(1, (len(rows)+OffersPerPage-1)/OffersPerPage)
	f.Page = min(f.Page, pages)
	lo := (f.Page - 1) * OffersPerPage
	hi := min(lo+OffersPerPage, len(rows))
	return OffersView{Catalog: c, Filter: f, Rows: rows[lo:hi], Total: len(rows), Pages: pages, Ignored: ignored}
}

// PageURL is the address of page n of the same view.
func (v OffersView) PageURL(n int) string {
	f := v.Filter
	f.Page = n
	return f.URL("/catalog/offers")
}

// Hidden lists the keys the filter form must re-send that it has no input
// for: sort order, unit and currency.
func (f OfferFilter) Hidden() [][2]string {
	var out [][2]string
	q := f.Values()
	for _, k := range []string{KeySort, KeyDir, KeyUnit, KeyCurrency} {
		if v := q.Get(k); v != "" {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

// UnitItems is the price unit switch: the same view in each unit.
func (v OffersView) UnitItems(ctx context.Context) []SwitchItem {
	var out []SwitchItem
	for _, u := range Units {
		f := v.Filter
		f.Unit = u
		out = append(out, SwitchItem{Label: T(ctx, "explorer.unit."+u), URL: f.URL("/catalog/offers"), Current: u == v.Filter.Unit})
	}
	return out
}

// offerColumn is a sortable column of the offers table.
type offerColumn struct {
	Key string
	Num bool
}

var offerColumns = []offerColumn{
	{"gpu", false}, {"gpus", true}, {"provider", false}, {"region", false},
	{"instance", false}, {"pricing", false}, {"price", true},
}

// columnLabel heads a column; the price column names unit and currency.
func columnLabel(ctx context.Context, key string, f OfferFilter) string {
	switch key {
	case "gpu":
		return "GPU"
	case "price":
		return priceHeading(ctx, f)
	}
	return T(ctx, "explorer.col."+key)
}

// priceHeading says what the price column holds: "Price (EUR per GPU-hour)".
func priceHeading(ctx context.Context, f OfferFilter) string {
	return Tf(ctx, "explorer.col.price", f.Currency, T(ctx, "explorer.unit."+f.Unit))
}

// sortMark shows the sorted column's direction.
func sortMark(f OfferFilter, key string) string {
	switch {
	case f.Sort != key:
		return ""
	case f.Desc:
		return " ▼"
	}
	return " ▲"
}

// rowSources lists the sources of rows once each, in first-seen order.
func rowSources(rows []OfferRow) []catalog.Source {
	var out []catalog.Source
	seen := map[string]bool{}
	for _, r := range rows {
		if !seen[r.Source.ID] {
			seen[r.Source.ID] = true
			out = append(out, r.Source)
		}
	}
	return out
}
