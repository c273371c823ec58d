package catalog

import (
	"math"
	"slices"
)

// LLMProfile is a language model as serving sizes it: the weights, the KV
// cache every token of a running request keeps, and the request a
// question gets when it names none. Serving figures of the models in
// Measured (the profile's own id first) stand for it: models of the same
// architecture serve alike.
type LLMProfile struct {
	ParamsB float64 `json:"params_b"`
	Layers  int     `json:"layers"`
	KVHeads int     `json:"kv_heads"`
	HeadDim int     `json:"head_dim"`
	// Hidden is the model width and Vocab its vocabulary: the embedding
	// and output layers (2 × Vocab × Hidden weights) stay in 16 bits when
	// the rest is quantised.
	Hidden        int `json:"hidden"`
	Vocab         int `json:"vocab"`
	ContextTokens int `json:"context_tokens"`
	// DefaultPrecision is the weights' format a request gets when it names
	// none and the GPU runs it (FP8 needs FP8 tensor cores; FP16/BF16 else).
	DefaultPrecision    string   `json:"default_precision"`
	DefaultInputTokens  int      `json:"default_input_tokens"`
	DefaultOutputTokens int      `json:"default_output_tokens"`
	DefaultTTFTMS       float64  `json:"default_ttft_ms"`
	DefaultTPOTMS       float64  `json:"default_tpot_ms"`
	Measured            []string `json:"measured"`
	// MeasuredVocab is the vocabulary of a measured model whose own
	// differs from the profile's (Llama 2's 32,000 tokens).
	MeasuredVocab map[string]int `json:"measured_vocab,omitempty"`
}

// ServingUsableShare is the share of a GPU's memory a serving engine takes
// for weights and KV cache, the rest left to the runtime: vLLM's default
// gpu_memory_utilization (see the serving source of the catalog).
const ServingUsableShare = 0.9

// BytesPerParam is what one weight takes in a precision.
func BytesPerParam(precision string) float64 {
	switch precision {
	case PrecisionFP32:
		return 4
	case PrecisionFP8, PrecisionINT8:
		return 1
	case PrecisionINT4:
		return 0.5
	}
	return 2
}

// kvBytes is what one KV-cache element takes: FP8 with FP8 weights (as the
// serving engines measured here run them), FP16/BF16 otherwise.
func kvBytes(precision string) float64 {
	if precision == PrecisionFP8 {
		return 1
	}
	return 2
}

// WeightsGB is the model's weights in a precision, in GB.
func (l LLMProfile) WeightsGB(precision string) float64 { return l.ParamsB * BytesPerParam(precision) }

// KVGBPerToken is the KV cache one token of a running request keeps, in GB:
// keys and values for every layer and KV head.
func (l LLMProfile) KVGBPerToken(precision string) float64 {
	return 2 * float64(l.Layers*l.KVHeads*l.HeadDim) * kvBytes(precision) / 1e9
}

// Replica is how one copy of a model fits on the GPUs of one instance.
type Replica struct {
	// GPUs is the tensor-parallel size: the GPUs one copy spans.
	GPUs int
	// Concurrent is how many requests of the given length its memory
	// holds at once (weights first, then KV cache).
	Concurrent int
}

// FitReplica returns the tensor-parallel sizes (1, 2, 4, 8, within count
// GPUs of memGB each, of which share is sold) at which the model holds at
// least one request of tokens, smallest first. None fits when the list is
// empty; need is then the memory one request needs.
func (l LLMProfile) FitReplica(precision string, memGB, share float64, count, tokens int) (fits []Replica, need float64) {
	weights := l.WeightsGB(precision)
	perRequest := l.KVGBPerToken(precision) * float64(tokens)
	need = (weights + perRequest) / ServingUsableShare
	for tp := 1; tp <= count && tp <= 8; tp *= 2 {
		if count%tp != 0 {
			continue
		}
		room := float64(tp)*memGB*share*ServingUsableShare - weights
		if n := int(math.Floor(room / perRequest)); room > 0 && n >= 1 {
			fits = append(fits, Replica{GPUs: tp, Concurrent: n})
		}
	}
	return fits, need
}

