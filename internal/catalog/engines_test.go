package catalog_test

import (
	"slices"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure each engine serves the GPUs it runs on: vLLM every GPU of the
// catalog, SGLang NVIDIA from Turing on and AMD, TensorRT-LLM NVIDIA from
// Ampere on (not V100, T4 or P100).
func TestEngineServes(t *testing.T) {
	cat := loadReal(t)
	want := map[string]map[string]bool{
		"h100":    {catalog.FamilyVLLM: true, catalog.FamilySGLang: true, catalog.FamilyTRTLLM: true},
		"a10g":    {catalog.FamilyVLLM: true, catalog.FamilySGLang: true, catalog.FamilyTRTLLM: true},
		"t4":      {catalog.FamilyVLLM: true, catalog.FamilySGLang: true},
		"v100":    {catalog.FamilyVLLM: true},
		"p100":    {catalog.FamilyVLLM: true},
		"mi300x":  {catalog.FamilyVLLM: true, catalog.FamilySGLang: true},
		"b200":    {catalog.FamilyVLLM: true, catalog.FamilySGLang: true, catalog.FamilyTRTLLM: true},
		"rtx6000": {catalog.FamilyVLLM: true, catalog.FamilySGLang: true},
	}
	for id, engines := range want {
		g, ok := cat.GPU(id)
		if !ok {
			t.Fatalf("no GPU %s", id)
		}
		for _, f := range append(catalog.ServingEngines, catalog.FamilyMLPerf) {
			if got := catalog.EngineServes(f, g); got != engines[f] {
				t.Errorf("EngineServes(%s, %s) = %v, want %v", f, id, got, engines[f])
			}
		}
	}
	for _, g := range cat.GPUs {
		if !catalog.EngineServes(catalog.FamilyVLLM, g) {
			t.Errorf("vLLM does not serve %s", g.ID)
		}
	}
}

// Ensure an engine's versions are read from the figures' engine strings,
// oldest first, each once, and never from a product built on the engine.
func TestEngineVersions(t *testing.T) {
	cat := loadReal(t)
	vllm := cat.EngineVersions(catalog.FamilyVLLM)
	if len(vllm) < 2 || vllm[0] != "0.5.1" || vllm[len(vllm)-1] != "0.19" || !slices.Contains(vllm, "0.12.0") {
		t.Errorf("vLLM versions = %v, want 0.5.1 … 0.12.0 … 0.19", vllm)
	}
	if got := cat.EngineVersions(catalog.FamilySGLang); !slices.Equal(got, []string{"0.5.6.post2"}) {
		t.Errorf("SGLang versions = %v, want [0.5.6.post2]", got)
	}
	trt := cat.EngineVersions(catalog.FamilyTRTLLM)
	if slices.Contains(trt, "1.8.0") || !slices.Contains(trt, "0.14.0") || trt[0] != "0.14.0" {
		t.Errorf("TensorRT-LLM versions = %v, want 0.14.0 first and no NIM version", trt)
	}
}

// Ensure every engine's name leads back to its family.
func TestEngineFamilyOf(t *testing.T) {
	for _, f := range append(slices.Clone(catalog.ServingEngines), catalog.FamilyMLPerf) {
		if got := catalog.EngineFamilyOf(catalog.EngineName(f)); got != f {
			t.Errorf("EngineFamilyOf(%q) = %q, want %q", catalog.EngineName(f), got, f)
		}
	}
	if got := catalog.EngineFamilyOf("NIM"); got != "" {
		t.Errorf("EngineFamilyOf(NIM) = %q, want none", got)
	}
}

// Ensure an engine serves a precision only from checkpoints it loads, on
// GPUs whose kernels run them: 4-bit weight-only on vLLM and SGLang from
// Turing on (Marlin: not on Volta), FP4 on TensorRT-LLM, 16-bit and FP8
// wherever the engine runs.
func TestEngineRunsPrecision(t *testing.T) {
	cat := loadReal(t)
	gpu := func(id string) catalog.GPU {
		g, ok := cat.GPU(id)
		if !ok {
			t.Fatalf("no GPU %s", id)
		}
		return g
	}
	for _, tt := range []struct {
		family, precision, gpu string
		want                   bool
	}{
		{catalog.FamilyVLLM, catalog.PrecisionINT4, "a100-80gb", true},
		{catalog.FamilySGLang, catalog.PrecisionINT4, "l40s", true},
		{catalog.FamilyTRTLLM, catalog.PrecisionINT4, "h100", false},
		{catalog.FamilyVLLM, catalog.PrecisionINT4, "v100", false},
		{catalog.FamilyVLLM, catalog.PrecisionINT4, "mi300x", false},
		{catalog.FamilyTRTLLM, catalog.PrecisionFP4, "b200", true},
		{catalog.FamilyVLLM, catalog.PrecisionFP4, "b200", false},
		{catalog.FamilyVLLM, catalog.PrecisionMixed, "v100", true},
		{catalog.FamilyTRTLLM, catalog.PrecisionFP8, "h100", true},
		{catalog.FamilyTRTLLM, catalog.PrecisionMixed, "v100", false},
	} {
		if got := catalog.EngineRunsPrecision(tt.family, tt.precision, gpu(tt.gpu)); got != tt.want {
			t.Errorf("EngineRunsPrecision(%s, %s, %s) = %v, want %v", tt.family, tt.precision, tt.gpu, got, tt.want)
		}
	}
}
