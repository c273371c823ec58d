// Package catalog holds gpuplace's data: GPU models, workload profiles,
// benchmarks, locations, latency, providers, regions, offers and currency
// rates. A Catalog is loaded and validated once (see Load) and is read-only
// afterwards, so any number of goroutines may read it without locking.
//
// Every figure carries a Ref: the id of a Source and the date the figure
// describes. A figure that was modelled rather than measured says so
// (Estimated) and names its method.
package catalog

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

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
	InterconnectNVLink   = "nvlink"
	InterconnectNVSwitch = "nvswitch" // all-to-all NVLink through switches
	InterconnectPCIe     = "pcie"
	InterconnectSingle   = "single" // one GPU, or a fraction of one
)

// Network classes between instances: an RDMA fabric built for multi-node
// training (AWS EFA, InfiniBand, GCP GPUDirect) or plain Ethernet.
const (
	NetworkEFA        = "efa"
	NetworkInfiniBand = "infiniband"
	NetworkGPUDirect  = "gpudirect"
	NetworkEthernet   = "ethernet"
)

// RDMAFabric reports whether a network class is built for multi-node
// training.
func RDMAFabric(network string) bool {
	return network == NetworkEFA || network == NetworkInfiniBand || network == NetworkGPUDirect
}

// GPU is one accelerator model.
type GPU struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// TDPW is the board power (TDP) in watts, from the datasheet.
	TDPW               float64 `json:"tdp_w,omitempty"`
	TDPRef             *Ref    `json:"tdp_ref,omitempty"`
	MemoryGB           float64 `json:"memory_gb"`
	MemoryBandwidthGBs float64 `json:"memory_bandwidth_gbs"`
	FP32TFLOPS         float64 `json:"fp32_tflops"`
	FP16TensorTFLOPS   float64 `json:"fp16_tensor_tflops"`
	BF16TensorTFLOPS   float64 `json:"bf16_tensor_tflops"`
	// FP8TensorTFLOPS is dense FP8 tensor throughput; 0 for GPUs without
	// FP8 tensor cores.
	FP8TensorTFLOPS float64 `json:"fp8_tensor_tflops,omitempty"`
	FP8Ref          *Ref    `json:"fp8_ref,omitempty"`
	// FP4TensorTFLOPS is dense FP4 tensor throughput (Blackwell); 0 for
	// GPUs without FP4 tensor cores.
	FP4TensorTFLOPS float64 `json:"fp4_tensor_tflops,omitempty"`
	FP4Ref          *Ref    `json:"fp4_ref,omitempty"`
	// CardOf names the module (SXM) version of a GPU sold as a PCIe card
	// too (the H100 PCIe and NVL of the H100): the card runs its chip
	// within a lower power limit.
	CardOf string `json:"card_of,omitempty"`
	// Architecture is the chip generation (see Architectures): serving
	// efficiencies are fitted per architecture.
	Architecture string `json:"architecture,omitempty"`
	Interconnect string `json:"interconnect"`
	Year         int    `json:"year"`
	// SameChipAs names another GPU model built on the same chip at the
	// same clocks (AWS's A10G and the A10, say): where this one has no
	// figure of a basis, that one's stands in, labelled with SameChipNote.
	SameChipAs   string `json:"same_chip_as,omitempty"`
	SameChipNote string `json:"same_chip_note,omitempty"`
	// Int8TensorCores is false where the maker's documents show the GPU
	// has no INT8 tensor cores (Volta, Pascal), with Int8Ref; absent, it
	// has them.
	Int8TensorCores *bool `json:"int8_tensor_cores,omitempty"`
	Int8Ref         *Ref  `json:"int8_ref,omitempty"`
	Ref
}

// HasInt8TensorCores reports whether the GPU runs INT8 on tensor cores.
func (g GPU) HasInt8TensorCores() bool { return g.Int8TensorCores == nil || *g.Int8TensorCores }

// Methodology is how a set of benchmarks was measured, as far as
// comparing GPUs goes: its engine family and its numeric format.
type Methodology struct {
	ID string `json:"id"`
	// Family is the engine family (MethodologyFamilies): TensorRT (also
	// under Triton, ONNX Runtime or Paddle), or PyTorch.
	Family string `json:"family"`
	// Format is the numeric format class (MethodologyFormats): int8, fp16
	// (FP16 and AMP) or fp32 (FP32 and TF32).
	Format string `json:"format"`
}

