package serving

import (
	"errors"
	"fmt"
)

// Weight and KV-cache formats.
const (
	FormatFP16 = "fp16" // FP16 or BF16
	FormatFP8  = "fp8"
	FormatFP4  = "fp4"  // FP4 weights and activations (Blackwell)
	FormatINT4 = "int4" // 4-bit weights, 16-bit activations (weight-only)
)

// Interconnect classes between the GPUs of one replica.
const (
	LinkNVLink = "nvlink" // NVLink, NVSwitch or an equivalent GPU fabric
	LinkPCIe   = "pcie"
)

// Hardware is one GPU as the model sees it: what a datasheet states.
type Hardware struct {
	ID           string
	Architecture string
	// MemoryGB is the GPU's memory in GB as its maker states it.
	MemoryGB     float64
	BandwidthGBs float64
	// TFLOPS are the dense tensor rates by format (0: not supported).
	FP16TFLOPS, FP8TFLOPS, FP4TFLOPS float64
	Interconnect                     string
	// Card is true for a PCIe-card version of a GPU also sold as a module
	// (SXM): a card runs within a lower power limit.
	Card bool
}

// tflops is the dense tensor rate that runs the matrix products of a
// weight format: FP8 and FP4 on their own tensor cores, 4-bit weight-only
// on 16-bit ones (the weights are widened before the product).
func (h Hardware) tflops(format string) float64 {
	switch format {
	case FormatFP8:
		return h.FP8TFLOPS
	case FormatFP4:
		return h.FP4TFLOPS
	}
	return h.FP16TFLOPS
}

// Supports reports whether the GPU runs a weight format: FP8 and FP4 need
// their tensor cores; FP16 and 4-bit weight-only run everywhere.
func (h Hardware) Supports(format string) bool { return h.tflops(format) > 0 }

// Model is a transformer language model's shape.
type Model struct {
	ParamsB float64
	Layers  int
	KVHeads int
	HeadDim int
	Hidden  int
	Vocab   int
	// Context is the longest request, prompt and answer, the model takes
	// in tokens (its maximum position embeddings; 0: not stated).
	Context int
}

// bytesPerWeight is what one weight takes in a format.
func bytesPerWeight(format string) float64 {
	switch format {
	case FormatFP8:
		return 1
	case FormatFP4, FormatINT4:
		return 0.5
	}
	return 2
}

// DefaultKV is the KV cache's format an engine uses with a weight format:
// FP8 with FP8 and FP4 weights (TensorRT-LLM's FP8 and NVFP4 recipes),
// 16-bit otherwise.
func DefaultKV(format string) string {
	if format == FormatFP8 || format == FormatFP4 {
		return FormatFP8
	}
	return FormatFP16
}

// WeightBytes is the model's weights in a format: the embedding and
// output layers (2 × vocabulary × width) stay in 16 bits when the rest is
// quantised, as the quantisation recipes keep them.
func (m Model) WeightBytes(format string) float64 {
	emb := 2 * float64(m.Vocab) * float64(m.Hidden)
	return (m.ParamsB*1e9-emb)*bytesPerWeight(format) + emb*2
}

// KVBytesPerToken is the KV cache one token of a running request keeps:
// keys and values of every layer and KV head.
func (m Model) KVBytesPerToken(kv string) float64 {
	return 2 * float64(m.Layers*m.KVHeads*m.HeadDim) * bytesPerWeight(kv)
}

// Setup is one replica: a model on TP × PP GPUs of one kind inside one
// node (TP-way tensor parallel within each of PP pipeline stages), in a
// weight and KV format, under an engine family. Share is the part of each
// GPU sold (1 for whole GPUs; a partition gets that share of memory,
// bandwidth and compute).
type Setup struct {
	Hardware Hardware
	Model    Model
	Format   string
	KV       string
	TP       int
	// PP is the pipeline stages (0 or 1: none). Each stage holds an equal
	// share of the layers; see Replica.step for what a pipeline costs.
	PP     int
	Share  float64
	Family string

	// Cached is the share of each prompt's tokens served from the
	// engine's prefix cache (0 ≤ Cached < 1; what the traffic's author
	// states, not something the model derives): their keys and values
	// are kept from an earlier request with the same prefix, so a prompt
	// computes only the rest (see prefill), while its KV cache still
	// holds the whole prompt.
	Cached float64
}

