package web

import (
	"io"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"gpuplace/internal/catalog"
	"gpuplace/internal/explore"
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
	p := explore.Read(r.URL.Query())
	cur := p.Currency(s.cat(r))
	return render(w, r, http.StatusOK, templates.GPUsPage(gpusView(s.explorerView(r, p), cur)))
}

// handleExplorerGPU handles GET /catalog/gpus/{id}?currency=; an unknown
// GPU is 404.
func (s *Server) handleExplorerGPU(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	g, ok := c.GPU(r.PathValue("id"))
	if !ok {
		return errNotFound
	}
	p := explore.Read(r.URL.Query())
	cur := p.Currency(c)
	return render(w, r, http.StatusOK, templates.GPUPage(gpuView(s.explorerView(r, p), g, cur)))
}

// handleExplorerProviders handles GET /catalog/providers?hq=&kind=.
func (s *Server) handleExplorerProviders(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	p := explore.Read(r.URL.Query())
	f := catalog.ProviderFilter{
		HQ:   p.OneOf(explore.KeyHQ, catalog.HQScopes),
		Kind: p.OneOf(explore.KeyKind, catalog.ProviderKinds),
	}
	v := templates.ProvidersView{Frame: frame(r), Catalog: c, Filter: f, Rows: c.FindProviders(f), OffersURL: providersOffersURL(f), Ignored: p.Ignored}
	return render(w, r, http.StatusOK, templates.ProvidersPage(v))
}

// handleExplorerRegions handles GET /catalog/regions?provider=&jurisdiction=.
func (s *Server) handleExplorerRegions(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	p := explore.Read(r.URL.Query())
	f := catalog.RegionFilter{
		Provider:     p.Provider(c),
		Jurisdiction: p.OneOf(explore.KeyJurisdiction, catalog.Jurisdictions),
		Sort:         p.OneOf(explore.KeySort, []string{catalog.RegionSortCarbon}),
	}
	v := templates.RegionsView{Frame: frame(r), Catalog: c, Filter: f, Rows: c.FindRegions(f), Ignored: p.Ignored}
	return render(w, r, http.StatusOK, templates.RegionsPage(v))
}

// handleExplorerOffers handles GET /catalog/offers with the keys of
// explore.ReadOffers.
func (s *Server) handleExplorerOffers(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	f, ignored := explore.ReadOffers(c, r.URL.Query())
	return render(w, r, http.StatusOK, templates.OffersPage(offersView(&reqView{ctx: r.Context(), frame: frame(r), cat: c, ignored: ignored}, f)))
}

// handleExplorerOffersCSV handles GET /catalog/offers.csv: the rows of
// the same filter as the page, every page of them, with the same prices.
// Rows are written as they are made, so a long list streams out instead
// of being encoded into one buffer first.
func (s *Server) handleExplorerOffersCSV(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	f, _ := explore.ReadOffers(c, r.URL.Query())
	f = f.WithDefaults()
	startDownload(w, "text/csv; charset=utf-8", "gpuplace-offers.csv")
	return writeOffersCSV(w, c, findOffers(c, f.OfferFilter), f)
}

// handleExplorerLatency handles GET /catalog/latency?from=.
func (s *Server) handleExplorerLatency(w http.ResponseWriter, r *http.Request) error {
	c := s.cat(r)
	p := explore.Read(r.URL.Query())
	from := p.Valid(explore.KeyFrom, func(id string) bool { return c.MetroIndex(id) >= 0 })
	v := templates.LatencyView{Frame: frame(r), Catalog: c, From: from, Ignored: p.Ignored, Map: heatMapView(r.Context(), c, from),
		FromRows: latencyRows(r.Context(), c, from), World: metroMap(r.Context(), c, from)}
	return render(w, r, http.StatusOK, templates.LatencyPage(v))
}

// explorerView is what an explorer view needs of its request.
func (s *Server) explorerView(r *http.Request, p *explore.Reader) *reqView {
	return &reqView{ctx: r.Context(), frame: frame(r), cat: s.cat(r), ignored: p.Ignored}
}

// offersCSVHeader names the CSV columns; price is in currency per unit,
// own_price the price as its source states it (in own_currency, per
// unit), setup a monthly price's setup fee in currency (empty when not
// stated). Columns are only ever added at the end.
var offersCSVHeader = []string{
	"gpu", "gpu_name", "gpu_count", "provider", "region", "city", "country", "instance_type",
	"pricing", "spot_band", "price", "currency", "unit", "source", "date", "estimated",
	"gpu_fraction", "source_quality", "listed_only", "own_price", "own_currency", "setup", "provider_hq",
	"vcpus", "memory_gib", "cpu", "cpu_name",
}

// writeOffersCSV writes rows as the table shows them, prices as plain
// decimals, every cell formula-safe.
func writeOffersCSV(w io.Writer, c *catalog.Catalog, rows []catalog.OfferPrice, f explore.Offers) error {
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
			string(r.Pricing), r.Band, catalog.PlainPrice(r.Price, f.Unit), f.Currency, f.Unit, r.Ref.Source, r.Ref.Date,
			strconv.FormatBool(r.Ref.Estimated),
			fraction, o.SourceQuality, strconv.FormatBool(o.ListedOnly), catalog.PlainPrice(r.Own, f.Unit), r.OwnCurrency, setup, hq.Code,
			hostCell(o.VCPUs > 0, strconv.Itoa(o.VCPUs)), hostCell(o.MemoryGiB > 0, strconv.FormatFloat(o.MemoryGiB, 'f', -1, 64)),
			o.CPU, r.CPU.Name,
		}); err != nil {
			return err
		}
	}
	return cw.Flush()
}

// hostCell is a host size the source states, empty where it does not.
func hostCell(known bool, v string) string {
	if known {
		return v
	}
	return ""
}
