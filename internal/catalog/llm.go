package catalog

import "gpuplace/internal/serving"

// LLMProfile is a language model as serving sizes it: its shape (see
// ServingModel) and the request a question gets when it names none. Serving figures of the models in
// Measured (the profile's own id first) stand for it: models of the same
// architecture serve alike.
type LLMProfile struct {
	// Repo is the model's repository on Hugging Face, the name serving
	// engines load it by (the huggingface_repo of the profile's source).
	Repo    string  `json:"repo"`
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
	// Published are the precisions the model's weights are published in
	// (the 16-bit model first): a question that names none is sized under
	// each its GPU runs.
	Published []PublishedPrecision `json:"published_precisions,omitempty"`
}

// PublishedPrecision is one precision a model is published in: the
// checkpoint serving engines load, and what its publisher reports of its
// accuracy against the 16-bit model (RecoveryPct of the 16-bit model's
// score on Benchmark; 0 where the catalog holds no such figure).
type PublishedPrecision struct {
	Precision   string  `json:"precision"`
	Repo        string  `json:"repo"`
	RecoveryPct float64 `json:"recovery_pct,omitempty"`
	Benchmark   string  `json:"benchmark,omitempty"`
	Ref
}

// PublishedIn is the published checkpoint of a precision, if any.
func (l LLMProfile) PublishedIn(precision string) (PublishedPrecision, bool) {
	for _, p := range l.Published {
		if p.Precision == precision {
			return p, true
		}
	}
	return PublishedPrecision{}, false
}

// PrecisionBits is how many bits a precision keeps a weight in (16 for
// the mixed 16-bit precision): fewer bits cost accuracy.
func PrecisionBits(precision string) int {
	switch precision {
	case PrecisionFP32:
		return 32
	case PrecisionFP8, PrecisionINT8:
		return 8
	case PrecisionFP4, PrecisionINT4:
		return 4
	}
	return 16
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
	// FamilySGLang: SGLang with its defaults.
	FamilySGLang = "sglang"
	// FamilyMLPerf: MLPerf Inference submissions, whatever the engine:
	// tuned by their submitters for the benchmark.
	FamilyMLPerf = "mlperf"
)

// EngineFamilies lists the engine families.
var EngineFamilies = []string{FamilyTRTLLM, FamilyVLLM, FamilySGLang, FamilyMLPerf}

// ServingPoint is one measured way a GPU serves a model: output tokens/s of
// the whole system at a scenario, with its time to first token and time
// per output token where the source gives them.
type ServingPoint struct {
	Profile string `json:"profile"`
	// Model is the model measured (a model of the same architecture as the
	// profile's stands for it).
	Model string `json:"model"`
	GPU   string `json:"gpu"`
	GPUs  int    `json:"gpus"`
	TP    int    `json:"tensor_parallel,omitempty"`
	// PP is the pipeline stages of a replica where the source states them
	// (0: none).
	PP        int    `json:"pipeline_parallel,omitempty"`
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
	for _, i := range c.ServingIndex(profile, gpu, precision) {
		out = append(out, c.Serving[i])
	}
	return out
}

// ServingIndex returns the indexes into Serving of the points
// ServingPoints returns, without copying them (read only).
func (c *Catalog) ServingIndex(profile, gpu, precision string) []int {
	return c.serving[servingKey{profile, gpu, precision}]
}

type servingKey struct{ profile, gpu, precision string }

// indexServing groups the serving points by profile, GPU and precision.
func (c *Catalog) indexServing() {
	c.serving = map[servingKey][]int{}
	c.measuredEngines = map[[2]string]bool{}
	c.measuredPipelines = map[string]bool{}
	c.servingBands = map[[2]string]serving.Band{}
	if c.ServingFit != nil {
		for _, f := range EngineFamilies {
			for _, l := range []string{serving.LoadInteractive, serving.LoadThroughput} {
				c.servingBands[[2]string{f, l}] = serving.BandFor(c.ServingFit.Validation.Points, f, l)
			}
		}
	}
	for i, p := range c.Serving {
		k := servingKey{p.Profile, p.GPU, p.Precision}
		c.serving[k] = append(c.serving[k], i)
		if g, ok := c.GPU(p.GPU); ok {
			c.measuredEngines[[2]string{g.Architecture, p.Family}] = true
		}
		if p.PP > 1 {
			c.measuredPipelines[p.GPU] = true
		}
	}
	c.engineVersions = map[string]string{}
	for _, f := range ServingEngines {
		c.engineVersions[f] = c.engineVersionLabel(f)
	}
}

// ServingBand is the error band of an engine family's answers at a load
// (serving.BandFor over the fit's held-out misses), worked out once.
func (c *Catalog) ServingBand(family, load string) serving.Band {
	if b, ok := c.servingBands[[2]string{family, load}]; ok {
		return b
	}
	if c.ServingFit == nil {
		return serving.Band{Family: family, Load: load}
	}
	return serving.BandFor(c.ServingFit.Validation.Points, family, load)
}
