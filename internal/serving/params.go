package serving

import (
	"math"
	"slices"
)

// Efficiency is how much of the datasheet's memory bandwidth and tensor
// rate the serving engine draws: for an architecture, the share itself;
// for an engine family, a factor on its architecture's share (the
// reference family, FamilyReference, has 1), and on a step's fixed costs.
type Efficiency struct {
	Memory  float64 `json:"memory"`
	Compute float64 `json:"compute"`
	// Overhead scales a step's fixed costs (a family's only; 0 stands
	// for the reference's 1).
	Overhead float64 `json:"overhead,omitempty"`
}

// Link is what a tensor-parallel all-reduce costs on an interconnect: a
// latency per all-reduce and the bandwidth it reaches.
type Link struct {
	LatencyUS float64 `json:"latency_us"`
	GBs       float64 `json:"gbs"`
}

// Engine families (the catalog's serving points name theirs).
const (
	// FamilyReference is the engine family whose efficiencies are the
	// architectures' own (TensorRT-LLM with its tools' settings); other
	// families scale them.
	FamilyReference = "trtllm"
	FamilyVLLM      = "vllm"
	FamilySGLang    = "sglang"
	// FamilyMLPerf: MLPerf submissions, tuned by their submitters.
	FamilyMLPerf = "mlperf"
)

// Params are the model's fitted factors (see Fit). Times are per
// continuous-batching step unless named otherwise.
type Params struct {
	Architectures map[string]Efficiency `json:"architectures"`
	Families      map[string]Efficiency `json:"families"`
	Links         map[string]Link       `json:"links"`
	// StepMS is a step's fixed cost, LayerUS its cost per layer,
	// SequenceUS its cost per running request (scheduling, sampling).
	StepMS     float64 `json:"step_ms"`
	LayerUS    float64 `json:"layer_us"`
	SequenceUS float64 `json:"sequence_us"`
	// KVShare is the share of the memory left after the weights and
	// ReserveGB a GPU (activations, runtime) that holds the KV cache.
	KVShare   float64 `json:"kv_share"`
	ReserveGB float64 `json:"reserve_gb"`
	// KVRead scales the memory efficiency for reading the KV cache.
	KVRead float64 `json:"kv_read"`
	// FirstTokenSteps is how many steps a new request waits beside its
	// prompt before its first token (the step running when it arrives,
	// and the one that writes it).
	FirstTokenSteps float64 `json:"first_token_steps"`
	// PCIeCards scales the compute efficiency of GPUs sold as PCIe cards
	// (H100 PCIe and NVL, A100 PCIe), which run within a card's power
	// limit rather than a module's.
	PCIeCards float64 `json:"pcie_cards"`
	// TPOTTail is the 99th-percentile time per output token over the mean.
	TPOTTail float64 `json:"tpot_tail_p99"`
	// TTFTFixedMS is what every request spends before its first token
	// beside its prompt and the steps: the server's front end (HTTP,
	// tokenising, scheduling a new request).
	TTFTFixedMS float64 `json:"ttft_fixed_ms"`
	// WaveShare is the share of the other users' prompts a request waits
	// for in a closed-loop benchmark of fixed lengths (a concurrency
	// sweep): its users' requests start and end together, in waves, so a
	// new prompt queues behind part of its wave's. Open-loop traffic
	// (random arrivals, what answers plan for) has no waves.
	WaveShare float64 `json:"wave_share"`
	// TTFTTail scales the tail of a prompt's wait: 1 is an M/M/1 queue's,
	// ½ about an M/D/1 one's (prompts of one length take one time).
	TTFTTail float64 `json:"ttft_tail"`
	// Datasets are the mean prompt lengths, in tokens, fitted for the
	// benchmark datasets whose own is not published.
	Datasets map[string]float64 `json:"datasets,omitempty"`
}

// efficiency is an architecture's efficiencies scaled by an engine
// family's, at most the datasheet's rates (the physical floors).
func (p *Params) efficiency(arch, family string) Efficiency {
	e, ok := p.Architectures[arch]
	if !ok {
		e = p.pooled()
	}
	e.Overhead = 1
	if f, ok := p.Families[family]; ok {
		e.Memory *= f.Memory
		e.Compute *= f.Compute
		if f.Overhead > 0 {
			e.Overhead = f.Overhead
		}
	}
	e.Memory, e.Compute = min(e.Memory, 1), min(e.Compute, 1)
	return e
}

// pooled is the efficiency assumed for an architecture without fitted
// figures: the geometric mean over the fitted architectures.
func (p *Params) pooled() Efficiency {
	// In a fixed order (the sum must not depend on the map's), sorted
	// in place on the stack: replicas are made by the thousand.
	var keys [16]string
	n := 0
	for a := range p.Architectures {
		if n < len(keys) {
			keys[n] = a
			n++
		}
	}
	slices.Sort(keys[:n])
	var m, c float64
	for _, a := range keys[:n] {
		e := p.Architectures[a]
		m += math.Log(e.Memory)
		c += math.Log(e.Compute)
	}
	if n == 0 {
		return Efficiency{Memory: 0.5, Compute: 0.5}
	}
	return Efficiency{Memory: math.Exp(m / float64(n)), Compute: math.Exp(c / float64(n))}
}

// Fitted reports whether an architecture has fitted efficiencies.
func (p *Params) Fitted(arch string) bool {
	_, ok := p.Architectures[arch]
	return ok
}

func (p *Params) link(class string) Link {
	if l, ok := p.Links[class]; ok {
		return l
	}
	return p.Links[LinkPCIe]
}
