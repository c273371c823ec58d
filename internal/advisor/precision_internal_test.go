package advisor

import (
	"slices"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure an offer of a question that names no precision weighs the
// profile's default where its GPU runs it (else 16 bits) and the
// published precision of the fewest bits its GPU runs, FP4 on its own
// tensor cores before weight-only INT4: the others are dominated (16-bit
// weights on a GPU that runs FP8, INT4 on one that runs FP4).
func TestPrecisionsWeighed(t *testing.T) {
	cat := embeddedCatalog(t)
	req := Request{Workload: Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 1}}
	e := newEngine(cat, req.WithDefaults(cat))
	defer e.release()
	for gpu, want := range map[string][]string{
		"b200":      {catalog.PrecisionFP8, catalog.PrecisionFP4},
		"h100":      {catalog.PrecisionFP8, catalog.PrecisionINT4},
		"a100-80gb": {catalog.PrecisionMixed, catalog.PrecisionINT4},
	} {
		g, _ := cat.GPU(gpu)
		precs, n, ok := e.llmPrecisions(&g)
		if got := precs[:n]; !ok || !slices.Equal(got, want) {
			t.Errorf("%s weighs %v, want %v", gpu, got, want)
		}
	}
}
