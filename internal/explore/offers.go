package explore

import (
	"cmp"
	"net/url"
	"strconv"

	"gpuplace/internal/catalog"
)

// OffersPerPage bounds the offers table; the CSV export has every row.
const OffersPerPage = 100

// Offers is the offers view an address asks for: the catalog's filter and
// the page of the table.
type Offers struct {
	catalog.OfferFilter
	Page int
	// Default is the currency the reader's language shows when the
	// address names none (see DefaultCurrency; empty: the catalog's
	// base currency). It is not written into addresses: an address
	// without a currency shows each reader theirs.
	Default string
}

// DefaultCurrency is the currency prices are shown in for a reader of
// lang when the address names none: the yuan for Chinese (when the
// catalog has its rate), else the catalog's base currency.
func DefaultCurrency(c *catalog.Catalog, lang string) string {
	if lang == langChinese {
		if _, ok := c.Rate(currencyChinese); ok {
			return currencyChinese
		}
	}
	return catalog.BaseCurrency
}

// The Chinese language tag and the currency its readers see by default.
const (
	langChinese     = "zh-CN"
	currencyChinese = "CNY"
)

// ReadOffers reads the offers view from a query: gpu, accelerator
// (gpu|cpu), provider, region
// ("provider:region", or a region id that only one provider uses),
// pricing, hq (eu|non_eu), sort, dir (asc|desc), unit, currency and page;
// it also returns the keys it ignored.
func ReadOffers(c *catalog.Catalog, q url.Values) (Offers, []string) {
	p := Read(q)
	f := Offers{OfferFilter: catalog.OfferFilter{
		GPU:         p.Valid(KeyGPU, func(id string) bool { _, ok := c.GPU(id); return ok }),
		Accelerator: p.OneOf(KeyAccelerator, catalog.Accelerators),
		Provider:    p.Provider(c),
		Region:      p.Region(c),
		Pricing:     catalog.PricingModel(p.OneOf(KeyPricing, catalog.PricingModelNames())),
		HQ:          p.OneOf(KeyHQ, catalog.HQScopes),
		Sort:        p.OneOf(KeySort, catalog.OfferSorts),
		Desc:        p.OneOf(KeyDir, []string{"asc", "desc"}) == "desc",
		Unit:        p.OneOf(KeyUnit, catalog.Units),
		Currency:    p.Currency(c),
	}}
	if v := p.Get(KeyPage); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			p.Ignore(KeyPage)
		} else {
			f.Page = n
		}
	}
	return f, p.Ignored
}

// WithDefaults fills the unit, currency, sort and page an address left out.
func (f Offers) WithDefaults() Offers {
	f.Currency = cmp.Or(f.Currency, f.Default)
	f.OfferFilter = f.OfferFilter.WithDefaults()
	f.Page = max(f.Page, 1)
	return f
}

// Values writes the view as query keys, leaving defaults out.
func (f Offers) Values() url.Values {
	q := url.Values{}
	set := func(k, v, def string) {
		if v != "" && v != def {
			q.Set(k, v)
		}
	}
	set(KeyGPU, f.GPU, "")
	set(KeyAccelerator, f.Accelerator, "")
	set(KeyProvider, f.Provider, "")
	set(KeyRegion, f.Region, "")
	set(KeyPricing, string(f.Pricing), "")
	set(KeyHQ, f.HQ, "")
	set(KeySort, f.Sort, catalog.SortPrice)
	if f.Desc {
		q.Set(KeyDir, "desc")
	}
	set(KeyUnit, f.Unit, catalog.UnitHour)
	set(KeyCurrency, f.Currency, cmp.Or(f.Default, catalog.BaseCurrency))
	if f.Page > 1 {
		q.Set(KeyPage, strconv.Itoa(f.Page))
	}
	return q
}

// URL is the view's address under path.
func (f Offers) URL(path string) string { return withQuery(path, f.Values()) }

// OffersPath is the offers page, OffersCSVPath its rows as CSV.
const (
	OffersPath    = "/catalog/offers"
	OffersCSVPath = "/catalog/offers.csv"
)

