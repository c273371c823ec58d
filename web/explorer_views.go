package web

import (
	"cmp"
	"context"

	"gpuplace/internal/catalog"
	"gpuplace/internal/explore"
	"gpuplace/internal/locale"
	"gpuplace/templates"
)

// gpuOffersShown is how many of the cheapest offers a GPU page lists.
const gpuOffersShown = 10

// offerColumns are the offers table's columns: sort key and whether the
// column holds numbers.
var offerColumns = []templates.OfferColumn{
	{Key: "gpu"}, {Key: "gpus", Num: true}, {Key: "provider"}, {Key: "region"},
	{Key: "instance"}, {Key: "vcpus", Num: true}, {Key: "ram", Num: true}, {Key: "pricing"}, {Key: "price", Num: true},
}

// offerTable is a table of rows of the view f, headed in the reader's
// language; the price column names unit and currency.
func offerTable(ctx context.Context, c *catalog.Catalog, rows []catalog.OfferPrice, f explore.Offers, sortable bool, testid string) templates.OfferTable {
	t := templates.OfferTable{Catalog: c, Rows: rows, Filter: f, Sortable: sortable, TestID: testid, Sources: catalog.SourcesOf(rows),
		PriceHeading: locale.Tf(ctx, "explorer.col.price", f.Currency, locale.T(ctx, "explorer.unit."+f.Unit))}
	for _, col := range offerColumns {
		switch col.Key {
		case "gpu":
			col.Label = "GPU"
			if f.Accelerator == catalog.AcceleratorCPU {
				col.Label = "CPU"
			}
		case "price":
			col.Label = t.PriceHeading
		default:
			col.Label = locale.T(ctx, "explorer.col."+col.Key)
		}
		t.Columns = append(t.Columns, col)
	}
	return t
}

// currencyLinks offers the catalog's currencies, each at the address
// urlOf gives it.
func currencyLinks(c *catalog.Catalog, current string, urlOf func(string) string) []templates.SwitchItem {
	var out []templates.SwitchItem
	for _, r := range c.Currencies {
		out = append(out, templates.SwitchItem{Label: r.Code, URL: urlOf(r.Code), Current: r.Code == current})
	}
	return out
}

// inCurrency is path asking for a currency (none for the reader's
// default, def).
func inCurrency(path, cur, def string) string {
	if q := explore.CurrencyQuery(cur, def); len(q) > 0 {
		return path + "?" + q.Encode()
	}
	return path
}

// gpusView summarises every GPU, prices in currency.
func gpusView(r *reqView, currency string) templates.GPUsView {
	def := r.currency()
	cur := cmp.Or(currency, def)
	return templates.GPUsView{Frame: r.frame, Catalog: r.cat, Currency: cur, GPUs: r.cat.GPUSummaries(cur), Ignored: r.ignored,
		CurrencyLinks: currencyLinks(r.cat, cur, func(c string) string { return inCurrency("/catalog/gpus", c, def) })}
}

// gpuView gathers a GPU's specs, benchmarks, serving figures and cheapest
// offers.
func gpuView(r *reqView, g catalog.GPU, currency string) templates.GPUView {
	c := r.cat
	def := r.currency()
	f := explore.Offers{OfferFilter: catalog.OfferFilter{GPU: g.ID, Pricing: catalog.OnDemand, Unit: catalog.UnitGPUHour, Currency: cmp.Or(currency, def)}}.WithDefaults()
	return templates.GPUView{Frame: r.frame, Catalog: c, GPU: g, Source: c.SourceOrID(g.Source), Ignored: r.ignored,
		Benchmarks: c.GPUBenchmarks(g.ID), Serving: c.GPUServing(g.ID),
		Offers:     offerTable(r.ctx, c, c.DistinctOffers(f.OfferFilter, gpuOffersShown), f, false, "gpu-offers"),
		OfferCount: c.OfferCount(g.ID), AllOffersURL: explore.GPUOffersURL(g.ID, f.Currency),
		CurrencyLinks: currencyLinks(c, f.Currency, func(cur string) string { return inCurrency(explore.GPUURL(g.ID), cur, def) })}
}

// offersView selects the rows of f and cuts out its page; a page past the
// end shows the last one.
func offersView(r *reqView, f explore.Offers) templates.OffersView {
	f.Default = r.currency()
	f = f.WithDefaults()
	rows := findOffers(r.cat, f.OfferFilter)
	pages := max(1, (len(rows)+explore.OffersPerPage-1)/explore.OffersPerPage)
	f.Page = min(f.Page, pages)
	lo := (f.Page - 1) * explore.OffersPerPage
	hi := min(lo+explore.OffersPerPage, len(rows))
	v := templates.OffersView{Frame: r.frame, Catalog: r.cat, Filter: f, Table: offerTable(r.ctx, r.cat, rows[lo:hi], f, true, "offer-table"),
		Total: len(rows), Pages: pages, Ignored: r.ignored,
		CurrencyLinks: currencyLinks(r.cat, f.Currency, func(cur string) string {
			g := f
			g.Currency = cur
			return g.URL(explore.OffersPath)
		})}
	for _, u := range catalog.Units {
		v.UnitLinks = append(v.UnitLinks, templates.SwitchItem{Label: locale.T(r.ctx, "explorer.unit."+u), URL: f.UnitURL(u), Current: u == f.Unit})
	}
	return v
}

// reqView is what every explorer view needs of its request: the reader's
// context, the page frame, the catalog and the query keys ignored.
type reqView struct {
	ctx     context.Context
	frame   templates.Frame
	cat     *catalog.Catalog
	ignored []string
}

// currency is the currency the reader's language shows prices in when
// the address names none (see explore.DefaultCurrency).
func (r *reqView) currency() string {
	return explore.DefaultCurrency(r.cat, locale.LangOf(r.ctx))
}

// providersOffersURL lists the offers of the providers a providers page
// shows: those of its headquarters scope (a kind has no offers filter).
func providersOffersURL(f catalog.ProviderFilter) string {
	return explore.Offers{OfferFilter: catalog.OfferFilter{HQ: f.HQ}}.URL(explore.OffersPath)
}
