// Package catalog holds gpuplace's data: GPU models, workload profiles,
// benchmarks, locations, latency, providers, regions, offers and currency
// rates. A Catalog is loaded and validated once (see Load) and is read-only
// afterwards, so any number of goroutines may read it without locking.
//
// Every figure carries a Ref: the id of a Source and the date the figure
// describes. A figure that was modelled rather than measured says so
// (Estimated) and names its method.
package catalog

import "github.com/shopspring/decimal"

// Ref ties a figure to where it came from.
type Ref struct {
	// Source is the id of an entry in Version.Sources.
	Source string `json:"source"`
	// Date is the date the figure describes, as YYYY, YYYY-MM or YYYY-MM-DD.
	Date string `json:"date"`
	// Estimated marks a modelled figure; Method then says how it was made.
	Estimated bool   `json:"estimated,omitempty"`
	Method    string `json:"method,omitempty"`
}

// Source is one public document the catalog's figures come from.
type Source struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	URL     string `json:"url,omitempty"`
	Licence string `json:"licence,omitempty"`
	Note    string `json:"note,omitempty"`
}

// Version identifies one catalog snapshot.
type Version struct {
	ID       string   `json:"id"`
	Created  string   `json:"created"`
	Currency string   `json:"currency"`
	Sources  []Source `json:"sources"`
}

// Interconnect values for GPUs inside one node.
const (
	InterconnectNVLink = "nvlink"
	InterconnectPCIe   = "pcie"
)

// GPU is one accelerator model.
type GPU struct {
	ID                 string  `json:"id"`
	Name               string  `json:"name"`
	MemoryGB           float64 `json:"memory_gb"`
	MemoryBandwidthGBs float64 `json:"memory_bandwidth_gbs"`
	FP32TFLOPS         float64 `json:"fp32_tflops"`
	FP16TensorTFLOPS   float64 `json:"fp16_tensor_tflops"`
	BF16TensorTFLOPS   float64 `json:"bf16_tensor_tflops"`
	Interconnect       string  `json:"interconnect"`
	Year               int     `json:"year"`
	Ref
}

// Workload kinds.
const (
	KindTraining  = "training"
	KindInference = "inference"
)

// Precisions a benchmark or a request may name.
const (
	PrecisionFP32  = "fp32"
	PrecisionMixed = "mixed"
)

// Profile is a workload the advisor knows how to size.
type Profile struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Unit is what throughput counts: "image", "sequence" or "token".
	Unit string `json:"unit"`
	// MemoryGB is the GPU memory one replica or one training process needs.
	MemoryGB  float64           `json:"memory_gb"`
	Training  *TrainingProfile  `json:"training,omitempty"`
	Inference *InferenceProfile `json:"inference,omitempty"`
	Ref
}

// TrainingProfile holds a profile's default training job.
type TrainingProfile struct {
	Dataset        string  `json:"dataset"`
	DefaultSamples int64   `json:"default_samples"`
	DefaultEpochs  int     `json:"default_epochs"`
	DatasetGB      float64 `json:"dataset_gb"`
}

// InferenceProfile holds what one request of a profile costs.
type InferenceProfile struct {
	// UnitsPerRequest converts benchmark throughput (units/s) into requests/s,
	// e.g. 256 generated tokens per chat answer.
	UnitsPerRequest float64 `json:"units_per_request"`
	// ComputeMS is the service time of one request on ReferenceGPU; on other
	// GPUs it scales with their measured throughput.
	ComputeMS    float64 `json:"compute_ms"`
	ReferenceGPU string  `json:"reference_gpu"`
	// DefaultResponseKB is the response size used when a request names none.
	DefaultResponseKB float64 `json:"default_response_kb"`
}

// Benchmark is a measured (or derived) throughput of a profile on a GPU.
type Benchmark struct {
	GPU       string `json:"gpu"`
	Profile   string `json:"profile"`
	Kind      string `json:"kind"`
	Precision string `json:"precision"`
	GPUCount  int    `json:"gpu_count"`
	// Throughput is for the whole system of GPUCount GPUs, in Unit per second.
	Throughput float64 `json:"throughput"`
	Unit       string  `json:"unit"`
	Ref
}

// Scaling scopes.
const (
	ScopeNode    = "node"    // n GPUs in one node over Interconnect
	ScopeCluster = "cluster" // n nodes over the data-centre network
)

// Scaling is the parallel efficiency of Count GPUs (ScopeNode) or Count nodes
// (ScopeCluster) relative to perfect linear scaling.
type Scaling struct {
	Scope        string  `json:"scope"`
	Interconnect string  `json:"interconnect,omitempty"`
	Count        int     `json:"count"`
	Efficiency   float64 `json:"efficiency"`
	Ref
}

// City is a populated place inside a country; users of a country are spread
// over its cities in proportion to Population.
type City struct {
	Name       string  `json:"name"`
	Lat        float64 `json:"lat"`
	Lon        float64 `json:"lon"`
	Population int64   `json:"population"`
}

// Adequacy scopes of an EU adequacy decision.
const (
	AdequacyNone    = ""
	AdequacyFull    = "full"
	AdequacyPartial = "partial"
)