// Methodology families and format classes.
var (
	MethodologyFamilies = []string{"tensorrt", "pytorch"}
	MethodologyFormats  = []string{"int8", "fp16", "fp32"}
)

// Maker is who makes the GPU, the first word of its name ("NVIDIA",
// "AMD"): engines and interconnects differ between makers.
func (g GPU) Maker() string {
	maker, _, _ := strings.Cut(strings.TrimSpace(g.Name), " ")
	return maker
}

// WorkloadKind is what a workload does: train a model or serve one.
type WorkloadKind string

// Workload kinds.
const (
	KindTraining  WorkloadKind = "training"
	KindInference WorkloadKind = "inference"
)

// Precisions a benchmark or a request may name: FP32 (TF32 on GPUs that
// have it), mixed (FP16/BF16), and the 8- and 4-bit formats of inference
// engines.
const (
	PrecisionFP32  = "fp32"
	PrecisionMixed = "mixed"
	PrecisionFP8   = "fp8"
	PrecisionINT8  = "int8"
	PrecisionINT4  = "int4"
	PrecisionFP4   = "fp4"
)

// Precisions lists every precision, in display order.
var Precisions = []string{PrecisionFP32, PrecisionMixed, PrecisionFP8, PrecisionINT8, PrecisionFP4, PrecisionINT4}

// GPU architectures, as GPU.Architecture names them.
const (
	ArchPascal    = "pascal"
	ArchVolta     = "volta"
	ArchTuring    = "turing"
	ArchAmpere    = "ampere"
	ArchAda       = "ada"
	ArchHopper    = "hopper"
	ArchBlackwell = "blackwell"
	ArchCDNA3     = "cdna3"
)

// Architectures lists the GPU architectures, oldest first.
var Architectures = []string{ArchPascal, ArchVolta, ArchTuring, ArchAmpere, ArchAda, ArchHopper, ArchBlackwell, ArchCDNA3}

// Benchmark scenarios: how a figure was measured.
const (
	ScenarioTraining     = "training"      // training throughput
	ScenarioOffline      = "offline"       // MLPerf Offline: throughput at the batch the submitter chose
	ScenarioServer       = "server"        // MLPerf Server: throughput under a latency bound
	ScenarioSingleStream = "single_stream" // MLPerf SingleStream: one query at a time
	ScenarioMaxBatch     = "max_batch"     // the largest batch of a published table
	ScenarioBatch1       = "batch_1"       // batch 1
)

var scenarios = map[string]bool{ScenarioTraining: true, ScenarioOffline: true, ScenarioServer: true,
	ScenarioSingleStream: true, ScenarioMaxBatch: true, ScenarioBatch1: true}

// Profile is a workload the advisor knows how to size.
type Profile struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Unit is what throughput counts: "image", "sequence" or "token".
	Unit string `json:"unit"`
	// MemoryGB is the GPU memory one training process needs (and one
	// serving replica, where the profile states no ServingMemory).
	MemoryGB  float64           `json:"memory_gb"`
	Training  *TrainingProfile  `json:"training,omitempty"`
	Inference *InferenceProfile `json:"inference,omitempty"`
	// LLM makes an inference profile a language model served token by
	// token: its size, its KV cache and its default request (see llm.go).
	LLM *LLMProfile `json:"llm,omitempty"`
	// Bases says, per kind and precision, which figures GPUs are compared
	// on (see Basis). A profile without bases compares each kind and
	// precision on whatever benchmarks it has.
	Bases []Basis `json:"bases,omitempty"`
	Ref
}

// Basis is the one methodology GPUs are compared on for a profile, a kind
// and a precision. Throughput names the methodology whose figures size the
// work; Latency (inference) the one whose figures give a request's service
// time. A GPU without a figure there gets one derived by a cross-walk: the
// ratio of it to a GPU measured in both, within one of the Crosswalk (or
// LatencyCrosswalk) methodologies, in that order.
type Basis struct {
	Kind      WorkloadKind `json:"kind"`
	Precision string       `json:"precision"`
	// Default marks the precision a request of this kind gets when it
	// names none.
	Default bool `json:"default,omitempty"`
	// Label says honestly what the figures are: engine, format, scenario.
	Label            string   `json:"label"`
	Throughput       string   `json:"throughput"`
	Latency          string   `json:"latency,omitempty"`
	Crosswalk        []string `json:"crosswalk,omitempty"`
	LatencyCrosswalk []string `json:"latency_crosswalk,omitempty"`
}

