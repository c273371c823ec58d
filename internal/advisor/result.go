package advisor

import (
	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Result is the advisor's answer: the pick, the runners-up and what was
// ruled out. Money is in Currency, as decimal strings in JSON.
type Result struct {
	CatalogVersion string `json:"catalog_version"`
	Currency       string `json:"currency"`
	// Rate is the currency's rate per USD and its date, as used (zero in
	// answers pinned before answers stated it).
	Rate     decimal.Decimal `json:"rate"`
	RateDate string          `json:"rate_date"`
	// Request is the request as answered, with every default filled in.
	Request      Request     `json:"request"`
	Pick         *Option     `json:"pick"`
	Alternatives []Option    `json:"alternatives"`
	Excluded     []Exclusion `json:"excluded"`
	// NotesText says what the answer read otherwise than the question
	// wrote it: user shares that did not add up to 100, scaled to.
	NotesText []locale.Text `json:"notes_text"`
	// NearestText says, where nothing fits, the nearest value of each
	// binding limit (budget, deadline) that would give an answer.
	NearestText []locale.Text `json:"nearest_text,omitempty"`
	// Pricing compares the pick's instance under every pricing model.
	Pricing []PricingComparison `json:"pricing,omitempty"`
	// Candidates is every feasible option's cost and latency, for the
	// cost-versus-latency chart; Pareto marks the non-dominated ones.
	Candidates []Candidate `json:"candidates"`
	// BasisLabel says which figures GPUs were compared on; Basis lists
	// each figure behind the pick and the alternatives.
	BasisLabel string        `json:"basis_label,omitempty"`
	Basis      []BasisFigure `json:"basis"`
}

// BasisFigure is one figure an answer rests on: a GPU's throughput, or the
// service time of one request, on the profile's basis, with how it was
// measured or derived.
type BasisFigure struct {
	GPU     string `json:"gpu"`
	GPUName string `json:"gpu_name"`
	// CPU and CPUName name a CPU server's processor, for its figures.
	CPU     string `json:"cpu,omitempty"`
	CPUName string `json:"cpu_name,omitempty"`
	// Submitter and System name a measured server, Path its result's file
	// in the source's repository.
	Submitter string  `json:"submitter,omitempty"`
	System    string  `json:"system,omitempty"`
	Path      string  `json:"path,omitempty"`
	Profile   string  `json:"profile"`
	GPUCount  int     `json:"gpu_count"`
	Engine    string  `json:"engine"`
	Precision string  `json:"precision"`
	Format    string  `json:"format"`
	Scenario  string  `json:"scenario"`
	Value     float64 `json:"value"`
	Unit      string  `json:"unit"`
	Source    string  `json:"source"`
	Date      string  `json:"date"`
	Estimated bool    `json:"estimated"`
	Method    string  `json:"method,omitempty"`
	// ErrorPct is the held-out median absolute error of the figure's
	// method, where it is known; Unvalidated marks a method with fewer
	// than three held-out pairs.
	ErrorPct    *float64 `json:"error_pct,omitempty"`
	Unvalidated bool     `json:"unvalidated,omitempty"`
}

// Option is one way to run the workload and what it costs.
type Option struct {
	Placements  []Placement     `json:"placements"`
	Total       decimal.Decimal `json:"total"`
	Lines       []Line          `json:"lines"`
	Hours       decimal.Decimal `json:"hours"`
	CostPerUnit CostPerUnit     `json:"cost_per_unit"`
	Latency     *Latency        `json:"latency"`
	// Failover is what happens when one of the regions fails, for a
	// request with min_regions.
	Failover *Failover `json:"failover,omitempty"`
	// Carbon is the option's energy and emissions (nil: the catalog has
	// no energy figures).
	Carbon     *Carbon    `json:"carbon,omitempty"`
	Compliance Compliance `json:"compliance"`
	Throughput Throughput `json:"throughput"`
	Score      *Score     `json:"score,omitempty"`
	// Why says why this option (for the pick) or why it lost (for an
	// alternative), in sentences a buyer understands.
	Why []locale.Text `json:"why"`
	// EstimatedText lists the figures behind this option that are
	// modelled rather than measured.
	EstimatedText []locale.Text `json:"estimated_text"`
	// Risks lists every caveat a buyer must see before relying on this
	// option; quotes made from it carry them into their notes.
	Risks []Risk `json:"risks"`
	// Tokens is what an LLM service serves (LLM profiles only).
	Tokens *Tokens `json:"tokens,omitempty"`
	// CostPer1MInputTokens and CostPerUnit (LLM profiles: per 1M output
	// tokens) split the total by the GPU time prompts and answers take, so
	// that input × tokens in + output × tokens out is the total;
	// CostPer1MTokensBlended is the total over all tokens.
	CostPer1MInputTokens   *decimal.Decimal `json:"cost_per_1m_input_tokens,omitempty"`
	CostPer1MTokensBlended *decimal.Decimal `json:"cost_per_1m_tokens_blended,omitempty"`
	// Serving is an LLM option's operating point; TokenAPIs what public
	// token APIs charge for the model, cheapest first;
	// HostingCheaperFromTokensPerMonth the monthly output tokens from
	// which hosting costs less than the cheapest (nil: never).
	Serving                          *Serving        `json:"serving,omitempty"`
	TokenAPIs                        []TokenAPIPrice `json:"token_apis,omitempty"`
	HostingCheaperFromTokensPerMonth *float64        `json:"hosting_cheaper_from_tokens_per_month,omitempty"`
	// BuyOrHost sets the option's price of a million tokens beside the
	// cheapest token API's (nil: no API, or no price per token).
	BuyOrHost *BuyOrHost `json:"buy_or_host,omitempty"`
	// AverageLoad is, for an LLM option sized for a peak above the
	// average, what it would cost with its instances scaled to the
	// average load (nil when the average needs them all).
	AverageLoad *AverageLoad `json:"average_load,omitempty"`
	// CheapestMeetingTarget is, for a pick ranked by another objective
	// than cost, the cheapest answer meeting the same target where it
	// costs less than the pick (see withCheapestMeetingTarget).
	CheapestMeetingTarget *CheaperOption `json:"cheapest_meeting_target,omitempty"`
	// FinishesWithinDeadline says, for training with a deadline, whether
	// the job ends in time (always so for what is offered; kept explicit).
	FinishesWithinDeadline *bool `json:"finishes_within_deadline,omitempty"`
	// TradeOffText sums up an alternative against the pick ("+0.20 USD,
	// finishes 21.1 h earlier").
	TradeOffText *locale.Text `json:"trade_off_text,omitempty"`
	// Confidence is how far a buyer can rely on the option, and Verdict
	// whether it meets the question's target (see verdict.go).
	Confidence Confidence `json:"confidence"`
	Verdict    Verdict    `json:"verdict"`
}

// Risk kinds.
const (
	RiskSpot         = "spot"
	RiskPriceOutlier = "price_outlier"
	RiskCapacity     = "capacity"
	RiskEstimate     = "estimate"
	// RiskUnknownPrice: a price the provider does not publish, priced at
	// the dearest known, or a setup fee the source leaves open.
	RiskUnknownPrice = "unknown_price"
	// RiskQuality: a format that costs accuracy (4-bit weights).
	RiskQuality = "quality"
	// RiskRegulatory: a law or filter between the users and the place
	// (mainland China's border filter, ICP filing, PIPL).
	RiskRegulatory = "regulatory"
	// RiskStaleData: a price or exchange rate older than StaleMonths at
	// the catalog's date.
	RiskStaleData = "stale_data"
)

// RiskKinds lists every risk kind, for the API's description.
var RiskKinds = []string{RiskSpot, RiskPriceOutlier, RiskCapacity, RiskEstimate, RiskUnknownPrice, RiskQuality, RiskRegulatory, RiskStaleData}

// Risk is one caveat of an option: its kind (one of the Risk constants)
// and what a buyer should know; Source is the catalog's source of the
// fact it rests on, where the catalog has one.
type Risk struct {
	Kind    string      `json:"kind"`
	Message locale.Text `json:"message"`
	Source  string      `json:"source,omitempty"`
}

// GPUs is how many GPUs the option rents (whole or shared as sold).
func (o Option) GPUs() int {
	n := 0
	for _, p := range o.Placements {
		n += p.Machines() * p.GPUCount
	}
	return n
}

// Placement is one region of an option and what runs there.
type Placement struct {
	Provider     string `json:"provider"`
	Region       string `json:"region"`
	RegionName   string `json:"region_name"`
	City         string `json:"city"`
	Metro        string `json:"metro"`
	Country      string `json:"country"`
	InstanceType string `json:"instance_type"`
	GPU          string `json:"gpu"`
	GPUName      string `json:"gpu_name"`
	GPUCount     int    `json:"gpu_count"`
	Nodes        int    `json:"nodes"`
	Replicas     int    `json:"replicas"`
	// GPUsPerReplica is how many GPUs one copy of an LLM spans (tensor
	// parallel); Instances is how many instances hold the replicas.
	GPUsPerReplica int                  `json:"gpus_per_replica,omitempty"`
	Instances      int                  `json:"instances,omitempty"`
	Pricing        catalog.PricingModel `json:"pricing"`
	Users          []string             `json:"users"`
	// ProviderHQ is the country the provider is headquartered in.
	ProviderHQ string `json:"provider_hq"`
	// GPUFraction is 1 for whole GPUs, less for a GPU partition as sold.
	GPUFraction float64 `json:"gpu_fraction"`
	VCPUs       int     `json:"vcpus"`
	MemoryGiB   float64 `json:"memory_gib"`
	// ListedOnly is true where the source lists the price without
	// confirming capacity in the region.
	ListedOnly bool `json:"listed_only"`
	// HourlyUSD is the catalog's list price per instance-hour for Pricing.
	HourlyUSD decimal.Decimal `json:"hourly_usd"`
	// PriceDate is the date of that price at its source ("prices as of"),
	// and SourceQuality whether the source is the provider's (primary) or
	// a third party's (secondary).
	PriceDate     string `json:"price_date"`
	SourceQuality string `json:"source_quality,omitempty"`
	// CPU is a CPU server's processor (GPU empty, GPUCount 0); nil for
	// GPU offers.
	CPU *PlacementCPU `json:"cpu,omitempty"`
}

// Machines is how many instances (training nodes, serving instances)
// the placement rents: an LLM's replicas may share an instance, or span
// several GPUs of one.
func (p Placement) Machines() int {
	if p.Instances > 0 {
		return p.Instances
	}
	// A training placement has one replica on its nodes, a serving one a
	// node per replica.
	return max(p.Nodes, p.Replicas)
}

// PlacementCPU is the processor of a CPU server: its model, generation,
// the physical cores the instance gets and, where the CPU's cores per
// socket are stated, the sockets they span.
type PlacementCPU struct {
	ID         string `json:"id"`
	Model      string `json:"model"`
	Generation string `json:"generation"`
	Cores      int    `json:"cores"`
	Sockets    int    `json:"sockets,omitempty"`
}

// Line is one line of an estimate: quantity × unit price = amount, with the
// amount rounded to the currency's minor unit.
type Line struct {
	Item            string          `json:"item"` // compute, storage, data_transfer, egress
	DescriptionText locale.Text     `json:"description_text"`
	Quantity        decimal.Decimal `json:"quantity"`
	Unit            string          `json:"unit"`
	UnitPrice       decimal.Decimal `json:"unit_price"`
	Amount          decimal.Decimal `json:"amount"`
}

// CostPerUnit is the total spread over the work done: per epoch for
// training, per million requests for inference.
type CostPerUnit struct {
	Unit   string          `json:"unit"`
	Amount decimal.Decimal `json:"amount"`
}

// Tokens is what an LLM service serves on average: output tokens a
// second and a month.
type Tokens struct {
	OutputPerS float64 `json:"output_per_s"`
	PerMonth   float64 `json:"per_month"`
}

// Latency is what the users see: per group and overall.
type Latency struct {
	// TTFTMS and TPOTMS (LLM profiles): the traffic-weighted time to
	// first token as users see it (network + queue + prefill) and the
	// time per output token (the slowest place's), of replicas at the
	// planned peak (see atPlannedPeak).
	TTFTMS            float64        `json:"ttft_ms,omitempty"`
	TPOTMS            float64        `json:"tpot_ms,omitempty"`
	TargetMS          float64        `json:"target_ms"`
	WeightedMS        float64        `json:"weighted_ms"`
	ShareWithinTarget float64        `json:"share_within_target"`
	Groups            []LatencyGroup `json:"groups"`
}

// LatencyGroup is one user group's latency from the region serving it.
type LatencyGroup struct {
	Location string  `json:"location"`
	Name     string  `json:"name"`
	Share    float64 `json:"share"`
	Region   string  `json:"region"`
	RTTMS    float64 `json:"rtt_ms"`
	// ComputeMS is the GPU's service time of one request (LLM profiles:
	// the time to first token of a replica at the planned peak).
	ComputeMS float64 `json:"compute_ms"`
	TotalMS   float64 `json:"total_ms"`
	// WithinTarget is the share (percent) of the group's users within the
	// target; a country's users are spread over its cities.
	WithinTarget float64 `json:"within_target"`
	Estimated    bool    `json:"estimated"`
	// RTTRangeMS is [better, worse] where the serving region's city is not
	// stated: its round trip over the places it may be. RTTMS and the
	// target are then the worse end.
	RTTRangeMS *[2]float64 `json:"rtt_range_ms,omitempty"`
	// CrossBorder marks a path across a filtered national border (into or
	// out of mainland China): its round trip varies and loses packets at
	// peak hours.
	CrossBorder bool `json:"cross_border,omitempty"`
}

// Compliance is the data-residency verdict for an option.
type Compliance struct {
	OK   bool        `json:"ok"`
	Text locale.Text `json:"text"`
}

// Throughput is the performance figure an option was sized with.
type Throughput struct {
	PerGPU    float64 `json:"per_gpu"`
	Unit      string  `json:"unit"`
	Source    string  `json:"source"`
	Date      string  `json:"date"`
	Estimated bool    `json:"estimated"`
	Method    string  `json:"method,omitempty"`
}

// Score is the balanced objective's score and its parts (0 is best).
type Score struct {
	Value       float64 `json:"value"`
	CostPart    float64 `json:"cost_part"`
	LatencyPart float64 `json:"latency_part"`
	CostWeight  float64 `json:"cost_weight"`
	// LatencyWeight weighs latency for inference, duration for training.
	LatencyWeight float64 `json:"latency_weight"`
	// CarbonPart and CarbonWeight are emissions' share of the score.
	CarbonPart   float64 `json:"carbon_part"`
	CarbonWeight float64 `json:"carbon_weight"`
}

// Exclusion counts the offers ruled out for one reason.
type Exclusion struct {
	Reason      string      `json:"reason"`
	Count       int         `json:"count"`
	ExampleText locale.Text `json:"example_text"`
}

// PricingComparison is the pick's instance under one pricing model.
type PricingComparison struct {
	Pricing catalog.PricingModel `json:"pricing"`
	Total   decimal.Decimal      `json:"total"`
	// NoteText explains the trade-off: break-even use for reserved terms,
	// expected interruptions for spot.
	NoteText locale.Text `json:"note_text"`
}

// Candidate is one feasible option on the cost-versus-latency plane.
type Candidate struct {
	Label string  `json:"label"`
	Total float64 `json:"total"`
	// Metric is the weighted latency (ms) for inference, the duration
	// (hours) for training.
	Metric float64 `json:"metric"`
	Pareto bool    `json:"pareto"`
	Pick   bool    `json:"pick"`
	// Verdict is whether the candidate meets the question's target, as
	// an option's verdict says it (Verdict.Kind): "meets" or "misses";
	// empty where the question set no target, and in answers kept from
	// before candidates said it.
	Verdict string `json:"verdict,omitempty"`
	// ShareWithinTarget is, for serving, the share of users (percent)
	// within the latency target: a candidate whose weighted latency is
	// under the target may still leave a group beyond it.
	ShareWithinTarget *float64 `json:"share_within_target,omitempty"`
}
