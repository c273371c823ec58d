package serving_test

import (
	"math"
	"testing"

	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// bestByHalving is Curve.Best as it was first written, from every point of
// a curve: the last point within both targets found by halving, and the
// point between it and the next where the first target is reached.
func bestByHalving(points []serving.Point, ttftMS, tpotMS float64) (serving.Point, bool) {
	within := func(p serving.Point) bool { return p.TTFTMS <= ttftMS && p.TPOTMS <= tpotMS }
	n := len(points)
	if !within(points[0]) {
		return points[0], false
	}
	lo, hi := 0, n
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if within(points[mid]) {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == n-1 {
		return points[lo], true
	}
	a, b := points[lo], points[lo+1]
	f := 1.0
	if b.TTFTMS > ttftMS {
		f = min(f, (ttftMS-a.TTFTMS)/(b.TTFTMS-a.TTFTMS))
	}
	if b.TPOTMS > tpotMS {
		f = min(f, (tpotMS-a.TPOTMS)/(b.TPOTMS-a.TPOTMS))
	}
	lin := func(x, y float64) float64 { return x + f*(y-x) }
	return serving.Point{
		Concurrency: math.Exp(lin(math.Log(a.Concurrency), math.Log(b.Concurrency))),
		TTFTMS:      lin(a.TTFTMS, b.TTFTMS), TPOTMS: lin(a.TPOTMS, b.TPOTMS),
		OutputPerS: lin(a.OutputPerS, b.OutputPerS), RequestsPerS: lin(a.RequestsPerS, b.RequestsPerS),
		PromptShare: lin(a.PromptShare, b.PromptShare),
	}, true
}

// Ensure Best, which works out only the few points its search reads,
// finds to the bit what halving over every point finds: on every GPU,
// format, engine family and replica size of the embedded catalog's fit,
// for short and long requests and tight to loose targets, asked of a
// fresh curve and of one asked before (whose points it reads again), as
// an answer asks a curve for its point under the time per token alone and
// then in each metro.
func TestBestFindsWhatHalvingFinds(t *testing.T) {
	cat := embedded(t)
	p := &cat.ServingFit.Params
	prof, _ := cat.Profile("llama-3.3-70b")
	ttfts := []float64{20, 80, 150, 300, 600, 900, 1500, 3000, 8000, 30000, math.Inf(1)}
	tpots := []float64{3, 6, 12, 20, 30, 45, 60, 90, 150, 300, 1000}
	lengths := [][2]float64{{64, 16}, {300, 100}, {1000, 300}, {4000, 1000}, {16000, 4000}}
	checked := 0
	for _, g := range cat.GPUs {
		h := g.ServingHardware()
		for _, format := range []string{serving.FormatFP16, serving.FormatFP8, serving.FormatFP4, serving.FormatINT4} {
			for _, family := range catalog.ServingEngines {
				for _, tp := range []int{1, 2, 4, 8} {
					for _, model := range []serving.Model{llama8B, prof.LLM.ServingModel("")} {
						r, err := p.NewReplica(serving.Setup{Hardware: h, Model: model, Format: format, TP: tp, Family: family})
						if err != nil {
							continue
						}
						for _, l := range lengths {
							all := r.Curve(l[0], l[1], 0.95)
							if all == nil {
								continue
							}
							points := all.Points()
							asked := r.Curve(l[0], l[1], 0.95)
							for _, tpot := range tpots {
								for _, ttft := range ttfts {
									want, wantOK := bestByHalving(points, ttft, tpot)
									for _, c := range []*serving.Curve{r.Curve(l[0], l[1], 0.95), asked} {
										got, ok := c.Best(ttft, tpot)
										checked++
										if got != want || ok != wantOK {
											t.Fatalf("%s %s %s TP%d %v, Best(%v, %v) = %+v, %v; halving gives %+v, %v",
												g.ID, format, family, tp, l, ttft, tpot, got, ok, want, wantOK)
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("%d searches checked, want many", checked)
	}
}
