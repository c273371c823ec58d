package catalog

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// GPUSummary is one line of the GPU list: a GPU, how many benchmarks and
// offers it has, and its cheapest on-demand price per GPU-hour.
type GPUSummary struct {
	GPU        GPU
	Benchmarks int
	Offers     int
	// Cheapest is nil when the GPU has no on-demand offer.
	Cheapest *OfferPrice
}

// GPUSummaries summarises every GPU, prices in currency.
func (c *Catalog) GPUSummaries(currency string) []GPUSummary {
	benches := map[string]int{}
	for _, b := range c.Benchmarks {
		benches[b.GPU]++
	}
	offers := map[string]int{}
	for _, o := range c.Offers {
		offers[o.GPU]++
	}
	cheapest := map[string]OfferPrice{}
	for _, r := range c.FindOffers(OfferFilter{Pricing: OnDemand, Unit: UnitGPUHour, Currency: currency}) {
		if _, ok := cheapest[r.Offer.GPU]; !ok {
			cheapest[r.Offer.GPU] = r
		}
	}
	var out []GPUSummary
	for _, g := range c.GPUs {
		s := GPUSummary{GPU: g, Benchmarks: benches[g.ID], Offers: offers[g.ID]}
		if r, ok := cheapest[g.ID]; ok {
			s.Cheapest = &r
		}
		out = append(out, s)
	}
	return out
}

// BenchmarkRow is one benchmark with its profile's name and its source.
type BenchmarkRow struct {
	Benchmark
	ProfileName string
	Source      Source
}

// GPUBenchmarks lists a GPU's benchmarks by profile, kind, precision and
// GPU count.
func (c *Catalog) GPUBenchmarks(gpu string) []BenchmarkRow {
	var out []BenchmarkRow
	for _, b := range c.Benchmarks {
		if b.GPU == gpu {
			p, _ := c.Profile(b.Profile)
			out = append(out, BenchmarkRow{Benchmark: b, ProfileName: cmp.Or(p.Name, b.Profile), Source: c.SourceOrID(b.Source)})
		}
	}
	slices.SortStableFunc(out, func(a, b BenchmarkRow) int {
		return cmp.Or(strings.Compare(a.ProfileName, b.ProfileName), strings.Compare(string(a.Kind), string(b.Kind)),
			strings.Compare(a.Precision, b.Precision), cmp.Compare(a.GPUCount, b.GPUCount))
	})
	return out
}

// ServingRow is one measured LLM serving figure with its profile's name
// and its source.
type ServingRow struct {
	ServingPoint
	ProfileName string
	Source      Source
}

// GPUServing lists a GPU's measured LLM serving figures by model,
// precision, engine, scenario, GPUs, concurrency and prompt length.
func (c *Catalog) GPUServing(gpu string) []ServingRow {
	var out []ServingRow
	for _, p := range c.Serving {
		if p.GPU == gpu {
			prof, _ := c.Profile(p.Profile)
			out = append(out, ServingRow{ServingPoint: p, ProfileName: cmp.Or(prof.Name, p.Profile), Source: c.SourceOrID(p.Source)})
		}
	}
	slices.SortStableFunc(out, func(a, b ServingRow) int {
		return cmp.Or(strings.Compare(a.ProfileName, b.ProfileName), strings.Compare(a.Precision, b.Precision),
			strings.Compare(a.Engine, b.Engine), strings.Compare(a.Scenario, b.Scenario), cmp.Compare(a.GPUs, b.GPUs),
			cmp.Compare(a.Concurrency, b.Concurrency), cmp.Compare(a.InputTokens, b.InputTokens))
	})
	return out
}

// DistinctOffers is the first n rows of f's, one per provider, instance
// type and price: the same size at the same price in many regions is one
// offer to a buyer.
func (c *Catalog) DistinctOffers(f OfferFilter, n int) []OfferPrice {
	var out []OfferPrice
	seen := map[string]bool{}
	for _, r := range c.FindOffers(f) {
		k := r.Offer.Provider + "|" + r.Offer.InstanceType + "|" + r.Price.String()
		if seen[k] || len(out) == n {
			continue
		}
		seen[k] = true
		out = append(out, r)
	}
	return out
}

// OfferCount counts a GPU's offers.
func (c *Catalog) OfferCount(gpu string) int {
	n := 0
	for _, o := range c.Offers {
		if o.GPU == gpu {
			n++
		}
	}
	return n
}

// RegionFilter selects regions; empty fields select all.
type RegionFilter struct {
	Provider, Jurisdiction string
	// Sort is "" (by provider and id) or RegionSortCarbon (lowest grid
	// intensity first, regions without a figure last).
	Sort string
}

// RegionSortCarbon sorts regions by their grid's intensity.
const RegionSortCarbon = "carbon"

// RegionRow is one region with its country's jurisdiction, its offers
// and the country its provider is headquartered in.
type RegionRow struct {
	Region       Region
	CountryName  string
	Jurisdiction string
	Adequacy     string
	AdequacyNote string
	Offers       int
	HQ           Country
}

// FindRegions lists the regions f selects, by provider and id. A region
// placed in a country it is only assumed to be in matches no
// jurisdiction.
func (c *Catalog) FindRegions(f RegionFilter) []RegionRow {
	offers := map[string]int{}
	for _, o := range c.Offers {
		offers[o.RegionKey()]++
	}
	var out []RegionRow
	for _, r := range c.Regions {
		country, _ := c.Country(r.Country)
		hq, _ := c.HQ(r.Provider)
		row := RegionRow{Region: r, CountryName: cmp.Or(country.Name, r.Country), Jurisdiction: country.Jurisdiction(),
			Adequacy: country.Adequacy, AdequacyNote: country.AdequacyNote, Offers: offers[r.Key()], HQ: hq}
		if (f.Provider != "" && r.Provider != f.Provider) || (f.Jurisdiction != "" && (row.Jurisdiction != f.Jurisdiction || r.CountryAssumed)) {
			continue
		}
		out = append(out, row)
	}
	slices.SortStableFunc(out, func(a, b RegionRow) int {
		if f.Sort == RegionSortCarbon {
			if c := cmp.Compare(intensityKey(a.Region), intensityKey(b.Region)); c != 0 {
				return c
			}
		}
		return cmp.Or(strings.Compare(a.Region.Provider, b.Region.Provider), strings.Compare(a.Region.ID, b.Region.ID))
	})
	return out
}

// intensityKey is a region's grid intensity, +Inf without a figure.
func intensityKey(r Region) float64 {
	if r.Carbon == nil {
		return math.Inf(1)
	}
	return r.Carbon.GCO2ePerKWh
}

// SourcesOf lists the sources of rows once each, in first-seen order.
func SourcesOf(rows []OfferPrice) []Source {
	var out []Source
	seen := map[string]bool{}
	for _, r := range rows {
		if !seen[r.Source.ID] {
			seen[r.Source.ID] = true
			out = append(out, r.Source)
		}
	}
	return out
}
