package catalog

import (
	"fmt"
	"slices"
	"strings"

	"gpuplace/internal/serving"
)

// ServingScenarios lists the scenarios of serving figures.
var ServingScenarios = []string{ScenarioOffline, ScenarioServer, ScenarioInteractive, ScenarioConcurrency, ScenarioRate}

// serving checks the LLM serving figures and the LLM profiles they belong
// to.
func (v *validator) serving() {
	pc := v.col("profiles")
	for i, p := range v.c.Profiles {
		l := p.LLM
		if l == nil {
			continue
		}
		item := itemName("profiles", i, p.ID)
		if p.Inference == nil {
			pc.add(item, "llm", "an LLM profile serves: it needs an inference section")
		}
		for _, f := range []struct {
			name string
			x    float64
		}{{"llm.params_b", l.ParamsB}, {"llm.layers", float64(l.Layers)}, {"llm.kv_heads", float64(l.KVHeads)},
			{"llm.head_dim", float64(l.HeadDim)}, {"llm.context_tokens", float64(l.ContextTokens)},
			{"llm.default_input_tokens", float64(l.DefaultInputTokens)}, {"llm.default_output_tokens", float64(l.DefaultOutputTokens)},
			{"llm.default_ttft_ms", l.DefaultTTFTMS}, {"llm.default_tpot_ms", l.DefaultTPOTMS}} {
			positive(pc, item, f.name, f.x)
		}
		if !slices.Contains(Precisions, l.DefaultPrecision) {
			pc.add(item, "llm.default_precision", "unknown precision %q", l.DefaultPrecision)
		}
		v.published(pc, item, *l)
	}
	gc := v.col("gpus")
	for i, g := range v.c.GPUs {
		item := itemName("gpus", i, g.ID)
		if g.Architecture != "" && !slices.Contains(Architectures, g.Architecture) {
			gc.add(item, "architecture", "must be one of %v, got %q", Architectures, g.Architecture)
		}
		if g.CardOf != "" && !v.gpuIDs[g.CardOf] {
			gc.add(item, "card_of", "unknown GPU %q", g.CardOf)
		}
		switch {
		case g.FP4TensorTFLOPS < 0:
			gc.add(item, "fp4_tensor_tflops", "must not be negative")
		case g.FP4TensorTFLOPS > 0 && g.FP4Ref == nil:
			gc.add(item, "fp4_ref", "an FP4 figure needs its source")
		case g.FP4Ref != nil:
			v.ref(gc, item, "fp4_ref", *g.FP4Ref)
		}
		switch {
		case g.FP8TensorTFLOPS < 0:
			gc.add(itemName("gpus", i, g.ID), "fp8_tensor_tflops", "must not be negative")
		case g.FP8TensorTFLOPS > 0 && g.FP8Ref == nil:
			gc.add(itemName("gpus", i, g.ID), "fp8_ref", "an FP8 figure needs its source")
		case g.FP8Ref != nil:
			v.ref(gc, itemName("gpus", i, g.ID), "fp8_ref", *g.FP8Ref)
		}
	}
	c := v.col("serving")
	for i, s := range v.c.Serving {
		item := itemName("serving", i, s.Profile+"/"+s.GPU)
		if p, ok := v.profile(s.Profile); !ok || p.LLM == nil {
			c.add(item, "profile", "unknown LLM profile %q", s.Profile)
		}
		if !v.gpuIDs[s.GPU] {
			c.add(item, "gpu", "unknown GPU %q", s.GPU)
		}
		if !slices.Contains(Precisions, s.Precision) {
			c.add(item, "precision", "unknown precision %q", s.Precision)
		}
		if !slices.Contains(ServingScenarios, s.Scenario) {
			c.add(item, "scenario", "must be one of %v, got %q", ServingScenarios, s.Scenario)
		}
		if !slices.Contains(EngineFamilies, s.Family) {
			c.add(item, "family", "must be one of %v, got %q", EngineFamilies, s.Family)
		}
		if s.KVPrecision != "" && !slices.Contains(Precisions, s.KVPrecision) {
			c.add(item, "kv_precision", "unknown precision %q", s.KVPrecision)
		}
		if _, ok := DatasetCaps[s.Dataset]; s.InputTokens == 0 && !ok {
			c.add(item, "dataset", "a point without input_tokens names a dataset the serving model knows (%s), got %q", datasetNames(), s.Dataset)
		}
		if s.Scenario == ScenarioRate && s.Rate <= 0 {
			c.add(item, "rate", "a rate sweep's point needs its requests a second")
		}
		if s.Scenario == ScenarioConcurrency && s.Concurrency <= 0 {
			c.add(item, "concurrency", "a concurrency sweep's point needs its users")
		}
		positive(c, item, "output_tokens", s.OutputTokens)
		if s.GPUs < 1 {
			c.add(item, "gpus", "must be ≥ 1, got %d", s.GPUs)
		}
		positive(c, item, "tokens_per_s", s.TokensPerS)
		if s.Scenario != ScenarioOffline && s.TTFTMS <= 0 {
			c.add(item, "ttft_ms", "a point under a latency bound needs its time to first token")
		}
		v.ref(c, item, "", s.Ref)
	}
}

