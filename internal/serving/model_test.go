package serving_test

import (
	"math"
	"testing"

	"gpuplace/internal/serving"
)

var llama8B = serving.Model{ParamsB: 8.03, Layers: 32, KVHeads: 8, HeadDim: 128, Hidden: 4096, Vocab: 128256}

// Ensure weights and KV cache are counted as an engine holds them: FP8
// quantises all but the embedding and output layers, which stay 16-bit.
func TestMemoryOfAModel(t *testing.T) {
	emb := 2 * 128256 * 4096.0
	for _, tt := range []struct {
		format string
		want   float64
	}{
		{serving.FormatFP16, 8.03e9 * 2},
		{serving.FormatFP8, (8.03e9 - emb) + 2*emb},
		{serving.FormatFP4, (8.03e9-emb)*0.5 + 2*emb},
	} {
		if got := llama8B.WeightBytes(tt.format); math.Abs(got-tt.want) > 1 {
			t.Errorf("WeightBytes(%s) = %.0f, want %.0f", tt.format, got, tt.want)
		}
	}
	// Keys and values, 32 layers × 8 KV heads × 128, 2 bytes each.
	if got := llama8B.KVBytesPerToken(serving.FormatFP16); got != 2*32*8*128*2 {
		t.Errorf("KVBytesPerToken(fp16) = %v", got)
	}
	if serving.DefaultKV(serving.FormatFP8) != serving.FormatFP8 || serving.DefaultKV(serving.FormatINT4) != serving.FormatFP16 {
		t.Error("FP8 weights keep an FP8 KV cache; 4-bit weight-only a 16-bit one")
	}
}

// Ensure no operating point beats the hardware, on every GPU, format and
// replica size the embedded catalog's fit covers: a decode step reads
// every weight at most at the datasheet bandwidth and a prompt's products
// run at most at the datasheet tensor rate; and that a curve's latencies
// and throughput grow with its load.
func TestPhysicsFloors(t *testing.T) {
	cat := embedded(t)
	p := &cat.ServingFit.Params
	prof, _ := cat.Profile("llama-3.3-70b")
	for _, g := range cat.GPUs {
		h := g.ServingHardware()
		for _, format := range []string{serving.FormatFP16, serving.FormatFP8, serving.FormatFP4, serving.FormatINT4} {
			if !h.Supports(format) {
				continue
			}
			for _, tp := range []int{1, 2, 4, 8} {
				for _, model := range []serving.Model{llama8B, prof.LLM.ServingModel("")} {
					r, err := p.NewReplica(serving.Setup{Hardware: h, Model: model, Format: format, TP: tp, Family: serving.FamilyReference})
					if err != nil {
						continue
					}
					c := r.Curve(1000, 300, 0.95)
					if c == nil {
						continue
					}
					var last serving.Point
					for i, pt := range c.Points() {
						if pt.TPOTMS < r.DecodeFloorMS()*(1-1e-9) || pt.TTFTMS < r.PrefillFloorMS(1000)*(1-1e-9) {
							t.Fatalf("%s %s TP%d at %.1f users: TPOT %.2f ms (floor %.2f), TTFT %.1f ms (floor %.1f)",
								g.ID, format, tp, pt.Concurrency, pt.TPOTMS, r.DecodeFloorMS(), pt.TTFTMS, r.PrefillFloorMS(1000))
						}
						if i > 0 && (pt.TPOTMS < last.TPOTMS || pt.TTFTMS < last.TTFTMS || pt.OutputPerS < last.OutputPerS) {
							t.Fatalf("%s %s TP%d: the curve falls between %.1f and %.1f users", g.ID, format, tp, last.Concurrency, pt.Concurrency)
						}
						last = pt
					}
				}
			}
		}
	}
}

// Ensure the operating point keeps its targets and that relaxing a target
// never lowers the throughput.
func TestBestKeepsTheTargets(t *testing.T) {
	cat := embedded(t)
	g, _ := cat.GPU("l40s")
	r, err := cat.ServingFit.Params.NewReplica(serving.Setup{Hardware: g.ServingHardware(), Model: llama8B, Format: serving.FormatFP8, TP: 1, Family: serving.FamilyReference})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Curve(1000, 300, 0.95)
	prev := 0.0
	for _, tpot := range []float64{20, 40, 60, 100, 200} {
		for _, ttft := range []float64{300, 800, 2000} {
			pt, ok := c.Best(ttft, tpot)
			if !ok {
				continue
			}
			if pt.TTFTMS > ttft+1e-9 || pt.TPOTMS > tpot+1e-9 {
				t.Errorf("Best(%v, %v) = TTFT %.1f, TPOT %.1f", ttft, tpot, pt.TTFTMS, pt.TPOTMS)
			}
			if ttft == 2000 {
				if pt.OutputPerS < prev {
					t.Errorf("TPOT %v ms serves %.0f tokens/s, less than a tighter target", tpot, pt.OutputPerS)
				}
				prev = pt.OutputPerS
			}
		}
	}
	if prev < 1000 {
		t.Errorf("one L40S serves Llama 3.1 8B in FP8 at %.0f output tokens/s with 200 ms per token: want well over 1,000", prev)
	}
}