// CSVURL is the address of the view's rows as CSV. A download's currency
// is the catalog's base one unless its address names another, whatever
// the reader's language: the address names the currency the page shows
// unless it is the base one, so it keeps the page's prices whoever
// fetches it.
func (f Offers) CSVURL() string {
	f.Default = ""
	return f.URL(OffersCSVPath)
}

// SortURL orders by key: ascending first, the other way when already so.
func (f Offers) SortURL(key string) string {
	f.Desc = f.Sort == key && !f.Desc
	f.Sort, f.Page = key, 1
	return f.URL(OffersPath)
}

// PageURL is the address of page n of the same view.
func (f Offers) PageURL(n int) string {
	f.Page = n
	return f.URL(OffersPath)
}

// UnitURL is the same view in another price unit.
func (f Offers) UnitURL(unit string) string {
	f.Unit = unit
	return f.URL(OffersPath)
}

// AriaSort is the aria-sort value of the column key.
func (f Offers) AriaSort(key string) string {
	switch {
	case f.Sort != key:
		return "none"
	case f.Desc:
		return "descending"
	}
	return "ascending"
}

// SortMark shows the sorted column's direction.
func (f Offers) SortMark(key string) string {
	switch {
	case f.Sort != key:
		return ""
	case f.Desc:
		return " ▼"
	}
	return " ▲"
}

// Hidden lists the keys the filter form must re-send that it has no input
// for: sort order, unit and currency.
func (f Offers) Hidden() [][2]string {
	var out [][2]string
	q := f.Values()
	for _, k := range []string{KeySort, KeyDir, KeyUnit, KeyCurrency} {
		if v := q.Get(k); v != "" {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

// GPUURL is a GPU's page.
func GPUURL(id string) string { return "/catalog/gpus/" + url.PathEscape(id) }

// RegionOffersURL lists a region's offers.
func RegionOffersURL(key string) string {
	return Offers{OfferFilter: catalog.OfferFilter{Region: key}}.URL(OffersPath)
}

// GPUOffersURL lists every offer of a GPU, per GPU-hour, in currency.
func GPUOffersURL(gpu, currency string) string {
	return Offers{OfferFilter: catalog.OfferFilter{GPU: gpu, Unit: catalog.UnitGPUHour, Currency: currency}}.URL(OffersPath)
}

// CurrencyQuery is the query that asks for a currency: none for the
// reader's default (def; empty: the catalog's base currency).
func CurrencyQuery(cur, def string) url.Values {
	q := url.Values{}
	if cur != cmp.Or(def, catalog.BaseCurrency) {
		q.Set(KeyCurrency, cur)
	}
	return q
}

func withQuery(path string, q url.Values) string {
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// RegionsSortURL is the regions page with its filters, sorted by sort.
func RegionsSortURL(provider, jurisdiction, sort string) string {
	q := url.Values{KeySort: {sort}}
	if provider != "" {
		q.Set(KeyProvider, provider)
	}
	if jurisdiction != "" {
		q.Set(KeyJurisdiction, jurisdiction)
	}
	return withQuery("/catalog/regions", q)
}

// ProviderURL is an explorer page filtered to one provider.
func ProviderURL(path, id string) string { return withQuery(path, url.Values{KeyProvider: {id}}) }

// Pages are the explorer's pages, in the order its sub-nav lists them
// (paths under /catalog/).
var Pages = []string{"gpus", "providers", "regions", "offers", "latency"}

// OffersOfGPU lists every offer of a GPU as the offers page shows them
// by default.
func OffersOfGPU(id string) string {
	return Offers{OfferFilter: catalog.OfferFilter{GPU: id}}.URL(OffersPath)
}

// PlacementURL lists the offers of one instance's GPU (gpu empty: the CPU
// servers) in its region, where its prices and their sources are, in the
// page's language (lang empty for English).
func PlacementURL(provider, region, gpu, lang string) string {
	q := url.Values{KeyProvider: {provider}, KeyRegion: {provider + ":" + region}, KeyGPU: {gpu}}
	if gpu == "" {
		// A CPU server: the region's CPU servers.
		q.Del(KeyGPU)
		q.Set(KeyAccelerator, catalog.AcceleratorCPU)
	}
	if lang != "" {
		q.Set("lang", lang)
	}
	return OffersPath + "?" + q.Encode()
}