// Scenarios of a serving figure, beside ScenarioOffline (all requests at
// once: the most a GPU serves, no latency bound) and ScenarioServer
// (requests arriving at random within TTFT/TPOT bounds).
const (
	ScenarioInteractive = "interactive" // the server scenario with tighter bounds
	ScenarioConcurrency = "concurrency" // a fixed number of users, each sending again when answered
	ScenarioRate        = "rate"        // requests arriving at random at a fixed rate (Rate)
)

// Engine families a serving figure belongs to: the serving model fits its
// efficiencies per GPU architecture and engine family.
const (
	// FamilyTRTLLM: TensorRT-LLM as NVIDIA's tables and NIM run it, with
	// the benchmark tool's own settings.
	FamilyTRTLLM = "trtllm"
	// FamilyVLLM: vLLM (and engines built like it) with its defaults.
	FamilyVLLM = "vllm"
	// FamilyMLPerf: MLPerf Inference submissions, whatever the engine:
	// tuned by their submitters for the benchmark.
	FamilyMLPerf = "mlperf"
)

// EngineFamilies lists the engine families.
var EngineFamilies = []string{FamilyTRTLLM, FamilyVLLM, FamilyMLPerf}

// ServingPoint is one measured way a GPU serves a model: output tokens/s of
// the whole system at a scenario, with its time to first token and time
// per output token where the source gives them.
type ServingPoint struct {
	Profile string `json:"profile"`
	// Model is the model measured (a model of the same architecture as the
	// profile's stands for it).
	Model     string `json:"model"`
	GPU       string `json:"gpu"`
	GPUs      int    `json:"gpus"`
	TP        int    `json:"tensor_parallel,omitempty"`
	Precision string `json:"precision"`
	Engine    string `json:"engine"`
	// Family is the engine family (see EngineFamilies).
	Family   string `json:"family"`
	Scenario string `json:"scenario"`
	// KVPrecision is the KV cache's format where it differs from the one
	// the weights' format implies (see KVPrecision).
	KVPrecision string `json:"kv_precision,omitempty"`
	// Concurrency is the number of users of a concurrency sweep; Rate the
	// requests a second of a rate sweep.
	Concurrency float64 `json:"concurrency,omitempty"`
	Rate        float64 `json:"rate,omitempty"`
	// Dataset names the benchmark's dataset where its mean prompt length
	// is not published (InputTokens 0): the serving model fits it.
	Dataset      string  `json:"dataset,omitempty"`
	InputTokens  float64 `json:"input_tokens,omitempty"`
	OutputTokens float64 `json:"output_tokens,omitempty"`
	TokensPerS   float64 `json:"tokens_per_s"`
	TTFTMS       float64 `json:"ttft_ms,omitempty"`
	TPOTMS       float64 `json:"tpot_ms,omitempty"`
	// Statistic says which latency the figures are (p99, mean …).
	Statistic string `json:"statistic,omitempty"`
	Ref
}

// PerGPU is the point's output tokens/s per GPU.
func (p ServingPoint) PerGPU() float64 { return p.TokensPerS / float64(max(p.GPUs, 1)) }

// ServingPoints returns the measured serving points of a profile's model
// family on a GPU in a precision, in catalog order.
func (c *Catalog) ServingPoints(profile, gpu, precision string) []ServingPoint {
	var out []ServingPoint
	for _, i := range c.serving[servingKey{profile, gpu, precision}] {
		out = append(out, c.Serving[i])
	}
	return out
}

type servingKey struct{ profile, gpu, precision string }

// indexServing groups the serving points by profile, GPU and precision.
func (c *Catalog) indexServing() {
	c.serving = map[servingKey][]int{}
	for i, p := range c.Serving {
		k := servingKey{p.Profile, p.GPU, p.Precision}
		c.serving[k] = append(c.serving[k], i)
	}
}

// ServingGPUs lists the GPUs with serving points of a profile in a
// precision, for cross-walks.
func (c *Catalog) ServingGPUs(profile, precision string) []string {
	var out []string
	for k := range c.serving {
		if k.profile == profile && k.precision == precision && !slices.Contains(out, k.gpu) {
			out = append(out, k.gpu)
		}
	}
	slices.Sort(out)
	return out
}
