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

// Ensure fitAt, which leaves out curves the bar beats (see barOf), picks
// in every metro the curve and point that weighing every curve picks: on
// the answers to three LLM questions (70B and 8B over three continents,
// 70B on RTX PRO 6000 cards), every operating point found.
func TestFitAtPicksAsEveryCurveWeighed(t *testing.T) {
	cat := embeddedCatalog(t)
	facts, err := factsOf(cat)
	if err != nil {
		t.Fatal(err)
	}
	three := []UserShare{{Location: "US", Share: 50}, {Location: "DE", Share: 30}, {Location: "JP", Share: 20}}
	checked := 0
	for _, req := range []Request{
		{Workload: Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 10, PeakRPS: 20}, Users: three},
		{Workload: Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 10, PeakRPS: 20}, Users: three},
		{Workload: Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 5, InputTokens: 1000, OutputTokens: 300, TTFTMS: 800, TPOTMS: 60},
			Users: []UserShare{{Location: "US", Share: 100}}, GPUs: []string{"rtx-pro-6000", "rtx-pro-6000-maxq"}},
	} {
		e := newEngine(cat, req.WithDefaults(cat))
		e.facts = facts
		e.feasiblePlans()
		tpot := e.req.Workload.TPOTMS
		for _, sz := range e.memo.llmSizings {
			for _, f := range sz.fits {
				if f.metro == freeMetro {
					continue
				}
				var best *llmCurve
				var bestPoint curvePoint
				for _, c := range sz.curves {
					if p := c.pointAt(f.metro, e.llmBudgetMS(f.metro), tpot); best == nil || betterPoint(c, p, best, bestPoint) {
						best, bestPoint = c, p
					}
				}
				checked++
				if f.fit.llmCurve != best || f.fit.point != bestPoint.pt {
					t.Errorf("%s, metro %d: fitAt picks %s TP%d %s (%v), every curve weighed %s TP%d %s (%v)", req.Workload.Profile, f.metro,
						f.fit.precision, f.fit.tp, f.fit.engine(), f.fit.point, best.precision, best.tp, best.replica.Family, bestPoint.pt)
				}
			}
		}
		e.release()
	}
	if checked < 10 {
		t.Errorf("%d operating points checked, want many", checked)
	}
}
