package web

import (
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"gpuplace/internal/catalog"
	"gpuplace/internal/export"
	"gpuplace/templates"
)

// explorerRoutes lists the public catalog explorer, under /catalog. Every
// filter is a query key, so each view is a link that can be shared.
//
// Unknown filter values (a GPU or region the catalog lacks, a sort key
// that does not exist) are not errors: the page ignores them, shows "all"
// for that filter and says which keys it ignored. A mistyped link then
// still shows something useful instead of an error page.
//
// Its answers are compressed like every other (see compress): the heat map
// and the CSV are hundreds of kilobytes of repetitive text.
func (s *Server) explorerRoutes(r chi.Router) {
	r.Get("/", s.handle(handleExplorerIndex))
	r.Get("/gpus", s.handle(s.handleExplorerGPUs))
	r.Get("/gpus/{id}", s.handle(s.handleExplorerGPU))
	r.Get("/providers", s.handle(s.handleExplorerProviders))
	r.Get("/regions", s.handle(s.handleExplorerRegions))
	r.Get("/offers", s.handle(s.handleExplorerOffers))
	r.Get("/offers.csv", s.handle(s.handleExplorerOffersCSV))
	r.Get("/latency", s.handle(s.handleExplorerLatency))
}

// handleExplorerIndex handles GET /catalog/: the explorer starts at the
// GPU list.
func handleExplorerIndex(w http.ResponseWriter, r *http.Request) error {
	http.Redirect(w, r, "/catalog/gpus", http.StatusSeeOther)
	return nil
}

// handleExplorerGPUs handles GET /catalog/gpus?currency=.
func (s *Server) handleExplorerGPUs(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	p := newExplorerQuery(r.URL.Query())
	cur := p.currency(c)
	return render(w, r, http.StatusOK, templates.GPUsPage(templates.NewGPUsView(frame(r), c, cur, p.ignored)))
}

// handleExplorerGPU handles GET /catalog/gpus/{id}?currency=; an unknown
// GPU is 404.
func (s *Server) handleExplorerGPU(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	g, ok := c.GPU(r.PathValue("id"))
	if !ok {
		return errNotFound
	}
	p := newExplorerQuery(r.URL.Query())
	cur := p.currency(c)
	return render(w, r, http.StatusOK, templates.GPUPage(templates.NewGPUView(frame(r), c, g, cur, p.ignored)))
}

// handleExplorerProviders handles GET /catalog/providers?hq=&kind=.
func (s *Server) handleExplorerProviders(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	p := newExplorerQuery(r.URL.Query())
	f := catalog.ProviderFilter{
		HQ:   p.oneOf(templates.KeyHQ, catalog.HQScopes),
		Kind: p.oneOf(templates.KeyKind, catalog.ProviderKinds),
	}
	return render(w, r, http.StatusOK, templates.ProvidersPage(templates.NewProvidersView(frame(r), c, f, p.ignored)))
}

// handleExplorerRegions handles GET /catalog/regions?provider=&jurisdiction=.
func (s *Server) handleExplorerRegions(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	p := newExplorerQuery(r.URL.Query())
	f := templates.RegionFilter{
		Provider:     p.provider(c),
		Jurisdiction: p.oneOf(templates.KeyJurisdiction, catalog.Jurisdictions),
	}
	return render(w, r, http.StatusOK, templates.RegionsPage(templates.NewRegionsView(frame(r), c, f, p.ignored)))
}

// handleExplorerOffers handles GET /catalog/offers with the keys of
// offerFilter.
func (s *Server) handleExplorerOffers(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	f, ignored := offerFilter(c, r.URL.Query())
	return render(w, r, http.StatusOK, templates.OffersPage(templates.NewOffersView(frame(r), c, f, ignored)))
}

// handleExplorerOffersCSV handles GET /catalog/offers.csv: the rows of
// the same filter as the page, every page of them, with the same prices.
// Rows are written as they are made, so a long list streams out instead
// of being encoded into one buffer first.
func (s *Server) handleExplorerOffersCSV(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	f, _ := offerFilter(c, r.URL.Query())
	f = f.WithDefaults()
	startDownload(w, "text/csv; charset=utf-8", "gpuplace-offers.csv")
	return writeOffersCSV(w, c, c.FindOffers(f.OfferFilter), f)
}

// handleExplorerLatency handles GET /catalog/latency?from=.
func (s *Server) handleExplorerLatency(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	p := newExplorerQuery(r.URL.Query())
	from := p.valid(templates.KeyFrom, func(id string) bool { return c.MetroIndex(id) >= 0 })
	v := templates.LatencyView{Frame: frame(r), Catalog: c, From: from, Ignored: p.ignored, Map: heatMapView(r.Context(), c, from),
		FromRows: latencyRows(r.Context(), c, from)}
	return render(w, r, http.StatusOK, templates.LatencyPage(v))
}

// offersCSVHeader names the CSV columns; price is in currency per unit,
// own_price the price as its source states it (in own_currency, per
// unit), setup a monthly price's setup fee in currency (empty when not
// stated). Columns are only ever added at the end.
var offersCSVHeader = []string{
	"gpu", "gpu_name", "gpu_count", "provider", "region", "city", "country", "instance_type",
	"pricing", "spot_band", "price", "currency", "unit", "source", "date", "estimated",
	"gpu_fraction", "source_quality", "listed_only", "own_price", "own_currency", "setup", "provider_hq",
	"vcpus", "memory_gib",
}

