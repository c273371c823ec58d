package catalog_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"gpuplace/data"
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

// Ensure the LLM profiles say which precisions their models are published
// in, each with its checkpoint and source: Llama 3.3 70B in BF16, FP8,
// NVIDIA's FP4 and INT4 weight-only; Llama 3.1 8B in BF16, FP8 and INT4
// weight-only, with the recovery its INT4 card reports on MMLU.
func TestPublishedPrecisions(t *testing.T) {
	c := loadReal(t)
	for id, want := range map[string][]string{
		"llama-3.3-70b": {catalog.PrecisionMixed, catalog.PrecisionFP8, catalog.PrecisionFP4, catalog.PrecisionINT4},
		"llama-3.1-8b":  {catalog.PrecisionMixed, catalog.PrecisionFP8, catalog.PrecisionINT4},
	} {
		p, _ := c.Profile(id)
		for _, prec := range want {
			pub, ok := p.LLM.PublishedIn(prec)
			if !ok || pub.Repo == "" || pub.Source == "" {
				t.Errorf("%s in %s: published = %+v, %v; want its checkpoint and source", id, prec, pub, ok)
			}
		}
	}
	p8, _ := c.Profile("llama-3.1-8b")
	if pub, _ := p8.LLM.PublishedIn(catalog.PrecisionINT4); pub.RecoveryPct != 97.9 || pub.Benchmark != "MMLU (5-shot)" {
		t.Errorf("8B INT4 recovery = %v %% on %q, want 97.9 %% on MMLU (5-shot) as its card reports", pub.RecoveryPct, pub.Benchmark)
	}
}

// Ensure catalog validation checks the published precisions: a known
// precision, once, with its checkpoint and a source, a recovery figure
// with its benchmark, and the default precision among them.
func TestPublishedPrecisionChecks(t *testing.T) {
	fp8 := `{"precision":"fp8","repo":"nvidia/Llama-3.3-70B-Instruct-FP8","source":"hf-nvidia-llama-3.3-70b-fp8"`
	for _, tt := range []struct{ name, new, field string }{
		{"unknown precision", `{"precision":"fp6","repo":"nvidia/Llama-3.3-70B-Instruct-FP8","source":"hf-nvidia-llama-3.3-70b-fp8"`, "llm.published_precisions[1].precision"},
		{"no checkpoint", `{"precision":"fp8","repo":"","source":"hf-nvidia-llama-3.3-70b-fp8"`, "llm.published_precisions[1].repo"},
		{"unknown source", `{"precision":"fp8","repo":"nvidia/Llama-3.3-70B-Instruct-FP8","source":"nowhere"`, "llm.published_precisions[1].source"},
		{"recovery without benchmark", `{"precision":"fp8","recovery_pct":99,"repo":"nvidia/Llama-3.3-70B-Instruct-FP8","source":"hf-nvidia-llama-3.3-70b-fp8"`, "llm.published_precisions[1].benchmark"},
		{"twice", `{"precision":"int4","repo":"nvidia/Llama-3.3-70B-Instruct-FP8","source":"hf-nvidia-llama-3.3-70b-fp8"`, "llm.published_precisions[3].precision"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fsys := realFS(t)
			replace(t, fsys, "profiles.json", fp8, tt.new)
			_, err := catalog.Load(fsys)
			for _, p := range problemsOf(t, err) {
				if p.File == "profiles.json" && p.Field == tt.field {
					return
				}
			}
			t.Errorf("Load() problems =\n%v\nwant one at profiles.json %s", err, tt.field)
		})
	}
	t.Run("default not published", func(t *testing.T) {
		fsys := realFS(t)
		replace(t, fsys, "profiles.json", fp8, `{"precision":"int8","repo":"x","source":"hf-nvidia-llama-3.3-70b-fp8"`)
		_, err := catalog.Load(fsys)
		for _, p := range problemsOf(t, err) {
			if p.Field == "llm.published_precisions" && strings.Contains(p.Message, "fp8") {
				return
			}
		}
		t.Errorf("Load() problems =\n%v\nwant the default fp8 missing", err)
	})
}

// realFS is the embedded catalog's files, to change in a test.
func realFS(t *testing.T) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	entries, err := fs.ReadDir(data.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if b, err := fs.ReadFile(data.FS, e.Name()); err == nil && strings.HasSuffix(e.Name(), ".json") {
			m[e.Name()] = &fstest.MapFile{Data: b}
		}
	}
	return m
}
