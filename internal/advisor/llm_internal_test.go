package advisor

import (
	"math"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure the operating point on NIM's measured sweep (Llama 3.3 70B, 2 ×
// H100, FP8, 5,000 in / 500 out) is the point that meets the targets with
// the most tokens/s: 814.37 tokens/s at 50 users (834.51 ms to the first
// token, 59.73 ms a token) when 900 ms and 60 ms are allowed; the 25-user
// point under a 700 ms budget; never the saturated 100-user point.
func TestOperatingPointOnNIMSweep(t *testing.T) {
	cat := embeddedCatalog(t)
	req := Request{Workload: Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", Precision: catalog.PrecisionFP8,
		RPS: 1, InputTokens: 5000, OutputTokens: 500, TPOTMS: 60}}
	e := newEngine(cat, req.WithDefaults(cat))
	var sweep []catalog.ServingPoint
	for _, p := range cat.ServingPoints("llama-3.3-70b", "h100", catalog.PrecisionFP8) {
		if p.Scenario == catalog.ScenarioConcurrency && p.InputTokens == 5000 {
			sweep = append(sweep, p)
		}
	}
	if len(sweep) != 8 {
		t.Fatalf("NIM sweep has %d points, want 8 (1 to 250 users)", len(sweep))
	}
	h100, _ := cat.GPU("h100")
	fits, _ := e.llm.FitReplica(catalog.PrecisionFP8, h100.MemoryGB, 1, 2, 5500)
	replica := fits[len(fits)-1] // two GPUs, as NIM ran it
	for _, tt := range []struct {
		budget     float64
		users      float64
		tokensPerS float64
	}{{900, 50, 814.37}, {700, 25, 623.4}} {
		best := llmServing{perGPU: -1}
		for _, p := range sweep {
			if s := e.servingAt(p, replica, catalog.PrecisionFP8, tt.budget); better(s, best) {
				best = s
			}
		}
		if best.point.Concurrency != tt.users || math.Abs(best.perGPU*2-tt.tokensPerS) > 0.01 || !best.meets {
			t.Errorf("budget %v ms: point at %v users, %.2f tokens/s (meets %v), want %v users and %v tokens/s",
				tt.budget, best.point.Concurrency, best.perGPU*2, best.meets, tt.users, tt.tokensPerS)
		}
	}
}
