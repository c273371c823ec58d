package advisor

// What the advisor derives from a catalog alone, worked out once per
// catalog instead of once per answer: each offer's region, metro, GPU,
// prices and kind of node, and each region's GDPR verdicts and egress
// prices.

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"weak"

	"gpuplace/internal/catalog"
)

// catalogFacts is what the advisor derives from one catalog, whatever the
// request: indexes and values, never a pointer to the catalog itself, so
// caching them does not keep a catalog alive.
type catalogFacts struct {
	offers []offerFacts
	// briefs are what the pass over the offers reads of every offer,
	// side by side (see offerBrief).
	briefs []offerBrief
	// nodes lists the distinct kinds of instance: GPU, interconnect,
	// count and share (see nodeClass).
	nodes []nodeClass
	// gpuKinds is how many distinct GPU kinds of offer there are (see
	// gpuKind), and gpuOffers, by GPU, its offers' indexes in catalog
	// order; cpuOffers are the CPU servers'.
	gpuKinds  int
	gpuOffers [][]int32
	cpuOffers []int32
	// regions holds, for each of GDPRModes, each region's verdict (see
	// complianceOf).
	regions [][]regionVerdict
	// egress holds each region's internet egress tiers (see egressTiers)
	// with float prices, for ranking, and egressClass the index of each
	// region's tiers among the distinct ones: regions with equal tiers
	// share one slice and one class. regionAt is each region's index by its
	// "provider:region".
	egress      [][]egressTier
	egressClass []int
	regionAt    map[string]int
	// filteredBorder is, by region, whether its country filters traffic
	// at its border (catalog.Country.FilteredBorder).
	filteredBorder []bool
	// ownCountry is, by region, its country where regions serve only
	// their own country's users under ChinaRegionsOwnUsers (mainland
	// China: catalog.Country.ICPRequired), "" elsewhere; placeOwnCountry
	// the same by serving place (see catalog.Catalog.RegionPlace).
	ownCountry, placeOwnCountry []string
	// filters keeps the usable offers of questions that filter alike (see
	// filterCache), for facts kept with their catalog (nil otherwise).
	filters *filterCache
}

// egressTier is a catalog.EgressTier with its price as a float.
type egressTier struct {
	fromGB, toGB, usdPerGB float64
}

// regionVerdict is complianceOf's answer for one region under one GDPR
// mode.
type regionVerdict struct {
	comp   Compliance
	ok     bool
	reason string
}

// verdict is region ri's verdict under a GDPR mode.
func (f *catalogFacts) verdict(mode GDPRMode, ri int) *regionVerdict {
	return &f.regions[slices.Index(GDPRModes, mode)][ri]
}

// offerFacts is what an answer needs to know about Offers[i] before the
// request says anything.
type offerFacts struct {
	region, metro int    // indexes into Regions and serving places (catalog.Catalog.RegionPlace; −1: unknown)
	regionKey     string // the region's "provider:region"
	gpu           int    // index into GPUs (−1: a CPU server)
	cpu           int    // index into CPUs (−1: a GPU offer)
	node          int    // index into catalogFacts.nodes
	// kind is the index of the offer's GPU, GPU count and share sold
	// among the catalog's (gpuKinds; −1: a CPU server): what an LLM's
	// sizing depends on (see llmSizingOf).
	kind      int
	prices    offerPrices
	hourlyUSD [5]float64 // prices as floats, for ranking (see usable.hourlyFloat)
	pue       float64    // the provider's PUE (see catalog.Catalog.PUE; NaN: none)
	// bandShare is the monthly interruption share of the offer's spot
	// band (see bandShare), and spotRate its interruptions per
	// instance-hour (see interruptionRate).
	bandShare, spotRate float64
	// storageUSD is the provider's storage price, USD per GB-month (see
	// catalog.Catalog.StoragePrice).
	storageUSD float64
}