// TrainingProfile holds a profile's default training job.
type TrainingProfile struct {
	Dataset        string  `json:"dataset"`
	DefaultSamples int64   `json:"default_samples"`
	DefaultEpochs  int     `json:"default_epochs"`
	DatasetGB      float64 `json:"dataset_gb"`
	// MinVCPUsPerGPU is the fewest vCPUs per GPU that keep the input
	// pipeline fed; instances with fewer are excluded (0: no floor).
	MinVCPUsPerGPU float64 `json:"min_vcpus_per_gpu,omitempty"`
	MinVCPUsRef    *Ref    `json:"min_vcpus_ref,omitempty"`
	// CPU is what one vCPU of the input pipeline supplies (decoding and
	// augmenting), when the profile's input needs the CPU.
	CPU *CPUBound `json:"cpu,omitempty"`
}

// CPUBound is the input pipeline's rate on the CPU: units (images) one
// vCPU prepares a second. An instance serves or trains at most its vCPUs
// times this, whatever its GPUs could.
type CPUBound struct {
	PerVCPU float64 `json:"per_vcpu"`
	// Work names, in a few words, what the CPU does to each unit:
	// "decoding and resizing JPEGs".
	Work string `json:"work"`
	Ref
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
	// CPU is what one vCPU of the serving pipeline supplies (decoding and
	// resizing a request's input), when the input needs the CPU.
	CPU *CPUBound `json:"cpu,omitempty"`
	// Memory is what one serving replica needs, apart from the training
	// footprint (MemoryGB): smaller, so GPU partitions can hold it.
	Memory *ServingMemory `json:"memory,omitempty"`
}

// ServingMemory is the GPU memory one replica needs to serve: the runtime
// (CUDA context and engine), the weights in their serving format, and the
// activations of Batch requests in flight.
type ServingMemory struct {
	RuntimeGB float64 `json:"runtime_gb"`
	WeightsGB float64 `json:"weights_gb"`
	// ActivationGB is per request in flight; Batch is the batch the
	// throughput basis is measured at, which a replica must hold to
	// serve at that throughput.
	ActivationGB float64 `json:"activation_gb"`
	Batch        int     `json:"batch"`
	Ref
}

// GB is the memory a replica needs.
func (m ServingMemory) GB() float64 {
	return m.RuntimeGB + m.WeightsGB + m.ActivationGB*float64(m.Batch)
}

// ServingMemoryGB is the GPU memory one serving replica of the profile
// needs: its ServingMemory, else its MemoryGB.
func (p Profile) ServingMemoryGB() float64 {
	if in := p.Inference; in != nil && in.Memory != nil {
		return in.Memory.GB()
	}
	return p.MemoryGB
}

// CPUFor is the input pipeline's CPU bound for a workload of a kind, nil
// when the profile states none.
func (p Profile) CPUFor(kind WorkloadKind) *CPUBound {
	switch {
	case kind == KindTraining && p.Training != nil:
		return p.Training.CPU
	case kind == KindInference && p.Inference != nil:
		return p.Inference.CPU
	}
	return nil
}

// MemoryFor is the GPU memory a workload of a kind needs.
func (p Profile) MemoryFor(kind WorkloadKind) float64 {
	if kind == KindInference {
		return p.ServingMemoryGB()
	}
	return p.MemoryGB
}

