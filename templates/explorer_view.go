package templates

import (
	"strconv"

	"gpuplace/internal/catalog"
	"gpuplace/internal/explore"
)

// SwitchItem is one choice of a row of switch links.
type SwitchItem struct {
	Label, URL string
	Current    bool
}

// OfferTable is a table of offers: its rows, the view they come from
// (sort links, unit and currency), its columns and the sources below it.
type OfferTable struct {
	Catalog  *catalog.Catalog
	Rows     []catalog.OfferPrice
	Filter   explore.Offers
	Sortable bool
	TestID   string
	Columns  []OfferColumn
	// PriceHeading says what the price column holds: "Price (EUR per
	// GPU-hour)".
	PriceHeading string
	Sources      []catalog.Source
}

// OfferColumn is a column of the offers table: its sort key, its heading
// and whether it holds numbers.
type OfferColumn struct {
	Key, Label string
	Num        bool
}

// Label is the heading of the column key, for a cell's data-label.
func (t OfferTable) Label(key string) string {
	for _, c := range t.Columns {
		if c.Key == key {
			return c.Label
		}
	}
	return key
}

// GPUsView is the GPU list page.
type GPUsView struct {
	// Frame is what the page frame shows of the request.
	Frame         Frame
	Catalog       *catalog.Catalog
	Currency      string
	GPUs          []catalog.GPUSummary
	CurrencyLinks []SwitchItem
	Ignored       []string
}

// GPUView is one GPU's page.
type GPUView struct {
	// Frame is what the page frame shows of the request.
	Frame      Frame
	Catalog    *catalog.Catalog
	GPU        catalog.GPU
	Source     catalog.Source
	Benchmarks []catalog.BenchmarkRow
	// Serving are the GPU's measured LLM serving figures, by model,
	// precision, engine, scenario and concurrency.
	Serving []catalog.ServingRow
	// Offers are the cheapest on-demand prices per GPU-hour; OfferCount
	// counts every offer of the GPU, AllOffersURL lists them.
	Offers        OfferTable
	OfferCount    int
	AllOffersURL  string
	CurrencyLinks []SwitchItem
	Ignored       []string
}

// RegionsView is the regions page.
type RegionsView struct {
	// Frame is what the page frame shows of the request.
	Frame   Frame
	Catalog *catalog.Catalog
	Filter  catalog.RegionFilter
	Rows    []catalog.RegionRow
	Ignored []string
}

// OffersView is the offers page: the filter, the page of rows it selects
// and how many there are in all.
type OffersView struct {
	// Frame is what the page frame shows of the request.
	Frame   Frame
	Catalog *catalog.Catalog
	Filter  explore.Offers
	Table   OfferTable // this page's rows
	Total   int        // rows over every page
	Pages   int
	// UnitLinks and CurrencyLinks show the same view in another price
	// unit or currency.
	UnitLinks, CurrencyLinks []SwitchItem
	// Ignored lists query keys whose values were unknown and are ignored.
	Ignored []string
}

// ProvidersView is the providers page: the filter and the providers it
// selects.
type ProvidersView struct {
	// Frame is what the page frame shows of the request.
	Frame   Frame
	Catalog *catalog.Catalog
	Filter  catalog.ProviderFilter
	Rows    []catalog.ProviderSummary
	// OffersURL lists the offers of the providers the page shows.
	OffersURL string
	Ignored   []string
}

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
	// World shows the metros on a map, with lines from the chosen one.
	World MapView
}

// LatencyRow is one pair of the chosen metro: the pair, the other metro's
// name and where the figure comes from.
type LatencyRow struct {
	Pair   catalog.LatencyPair
	ToName string
	Source catalog.Source
}

// PagerItem is one entry of a compact pager: a page's link, the current
// page, or a gap ("…") between pages not shown.
type PagerItem struct {
	// Page is the page it links to (0 for a gap); Label what it says.
	Page    int
	Label   string
	Current bool
	// Rel is "prev" or "next" for the step links, else "".
	Rel string
}

// PagerNear is how many pages either side of the current one a pager
// names.
const PagerNear = 2

// Pager lays out a compact pager over pages, at current: previous, the
// first, the pages near the current one, the last, next, with gaps.
func Pager(current, pages int, prev, next string) []PagerItem {
	if pages <= 1 {
		return nil
	}
	var out []PagerItem
	if current > 1 {
		out = append(out, PagerItem{Page: current - 1, Label: prev, Rel: "prev"})
	}
	last := 0
	for n := 1; n <= pages; n++ {
		if n != 1 && n != pages && (n < current-PagerNear || n > current+PagerNear) {
			continue
		}
		if last > 0 && n > last+1 {
			out = append(out, PagerItem{Label: "…"})
		}
		out = append(out, PagerItem{Page: n, Label: strconv.Itoa(n), Current: n == current})
		last = n
	}
	if current < pages {
		out = append(out, PagerItem{Page: current + 1, Label: next, Rel: "next"})
	}
	return out
}
