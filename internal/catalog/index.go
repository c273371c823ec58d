package catalog

import (
	"sort"
	"strings"

	"gpuplace/internal/serving"
)

// Catalog is one validated, read-only catalog snapshot. Its slices are in
// file order; treat them as read-only. Lookups by id go through methods.
type Catalog struct {
	Version    Version
	GPUs       []GPU
	Profiles   []Profile
	Benchmarks []Benchmark
	Scaling    []Scaling
	Countries  []Country
	Metros     []Metro
	Latency    []LatencyPair
	Providers  []Provider
	Regions    []Region
	Offers     []Offer
	Currencies []CurrencyRate
	Serving    []ServingPoint
	// ServingFit is the serving model as fitted on Serving and checked on
	// points held out of a second fit (nil: LLM serving is not sized).
	ServingFit *serving.Calibration
	// TokenAPIs are public token APIs' prices for the LLM profiles.
	TokenAPIs []TokenAPI
	// Methodologies say each benchmark methodology's engine family and
	// numeric format: a cross-walk compares only figures alike in both.
	Methodologies []Methodology
	// Energy holds what an answer's energy is worked out from besides each
	// GPU's board power and each region's grid (nil: no carbon figures).
	Energy *Energy
	// CPUs are the processors of the CPU servers among Offers, and
	// CPUFigures their measured serving figures.
	CPUs       []CPU
	CPUFigures []CPUFigure

	gpus, profiles, countries, metros, providers, regions, currencies, offers map[string]int
	// offerRegion is each offer's region, by index (see OfferRegion).
	offerRegion []int
	serving     map[servingKey][]int
	// measuredEngines are the (architecture, engine family) pairs the
	// serving figures cover.
	measuredEngines map[[2]string]bool
	// measuredPipelines are the GPUs with serving figures of replicas of
	// several pipeline stages.
	measuredPipelines map[string]bool
	// servingBands are ServingBand's bands, by engine family and load.
	servingBands map[[2]string]serving.Band
	// engineVersions is EngineVersion's label of each serving engine.
	engineVersions map[string]string
	benchmarks     map[benchKey]int
	cpus           map[string]int
	cpuServing     map[cpuServingKey]CPUServing
	// rtt is the metro × metro round-trip matrix; pair says where each cell
	// comes from (an index into Latency, or into derived when negative).
	rtt      []float64
	pair     []int
	derived  []LatencyPair
	distance DistanceModel
	// borderFactor scales estimates across a filtered border (see
	// fitBorderFactor).
	borderFactor float64
	// borderRatios are the measured pairs across it, over the distance
	// model: the spread borderFactor is the median of.
	borderRatios []float64
	locations    map[string]*Location
	// regionPlace is each region's serving place; placeSets the candidate
	// metros of those whose city is not stated; single each metro alone
	// (see PlaceMetros).
	regionPlace []int
	placeSets   [][]int
	single      []int
	sources     map[string]int
	// bases holds each profile's bases, those of a profile without any
	// made from its benchmarks (see indexBases); figures caches what
	// Figure resolves.
	bases      map[string][]Basis
	figures    map[figureKey]figureOK
	methodPrec map[string]string
	// methodErrors holds each estimate method's held-out error (see
	// checkMethods).
	methodErrors map[methodKey]MethodError
	// fallback holds the prices that stand in for unknown ones.
	fallback Fallback
	// indexed is set once index has run; priceTotal is then priceCount.
	indexed    bool
	priceTotal int
}

type benchKey struct {
	methodology, gpu, profile string
	kind                      WorkloadKind
	precision                 string
	count                     int
	latency                   bool
}

// Counts is how many of each thing the catalog holds.
type Counts struct {
	GPUs       int `json:"gpus"`
	Profiles   int `json:"profiles"`
	Benchmarks int `json:"benchmarks"`
	Providers  int `json:"providers"`
	Regions    int `json:"regions"`
	Offers     int `json:"offers"`
	// Prices counts the offers' prices, one per offer and pricing model
	// it is sold under: what the offers explorer lists.
	Prices       int `json:"prices"`
	Metros       int `json:"metros"`
	LatencyPairs int `json:"latency_pairs"`
	Countries    int `json:"countries"`
	// ServingPoints counts the LLM serving figures.
	ServingPoints int `json:"serving_points"`
}

