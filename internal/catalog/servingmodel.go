package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"gpuplace/internal/serving"
)

// The catalog's facts as the serving model reads them.

// ServingHardware is a GPU as the serving model sees it.
func (g GPU) ServingHardware() serving.Hardware {
	link := serving.LinkPCIe
	if g.Interconnect == InterconnectNVLink || g.Interconnect == InterconnectNVSwitch {
		link = serving.LinkNVLink
	}
	return serving.Hardware{ID: g.ID, Architecture: g.Architecture, MemoryGB: g.MemoryGB, BandwidthGBs: g.MemoryBandwidthGBs,
		FP16TFLOPS: g.FP16TensorTFLOPS, FP8TFLOPS: g.FP8TensorTFLOPS, FP4TFLOPS: g.FP4TensorTFLOPS, Interconnect: link,
		Card: g.CardOf != ""}
}

// ServingModel is the profile's model shape, its context the profile's;
// measured names a model measured for it, whose vocabulary may differ
// (MeasuredVocab).
func (l LLMProfile) ServingModel(measured string) serving.Model {
	vocab := l.Vocab
	if v, ok := l.MeasuredVocab[measured]; ok {
		vocab = v
	}
	return serving.Model{ParamsB: l.ParamsB, Layers: l.Layers, KVHeads: l.KVHeads, HeadDim: l.HeadDim, Hidden: l.Hidden, Vocab: vocab,
		Context: l.ContextTokens}
}

// ServingFormat is the serving model's weight format for a precision.
func ServingFormat(precision string) string {
	switch precision {
	case PrecisionFP8:
		return serving.FormatFP8
	case PrecisionFP4:
		return serving.FormatFP4
	case PrecisionINT4:
		return serving.FormatINT4
	}
	return serving.FormatFP16
}

// ID names a serving point stably: a digest of its fields, so that adding
// or reordering points leaves every other point's name as it was.
func (p ServingPoint) ID() string {
	b, _ := json.Marshal(p)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

// Campaign names the run a serving point came from, as the validation
// holds runs out: its source's figures of one engine family on one GPU.
func (p ServingPoint) Campaign() string { return p.Source + "/" + p.GPU + "/" + p.Family }

// HeldOutCampaigns are the campaigns the serving model's validation holds
// out whole: it is fitted without them and checked on them. One campaign
// of each engine family and GPU generation whose family and generation
// keep other campaigns in the fit, spread over loads (full load and
// concurrency sweeps from one user): vLLM and TensorRT-LLM sweeps on the
// H200 (Hopper), TensorRT-LLM's v0.17 tables of the L40S (Ada) and A100
// (Ampere), its v1.0 table of the RTX PRO 6000 (Blackwell), MLPerf v5.1 on
// the H200 and v4.1 on the MI300X (CDNA 3). SGLang has one campaign only:
// it is fitted, not validated, and its answers say so.
var HeldOutCampaigns = []string{
	"aiconfigurator-silicon-vllm/h200/vllm",
	"aiconfigurator-silicon-trtllm/h200/trtllm",
	"trtllm-perf-v0.17/l40s/trtllm",
	"trtllm-perf-v0.17/a100-80gb/trtllm",
	"trtllm-perf-v1.0/rtx-pro-6000/trtllm",
	"mlperf-inference-v5.1/h200/mlperf",
	"mlperf-inference-v4.1-llm/mi300x/mlperf",
}

// DatasetCaps are the prompt-length limits of the benchmark datasets
// whose mean prompt is not published: the serving model fits each mean
// within its limit (MLPerf's max_seq_len; see the serving source).
var DatasetCaps = map[string]float64{"mlperf-openorca": 1024, "mlperf-cnndm": 2048}

// ServingMeasurements are the catalog's serving points as the serving
// model fits and checks them.
func (c *Catalog) ServingMeasurements() []serving.Measurement {
	out := make([]serving.Measurement, 0, len(c.Serving))
	for _, p := range c.Serving {
		g, ok := c.GPU(p.GPU)
		prof, ok2 := c.Profile(p.Profile)
		if !ok || !ok2 || prof.LLM == nil {
			continue
		}
		format := ServingFormat(p.Precision)
		kv := serving.DefaultKV(format)
		if p.KVPrecision != "" {
			kv = ServingFormat(p.KVPrecision)
		}
		out = append(out, serving.Measurement{
			ID: p.ID(), Campaign: p.Campaign(),
			Setup: serving.Setup{Hardware: g.ServingHardware(), Model: prof.LLM.ServingModel(p.Model), Format: format, KV: kv,
				TP: p.TP, PP: p.PP, Share: 1, Family: p.Family},
			GPUs: p.GPUs, Scenario: p.Scenario, In: p.InputTokens, Out: p.OutputTokens, Dataset: p.Dataset,
			Concurrency: p.Concurrency, Rate: p.Rate, TokensPerS: p.TokensPerS, TTFTMS: p.TTFTMS, TPOTMS: p.TPOTMS, Statistic: p.Statistic,
		})
	}
	return out
}