// offerBrief is what the pass over the offers (filterEach) reads of every
// offer before it knows the offer may serve: a few words side by side,
// where an offer and its facts take eight cache lines between them. The
// pass reads an offer in full only where it may serve.
type offerBrief struct {
	region, metro, gpu, kind int32 // as in offerFacts
	// sold has bit k set where the offer has a price to plan with under
	// catalog.PricingModels[k] (offerPrices.sold).
	sold uint8
	cpu  bool // a CPU server (catalog.Offer.IsCPU)
	// located is whether the region's source states where it is
	// (catalog.Region.Located).
	located bool
}

// briefOf is an offer's brief, from its facts and its region.
func briefOf(o *catalog.Offer, of *offerFacts, r *catalog.Region) offerBrief {
	b := offerBrief{region: int32(of.region), metro: int32(of.metro), gpu: int32(of.gpu), kind: int32(of.kind), cpu: o.IsCPU(), located: r.Located()}
	for k, sold := range of.prices.sold {
		if sold {
			b.sold |= 1 << k
		}
	}
	return b
}

// nodeClass is a kind of instance as throughput sees it: offers of one
// class have the same throughput and service time.
type nodeClass struct {
	// gpu is the GPU's index, −1 for a CPU server; cpu the CPU's index, −1
	// for a GPU offer, and count its vCPUs.
	gpu, cpu     int
	interconnect string
	count        int
	share        float64
}

// factsCache keeps each live catalog's facts. Its keys are weak: a catalog
// no longer in use is collected, and its entry removed.
var factsCache = struct {
	sync.Mutex
	m map[weak.Pointer[catalog.Catalog]]*catalogFacts
}{m: map[weak.Pointer[catalog.Catalog]]*catalogFacts{}}

// factsOf returns cat's facts, worked out on first use. A catalog is
// read-only once loaded; one built by hand and not indexed (see
// catalog.OfferRegion) may still change, so its facts are never kept.
func factsOf(cat *catalog.Catalog) (*catalogFacts, error) {
	if _, indexed := cat.OfferRegion(0); !indexed {
		return newFacts(cat)
	}
	k := weak.Make(cat)
	factsCache.Lock()
	f := factsCache.m[k]
	factsCache.Unlock()
	if f != nil {
		return f, nil
	}
	f, err := newFacts(cat)
	if err != nil {
		return nil, err
	}
	factsCache.Lock()
	defer factsCache.Unlock()
	if kept, ok := factsCache.m[k]; ok {
		return kept, nil
	}
	f.filters = new(filterCache)
	factsCache.m[k] = f
	runtime.AddCleanup(cat, func(k weak.Pointer[catalog.Catalog]) {
		factsCache.Lock()
		delete(factsCache.m, k)
		factsCache.Unlock()
	}, k)
	return f, nil
}

