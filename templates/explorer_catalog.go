package templates

import (
	"cmp"
	"context"
	"net/url"
	"slices"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// explorerPages are the explorer's pages, in the order the sub-nav lists
// them (paths under /catalog/).
var explorerPages = []string{"gpus", "providers", "regions", "offers", "latency"}

// SwitchItem is one choice of a row of switch links.
type SwitchItem struct {
	Label, URL string
	Current    bool
}

// currencyItems offers the catalog's currencies, each at the address
// urlOf gives it.
func currencyItems(c *catalog.Catalog, current string, urlOf func(string) string) []SwitchItem {
	var out []SwitchItem
	for _, r := range c.Currencies {
		out = append(out, SwitchItem{Label: r.Code, URL: urlOf(r.Code), Current: r.Code == current})
	}
	return out
}

// currencyQuery is the query that asks for a currency (none for USD).
func currencyQuery(cur string) url.Values {
	q := url.Values{}
	if cur != catalog.BaseCurrency {
		q.Set(KeyCurrency, cur)
	}
	return q
}

var interconnectLabels = map[string]string{catalog.InterconnectNVLink: "NVLink", catalog.InterconnectPCIe: "PCIe"}

// interconnectLabel names a GPU's interconnect as its maker does: the
// catalog's NVLink class is AMD's Infinity Fabric (xGMI) on AMD GPUs.
func interconnectLabel(g catalog.GPU) string {
	if g.Interconnect == catalog.InterconnectNVLink && g.Maker() == "AMD" {
		return "Infinity Fabric (xGMI)"
	}
	return cmp.Or(interconnectLabels[g.Interconnect], g.Interconnect)
}

func precisionLabel(p string) string {
	if p == catalog.PrecisionMixed {
		return "FP16/BF16"
	}
	return strings.ToUpper(p)
}

// tflops shows a tensor figure, or a dash for a format the GPU lacks.
func tflops(x float64) string { return orDash(x, " TFLOPS") }

// orDash shows a figure with its unit, or a dash where the source gives
// none (zero).
func orDash(x float64, unit string) string {
	if x <= 0 {
		return "—"
	}
	return locale.Figure(x) + unit
}

// jurisdictionLabel is a region's GDPR badge text; an adequacy badge names
// its scope (full or partial).
func jurisdictionLabel(ctx context.Context, j, adequacy string) string {
	if j == catalog.JurisdictionAdequacy && adequacy != "" {
		return locale.T(ctx, "explorer.juris.adequacy") + " (" + locale.T(ctx, "explorer.adequacy."+adequacy) + ")"
	}
	return locale.T(ctx, "explorer.juris."+j)
}

// GPUSummary is one line of the GPU list.
type GPUSummary struct {
	GPU        catalog.GPU
	Benchmarks int
	Offers     int
	// Cheapest is the lowest on-demand price per GPU-hour, if any offer.
	Cheapest *catalog.OfferPrice
}

// GPUsView is the GPU list page.
type GPUsView struct {
	// Frame is what the page frame shows of the request.
	Frame    Frame
	Catalog  *catalog.Catalog
	Currency string
	GPUs     []GPUSummary
	Ignored  []string
}

// NewGPUsView summarises every GPU, prices in currency.
func NewGPUsView(f0 Frame, c *catalog.Catalog, currency string, ignored []string) GPUsView {
	v := GPUsView{Frame: f0, Catalog: c, Currency: cmp.Or(currency, catalog.BaseCurrency), Ignored: ignored}
	benches := map[string]int{}
	for _, b := range c.Benchmarks {
		benches[b.GPU]++
	}
	offers := map[string]int{}
	for _, o := range c.Offers {
		offers[o.GPU]++
	}
	cheapest := map[string]catalog.OfferPrice{}
	for _, r := range c.FindOffers(catalog.OfferFilter{Pricing: catalog.OnDemand, Unit: catalog.UnitGPUHour, Currency: v.Currency}) {
		if _, ok := cheapest[r.Offer.GPU]; !ok {
			cheapest[r.Offer.GPU] = r
		}
	}
	for _, g := range c.GPUs {
		s := GPUSummary{GPU: g, Benchmarks: benches[g.ID], Offers: offers[g.ID]}
		if r, ok := cheapest[g.ID]; ok {
			s.Cheapest = &r
		}
		v.GPUs = append(v.GPUs, s)
	}
	return v
}

// BenchRow is one benchmark of a GPU with its profile and source.
type BenchRow struct {
	catalog.Benchmark
	ProfileName string
	Source      catalog.Source
}

// ServingRow is one measured LLM serving figure of a GPU with its
// profile and source.
type ServingRow struct {
	catalog.ServingPoint
	ProfileName string
	Source      catalog.Source
}

// GPUView is one GPU's page.
type GPUView struct {
	// Frame is what the page frame shows of the request.
	Frame      Frame
	Catalog    *catalog.Catalog
	GPU        catalog.GPU
	Source     catalog.Source
	Benchmarks []BenchRow
	// Serving are the GPU's measured LLM serving figures, by model,
	// precision, engine, scenario and concurrency.
	Serving []ServingRow
	// Offers are the cheapest on-demand prices per GPU-hour; OfferCount
	// counts every offer of the GPU.
	Offers     []catalog.OfferPrice
	OfferCount int
	Filter     OfferFilter
	Ignored    []string
}

// GPUOffersShown is how many of the cheapest offers a GPU page lists.
const GPUOffersShown = 10

// NewGPUView gathers a GPU's specs, benchmarks and cheapest offers.
func NewGPUView(f0 Frame, c *catalog.Catalog, g catalog.GPU, currency string, ignored []string) GPUView {
	f := OfferFilter{OfferFilter: catalog.OfferFilter{GPU: g.ID, Pricing: catalog.OnDemand, Unit: catalog.UnitGPUHour, Currency: cmp.Or(currency, catalog.BaseCurrency)}}.WithDefaults()
	v := GPUView{Frame: f0, Catalog: c, GPU: g, Source: c.SourceOrID(g.Source), Filter: f, Ignored: ignored}
	for _, b := range c.Benchmarks {
		if b.GPU != g.ID {
			continue
		}
		p, _ := c.Profile(b.Profile)
		v.Benchmarks = append(v.Benchmarks, BenchRow{Benchmark: b, ProfileName: cmp.Or(p.Name, b.Profile), Source: c.SourceOrID(b.Source)})
	}
	slices.SortStableFunc(v.Benchmarks, func(a, b BenchRow) int {
		return cmp.Or(strings.Compare(a.ProfileName, b.ProfileName), strings.Compare(a.Kind, b.Kind),
			strings.Compare(a.Precision, b.Precision), cmp.Compare(a.GPUCount, b.GPUCount))
	})
	for _, p := range c.Serving {
		if p.GPU != g.ID {
			continue
		}
		prof, _ := c.Profile(p.Profile)
		v.Serving = append(v.Serving, ServingRow{ServingPoint: p, ProfileName: cmp.Or(prof.Name, p.Profile), Source: c.SourceOrID(p.Source)})
	}
	slices.SortStableFunc(v.Serving, func(a, b ServingRow) int {
		return cmp.Or(strings.Compare(a.ProfileName, b.ProfileName), strings.Compare(a.Precision, b.Precision),
			strings.Compare(a.Engine, b.Engine), strings.Compare(a.Scenario, b.Scenario), cmp.Compare(a.GPUs, b.GPUs),
			cmp.Compare(a.Concurrency, b.Concurrency), cmp.Compare(a.InputTokens, b.InputTokens))
	})
	// The cheapest offers, one row per provider, instance type and price:
	// the same size at the same price in many regions is one offer to a
	// buyer (the offers page lists every region).
	seen := map[string]bool{}
	for _, r := range c.FindOffers(f.OfferFilter) {
		k := r.Offer.Provider + "|" + r.Offer.InstanceType + "|" + r.Price.String()
		if seen[k] || len(v.Offers) == GPUOffersShown {
			continue
		}
		seen[k] = true
		v.Offers = append(v.Offers, r)
	}
	for _, o := range c.Offers {
		if o.GPU == g.ID {
			v.OfferCount++
		}
	}
	return v
}

// AllOffersURL lists every offer of the page's GPU, per GPU-hour.
func (v GPUView) AllOffersURL() string {
	return OfferFilter{OfferFilter: catalog.OfferFilter{GPU: v.GPU.ID, Unit: catalog.UnitGPUHour, Currency: v.Filter.Currency}}.URL("/catalog/offers")
}

// RegionFilter is the regions view a URL asks for; empty means all.
type RegionFilter struct {
	Provider, Jurisdiction string
}

// RegionRow is one region with its country's jurisdiction and the
// country its provider is headquartered in.
type RegionRow struct {
	Region       catalog.Region
	CountryName  string
	Jurisdiction string
	Adequacy     string
	AdequacyNote string
	Offers       int
	HQ           catalog.Country
}

// RegionsView is the regions page.
type RegionsView struct {
	// Frame is what the page frame shows of the request.
	Frame   Frame
	Catalog *catalog.Catalog
	Filter  RegionFilter
	Rows    []RegionRow
	Ignored []string
}

// NewRegionsView lists the regions f selects, by provider and name.
func NewRegionsView(f0 Frame, c *catalog.Catalog, f RegionFilter, ignored []string) RegionsView {
	v := RegionsView{Frame: f0, Catalog: c, Filter: f, Ignored: ignored}
	offers := map[string]int{}
	for _, o := range c.Offers {
		offers[o.RegionKey()]++
	}
	for _, r := range c.Regions {
		country, _ := c.Country(r.Country)
		hq, _ := c.HQ(r.Provider)
		row := RegionRow{Region: r, CountryName: cmp.Or(country.Name, r.Country), Jurisdiction: country.Jurisdiction(),
			Adequacy: country.Adequacy, AdequacyNote: country.AdequacyNote, Offers: offers[r.Key()], HQ: hq}
		if (f.Provider != "" && r.Provider != f.Provider) || (f.Jurisdiction != "" && (row.Jurisdiction != f.Jurisdiction || r.CountryAssumed)) {
			continue
		}
		v.Rows = append(v.Rows, row)
	}
	slices.SortStableFunc(v.Rows, func(a, b RegionRow) int {
		return cmp.Or(strings.Compare(a.Region.Provider, b.Region.Provider), strings.Compare(a.Region.ID, b.Region.ID))
	})
	return v
}

// RegionOffersURL lists a region's offers.
func RegionOffersURL(key string) string {
	return OfferFilter{OfferFilter: catalog.OfferFilter{Region: key}}.URL("/catalog/offers")
}

// GPUURL is a GPU's page.
func GPUURL(id string) string { return "/catalog/gpus/" + url.PathEscape(id) }

// LatencyView is the latency page: the heat map and, when a metro is
// chosen, its round trips to every other metro.
type LatencyView struct {
	// Frame is what the page frame shows of the request.
	Frame   Frame
	Catalog *catalog.Catalog
	From    string // metro id, or ""
	Ignored []string
	// Map is the heat map of every metro pair; FromRows the chosen
	// metro's pairs, nearest first.
	Map      HeatMapView
	FromRows []LatencyRow
}

// LatencyRow is one pair of the chosen metro: the pair, the other metro's
// name and where the figure comes from.
type LatencyRow struct {
	Pair   catalog.LatencyPair
	ToName string
	Source catalog.Source
}

// catalogRef is a bare Ref that is estimated or not, for a badge.
func catalogRef(estimated bool) catalog.Ref { return catalog.Ref{Estimated: estimated} }

// ServingRowsOpen is how many LLM serving figures a GPU page shows
// unfolded; more are folded under their count.
const ServingRowsOpen = 12

// servingLengths shows a figure's input and output lengths in tokens,
// "1,000 / 300", with a dash for a length the source does not state.
func servingLengths(p catalog.ServingPoint) string {
	return orDash(p.InputTokens, "") + " / " + orDash(p.OutputTokens, "")
}