// servingFit checks that the serving fit was made on the catalog's
// serving points: a fit made on other figures would size LLMs on them.
func (v *validator) servingFit() {
	f := v.c.ServingFit
	if f == nil {
		return
	}
	c := v.col("serving_fit")
	ids := make([]string, len(v.c.Serving))
	for i, p := range v.c.Serving {
		ids[i] = p.ID()
	}
	if d := serving.Digest(ids); f.Digest != d {
		c.add("serving_fit", "digest", "fitted on other serving points (%s; the catalog's give %s): run gpuplace catalog fit-serving", f.Digest, d)
	}
	for a, e := range f.Params.Architectures {
		if !slices.Contains(Architectures, a) {
			c.add("serving_fit", "params.architectures", "unknown architecture %q", a)
		}
		if !(e.Memory > 0 && e.Memory <= 1 && e.Compute > 0 && e.Compute <= 1) {
			c.add("serving_fit", "params.architectures."+a, "efficiencies must be in (0, 1]")
		}
	}
}

func datasetNames() string {
	names := make([]string, 0, len(DatasetCaps))
	for k := range DatasetCaps {
		names = append(names, k)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// profile returns a profile by id.
func (v *validator) profile(id string) (Profile, bool) {
	for _, p := range v.c.Profiles {
		if p.ID == id {
			return p, true
		}
	}
	return Profile{}, false
}

// published checks an LLM profile's published precisions: each known,
// once, with its checkpoint and source, a recovery figure only with the
// benchmark it was measured on, and the 16-bit model and the default
// precision among them.
func (v *validator) published(pc collector, item string, l LLMProfile) {
	if len(l.Published) == 0 {
		return
	}
	seen := map[string]bool{}
	for j, p := range l.Published {
		field := fmt.Sprintf("llm.published_precisions[%d]", j)
		switch {
		case !slices.Contains(Precisions, p.Precision):
			pc.add(item, field+".precision", "unknown precision %q", p.Precision)
		case seen[p.Precision]:
			pc.add(item, field+".precision", "precision %q listed twice", p.Precision)
		}
		seen[p.Precision] = true
		if p.Repo == "" {
			pc.add(item, field+".repo", "a published precision names its checkpoint")
		}
		if p.RecoveryPct < 0 || p.RecoveryPct > 110 {
			pc.add(item, field+".recovery_pct", "must be a share of the 16-bit model's score (0 to 110 %%), got %v", p.RecoveryPct)
		}
		if p.RecoveryPct > 0 && p.Benchmark == "" {
			pc.add(item, field+".benchmark", "a recovery figure names the benchmark it was measured on")
		}
		v.ref(pc, item, field, p.Ref)
	}
	for _, must := range []string{PrecisionMixed, l.DefaultPrecision} {
		if !seen[must] {
			pc.add(item, "llm.published_precisions", "must list %q (the 16-bit model and the default precision)", must)
		}
	}
}