// newFacts works cat's facts out.
func newFacts(cat *catalog.Catalog) (*catalogFacts, error) {
	f := &catalogFacts{offers: make([]offerFacts, len(cat.Offers))}
	for _, mode := range GDPRModes {
		verdicts := make([]regionVerdict, len(cat.Regions))
		for ri := range cat.Regions {
			v := &verdicts[ri]
			v.comp, v.ok, v.reason = complianceOf(cat, mode, &cat.Regions[ri])
		}
		f.regions = append(f.regions, verdicts)
	}
	regionKeys := make([]string, len(cat.Regions))
	f.egress, f.regionAt = make([][]egressTier, len(cat.Regions)), make(map[string]int, len(cat.Regions))
	f.egressClass = make([]int, len(cat.Regions))
	f.filteredBorder = make([]bool, len(cat.Regions))
	f.ownCountry, f.placeOwnCountry = make([]string, len(cat.Regions)), make([]string, cat.PlaceCount())
	var distinct [][]egressTier // a catalog has a few dozen tables of tiers
	for i := range cat.Regions {
		r := &cat.Regions[i]
		regionKeys[i] = r.Key()
		f.regionAt[regionKeys[i]] = i
		tiers := floatTiers(egressTiers(cat, r))
		c := slices.IndexFunc(distinct, func(d []egressTier) bool { return slices.Equal(d, tiers) })
		if c < 0 {
			c, distinct = len(distinct), append(distinct, tiers)
		}
		f.egress[i], f.egressClass[i] = distinct[c], c
		if c, ok := cat.Country(r.Country); ok {
			f.filteredBorder[i] = c.FilteredBorder
			if c.ICPRequired {
				f.ownCountry[i] = c.Code
				if pl := cat.RegionPlace(i); pl >= 0 {
					f.placeOwnCountry[pl] = c.Code
				}
			}
		}
	}
	gpuAt := make(map[string]int, len(cat.GPUs))
	for i, g := range cat.GPUs {
		gpuAt[g.ID] = i
	}
	classAt := map[nodeClass]int{}
	kindAt := map[gpuKind]int{}
	f.gpuOffers = make([][]int32, len(cat.GPUs))
	pueOf := make(map[string]float64, len(cat.Providers))
	for _, p := range cat.Providers {
		pueOf[p.ID] = math.NaN()
		if pue, _, ok := cat.PUE(p.ID); ok {
			pueOf[p.ID] = pue.Value
		}
	}
	for i := range cat.Offers {
		o := &cat.Offers[i]
		ri, ok := cat.OfferRegion(i)
		if !ok || cat.Regions[ri].ID != o.Region || cat.Regions[ri].Provider != o.Provider {
			// A catalog built by hand: looked up by key.
			if ri, ok = f.regionAt[o.RegionKey()]; !ok {
				return nil, fmt.Errorf("advisor: offer %s: region missing from a validated catalog", o.ID())
			}
		}
		of := &f.offers[i]
		of.region, of.metro, of.gpu, of.cpu, of.node, of.kind = ri, cat.RegionPlace(ri), -1, -1, -1, -1
		of.regionKey = regionKeys[ri]
		of.prices = pricesOf(o)
		of.pue = pueOf[o.Provider]
		of.bandShare = bandShare(cat, o)
		band, _ := spotBand(cat, o)
		of.spotRate = interruptionRate(band)
		storage, _ := cat.StoragePrice(o.Provider)
		of.storageUSD = storage.InexactFloat64()
		for k := range of.prices.usd {
			if of.prices.sold[k] {
				of.hourlyUSD[k] = toFloat(of.prices.usd[k])
			}
		}
		var nc nodeClass
		if o.IsCPU() {
			if of.cpu = cat.CPUIndex(o.CPU); of.cpu < 0 {
				return nil, fmt.Errorf("advisor: offer %s: CPU %s missing from a validated catalog", o.ID(), o.CPU)
			}
			nc = nodeClass{gpu: -1, cpu: of.cpu, count: o.VCPUs}
			f.cpuOffers = append(f.cpuOffers, int32(i))
		} else {
			gi, ok := gpuAt[o.GPU]
			if !ok {
				return nil, fmt.Errorf("advisor: offer %s: GPU %s missing from a validated catalog", o.ID(), o.GPU)
			}
			of.gpu = gi
			nc = nodeClass{gpu: gi, cpu: -1, interconnect: nodeInterconnect(o, &cat.GPUs[gi]), count: o.GPUCount, share: share(o)}
			f.gpuOffers[gi] = append(f.gpuOffers[gi], int32(i))
			k := gpuKind{gpu: gi, count: o.GPUCount, share: share(o)}
			kind, seen := kindAt[k]
			if !seen {
				kind = len(kindAt)
				kindAt[k] = kind
			}
			of.kind = kind
		}
		c, seen := classAt[nc]
		if !seen {
			c = len(f.nodes)
			classAt[nc] = c
			f.nodes = append(f.nodes, nc)
		}
		of.node = c
	}
	f.briefs = make([]offerBrief, len(cat.Offers))
	for i := range cat.Offers {
		f.briefs[i] = briefOf(&cat.Offers[i], &f.offers[i], &cat.Regions[f.offers[i].region])
	}
	f.gpuKinds = len(kindAt)
	return f, nil
}

// gpuKind is a kind of GPU offer as an LLM's sizing sees it: its GPU, how
// many it has and the share of each sold.
type gpuKind struct {
	gpu, count int
	share      float64
}
