package advisor

import (
	"math"
	"math/rand/v2"
	"testing"

	"gpuplace/internal/catalog"
)

// llmQuestions are LLM questions of many shapes: both models, users on
// one to four continents, loads, lengths and targets, named precisions
// and engines, a GPU filter.
func llmQuestions(n int) []Request {
	r := rand.New(rand.NewPCG(3, 5))
	places := []string{"US", "DE", "JP", "FR", "BR", "IN", "AU", "GB", "SG", "ZA", "CA", "fra", "lon", "bom"}
	lengths := [][2]int{{0, 0}, {300, 100}, {1000, 300}, {4000, 1000}, {2000, 200}}
	var out []Request
	for range n {
		q := Request{Workload: Workload{Kind: catalog.KindInference, Profile: []string{"llama-3.1-8b", "llama-3.3-70b"}[r.IntN(2)],
			RPS: []float64{0.5, 2, 10, 40}[r.IntN(4)]}}
		q.Workload.PeakRPS = q.Workload.RPS * (1 + 2*r.Float64())
		l := lengths[r.IntN(len(lengths))]
		q.Workload.InputTokens, q.Workload.OutputTokens = l[0], l[1]
		q.Workload.TTFTMS = []float64{0, 300, 800, 2000}[r.IntN(4)]
		q.Workload.TPOTMS = []float64{0, 15, 30, 60, 120}[r.IntN(5)]
		if r.IntN(4) == 0 {
			q.Workload.Precision = []string{catalog.PrecisionMixed, catalog.PrecisionFP8, catalog.PrecisionINT4}[r.IntN(3)]
		}
		if r.IntN(4) == 0 {
			q.Workload.Engine = []string{EngineAny, catalog.FamilyVLLM, catalog.FamilySGLang, catalog.FamilyTRTLLM}[r.IntN(4)]
		}
		if r.IntN(6) == 0 {
			q.GPUs = []string{[]string{"h100", "l40s", "a100-80gb", "b200"}[r.IntN(4)]}
		}
		perm := r.Perm(len(places))
		for k := range 1 + r.IntN(4) {
			q.Users = append(q.Users, UserShare{Location: places[perm[k]], Share: float64(1 + r.IntN(50))})
		}
		out = append(out, q)
	}
	return out
}

// referencePoint is pointAt worked out afresh: a curve's point with
// budgetMS left for the first token.
func referencePoint(c *llmCurve, budgetMS, tpot float64) curvePoint {
	pt, ok := c.curve.Best(math.Inf(1), tpot)
	pt, at := c.curve.CapAtKnee(pt)
	if ok && pt.TTFTMS <= budgetMS {
		return curvePoint{pt: pt, meets: true, atKnee: at}
	}
	pt, ok = c.curve.Best(budgetMS, tpot)
	if !ok {
		pt, _ = c.curve.Best(nearFastest(pt.TTFTMS, budgetMS), max(tpot, pt.TPOTMS*(1+NearBestShare)))
	}
	pt, at = c.curve.CapAtKnee(pt)
	return curvePoint{pt: pt, meets: ok, atKnee: at}
}

// Ensure every LLM offer serves at the point fitAt found before it shared
// what it works out (a sizing's free points, a metro's fit where the
// curves that compete keep its budget, the budget's floor, the indexes by
// metro): for each offer, the bar of its sizing's top curve and the best
// of the curves it leaves in, worked out afresh in the offer's metro with
// the metro's budget.
func TestLLMFitsAsWorkedOutAfresh(t *testing.T) {
	cat := embeddedCatalog(t)
	facts, err := factsOf(cat)
	if err != nil {
		t.Fatal(err)
	}
	kindOf := map[*catalog.Offer]int{}
	for i := range cat.Offers {
		kindOf[&cat.Offers[i]] = int(facts.briefs[i].kind)
	}
	checked := 0
	for _, q := range llmQuestions(40) {
		e := filteredEngine(t, cat, q)
		tpot := e.req.Workload.TPOTMS
		for _, u := range e.usable {
			sz := e.memo.sizingOf[kindOf[u.offer]]
			budget := e.llmBudgetMS(u.metro)
			var top *llmCurve
			var most float64
			for _, c := range sz.curves {
				if f := referencePoint(c, math.Inf(1), tpot); f.meets && (top == nil || f.perGPU(c) > most) {
					top, most = c, f.perGPU(c)
				}
			}
			bar := 0.0
			if top != nil {
				if p := referencePoint(top, budget, tpot); p.meets {
					bar = p.perGPU(top)
				}
			}
			var best *llmCurve
			var bestPoint curvePoint
			for _, c := range sz.curves {
				if f := referencePoint(c, math.Inf(1), tpot); bar > 0 && (!f.meets || f.perGPU(c) < bar) {
					continue
				}
				if p := referencePoint(c, budget, tpot); best == nil || betterPoint(c, p, best, bestPoint) {
					best, bestPoint = c, p
				}
			}
			checked++
			if u.serving.llmCurve != best || u.serving.point != bestPoint.pt || u.serving.meets != bestPoint.meets {
				t.Fatalf("%+v: %s in metro %d serves on TP%d %s %s at %+v, afresh TP%d %s %s at %+v", q.Workload, u.offer.ID(), u.metro,
					u.serving.tp, u.serving.precision, u.serving.engine(), u.serving.point, best.tp, best.precision, best.replica.Family, bestPoint.pt)
			}
		}
	}
	t.Logf("%d offers checked", checked)
	if checked < 10000 {
		t.Errorf("%d offers checked, want many", checked)
	}
}

// Ensure each precision alternative of an LLM pick is what the question
// asked again in that precision on that GPU answers in full: the
// question an answer asks of itself reads its curves and budgets, looks
// only at the GPU's offers, ranks only its first plan and builds only its
// total.
func TestPrecisionAlternativesAsAskedInFull(t *testing.T) {
	cat := embeddedCatalog(t)
	checked := 0
	for _, q := range llmQuestions(24) {
		res, err := Recommend(cat, q)
		if err != nil || res.Pick == nil || res.Pick.Serving == nil {
			continue
		}
		req := q.WithDefaults(cat)
		p, _ := cat.Profile(req.Workload.Profile)
		g, _ := cat.GPU(res.Pick.Placements[0].GPU)
		got := map[string]PrecisionAlternative{}
		for _, a := range res.Pick.Serving.PrecisionAlternatives {
			got[a.Precision] = a
		}
		for _, pub := range p.LLM.Published {
			if pub.Precision == res.Pick.Serving.Precision || !g.ServingHardware().Supports(catalog.ServingFormat(pub.Precision)) {
				continue
			}
			alt := req
			alt.Workload.Precision, alt.GPUs = pub.Precision, []string{g.ID}
			full, err := Recommend(cat, alt)
			a, ok := got[pub.Precision]
			checked++
			switch {
			case err != nil || full.Pick == nil:
				if ok {
					t.Errorf("%+v: %s on %s is an alternative (%d GPUs, %s), asked in full it has no pick", q.Workload, pub.Precision, g.ID, a.GPUs, a.Total)
				}
			case !ok || a.GPUs != full.Pick.GPUs() || !a.Total.Equal(full.Pick.Total):
				t.Errorf("%+v: %s on %s: alternative %+v, asked in full %d GPUs, %s", q.Workload, pub.Precision, g.ID, a, full.Pick.GPUs(), full.Pick.Total)
			}
		}
	}
	t.Logf("%d alternatives checked", checked)
	if checked < 10 {
		t.Errorf("%d alternatives checked, want many", checked)
	}
}