// Benchmark is a measured (or derived) throughput, or latency, of a profile
// on a GPU, with how it was measured.
type Benchmark struct {
	GPU       string       `json:"gpu"`
	Profile   string       `json:"profile"`
	Kind      WorkloadKind `json:"kind"`
	Precision string       `json:"precision"`
	GPUCount  int          `json:"gpu_count"`
	// Methodology groups the figures measured alike (one source, engine,
	// format and scenario): only figures of one methodology are compared
	// as they are (see Basis).
	Methodology string `json:"methodology,omitempty"`
	Engine      string `json:"engine,omitempty"`
	// Format is the numeric format as run: "INT8", "FP16", "AMP (FP16
	// mixed)", "TF32".
	Format    string `json:"format,omitempty"`
	Scenario  string `json:"scenario,omitempty"`
	BatchSize int    `json:"batch_size,omitempty"`
	// System is the measured machine, where the source names it.
	System string `json:"system,omitempty"`
	// Throughput is for the whole system of GPUCount GPUs, in Unit per
	// second; a latency figure has LatencyMS (per request) instead, with
	// its Statistic ("p90", "mean").
	Throughput float64 `json:"throughput,omitempty"`
	LatencyMS  float64 `json:"latency_ms,omitempty"`
	Statistic  string  `json:"statistic,omitempty"`
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
	FilteredBorder bool `json:"filtered_border,omitempty"`
	// ICPRequired marks a country where serving the public from inside
	// needs a filing with the state first (mainland China's ICP filing).
	ICPRequired bool `json:"icp_required,omitempty"`
	ICPRef      *Ref `json:"icp_ref,omitempty"`
	// DataExportRef is where the country's rule on personal data leaving
	// it is read (mainland China's PIPL, Article 38), where it has one.
	DataExportRef *Ref   `json:"data_export_ref,omitempty"`
	Cities        []City `json:"cities"`
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

// Kinds of provider.
const (
	KindHyperscaler = "hyperscaler" // a global cloud (AWS, Google Cloud, Azure)
	KindGPUCloud    = "gpu_cloud"   // a cloud that mainly rents GPUs
	KindDedicated   = "dedicated"   // dedicated servers rented by the month
)

// ProviderKinds lists the kinds of provider in display order.
var ProviderKinds = []string{KindHyperscaler, KindGPUCloud, KindDedicated}

// Provider is a cloud or a hosting company.
type Provider struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// ShortName is what tables call the provider, when shorter than Name.
	ShortName string `json:"short_name,omitempty"`
	// HQCountry is the country the provider is headquartered in (whose law
	// reaches its data), with its source.
	HQCountry string `json:"hq_country"`
	HQRef     Ref    `json:"hq_ref"`
	// Kind is one of ProviderKinds.
	Kind string `json:"kind"`
	// Egress prices data sent to the internet, per month, on marginal
	// tiers. No tiers means the price is unknown (EgressRef says so); it is
	// never read as free.
	Egress    []EgressTier `json:"egress"`
	EgressRef Ref          `json:"egress_ref"`
	// InterRegionUSDPerGB prices data moved between two of its regions.
	InterRegionUSDPerGB decimal.Decimal `json:"inter_region_usd_per_gb"`
	InterRegionRef      *Ref            `json:"inter_region_ref,omitempty"`
	// StorageUSDPerGBMonth prices object storage for a dataset; nil when
	// the provider sells none or its price is unknown (StorageRef says so).
	StorageUSDPerGBMonth *decimal.Decimal `json:"storage_usd_per_gb_month"`
	StorageRef           Ref              `json:"storage_ref"`
	// DefaultSpotBand applies to offers whose spot price has no band.
	DefaultSpotBand string `json:"default_spot_band,omitempty"`
	SpotBandRef     Ref    `json:"spot_band_ref"`
	// SeparateAccount marks a provider sold apart from a global one of the
	// same name (AWS China): AccountNote says what account it needs.
	SeparateAccount bool   `json:"separate_account,omitempty"`
	AccountNote     string `json:"account_note,omitempty"`
	// AccountRef is where AccountNote is read, where a source says it.
	AccountRef *Ref `json:"account_ref,omitempty"`
	// Quotas are what one customer may run of some of its instances
	// without asking the provider first, as it publishes them.
	Quotas []Quota `json:"quotas,omitempty"`
	// PUE is the power usage effectiveness it publishes for its data
	// centres (nil: none; the industry average stands in).
	PUE *EnergyFigure `json:"pue,omitempty"`
}

// Quota is a published limit on how much of some instances one customer
// runs at once without asking: Limit vCPUs or instances (0: none until
// the provider agrees) of the instance types named, or whose names start
// with one of Prefixes, per account and region or per organisation.
type Quota struct {
	InstanceTypes []string `json:"instance_types,omitempty"`
	Prefixes      []string `json:"prefixes,omitempty"`
	Unit          string   `json:"unit"`
	Limit         int      `json:"limit"`
	Scope         string   `json:"scope"`
	// Pricing lists the pricing models it limits (none: all of them).
	Pricing []PricingModel `json:"pricing,omitempty"`
	Ref
}

// Quota units and scopes.
const (
	QuotaVCPUs         = "vcpus"
	QuotaInstances     = "instances"
	QuotaAccountRegion = "account_region"
	QuotaOrganization  = "organization"
)