// Counts reports the size of each section.
func (c *Catalog) Counts() Counts {
	return Counts{
		GPUs: len(c.GPUs), Profiles: len(c.Profiles), Benchmarks: len(c.Benchmarks),
		Providers: len(c.Providers), Regions: len(c.Regions), Offers: len(c.Offers),
		Metros: len(c.Metros), LatencyPairs: len(c.Latency), Countries: len(c.Countries),
		ServingPoints: len(c.Serving), Prices: c.prices(),
	}
}

// prices is priceCount, counted once when the catalog is indexed (pages
// show it on every answer); a catalog changed since, or never indexed, is
// counted afresh.
func (c *Catalog) prices() int {
	if c.indexed && len(c.offerRegion) == len(c.Offers) {
		return c.priceTotal
	}
	return c.priceCount()
}

// priceCount counts the prices of every offer under every pricing model.
func (c *Catalog) priceCount() int {
	n := 0
	for _, o := range c.Offers {
		for _, p := range PricingModels {
			if _, ok := o.Price(p); ok {
				n++
			}
		}
	}
	return n
}

func indexBy[T any](items []T, key func(T) string) map[string]int {
	m := make(map[string]int, len(items))
	for i, it := range items {
		m[key(it)] = i
	}
	return m
}

// index builds the lookups of a validated catalog.
func (c *Catalog) index() {
	c.gpus = indexBy(c.GPUs, func(g GPU) string { return g.ID })
	c.profiles = indexBy(c.Profiles, func(p Profile) string { return p.ID })
	c.countries = indexBy(c.Countries, func(x Country) string { return x.Code })
	c.metros = indexBy(c.Metros, func(m Metro) string { return m.ID })
	c.providers = indexBy(c.Providers, func(p Provider) string { return p.ID })
	c.regions = indexBy(c.Regions, func(r Region) string { return r.Key() })
	c.currencies = indexBy(c.Currencies, func(r CurrencyRate) string { return r.Code })
	c.offers = indexBy(c.Offers, Offer.ID)
	c.offerRegion = make([]int, len(c.Offers))
	for i := range c.Offers {
		ri, ok := c.regions[c.Offers[i].RegionKey()]
		if !ok {
			ri = -1
		}
		c.offerRegion[i] = ri
	}
	c.sources = indexBy(c.Version.Sources, func(s Source) string { return s.ID })
	c.benchmarks = make(map[benchKey]int, len(c.Benchmarks))
	for i, b := range c.Benchmarks {
		c.benchmarks[benchKey{b.Methodology, b.GPU, b.Profile, b.Kind, b.Precision, b.GPUCount, b.LatencyMS != 0}] = i
	}
	c.indexBases()
	c.indexLatency()
	c.indexLocations()
	c.indexPlaces()
	c.indexSpotOutliers()
	c.indexFallbacks()
	c.indexServing()
	c.cpus = indexBy(c.CPUs, func(p CPU) string { return p.ID })
	c.indexCPUServing()
	c.priceTotal, c.indexed = c.priceCount(), true
}

const missingPair = int(^uint(0) >> 1)

// MetroIndex returns the position of a metro in Metros, or -1.
func (c *Catalog) MetroIndex(id string) int {
	if i, ok := c.metros[id]; ok {
		return i
	}
	return -1
}

// MetroRTT is the round trip between metros a and b (indexes into Metros).
func (c *Catalog) MetroRTT(a, b int) float64 { return c.rtt[a*len(c.Metros)+b] }

// Pair returns the latency figure between metros a and b with its
// provenance; pairs the data lacks come back estimated.
func (c *Catalog) Pair(a, b int) LatencyPair {
	k := c.pair[a*len(c.Metros)+b]
	if k < 0 {
		return c.derived[-k-1]
	}
	return c.Latency[k]
}

func lookup[T any](items []T, idx map[string]int, id string) (T, bool) {
	i, ok := idx[id]
	if !ok {
		var zero T
		return zero, false
	}
	return items[i], true
}

