// Package advisor turns a workload, its users, its data-residency needs and
// its pricing preferences into one recommendation with a total cost, ranked
// alternatives and the reasons for both.
//
// Recommend is pure and deterministic: no I/O, no clock, no randomness, so
// the same catalog and request always give the same result.
package advisor

import (
	"slices"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// GDPRMode is how a request's data must stay within data-residency law.
type GDPRMode string

// GDPR modes.
const (
	GDPRNone       GDPRMode = "none"
	GDPREU         GDPRMode = "eu"          // EU/EEA only
	GDPREUAdequacy GDPRMode = "eu_adequacy" // EU/EEA plus countries with an adequacy decision
	// GDPREUSovereign: an EU/EEA region of a provider headquartered in the
	// EU/EEA, out of reach of non-EU law such as the US CLOUD Act.
	GDPREUSovereign GDPRMode = "eu_sovereign"
)

// GDPRModes lists the GDPR modes in display order.
var GDPRModes = []GDPRMode{GDPRNone, GDPREU, GDPREUAdequacy, GDPREUSovereign}

// GDPRModeNames are the GDPR modes as requests write them, in display
// order.
func GDPRModeNames() []string {
	out := make([]string, len(GDPRModes))
	for i, m := range GDPRModes {
		out[i] = string(m)
	}
	return out
}

// DefaultPricing returns the pricing models a request of a kind allows when
// it names none: all of them for training; for inference all but spot,
// which serves only when asked for (a reclaimed replica drops requests).
func DefaultPricing(kind catalog.WorkloadKind) []catalog.PricingModel {
	if kind == catalog.KindInference {
		return slices.DeleteFunc(slices.Clone(catalog.PricingModels), func(pm catalog.PricingModel) bool { return pm == catalog.Spot })
	}
	return slices.Clone(catalog.PricingModels)
}

// Objectives.
const (
	ObjectiveCost     = "cost"
	ObjectiveLatency  = "latency"
	ObjectiveBalanced = "balanced"
	// ObjectiveCarbon: the lowest emissions among the placements that
	// meet the hard limits and, for serving, the latency target (or come
	// near-best).
	ObjectiveCarbon = "carbon"
)

// Defaults used wherever a request leaves a field out (zero). The API, the
// form and the command line all go through WithDefaults.
const (
	DefaultPrecision         = "mixed"
	DefaultGDPR              = GDPRNone
	DefaultObjective         = ObjectiveCost
	DefaultCurrency          = catalog.BaseCurrency
	DefaultLatencyMS         = 100
	DefaultMonths            = 12
	DefaultCheckpointMinutes = 30
	// TargetUtilisation is how busy a serving replica may be at peak load;
	// the headroom absorbs bursts inside a second.
	TargetUtilisation = 0.7
	// MeetsTargetShare is the share of users (percent) that must be within
	// the latency target for a placement to count as meeting it (see
	// reaches).
	MeetsTargetShare = 95.0
)

// shareSlack is how far under a share threshold a share of users within
// the target may fall and still reach it: such a share adds up the weights
// of many user points, and the floating-point sum of what is exactly 95 %
// can come out as 94.99999999999999.
const shareSlack = 1e-9

// reaches reports whether within, a share of users within the target
// (percent), reaches threshold (percent), up to that rounding.
func reaches(within, threshold float64) bool { return within >= threshold-shareSlack }

// Request is everything a buyer tells the advisor. Zero values mean "use the
// default" where a default exists (see WithDefaults).
type Request struct {
	Workload Workload    `json:"workload"`
	Users    []UserShare `json:"users"`
	GDPR     GDPRMode    `json:"gdpr"`
	// Countries allows regions only in these countries (ISO alpha-2);
	// empty allows any.
	Countries []string               `json:"countries"`
	Data      Data                   `json:"data"`
	Pricing   []catalog.PricingModel `json:"pricing"`
	// CheckpointMinutes is how often a spot training job saves its state;
	// nil means the default, 0 means never.
	CheckpointMinutes *float64 `json:"checkpoint_minutes,omitempty"`
	Providers         []string `json:"providers"`
	GPUs              []string `json:"gpus"`
	// Accelerator says what may serve: AcceleratorGPU, AcceleratorCPU
	// (CPU servers only) or AcceleratorAny (both compete; the default for
	// inference, CPU servers serving only profiles with CPU figures).
	Accelerator string           `json:"accelerator,omitempty"`
	Budget      *decimal.Decimal `json:"budget,omitempty"`
	Objective   string           `json:"objective"`
	Currency    string           `json:"currency"`
	// AllowUnlocated lets regions whose source states no country serve a
	// latency question, their round trips a range over where they may be
	// (catalog.Region.Area); without it they serve no inference.
	AllowUnlocated bool `json:"allow_unlocated,omitempty"`
	// CarbonPrice is a price on emissions, in Currency per tonne of CO2e:
	// it adds to each placement's cost in the ranking, never to its total
	// (0: none).
	CarbonPrice float64 `json:"carbon_price,omitempty"`
	// MinRegions asks serving from at least this many regions in
	// different metros, each sized so that the others carry the whole
	// peak when one fails (0 or 1: no such floor); Redundancy says what
	// the regions must differ in besides their metro.
	MinRegions int    `json:"min_regions,omitempty"`
	Redundancy string `json:"redundancy,omitempty"`
	// ChinaRegions says whom regions in mainland China may serve:
	// ChinaRegionsOwnUsers (the default for serving) only users in
	// mainland China, ChinaRegionsAllow anyone.
	ChinaRegions string `json:"china_regions,omitempty"`
	// sub marks a question the answer asks of itself (another precision's
	// cheapest, see withPrecisionAlternatives): its answer asks no more.
	sub bool
	// variation marks a what-if's variation of the question, whose pick
	// alone is read: its answer asks for no cheaper answer meeting the
	// target (see withCheapestMeetingTarget).
	variation bool
}

// What may serve a request (Request.Accelerator).
const (
	AcceleratorGPU = catalog.AcceleratorGPU
	AcceleratorCPU = catalog.AcceleratorCPU
	AcceleratorAny = "any"
)

// AcceleratorNames lists the accelerator values a request may name.
func AcceleratorNames() []string { return []string{AcceleratorGPU, AcceleratorCPU, AcceleratorAny} }

// NoGPUs is the GPU list that asks for CPU servers only ("gpus=none").
const NoGPUs = "none"

// What the regions of a failover placement differ in (Request.Redundancy).
const (
	RedundancyRegion   = "region"
	RedundancyProvider = "provider"
)

// RedundancyNames lists the redundancy values a request may name.
func RedundancyNames() []string { return []string{RedundancyRegion, RedundancyProvider} }

// Whom regions in mainland China may serve (Request.ChinaRegions). A
// mainland region serves the public only after an ICP filing, on an
// account of its own, behind a filtered border: worth it for users in
// mainland China, not for users anywhere else.
const (
	ChinaRegionsOwnUsers = "own_users"
	ChinaRegionsAllow    = "allow"
)

// ChinaRegionsNames lists the china_regions values a request may name,
// the default first.
func ChinaRegionsNames() []string { return []string{ChinaRegionsOwnUsers, ChinaRegionsAllow} }

// Workload describes the job: training (a number of samples and epochs,
// maybe by a deadline) or inference (a request load served to users).
type Workload struct {
	Kind      catalog.WorkloadKind `json:"kind"`
	Profile   string               `json:"profile"`
	Precision string               `json:"precision"`

	Samples       int64   `json:"samples"`
	Epochs        int     `json:"epochs"`
	DeadlineHours float64 `json:"deadline_hours"`

	RPS        float64 `json:"rps"`
	PeakRPS    float64 `json:"peak_rps"`
	ResponseKB float64 `json:"response_kb"`
	LatencyMS  float64 `json:"latency_ms"`
	// Months is the months of service: nil takes DefaultMonths, and a
	// stated 0 is refused (see ServiceMonths).
	Months *int `json:"months"`

	// LLM serving (profiles with an LLM section): tokens in and out of one
	// request, and the targets for time to first token as a user sees it
	// (network + queue + prefill, p95) and time per output token. For
	// these profiles LatencyMS is TTFTMS.
	InputTokens  int     `json:"input_tokens,omitempty"`
	OutputTokens int     `json:"output_tokens,omitempty"`
	TTFTMS       float64 `json:"ttft_ms,omitempty"`
	TPOTMS       float64 `json:"tpot_ms,omitempty"`
	// PrefixCachePct is the share of prompt tokens, in per cent, served
	// from the engine's prefix cache (agent and RAG traffic that repeats
	// a long prefix): the asker's statement of their traffic, not a
	// measurement. Those tokens' prefill is not computed; their KV cache
	// is still held.
	PrefixCachePct float64 `json:"prefix_cache_pct,omitempty"`
	// Engine is the serving engine an LLM is sized on (EngineNames):
	// EngineAny weighs every engine that runs on each GPU.
	Engine string `json:"engine,omitempty"`
}

// ServiceMonths is the months of service asked: 0 where none is (a
// request before WithDefaults, or training).
func (w Workload) ServiceMonths() int {
	if w.Months == nil {
		return 0
	}
	return *w.Months
}

// Months returns a request's months of service, for Workload.Months.
func Months(n int) *int { return &n }

// EngineAny asks an LLM answer to weigh every engine that runs on a GPU
// and size each offer on the one that serves the most at the targets.
const EngineAny = "any"

// EngineNames lists the engine values a request may name: any, then the
// engines an answer sizes (catalog.ServingEngines).
func EngineNames() []string { return append([]string{EngineAny}, catalog.ServingEngines...) }

// UserShare is a group of users: a location (ISO alpha-2 country or metro
// id) and its relative weight.
type UserShare struct {
	Location string  `json:"location"`
	Share    float64 `json:"share"`
}

// Data is the training dataset: its size and where it lives now
// ("provider:region"; empty when it is uploaded from elsewhere).
type Data struct {
	DatasetGB float64 `json:"dataset_gb"`
	Location  string  `json:"location"`
}