// Covers reports whether the quota limits an instance type bought under
// a pricing model.
func (q Quota) Covers(instanceType string, pm PricingModel) bool {
	if len(q.Pricing) > 0 && !slices.Contains(q.Pricing, pm) {
		return false
	}
	if slices.Contains(q.InstanceTypes, instanceType) {
		return true
	}
	return slices.ContainsFunc(q.Prefixes, func(p string) bool { return strings.HasPrefix(instanceType, p) })
}

// Amount is what n instances of an offer count against the quota.
func (q Quota) Amount(o *Offer, n int) int {
	if q.Unit == QuotaVCPUs {
		return n * o.VCPUs
	}
	return n
}

// Region is one provider's data-centre region.
type Region struct {
	Provider string `json:"provider"`
	ID       string `json:"id"`
	Name     string `json:"name"`
	City     string `json:"city"`
	Metro    string `json:"metro"`
	Country  string `json:"country"`
	// CountryAssumed marks a region whose source states neither its
	// country nor an area wholly inside the EU/EEA ("Europe", "global", no
	// location at all): Country is where the catalog placed it for
	// latency, which no data-residency answer may rest on. A region stated
	// as "EU" or as one of two EU/EEA countries is not so marked.
	CountryAssumed bool `json:"country_assumed,omitempty"`
	// Places are the metros a region may be at when its source states its
	// country but not its city (that country's metros), or names several
	// places (those); City then says only what is known ("" for the
	// country alone, "Stockholm, Sweden, or Oslo, Norway"), and Metro is
	// the first, for maps.
	Places []string `json:"places,omitempty"`
	// Area is where a CountryAssumed region may be, as the source puts
	// it: zones (ZoneOf) comma-separated, such as "europe" or
	// "europe,north_america", or AreaGlobal.
	Area string `json:"area,omitempty"`
	// NoPublicPrice marks a region that sells GPUs at no price anyone can
	// read without an account: it has no offers, and answers say so.
	NoPublicPrice bool `json:"no_public_price,omitempty"`
	// OwnID marks an id the catalog made up because its source names no
	// region ("unstated", "europe"): pages name such a region by its
	// provider and place, never by the id.
	OwnID bool `json:"own_id,omitempty"`
	// Carbon is the region's grid (nil: no figure, CarbonNote says why).
	Carbon     *RegionCarbon `json:"carbon,omitempty"`
	CarbonNote string        `json:"carbon_note,omitempty"`
	// Egress overrides the provider's internet egress tiers when set.
	Egress    []EgressTier `json:"egress,omitempty"`
	EgressRef *Ref         `json:"egress_ref,omitempty"`
	Ref
}

// Key is the region's catalog-wide id, "provider:region".
func (r Region) Key() string { return r.Provider + ":" + r.ID }

// Shown is the region's id as pages print it: the provider's own name for
// the region ("us-east-1"), or "" for an id the catalog made up (OwnID).
func (r Region) Shown() string {
	if r.OwnID {
		return ""
	}
	return r.ID
}

// Spot interruption bands, in interrupted instances per month.
const (
	BandUnder5 = "<5%"
	Band5to10  = "5-10%"
	Band10to15 = "10-15%"
	Band15to20 = "15-20%"
	BandOver20 = ">20%"
)

// Price is one hourly price of a whole instance. A price stated in USD has
// USDPerHour; one stated in another currency keeps it as stated (PerHour
// in Currency) and gets USDPerHour at the catalog's rate when it loads.
type Price struct {
	USDPerHour decimal.Decimal `json:"usd_per_hour,omitzero"`
	PerHour    decimal.Decimal `json:"per_hour,omitzero"`
	Currency   string          `json:"currency,omitempty"`
	Ref
}

// Native returns the price as its source states it: amount and currency.
func (p Price) Native() (decimal.Decimal, string) {
	if p.Currency == "" || p.Currency == BaseCurrency {
		return p.USDPerHour, BaseCurrency
	}
	return p.PerHour, p.Currency
}