// Country is an ISO 3166 country usable as a user location.
type Country struct {
	Code       string  `json:"code"` // ISO 3166-1 alpha-2
	Name       string  `json:"name"`
	Lat        float64 `json:"lat"`
	Lon        float64 `json:"lon"`
	Population int64   `json:"population"`
	EUEEA      bool    `json:"eu_eea"`
	// Adequacy is AdequacyFull or AdequacyPartial when the EU has found the
	// country's data protection adequate; AdequacyNote states the scope.
	Adequacy     string `json:"adequacy,omitempty"`
	AdequacyNote string `json:"adequacy_note,omitempty"`
	// FilteredBorder marks a country whose traffic to and from abroad
	// passes a national filter (mainland China's): estimated paths across
	// its border are scaled by the ratio its known pairs show.
	FilteredBorder bool   `json:"filtered_border,omitempty"`
	Cities         []City `json:"cities"`
	Ref
}

// Metro is a city that hosts cloud regions or serves as a user location.
type Metro struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Country string  `json:"country"`
	Lat     float64 `json:"lat"`
	Lon     float64 `json:"lon"`
}

// LatencyPair is the round-trip time between two metros (either direction).
type LatencyPair struct {
	From  string  `json:"from"`
	To    string  `json:"to"`
	RTTMS float64 `json:"rtt_ms"`
	// Statistic names what RTTMS is, e.g. "monthly mean" or "midpoint of range".
	Statistic string `json:"statistic"`
	// LowMS and HighMS give a range where the source gives one.
	LowMS  float64 `json:"low_ms,omitempty"`
	HighMS float64 `json:"high_ms,omitempty"`
	// OutlierMS is set on a derived pair that stands in for a measured one
	// far from what its neighbours show: the measurement not trusted.
	OutlierMS float64 `json:"outlier_ms,omitempty"`
	Ref
}

// EgressTier is one marginal price band: gigabytes from FromGB up to ToGB
// (0 = no upper bound) cost USDPerGB each.
type EgressTier struct {
	FromGB   float64         `json:"from_gb"`
	ToGB     float64         `json:"to_gb"`
	USDPerGB decimal.Decimal `json:"usd_per_gb"`
}

// Provider is a cloud.
type Provider struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Egress prices data sent to the internet, per month, on marginal tiers.
	Egress    []EgressTier `json:"egress"`
	EgressRef Ref          `json:"egress_ref"`
	// InterRegionUSDPerGB prices data moved between two of its regions.
	InterRegionUSDPerGB decimal.Decimal `json:"inter_region_usd_per_gb"`
	// StorageUSDPerGBMonth prices object storage for a dataset.
	StorageUSDPerGBMonth decimal.Decimal `json:"storage_usd_per_gb_month"`
	StorageRef           Ref             `json:"storage_ref"`
	// DefaultSpotBand applies to offers whose spot price has no band.
	DefaultSpotBand string `json:"default_spot_band,omitempty"`
	SpotBandRef     Ref    `json:"spot_band_ref"`
}

// Region is one provider's data-centre region.
type Region struct {
	Provider string `json:"provider"`
	ID       string `json:"id"`
	Name     string `json:"name"`
	City     string `json:"city"`
	Metro    string `json:"metro"`
	Country  string `json:"country"`
	// Egress overrides the provider's internet egress tiers when set.
	Egress    []EgressTier `json:"egress,omitempty"`
	EgressRef *Ref         `json:"egress_ref,omitempty"`
	Ref
}

// Key is the region's catalog-wide id, "provider:region".
func (r Region) Key() string { return r.Provider + ":" + r.ID }

// Spot interruption bands, in interrupted instances per month.
const (
	BandUnder5 = "<5%"
	Band5to10  = "5-10%"
	Band10to15 = "10-15%"
	Band15to20 = "15-20%"
	BandOver20 = ">20%"
)

// Price is one hourly price of a whole instance, in USD.
type Price struct {
	USDPerHour decimal.Decimal `json:"usd_per_hour"`
	Ref
}

// SpotPrice is a spot price with its interruption band, when known.
type SpotPrice struct {
	Price
	// Band is one of the Band constants, or "" when unknown.
	Band    string `json:"band,omitempty"`
	BandRef *Ref   `json:"band_ref,omitempty"`
}

// Offer is one instance type in one region and its prices.
type Offer struct {
	Provider     string     `json:"provider"`
	Region       string     `json:"region"`
	InstanceType string     `json:"instance_type"`
	GPU          string     `json:"gpu"`
	GPUCount     int        `json:"gpu_count"`
	VCPUs        int        `json:"vcpus"`
	MemoryGiB    float64    `json:"memory_gib"`
	OnDemand     Price      `json:"on_demand"`
	Spot         *SpotPrice `json:"spot,omitempty"`
	Reserved1Y   *Price     `json:"reserved_1y,omitempty"`
	Reserved3Y   *Price     `json:"reserved_3y,omitempty"`
}

// RegionKey is the offer's region as "provider:region".
func (o Offer) RegionKey() string { return o.Provider + ":" + o.Region }

// ID is the offer's catalog-wide id, "provider:region:instance_type".
func (o Offer) ID() string { return o.Provider + ":" + o.Region + ":" + o.InstanceType }

// CurrencyRate converts USD into another currency: 1 USD = PerUSD units.
type CurrencyRate struct {
	Code   string          `json:"code"`
	PerUSD decimal.Decimal `json:"per_usd"`
	Ref
}

// VersionInfo describes a stored catalog version (times as RFC 3339).
type VersionInfo struct {
	ID          string
	Source      string
	CreatedAt   string
	Active      bool
	ActivatedAt string
}
