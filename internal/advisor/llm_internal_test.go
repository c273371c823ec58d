package advisor

import (
	"math"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure an offer sized at NIM's own conditions (Llama 3.3 70B, 2 × H100,
// FP8, 5,000 in / 500 out) is anchored on the figures measured at those
// lengths (NIM's sweep, TensorRT-LLM's table); that its curve at NIM's 50
// users gives about what NIM measured there (814.37 tokens/s, 834.51 ms
// to the first token and 59.73 ms a token, means); and that the operating
// point for 900 ms and 60 ms at the 95th percentile keeps both, at a
// lower load than NIM's 50 users (a mean of 835 ms has a longer tail).
func TestOperatingPointAtNIMConditions(t *testing.T) {
	cat := embeddedCatalog(t)
	req := Request{Workload: Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", Precision: catalog.PrecisionFP8,
		RPS: 1, InputTokens: 5000, OutputTokens: 500, TTFTMS: 900, TPOTMS: 60}}
	e := newEngine(cat, req.WithDefaults(cat))
	defer e.release()
	var offer *catalog.Offer
	for i := range cat.Offers {
		if o := &cat.Offers[i]; o.GPU == "h100" && o.GPUCount == 2 {
			offer = o
			break
		}
	}
	if offer == nil {
		t.Skip("no 2 × H100 offer in the catalog")
	}
	g, _ := cat.GPU("h100")
	sz := e.llmSize(offer, &g)
	if sz.reason != "" {
		t.Fatalf("2 × H100 cannot serve 70B in FP8: %s", sz.reason)
	}
	var tp2 *llmCurve
	for i := range sz.curves {
		if sz.curves[i].tp == 2 {
			tp2 = sz.curves[i]
		}
	}
	if tp2 == nil || tp2.anchor == nil || tp2.anchor.InputTokens != 5000 || tp2.anchor.OutputTokens != 500 {
		t.Fatalf("TP2 curve %+v: want one anchored on a figure at 5,000 in / 500 out", tp2)
	}
	mean := tp2.replica.At(50, 5000, 500, 0)
	for _, q := range []struct {
		name          string
		got, measured float64
	}{{"tokens/s", mean.OutputPerS * tp2.anchorRatio, 814.37}, {"TTFT", mean.TTFTMS, 834.51}, {"TPOT", mean.TPOTMS, 59.73}} {
		if math.Abs(q.got/q.measured-1) > 0.3 {
			t.Errorf("at 50 users the model gives %s %.1f, NIM measured %.1f", q.name, q.got, q.measured)
		}
	}
	// The curve's point for 900 ms left (as for a metro −1: none).
	p := tp2.pointAt(-1, 900, 60)
	s := e.servingOf(tp2, sz.precision, p)
	if !s.meets || s.ttftMS > 900 || s.tpotMS > 60 || s.point.Concurrency >= 50 {
		t.Errorf("operating point: TP%d at %.0f users, %.0f ms to the first token, %.1f ms a token (meets %v)", s.tp, s.point.Concurrency, s.ttftMS, s.tpotMS, s.meets)
	}
}
