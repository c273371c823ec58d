package serving_test

import (
	"math"
	"testing"

	"gpuplace/internal/serving"
)

// curvesOf are the curves of Llama 3.1 8B and 3.3 70B at 1,000 in / 300
// out on every GPU, format and replica size the embedded catalog's fit
// covers, at the 95th percentile (as answers read them).
func curvesOf(t *testing.T) []*serving.Curve {
	cat := embedded(t)
	p := &cat.ServingFit.Params
	prof, _ := cat.Profile("llama-3.3-70b")
	var out []*serving.Curve
	for _, g := range cat.GPUs {
		h := g.ServingHardware()
		for _, format := range []string{serving.FormatFP16, serving.FormatFP8, serving.FormatFP4, serving.FormatINT4} {
			for _, tp := range []int{1, 2, 4, 8} {
				for _, model := range []serving.Model{llama8B, prof.LLM.ServingModel("")} {
					r, err := p.NewReplica(serving.Setup{Hardware: h, Model: model, Format: format, TP: tp, Family: serving.FamilyReference})
					if err != nil {
						continue
					}
					if c := r.Curve(1000, 300, 0.95); c != nil {
						out = append(out, c)
					}
				}
			}
		}
	}
	if len(out) < 50 {
		t.Fatalf("%d curves: want the catalog's GPUs over formats and replica sizes", len(out))
	}
	return out
}

// Ensure a curve's knee, worked out from its last point down, is Knee of
// all its points, on every curve of the embedded catalog's GPUs.
func TestCurveKneeIsKneeOfItsPoints(t *testing.T) {
	knees := 0
	for _, c := range curvesOf(t) {
		// Asked first, before Points works every point out.
		pt, ok := c.Knee()
		want, wantOK := serving.Knee(c.Points())
		if ok != wantOK || ok && pt.Concurrency != want {
			t.Errorf("%s: Curve.Knee = %.1f (%v), Knee(Points) = %.1f (%v)", c.Replica().Hardware.ID, pt.Concurrency, ok, want, wantOK)
		}
		if ok {
			knees++
		}
	}
	if knees == 0 {
		t.Error("no curve has a knee: the comparison tested nothing")
	}
}

// Ensure a load is held at its curve's knee exactly where it is past it:
// CapAtKnee, asked of a fresh curve (its points not yet worked out) at
// the loads Best finds under a range of targets, agrees with Knee of all
// its points.
func TestCapAtKnee(t *testing.T) {
	held := 0
	for _, c := range curvesOf(t) {
		for _, tpot := range []float64{20, 40, 60, 100, 200, 1000} {
			r := c.Replica()
			fresh := r.Curve(1000, 300, 0.95)
			p, ok := fresh.Best(math.Inf(1), tpot)
			if !ok {
				continue
			}
			got, past := fresh.CapAtKnee(p)
			knee, hasKnee := serving.Knee(c.Points())
			wantPast := hasKnee && p.Concurrency > knee
			if past != wantPast || past && got.Concurrency != knee || !past && got != p {
				t.Errorf("%s at %.1f running (TPOT %v): CapAtKnee = %.1f (past %v), the knee is %.1f (%v)", r.Hardware.ID, p.Concurrency, tpot, got.Concurrency, past, knee, hasKnee)
			}
			if past {
				held++
			}
		}
	}
	if held == 0 {
		t.Error("no load past its knee: the comparison tested nothing")
	}
}

// Ensure the point at a rate carries that rate: at the rate of Best's
// point it is Best's point (a replica sized at its capacity runs there at
// full load), latencies and running requests grow with the rate, below
// one running request's rate the latencies are one request's, and past
// the memory's most the queue grows without bound (false).
func TestAtRate(t *testing.T) {
	for _, c := range curvesOf(t) {
		id := c.Replica().Hardware.ID
		first, last := c.First(), c.Points()[len(c.Points())-1]
		if best, ok := c.Best(math.Inf(1), 60); ok {
			at, ok := c.AtRate(best.RequestsPerS)
			if !ok || math.Abs(at.TTFTMS-best.TTFTMS) > 1e-6*best.TTFTMS || math.Abs(at.TPOTMS-best.TPOTMS) > 1e-6*best.TPOTMS ||
				math.Abs(at.Concurrency/best.Concurrency-1) > 1e-6 {
				t.Errorf("%s: at Best's %.3f requests/s, %+v; Best %+v", id, best.RequestsPerS, at, best)
			}
		}
		var prev serving.Point
		for i, f := range []float64{0.25, 0.5, 0.75, 1, 1.5, 3, 10, 30, 100} {
			rate := first.RequestsPerS * f
			if rate > last.RequestsPerS {
				break
			}
			pt, ok := c.AtRate(rate)
			if !ok || math.Abs(pt.RequestsPerS/rate-1) > 1e-9 {
				t.Fatalf("%s: AtRate(%.3f) = %+v (ok %v), want that rate", id, rate, pt, ok)
			}
			if f <= 1 && (pt.TTFTMS != first.TTFTMS || pt.TPOTMS != first.TPOTMS) {
				t.Errorf("%s: %.0f %% of one request's rate gives %.1f / %.1f ms, want one request's %.1f / %.1f", id, 100*f, pt.TTFTMS, pt.TPOTMS, first.TTFTMS, first.TPOTMS)
			}
			if i > 0 && (pt.TTFTMS < prev.TTFTMS || pt.TPOTMS < prev.TPOTMS || pt.Concurrency <= prev.Concurrency) {
				t.Errorf("%s: more load (%.3f requests/s) lowers a latency or the running requests: %+v after %+v", id, rate, pt, prev)
			}
			prev = pt
		}
		if pt, ok := c.AtRate(last.RequestsPerS * 1.01); ok || pt != last {
			t.Errorf("%s: past the memory's most, AtRate = %+v (ok %v), want its last point and false", id, pt, ok)
		}
	}
}
