package advisor

import "gpuplace/internal/locale"

// Reasons an offer is ruled out, in the order the filters apply them.
const (
	reasonProvider = "provider"
	reasonGPU      = "gpu"
	// reasonAccelerator: a GPU offer when the request asks for CPU
	// servers only, or a CPU server that has no figure to serve with.
	reasonAccelerator = "accelerator"
	reasonGDPR        = "gdpr"
	reasonCountry     = "country"
	// reasonChinaRegions: for serving, a region in mainland China (or
	// another country whose regions serve only its own users) when none
	// of the users is there, unless the request allows it
	// (Request.ChinaRegions).
	reasonChinaRegions = "china_regions"
	// reasonSovereignty: under eu_sovereign, a region in the EU/EEA of a
	// provider headquartered outside it.
	reasonSovereignty = "sovereignty"
	// reasonCountryAssumed: under a residency rule, a region whose source
	// does not say which country it is in (catalog.Region.CountryAssumed).
	reasonCountryAssumed = "country_not_stated"
	// reasonLocationUnknown: for serving, a region whose source states no
	// country, unless the request allows it (Request.AllowUnlocated).
	reasonLocationUnknown = "location_unknown"
	// reasonPartition: a partition of a GPU, sold for inference, offered
	// to a training job.
	reasonPartition = "partition"
	reasonVCPUs     = "vcpus"
	reasonMemory    = "memory"
	// reasonHost: for an LLM, a host whose vCPUs or memory cannot feed or
	// load the model its GPUs hold (see catalog.ServingHostShortfall).
	reasonHost = "host"
	// reasonPrecision: a format the GPU has no tensor cores for (an LLM
	// in FP8 without FP8 ones, INT8 serving on Volta).
	reasonPrecision = "precision"
	// reasonEngine: a GPU the serving engine asked for does not run on.
	reasonEngine    = "engine"
	reasonBenchmark = "no_benchmark"
	reasonPricing   = "pricing"
	// reasonPriceOutlier: the only allowed price is a spot price far from
	// its peers (catalog.Offer.SpotOutlier).
	reasonPriceOutlier = "price_outlier"
	reasonDeadline     = "deadline"
	// reasonNeverFinishes: spot with no checkpoints on a job so long that
	// its expected wall time is beyond any number.
	reasonNeverFinishes = "never_finishes"
	reasonBudget        = "budget"
	// reasonNoPublicPrice: a region that sells GPUs at no public price
	// (catalog.Region.NoPublicPrice), counted once per region.
	reasonNoPublicPrice = "no_public_price"
)

var reasonOrder = []string{reasonProvider, reasonAccelerator, reasonGPU, reasonGDPR, reasonCountryAssumed, reasonSovereignty, reasonCountry, reasonChinaRegions, reasonLocationUnknown, reasonPartition, reasonVCPUs, reasonEngine, reasonPrecision, reasonMemory, reasonHost, reasonBenchmark, reasonPricing, reasonPriceOutlier, reasonDeadline, reasonNeverFinishes, reasonBudget, reasonNoPublicPrice}

// exclusions counts excluded offers by reason, keeping the first example.
type exclusions struct {
	counts   map[string]int
	examples map[string]locale.Text
	// off leaves them uncounted: an answer whose pick alone is read (see
	// withPrecisionAlternatives) says none.
	off bool
}

// add counts an excluded offer; example is called only for the first offer
// of each reason, so thousands of exclusions build one sentence each.
func (x *exclusions) add(reason string, example func() locale.Text) {
	if x.off {
		return
	}
	if x.counts == nil {
		x.counts, x.examples = map[string]int{}, map[string]locale.Text{}
	}
	if x.counts[reason] == 0 {
		x.examples[reason] = example()
	}
	x.counts[reason]++
}

// list returns the exclusions in reason order, each with its example.
func (x *exclusions) list() []Exclusion {
	out := []Exclusion{}
	for _, r := range reasonOrder {
		if n := x.counts[r]; n > 0 {
			t := x.examples[r]
			out = append(out, Exclusion{Reason: r, Count: n, ExampleText: t})
		}
	}
	return out
}