// GPU returns the GPU model with the given id.
func (c *Catalog) GPU(id string) (GPU, bool) { return lookup(c.GPUs, c.gpus, id) }

// Profile returns the workload profile with the given id.
func (c *Catalog) Profile(id string) (Profile, bool) { return lookup(c.Profiles, c.profiles, id) }

// Country returns the country with the given ISO alpha-2 code.
func (c *Catalog) Country(code string) (Country, bool) {
	return lookup(c.Countries, c.countries, code)
}

// Metro returns the metro with the given id.
func (c *Catalog) Metro(id string) (Metro, bool) { return lookup(c.Metros, c.metros, id) }

// Provider returns the provider with the given id.
func (c *Catalog) Provider(id string) (Provider, bool) {
	return lookup(c.Providers, c.providers, id)
}

// ProviderLabel names a provider as pages label it (its short name), or
// by its id when the catalog (which may be nil) does not have it.
func (c *Catalog) ProviderLabel(id string) string {
	if c != nil {
		if p, ok := c.Provider(id); ok {
			return p.Label()
		}
	}
	return id
}

// RegionLabel names a region by its key ("provider:region") as a person
// reads it: the provider's name and the region's id ("AWS us-east-1"), or
// the provider's name alone where the id is the catalog's own (OwnID).
func (c *Catalog) RegionLabel(key string) string {
	provider, id, ok := strings.Cut(key, ":")
	if !ok {
		return key
	}
	if r, ok := c.Region(key); ok && r.OwnID {
		return c.ProviderLabel(provider)
	}
	return c.ProviderLabel(provider) + " " + id
}

// Region returns the region with the key "provider:region".
func (c *Catalog) Region(key string) (Region, bool) { return lookup(c.Regions, c.regions, key) }

// OfferRegion returns the index in Regions of the region of Offers[i], and
// false when the catalog has not indexed it (or the region is missing).
func (c *Catalog) OfferRegion(i int) (int, bool) {
	if len(c.offerRegion) != len(c.Offers) || i < 0 || i >= len(c.offerRegion) || c.offerRegion[i] < 0 {
		return 0, false
	}
	return c.offerRegion[i], true
}

// Offer returns the offer with the id "provider:region:instance_type".
func (c *Catalog) Offer(id string) (Offer, bool) { return lookup(c.Offers, c.offers, id) }

// Source returns the source with the given id.
func (c *Catalog) Source(id string) (Source, bool) {
	return lookup(c.Version.Sources, c.sources, id)
}

// Rate returns the USD rate of a currency.
func (c *Catalog) Rate(code string) (CurrencyRate, bool) {
	return lookup(c.Currencies, c.currencies, code)
}

// measured returns the figure of one methodology for one configuration: a
// throughput, or a latency when latency is set.
func (c *Catalog) measured(methodology, gpu, profile string, kind WorkloadKind, precision string, count int, latency bool) (Benchmark, bool) {
	i, ok := c.benchmarks[benchKey{methodology, gpu, profile, kind, precision, count, latency}]
	if !ok {
		return Benchmark{}, false
	}
	return c.Benchmarks[i], true
}

// Efficiency returns the parallel efficiency of count GPUs in one node over
// interconnect (scope ScopeNode) or of count nodes (ScopeCluster). Counts
// between data points are interpolated linearly; beyond the last point the
// last efficiency holds. One is always 1.
func (c *Catalog) Efficiency(scope, interconnect string, count int) float64 {
	if count <= 1 {
		return 1
	}
	type point struct {
		n int
		e float64
	}
	pts := []point{{1, 1}}
	for _, s := range c.Scaling {
		if s.Scope == scope && (scope == ScopeCluster || s.Interconnect == interconnect) {
			pts = append(pts, point{s.Count, s.Efficiency})
		}
	}
	sort.Slice(pts, func(i, j int) bool { return pts[i].n < pts[j].n })
	for i := 1; i < len(pts); i++ {
		if count <= pts[i].n {
			lo, hi := pts[i-1], pts[i]
			return lo.e + (hi.e-lo.e)*float64(count-lo.n)/float64(hi.n-lo.n)
		}
	}
	return pts[len(pts)-1].e
}
