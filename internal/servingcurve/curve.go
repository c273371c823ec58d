// Package servingcurve lays out how one replica serves a language model
// at every load, as the serving curve's API and page show it: the serving
// model's points from one running request to the most its memory holds,
// the catalog's measured figures that stand for the same setup, the
// model's held-out error for the GPU and engine, and the curve's knee. It
// validates the curve's keys against the catalog; it is pure.
package servingcurve

import (
	"math"

	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// Query keys of the curve (API.md, fourth release).
const (
	KeyProfile   = "profile"
	KeyGPU       = "gpu"
	KeyPrecision = "precision"
	KeyEngine    = "engine"
	KeyTP        = "tp"
	// KeyPP is the pipeline stages (1 or 2, two only on GPUs linked by
	// PCIe alone: see serving.Splits); an addition to API.md's keys.
	KeyPP           = "pp"
	KeyInputTokens  = "input_tokens"
	KeyOutputTokens = "output_tokens"
	// KeyPrefixCache is the share of each prompt, in per cent, served
	// from the prefix cache (0 to MaxPrefixCachePct; default 0).
	KeyPrefixCache = "prefix_cache_pct"
)

// Keys are the curve's query keys in the form's order.
var Keys = []string{KeyProfile, KeyGPU, KeyPrecision, KeyEngine, KeyTP, KeyPP, KeyInputTokens, KeyOutputTokens, KeyPrefixCache}

// MaxPrefixCachePct is the most prefix_cache_pct takes (API.md).
const MaxPrefixCachePct = serving.MaxCachedPct

// Query is the curve's keys as asked, as text; an empty key takes its
// default (see Of).
type Query struct {
	Profile, GPU, Precision, Engine, TP, PP, InputTokens, OutputTokens, PrefixCachePct string
}

// Quantiles of the curve's latencies: the time to first token at the
// median and the 95th percentile, the time per output token at the 95th
// (the quantile answers size LLM serving at).
const (
	QuantileMedian = 0.5
	QuantileTail   = 0.95
)

// Point is one operating point of the curve, per GPU of the replica.
type Point struct {
	Concurrency float64
	// OutputPerSPerGPU is the replica's output tokens a second over its
	// GPUs.
	OutputPerSPerGPU float64
	TTFTP50MS        float64
	TTFTP95MS        float64
	// TPOTMS is the time per output token at QuantileTail.
	TPOTMS float64
}

// Measured is a catalog figure of the same setup at lengths near the
// curve's (within LengthSpan); a figure the source does not state is 0.
type Measured struct {
	Concurrency      float64
	OutputPerSPerGPU float64
	TTFTMS, TPOTMS   float64
	InputTokens      float64
	OutputTokens     float64
	// Statistic says which latency TTFTMS and TPOTMS are (p99, mean …).
	Statistic string
	// Source is the catalog's source id; EngineVersion the engine and
	// version the source ran.
	Source, EngineVersion string
}

// LengthSpan is how far, as a share, a measured figure's input and
// output lengths may each be from the curve's for it to be shown with it.
const LengthSpan = 0.10

// Curve is the serving curve of one setup, with the keys it was made of
// after their defaults.
type Curve struct {
	Profile catalog.Profile
	GPU     catalog.GPU
	// Precision is the catalog's precision; Family the engine family
	// (serving.Family…).
	Precision, Family string
	// TP is the replica's tensor-parallel size, PP its pipeline stages
	// (1: none): it spans TP × PP GPUs.
	TP, PP       int
	InputTokens  int
	OutputTokens int
	// PrefixCachePct is the share of each prompt served from the prefix
	// cache, in per cent (serving.Setup.Cached).
	PrefixCachePct float64
	// MaxConcurrency is the most requests the replica's memory holds.
	MaxConcurrency float64
	Points         []Point
	Measured       []Measured
	// ErrorPct is the serving model's median held-out error of throughput
	// for the GPU's architecture and the engine family (Group), or of all
	// held-out figures when Validated is false: the real figures are
	// expected within ± ErrorPct of the curve's about half the time.
	ErrorPct  float64
	Group     string
	Validated bool
	// Band is where the real throughput is expected at full load: the
	// band of the engine family at throughput load (serving.BandFor).
	Band serving.Band
	// Knee is serving.Knee of the curve (HasKnee false: none before the
	// memory's most).
	Knee    float64
	HasKnee bool
}

// build works out the curve of a validated setup.
func build(cat *catalog.Catalog, c *Curve, r *serving.Replica) {
	in, out := float64(c.InputTokens), float64(c.OutputTokens)
	median, tail := r.Curve(in, out, QuantileMedian), r.Curve(in, out, QuantileTail)
	c.MaxConcurrency = tail.MaxConcurrency()
	mp, tp := median.Points(), tail.Points()
	c.Points = make([]Point, len(tp))
	for i, p := range tp {
		c.Points[i] = Point{Concurrency: p.Concurrency, OutputPerSPerGPU: p.OutputPerS / float64(c.TP*c.PP),
			TTFTP50MS: mp[i].TTFTMS, TTFTP95MS: p.TTFTMS, TPOTMS: p.TPOTMS}
	}
	c.Knee, c.HasKnee = serving.Knee(tp)
	c.Measured = measured(cat, c)
	fit := cat.ServingFit
	c.Group = serving.Group(c.GPU.Architecture, c.Family)
	g, validated := fit.Validation.Error(c.Group)
	c.ErrorPct, c.Validated = g.MedianPct, validated && fit.Params.Fitted(c.GPU.Architecture)
	c.Band = cat.ServingBand(c.Family, serving.LoadThroughput)
}

// measured are the catalog's figures of the curve's profile, GPU,
// precision, engine family and tensor-parallel size whose lengths are
// within LengthSpan of the curve's, in catalog order; a figure with its
// KV cache in another format than the curve's (serving.DefaultKV of its
// weights') is another setup and is left out. The figures were measured
// with whole prompts: a prefix-cached curve has none.
func measured(cat *catalog.Catalog, c *Curve) []Measured {
	out := []Measured{}
	if c.PrefixCachePct > 0 {
		return out
	}
	near := func(x float64, want int) bool { return math.Abs(x/float64(want)-1) <= LengthSpan }
	kv := serving.DefaultKV(catalog.ServingFormat(c.Precision))
	for _, p := range cat.ServingPoints(c.Profile.ID, c.GPU.ID, c.Precision) {
		if p.Family != c.Family || p.TP != c.TP || max(p.PP, 1) != c.PP || !near(p.InputTokens, c.InputTokens) || !near(p.OutputTokens, c.OutputTokens) {
			continue
		}
		if p.KVPrecision != "" && catalog.ServingFormat(p.KVPrecision) != kv {
			continue
		}
		out = append(out, Measured{Concurrency: p.Concurrency, OutputPerSPerGPU: p.PerGPU(), TTFTMS: p.TTFTMS, TPOTMS: p.TPOTMS,
			InputTokens: p.InputTokens, OutputTokens: p.OutputTokens, Statistic: p.Statistic, Source: p.Source, EngineVersion: p.Engine})
	}
	return out
}
