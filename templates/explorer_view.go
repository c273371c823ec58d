package templates

import (
	"context"
	"math"
	"net/url"
	"strconv"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
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
	KeyHQ           = "hq"   // where providers are headquartered: catalog.HQScopes
	KeyKind         = "kind" // a kind of provider: catalog.ProviderKinds
)

// OffersPerPage bounds the offers table; the CSV export has every row.
const OffersPerPage = 100

// OfferFilter is the offers view a URL asks for: the catalog's filter
// and the page of the table.
type OfferFilter struct {
	catalog.OfferFilter
	Page int
}

// WithDefaults fills the unit, currency, sort and page a URL left out.
func (f OfferFilter) WithDefaults() OfferFilter {
	f.OfferFilter = f.OfferFilter.WithDefaults()
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
	set(KeyHQ, f.HQ, "")
	set(KeySort, f.Sort, catalog.SortPrice)
	if f.Desc {
		q.Set(KeyDir, "desc")
	}
	set(KeyUnit, f.Unit, catalog.UnitHour)
	set(KeyCurrency, f.Currency, catalog.BaseCurrency)
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

// fractionText writes a GPU partition as the fraction it is nearest
// (0.1667 is "1/6"), or as a percentage when no small fraction is near.
func fractionText(f float64) string {
	for n := 2; n <= 16; n++ {
		for k := 1; k < n; k++ {
			if math.Abs(f-float64(k)/float64(n)) < 0.0005 {
				return strconv.Itoa(k) + "/" + strconv.Itoa(n)
			}
		}
	}
	return locale.Percent(100*f) + "%"
}

// PriceText is a stated price as the CSV writes it.
func PriceText(d decimal.Decimal, unit string) string { return d.StringFixed(catalog.UnitPlaces(unit)) }

// OffersView is the offers page: the filter, the page of rows it selects
// and what the filter form offers.
type OffersView struct {
	// Frame is what the page frame shows of the request.
	Frame   Frame
	Catalog *catalog.Catalog
	Filter  OfferFilter
	Rows    []catalog.OfferPrice // this page's rows
	Total   int                  // rows over every page
	Pages   int
	// Ignored lists query keys whose values were unknown and are ignored.
	Ignored []string
}

// NewOffersView selects the rows of f and cuts out its page; a page past
// the end shows the last one.
func NewOffersView(f0 Frame, c *catalog.Catalog, f OfferFilter, ignored []string) OffersView {
	f = f.WithDefaults()
	rows := c.FindOffers(f.OfferFilter)
	pages := max(1, (len(rows)+OffersPerPage-1)/OffersPerPage)
	f.Page = min(f.Page, pages)
	lo := (f.Page - 1) * OffersPerPage
	hi := min(lo+OffersPerPage, len(rows))
	return OffersView{Frame: f0, Catalog: c, Filter: f, Rows: rows[lo:hi], Total: len(rows), Pages: pages, Ignored: ignored}
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
	for _, u := range catalog.Units {
		f := v.Filter
		f.Unit = u
		out = append(out, SwitchItem{Label: locale.T(ctx, "explorer.unit."+u), URL: f.URL("/catalog/offers"), Current: u == v.Filter.Unit})
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
	{"instance", false}, {"vcpus", true}, {"ram", true}, {"pricing", false}, {"price", true},
}

// columnLabel heads a column; the price column names unit and currency.
func columnLabel(ctx context.Context, key string, f OfferFilter) string {
	switch key {
	case "gpu":
		return "GPU"
	case "price":
		return priceHeading(ctx, f)
	}
	return locale.T(ctx, "explorer.col."+key)
}

// priceHeading says what the price column holds: "Price (EUR per GPU-hour)".
func priceHeading(ctx context.Context, f OfferFilter) string {
	return locale.Tf(ctx, "explorer.col.price", f.Currency, locale.T(ctx, "explorer.unit."+f.Unit))
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
func rowSources(rows []catalog.OfferPrice) []catalog.Source {
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
