package catalog_test

import (
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure the memory fit of a replica: weights plus the KV cache of its
// requests within the share of memory a serving engine takes.
func TestFitReplica(t *testing.T) {
	c := loadReal(t)
	p8, _ := c.Profile("llama-3.1-8b")
	p70, _ := c.Profile("llama-3.3-70b")
	for _, tt := range []struct {
		name            string
		l               *catalog.LLMProfile
		precision       string
		memGB           float64
		count, tokens   int
		wantGPUs        int
		wantConcurrentN int // at least
	}{
		// 8.03 GB × 2 = 16.06 GB of weights; 21.6 GB usable of 24; 4,096
		// tokens × 131,072 B = 0.537 GB a request: 10 requests.
		{"8B FP16 on one 24 GB GPU", p8.LLM, catalog.PrecisionMixed, 24, 1, 4096, 1, 10},
		// 141.1 GB of FP16 weights: 2 × 80 GB (144 GB usable) hold them
		// and a handful of requests, one 80 GB GPU not.
		{"70B FP16 on 80 GB GPUs", p70.LLM, catalog.PrecisionMixed, 80, 8, 4096, 2, 1},
		// 70.55 GB of FP8 weights on one 141 GB H200: 126.9 GB usable
		// leaves 56.35 GB, 83 requests of 4,096 tokens × 163,840 B (FP8).
		{"70B FP8 on one H200", p70.LLM, catalog.PrecisionFP8, 141, 1, 4096, 1, 83},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fits, need := tt.l.FitReplica(tt.precision, tt.memGB, 1, tt.count, tt.tokens)
			if len(fits) == 0 {
				t.Fatalf("no fit; one request needs %.1f GB", need)
			}
			if fits[0].GPUs != tt.wantGPUs || fits[0].Concurrent < tt.wantConcurrentN {
				t.Errorf("smallest replica = %+v, want %d GPUs holding ≥ %d requests", fits[0], tt.wantGPUs, tt.wantConcurrentN)
			}
		})
	}
	if fits, need := p70.LLM.FitReplica(catalog.PrecisionMixed, 80, 1, 1, 4096); len(fits) != 0 || need < 141 {
		t.Errorf("70B FP16 on one 80 GB GPU fits %+v (needs %.1f GB)", fits, need)
	}
	// A 1/6 partition of a 24 GB A10 holds no 8B model in FP16.
	if fits, _ := p8.LLM.FitReplica(catalog.PrecisionMixed, 24, 1.0/6, 1, 1300); len(fits) != 0 {
		t.Errorf("an A10 sixth holds Llama 3.1 8B: %+v", fits)
	}
	if got := p70.LLM.KVGBPerToken(catalog.PrecisionMixed) * 1e9; got != 327680 {
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