// GPUs is the GPUs one replica of the setup spans.
func (s Setup) GPUs() int { return s.TP * s.Stages() }

// Stages is the setup's pipeline stages, at least one.
func (s Setup) Stages() int { return max(s.PP, 1) }

// MaxCachedPct is the largest share of a prompt, in per cent, the
// questions may state is served from the prefix cache (API.md:
// prefix_cache_pct 0–95): a prompt then computes at least one token in
// twenty.
const MaxCachedPct = 95

// ErrNoFit is returned when the weights leave no room for a request.
var ErrNoFit = errors.New("serving: the model does not fit")

// Replica is a Setup with what the model derives from it once.
type Replica struct {
	Setup
	p *Params
	// weights is the bytes of weights; kvToken the KV bytes per token;
	// bw, flops the memory bandwidth (B/s) and tensor rate (FLOP/s) of one
	// pipeline stage (its TP GPUs); kvRoom the bytes its engine gives the KV
	// cache on all its GPUs.
	weights, kvToken, bw, flops, kvRoom float64
	eff                                 Efficiency
	link                                Link
}

// gib is how the model reads a datasheet's GB of GPU memory: HBM parts
// are sold in binary units (an "80 GB" H100 holds 80 GiB).
const gib = 1 << 30

// NewReplica derives a replica from its setup under the fitted params.
func (p *Params) NewReplica(s Setup) (*Replica, error) {
	r, err := p.Replica(s)
	if err != nil && err != ErrNoFit {
		return nil, err
	}
	return &r, err
}

// Replica is NewReplica's replica as a value, for callers that keep many.
func (p *Params) Replica(s Setup) (Replica, error) {
	if s.TP < 1 {
		return Replica{}, fmt.Errorf("serving: tensor-parallel size %d", s.TP)
	}
	if s.PP < 0 || s.Stages() > s.Model.Layers && s.Model.Layers > 0 {
		return Replica{}, fmt.Errorf("serving: pipeline-parallel size %d", s.PP)
	}
	if s.Share <= 0 || s.Share > 1 {
		s.Share = 1
	}
	if s.KV == "" {
		s.KV = DefaultKV(s.Format)
	}
	if !(s.Cached >= 0 && s.Cached < 1) {
		return Replica{}, fmt.Errorf("serving: prefix-cache share %v", s.Cached)
	}
	h := s.Hardware
	if !h.Supports(s.Format) {
		return Replica{}, fmt.Errorf("serving: %s has no %s tensor cores", h.ID, s.Format)
	}
	r := Replica{Setup: s, p: p, eff: p.efficiency(h.Architecture, s.Family), link: p.link(h.Interconnect)}
	if h.Card && p.PCIeCards > 0 {
		r.eff.Compute = min(r.eff.Compute*p.PCIeCards, 1)
	}
	// A stage's TP GPUs run its layers' products and reads; the memory
	// of all the replica's GPUs holds the weights and the KV cache.
	tp := float64(s.TP) * s.Share
	gpus := float64(s.GPUs()) * s.Share
	r.weights = s.Model.WeightBytes(s.Format)
	r.kvToken = s.Model.KVBytesPerToken(s.KV)
	r.bw = tp * h.BandwidthGBs * 1e9
	r.flops = tp * h.tflops(s.Format) * 1e12
	memory := gpus * h.MemoryGB * gib
	r.kvRoom = p.KVShare * (memory - r.weights - gpus*p.ReserveGB*1e9)
	if r.kvRoom <= 0 {
		return r, ErrNoFit
	}
	return r, nil
}

// MaxBatch is the most requests of in + out tokens the replica runs at
// once: its KV cache reserves each request's whole length (the engines'
// guaranteed-no-evict scheduling), up to the engines' batch limit; none
// when a request is longer than the model's context. A prompt's tokens
// served from the prefix cache take their room like the rest: their
// blocks are shared with other requests of the same prefix, a saving the
// model does not count (a hit rate says how much of a prompt is cached,
// not how many requests share each cached block).
func (r *Replica) MaxBatch(in, out float64) float64 {
	if c := r.Model.Context; c > 0 && in+out > float64(c) {
		return 0
	}
	return min(r.kvRoom/(r.kvToken*(in+out)), MaxBatchLimit)
}

// MaxBatchLimit is the largest batch the engine benchmark tools run
// (TensorRT-LLM's trtllm-bench caps max_batch_size at 4096).
const MaxBatchLimit = 4096
