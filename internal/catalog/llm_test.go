package catalog_test

import (
	"testing"

	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// Ensure the profiles' shapes size memory as a serving engine holds it:
// 70B in FP16 (141 GB of weights) fits no single 80 GB GPU but two; a
// sixth of a 24 GB A10 holds no 8B model in FP16; one H200 holds 70B in
// FP8 with room for many requests.
func TestServingMemoryFit(t *testing.T) {
	c := loadReal(t)
	p8, _ := c.Profile("llama-3.1-8b")
	p70, _ := c.Profile("llama-3.3-70b")
	params := &c.ServingFit.Params
	hw := func(id string) serving.Hardware { g, _ := c.GPU(id); return g.ServingHardware() }
	fits := func(m serving.Model, gpu, format string, tp int, share float64) (*serving.Replica, bool) {
		r, err := params.NewReplica(serving.Setup{Hardware: hw(gpu), Model: m, Format: format, TP: tp, Share: share, Family: serving.FamilyReference})
		return r, err == nil && r.MaxBatch(1000, 300) >= 1
	}
	m70, m8 := p70.LLM.ServingModel(""), p8.LLM.ServingModel("")
	if _, ok := fits(m70, "a100-80gb", serving.FormatFP16, 1, 1); ok {
		t.Error("70B in FP16 fits one 80 GB A100")
	}
	if _, ok := fits(m70, "a100-80gb", serving.FormatFP16, 2, 1); !ok {
		t.Error("70B in FP16 does not fit two 80 GB A100s")
	}
	if _, ok := fits(m8, "a10", serving.FormatFP16, 1, 1.0/6); ok {
		t.Error("a sixth of an A10 holds Llama 3.1 8B in FP16")
	}
	if r, ok := fits(m70, "h200", serving.FormatFP8, 1, 1); !ok || r.MaxBatch(1000, 300) < 50 {
		t.Errorf("one H200 holds 70B in FP8 with room for %v requests of 1,300 tokens, want ≥ 50", r.MaxBatch(1000, 300))
	}
	if got := m70.KVBytesPerToken(serving.FormatFP16); got != 327680 {
		t.Errorf("70B KV cache per token = %v B, want 2 × 80 layers × 8 heads × 128 × 2 B = 327,680", got)
	}
}

// Ensure NIM's Llama 3.3 70B sweep on 2 × H100 FP8 is in the catalog as
// published: 814.37 output tokens/s at 50 users with 834.51 ms to the first
// token.
func TestNIMSweep(t *testing.T) {
	c := loadReal(t)
	for _, p := range c.ServingPoints("llama-3.3-70b", "h100", catalog.PrecisionFP8) {
		if p.Scenario == catalog.ScenarioConcurrency && p.Concurrency == 50 && p.InputTokens == 5000 {
			if p.TokensPerS != 814.37 || p.TTFTMS != 834.51 || p.GPUs != 2 {
				t.Errorf("NIM 50 users = %+v, want 814.37 tokens/s and 834.51 ms on 2 GPUs", p)
			}
			return
		}
	}
	t.Fatal("no NIM 50-user point")
}