// MonthlyPrice is a server rented by the month: a price per month and a
// one-off setup fee, in the currency the provider states (Currency, or
// USD when empty). Setup must be given; null means the source does not
// say, which is not the same as free. The USD figures are set when the
// catalog loads.
type MonthlyPrice struct {
	PerMonth decimal.Decimal  `json:"per_month"`
	Setup    *decimal.Decimal `json:"setup"`
	Currency string           `json:"currency,omitempty"`
	Ref
	usdPerMonth, usdSetup decimal.Decimal
	// usdPerHour and perHour are the monthly prices spread over
	// HoursPerMonth, worked out once (see Offer.Price).
	usdPerHour, perHour decimal.Decimal
	setupStated         bool
}

// USDPerMonth is the monthly price in USD.
func (m MonthlyPrice) USDPerMonth() decimal.Decimal { return m.usdPerMonth }

// USDSetup is the setup fee in USD, and whether the source states one.
func (m MonthlyPrice) USDSetup() (decimal.Decimal, bool) { return m.usdSetup, m.Setup != nil }

// UnmarshalJSON reads a monthly price, noting whether "setup" was given
// at all (a monthly price must say what setup costs, or null).
func (m *MonthlyPrice) UnmarshalJSON(b []byte) error {
	type plain MonthlyPrice
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var p plain
	if err := dec.Decode(&p); err != nil {
		return err
	}
	_, p.setupStated = fields["setup"]
	*m = MonthlyPrice(p)
	return nil
}

// Source qualities of an offer's prices.
const (
	QualityPrimary   = "primary"   // from the provider: its price list, API or catalog
	QualitySecondary = "secondary" // a third party's transcription or resale listing
)

// SpotPrice is a spot price with its interruption band, when known.
type SpotPrice struct {
	Price
	// Band is one of the Band constants, or "" when unknown.
	Band    string `json:"band,omitempty"`
	BandRef *Ref   `json:"band_ref,omitempty"`
}

// Offer is one instance type in one region and its prices.
type Offer struct {
	Provider     string `json:"provider"`
	Region       string `json:"region"`
	InstanceType string `json:"instance_type"`
	GPU          string `json:"gpu"`
	GPUCount     int    `json:"gpu_count"`
	// CPU is the processor of a CPU server (no GPU: GPU empty, GPUCount
	// 0), a CPU model's id; empty for GPU offers.
	CPU        string     `json:"cpu,omitempty"`
	VCPUs      int        `json:"vcpus"`
	MemoryGiB  float64    `json:"memory_gib"`
	OnDemand   *Price     `json:"on_demand,omitempty"`
	Spot       *SpotPrice `json:"spot,omitempty"`
	Reserved1Y *Price     `json:"reserved_1y,omitempty"`
	Reserved3Y *Price     `json:"reserved_3y,omitempty"`
	// Monthly is the price of a server rented by the month.
	Monthly *MonthlyPrice `json:"monthly,omitempty"`
	// GPUFraction is, for a partition of one GPU sold as such, the share
	// of the GPU it gets (0 < f < 1; its memory and throughput scale
	// with it); 0 for whole GPUs.
	GPUFraction float64 `json:"gpu_fraction,omitempty"`
	// SourceQuality says whether the prices come from the provider
	// (primary) or a third party's transcription (secondary).
	SourceQuality string `json:"source_quality,omitempty"`
	// Note says what a reader should know about the offer's data.
	Note string `json:"note,omitempty"`
	// Interconnect is how the GPUs of one instance talk to each other
	// (Interconnect* constants; "" = unknown, taken from the GPU model),
	// Network what connects instances (Network* constants; "" = unknown,
	// treated as plain Ethernet), with NetworkGbps where stated and the
	// source of both in FabricRef.
	Interconnect string  `json:"interconnect,omitempty"`
	Network      string  `json:"network,omitempty"`
	NetworkGbps  float64 `json:"network_gbps,omitempty"`
	FabricRef    *Ref    `json:"fabric_ref,omitempty"`
	// ListedOnly marks an offer whose source lists a price in the region
	// without confirming capacity there (a provider listing every type in
	// every region at one price, say): it loses ties.
	ListedOnly bool `json:"listed_only,omitempty"`
	// spotOutlier says why the spot price is not trusted (see
	// Catalog.indexSpotOutliers); empty when it is.
	spotOutlier string
}

// SpotOutlier says why the offer's spot price is an outlier kept out of
// picks, or "" when it is not one.
func (o *Offer) SpotOutlier() string { return o.spotOutlier }

// Label is the provider's name as tables show it: its short name, if any.
func (p Provider) Label() string { return cmp.Or(p.ShortName, p.Name) }

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