// writeOffersCSV writes rows as the table shows them, prices as plain
// decimals, every cell formula-safe.
func writeOffersCSV(w io.Writer, c *catalog.Catalog, rows []catalog.OfferPrice, f templates.OfferFilter) error {
	cw := export.NewCSVWriter(w)
	cw.Write(offersCSVHeader)
	for _, r := range rows {
		o := r.Offer
		fraction, setup := "", ""
		if o.Partition() {
			fraction = strconv.FormatFloat(o.GPUFraction, 'f', -1, 64)
		}
		if r.Setup != nil {
			setup = r.Setup.StringFixed(2)
		}
		hq, _ := c.HQ(o.Provider)
		if err := cw.Write([]string{
			o.GPU, r.GPU.Name, strconv.Itoa(o.GPUCount), o.Provider, o.Region, r.Region.City, r.Region.Country, o.InstanceType,
			r.Pricing, r.Band, templates.PriceText(r.Price, f.Unit), f.Currency, f.Unit, r.Ref.Source, r.Ref.Date,
			strconv.FormatBool(r.Ref.Estimated),
			fraction, o.SourceQuality, strconv.FormatBool(o.ListedOnly), templates.PriceText(r.Own, f.Unit), r.OwnCurrency, setup, hq.Code,
			hostCell(o.VCPUs > 0, strconv.Itoa(o.VCPUs)), hostCell(o.MemoryGiB > 0, strconv.FormatFloat(o.MemoryGiB, 'f', -1, 64)),
		}); err != nil {
			return err
		}
	}
	return cw.Flush()
}

// offerFilter reads the offers view from a query: gpu, provider, region
// ("provider:region", or a region id that only one provider uses),
// pricing, hq (eu|non_eu), sort, dir (asc|desc), unit, currency and page.
func offerFilter(c *catalog.Catalog, q url.Values) (templates.OfferFilter, []string) {
	p := newExplorerQuery(q)
	f := templates.OfferFilter{OfferFilter: catalog.OfferFilter{
		GPU:      p.valid(templates.KeyGPU, func(id string) bool { _, ok := c.GPU(id); return ok }),
		Provider: p.provider(c),
		Region:   p.region(c),
		Pricing:  p.oneOf(templates.KeyPricing, catalog.PricingModels),
		HQ:       p.oneOf(templates.KeyHQ, catalog.HQScopes),
		Sort:     p.oneOf(templates.KeySort, catalog.OfferSorts),
		Desc:     p.oneOf(templates.KeyDir, []string{"asc", "desc"}) == "desc",
		Unit:     p.oneOf(templates.KeyUnit, catalog.Units),
		Currency: p.currency(c),
	}}
	if v := p.get(templates.KeyPage); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			p.ignore(templates.KeyPage)
		} else {
			f.Page = n
		}
	}
	return f, p.ignored
}

// explorerQuery reads explorer filters, keeping the keys whose values it
// did not know.
type explorerQuery struct {
	q       url.Values
	ignored []string
}

func newExplorerQuery(q url.Values) *explorerQuery { return &explorerQuery{q: q} }

// get returns a key's trimmed value; "all" is the same as no value.
func (p *explorerQuery) get(key string) string {
	v := strings.TrimSpace(p.q.Get(key))
	if strings.EqualFold(v, "all") {
		return ""
	}
	return v
}

func (p *explorerQuery) ignore(key string) {
	if !slices.Contains(p.ignored, key) {
		p.ignored = append(p.ignored, key)
	}
}

// valid returns a key's value when ok accepts it, else "" (and notes it).
func (p *explorerQuery) valid(key string, ok func(string) bool) string {
	v := p.get(key)
	if v == "" {
		return ""
	}
	if !ok(v) {
		p.ignore(key)
		return ""
	}
	return v
}

func (p *explorerQuery) oneOf(key string, allowed []string) string {
	return p.valid(key, func(v string) bool { return slices.Contains(allowed, v) })
}

func (p *explorerQuery) provider(c *catalog.Catalog) string {
	return p.valid(templates.KeyProvider, func(id string) bool { _, ok := c.Provider(id); return ok })
}

// currency accepts a currency code the catalog has a rate for, in any
// case.
func (p *explorerQuery) currency(c *catalog.Catalog) string {
	v := strings.ToUpper(p.get(templates.KeyCurrency))
	if v == "" {
		return ""
	}
	if _, ok := c.Rate(v); !ok {
		p.ignore(templates.KeyCurrency)
		return ""
	}
	return v
}

// region accepts "provider:region", or a bare region id when exactly one
// provider has it, and returns the "provider:region" key.
func (p *explorerQuery) region(c *catalog.Catalog) string {
	v := p.get(templates.KeyRegion)
	if v == "" {
		return ""
	}
	if _, ok := c.Region(v); ok {
		return v
	}
	var keys []string
	for _, reg := range c.Regions {
		if reg.ID == v {
			keys = append(keys, reg.Key())
		}
	}
	if len(keys) != 1 {
		p.ignore(templates.KeyRegion)
		return ""
	}
	return keys[0]
}

// hostCell is a host size the source states, empty where it does not.
func hostCell(known bool, v string) string {
	if known {
		return v
	}
	return ""
}
