package serving

import (
	"math"
	"testing"
)

// handParams are round efficiencies and costs for tests of the model's
// formulas (not a fit).
var handParams = Params{
	Architectures: map[string]Efficiency{"hopper": {Memory: 0.9, Compute: 0.6}},
	Links:         map[string]Link{LinkNVLink: {LatencyUS: 1, GBs: 300}, LinkPCIe: {LatencyUS: 100, GBs: 16}},
	StepMS:        0.4, LayerUS: 60, SequenceUS: 10, KVShare: 0.9, ReserveGB: 5, KVRead: 0.7,
	TPOTTail: 1.2, TTFTFixedMS: 60, TTFTTail: 0.2,
}

// h100 and llama8B are a datasheet's H100 SXM and Llama 3.1 8B's shape,
// its context 131,072 tokens.
var (
	h100    = Hardware{ID: "h100", Architecture: "hopper", MemoryGB: 80, BandwidthGBs: 3350, FP16TFLOPS: 989, FP8TFLOPS: 1979, Interconnect: LinkNVLink}
	llama8B = Model{ParamsB: 8.03, Layers: 32, KVHeads: 8, HeadDim: 128, Hidden: 4096, Vocab: 128256, Context: 131072}
)

func handReplica(t *testing.T, cached float64) *Replica {
	t.Helper()
	r, err := handParams.NewReplica(Setup{Hardware: h100, Model: llama8B, Format: FormatFP8, TP: 1, Cached: cached})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Ensure a prompt's prefill is its FLOPs at the replica's tensor rate:
// 2 × params per new token for the matrix products and, for attention,
// 4 × layers × width per token attended, causally: in²/2 for a prompt of
// in tokens computed whole (bit for bit the formula the fit was made
// with), in²/2 − (c·in)²/2 with a share c from the prefix cache. The
// quadratic term overtakes the products from in = params ÷ (layers ×
// width), about 61k tokens for Llama 3.1 8B: a 128k prompt spends more on
// attention than on its products.
func TestPrefillFLOPs(t *testing.T) {
	p, l, h := llama8B.ParamsB*1e9, float64(llama8B.Layers), float64(llama8B.Hidden)
	for _, in := range []float64{1000, 8192, 32768, 131072} {
		whole := handReplica(t, 0)
		rate := whole.flops * whole.eff.Compute
		if got, want := whole.prefill(in), (2*p*in+4*l*h*in*in/2)/rate; got != want {
			t.Errorf("prefill(%v) = %v, want %v (the fitted formula, bit for bit)", in, got, want)
		}
		for _, c := range []float64{0.5, 0.8, 0.95} {
			r := handReplica(t, c)
			want := (2*p*(1-c)*in + 4*l*h*(in*in-c*in*c*in)/2) / rate
			if got := r.prefill(in); math.Abs(got/want-1) > 1e-12 {
				t.Errorf("prefill(%v) with %v cached = %v s, want %v s", in, c, got, want)
			}
		}
	}
	if at, mm := 4*l*h*131072/2, 2*p; at <= mm {
		t.Errorf("at 128k tokens attention takes %.3g FLOPs a token, the products %.3g: want attention the larger", at, mm)
	}
	if at, mm := 4*l*h*32768/2, 2*p; at >= mm {
		t.Errorf("at 32k tokens attention takes %.3g FLOPs a token, the products %.3g: want the products the larger", at, mm)
	}
}

// Ensure a step at b running requests with a share c of each prompt from
// the prefix cache carries b × (1 − c) × in ÷ out new prompt tokens, each
// attending to (1 + c) × in ÷ 2 tokens on average, and reads the whole
// prompt's KV cache as without the cache.
func TestStepWithPrefixCache(t *testing.T) {
	const b, in, out, c = 16.0, 32000.0, 500.0, 0.8
	whole, cached := handReplica(t, 0), handReplica(t, c)
	w, k := whole.step(b, in, out), cached.step(b, in, out)
	if w.kvRead != k.kvRead {
		t.Errorf("KV read %v s cached, %v s whole: want the same", k.kvRead, w.kvRead)
	}
	fresh := b * (1 - c) * in / out
	rate := cached.flops * cached.eff.Compute
	want := 4 * float64(llama8B.Layers) * float64(llama8B.Hidden) * (1 + c) * in / 2 * fresh / rate
	if math.Abs(k.attention/want-1) > 1e-12 {
		t.Errorf("attention %v s, want %v s", k.attention, want)
	}
	if got := k.prompt; math.Abs(got-fresh/(b+fresh)) > 1e-12 {
		t.Errorf("prompt share of the products %v, want %v", got, fresh/(b+fresh))
	}
	if k.total() >= w.total() {
		t.Errorf("a cached step takes %v s, a whole one %v s", k.total(), w.total())
	}
}

// Ensure that with a prefix cache, at every load, the first token comes
// sooner, each token no later and the replica serves no less, with less of
// its time on prompts; that its memory holds as many requests (the KV
// cache keeps the whole prompt) and none longer than the model's context;
// and that the share is refused outside [0, 1).
func TestAtWithPrefixCache(t *testing.T) {
	const in, out = 32000.0, 500.0
	whole, cached := handReplica(t, 0), handReplica(t, 0.8)
	if a, b := whole.MaxBatch(in, out), cached.MaxBatch(in, out); a != b || !(a >= 1) {
		t.Errorf("MaxBatch = %v whole, %v cached: want the same, at least one", a, b)
	}
	for _, b := range []float64{1, 4, 16, whole.MaxBatch(in, out)} {
		w, c := whole.At(b, in, out, 0.95), cached.At(b, in, out, 0.95)
		if c.TTFTMS >= w.TTFTMS || c.TPOTMS > w.TPOTMS || c.OutputPerS < w.OutputPerS || c.PromptShare >= w.PromptShare {
			t.Errorf("at %v running: cached %+v, whole %+v", b, c, w)
		}
	}
	if got := whole.MaxBatch(131072-1000, 1000); !(got > 0) {
		t.Errorf("MaxBatch at the whole context = %v, want some", got)
	}
	if got := whole.MaxBatch(131072, 1); got != 0 {
		t.Errorf("MaxBatch beyond the context = %v, want 0", got)
	}
	if whole.Curve(131072, 1, 0.95) != nil {
		t.Error("a curve of requests beyond the context")
	}
	for _, c := range []float64{-0.1, 1, math.NaN()} {
		if _, err := handParams.NewReplica(Setup{Hardware: h100, Model: llama8B, Format: FormatFP8, TP: 1, Cached: c}); err == nil {
			t.Errorf("prefix-cache share %v taken", c)
		}
	}
}

// Ensure a long prompt's time to first token at one running request is
// its prefill and the front end's fixed time (the chunked prefill's steps
// carry nothing else to speak of) and the queue of prompts ahead of it,
// at most half as long again: requests arrive at random, and a 128k
// prompt is a large part of its request's time, so one may arrive while
// another's prompt runs. It grows with the prompt faster than its length
// once attention weighs (32k → 128k: more than 4×), and longer prompts
// lengthen every running request's time per output token (each step
// carries their chunks).
func TestLongPromptTTFT(t *testing.T) {
	r := handReplica(t, 0)
	const out = 500.0
	last := Point{}
	for _, in := range []float64{8192, 32768, 131072 - out} {
		pt := r.At(1, in, out, 0)
		floor := (r.prefill(in) + handParams.TTFTFixedMS/1e3) * 1e3
		if pt.TTFTMS < floor || pt.TTFTMS > 1.5*floor {
			t.Errorf("%v tokens at one request: TTFT %.0f ms, want %.0f–%.0f ms (prefill and front end, and a queue)", in, pt.TTFTMS, floor, 1.5*floor)
		}
		if in > 100000 && pt.TTFTMS < 4*last.TTFTMS {
			t.Errorf("TTFT %.0f ms at %v tokens, %.0f ms at a quarter of them: want more than 4×", pt.TTFTMS, in, last.TTFTMS)
		}
		last = pt
	}
	if short, long := r.At(8, 1000, out, 0), r.At(8, 32000, out, 0); long.TPOTMS <= 2*short.TPOTMS {
		t.Errorf("8 running with 32k prompts: %.1f ms a token, with 1k prompts %.1f ms: want the long prompts' chunks to weigh", long.TPOTMS, short.TPOTMS)
	}
}
