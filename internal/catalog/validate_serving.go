package catalog

import "slices"

// ServingScenarios lists the scenarios of serving figures.
var ServingScenarios = []string{ScenarioOffline, ScenarioServer, ScenarioInteractive, ScenarioConcurrency}

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
	}
	gc := v.col("gpus")
	for i, g := range v.c.GPUs {
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

// profile returns a profile by id.
func (v *validator) profile(id string) (Profile, bool) {
	for _, p := range v.c.Profiles {
		if p.ID == id {
			return p, true
		}
	}
	return Profile{}, false
}
