package serving

import "math"

// A continuous-batching engine runs steps: each step reads every weight
// once, gives each running request one output token, and processes a share
// of new prompts beside them. In steady state at b running requests of in
// tokens in and out tokens out, a step carries b decode tokens and
// b × in ÷ out prompt tokens (every request's prompt once per out steps).
//
// That is the steady state of chunked prefill, which vLLM, SGLang and
// TensorRT-LLM run: a prompt is cut into chunks of the step's token budget
// and each chunk runs in a step beside the running requests' decode
// tokens. Whatever the chunk size, each request's prompt is computed once
// over its out steps, so the mean step carries in ÷ out prompt tokens a
// running request, and a long prompt (8k–128k tokens) lengthens every
// step, and so the time per output token, by its products (in proportion
// to its length) and its attention (to the square). A prompt's own time
// to first token (At) is its whole prefill, every chunk's products and
// attention (prefill), plus the prompts queued ahead of it; the decode
// tokens its chunks' steps carry beside it are not added per chunk (a
// chunk's step is bound by its compute, and FirstTokenSteps, fitted on
// prompts of up to 33k tokens, is near zero).
//
// With a share c of each prompt served from the prefix cache (Setup.Cached)
// a prompt computes only its (1 − c) × in new tokens: their matrix products
// and their attention over the whole prompt (see attended). Its KV cache,
// and every step's reading of it, is the whole prompt's as before.

// work is the time of one step at b running requests, by part (seconds).
type work struct {
	weights   float64 // reading the weights, or the matrix products on them if those take longer
	kvRead    float64 // reading the running requests' KV cache
	attention float64 // the prompt tokens' attention
	allReduce float64 // tensor-parallel all-reduces
	overhead  float64 // fixed, per layer and per request costs
	// prompt is the share of the matrix-product time that is prompt
	// tokens' (for splitting cost between input and output tokens).
	prompt float64
}

func (w work) total() float64 { return w.weights + w.kvRead + w.attention + w.allReduce + w.overhead }

// step is the work of one step at b running requests: the time between
// two output tokens of a request.
//
// A replica of PP pipeline stages keeps PP micro-batches of b/PP requests
// in flight, one on each stage; a request gets its next token once its
// micro-batch has passed every stage, so its step is PP stage times, each
// reading 1/PP of the weights and of the micro-batch's KV cache on the
// stage's TP GPUs: the step of the whole model at b/PP requests on TP
// GPUs, plus each further stage's fixed step cost and the hand-over of
// the micro-batch's activations between stages. Below PP running
// requests the stages idle: a step is then that of one request.
func (r *Replica) step(b, in, out float64) work {
	m := r.Model
	pp := float64(r.Stages())
	if pp > 1 {
		b = max(b/pp, min(b, 1))
	}
	promptTokens := b * r.fresh(in) / out
	tokens := b + promptTokens
	read := r.weights / (r.bw * r.eff.Memory)
	products := 2 * m.ParamsB * 1e9 * tokens / (r.flops * r.eff.Compute)
	w := work{weights: max(read, products)}
	if products > 0 {
		w.prompt = promptTokens / tokens
	}
	// Each running request reads, on average, its prompt and half its
	// answer of KV cache a step.
	w.kvRead = b * (in + out/2) * r.kvToken / (r.bw * r.eff.Memory * r.p.KVRead)
	// A prompt token attends to half the prompt on average (more with a
	// prefix cache, see attended): 4 × layers × width FLOPs per token
	// attended.
	w.attention = 4 * float64(m.Layers) * float64(m.Hidden) * r.attended(in) * promptTokens / (r.flops * r.eff.Compute)
	w.allReduce = r.allReduce(tokens)
	w.overhead = r.eff.Overhead * (r.p.StepMS/1e3 + float64(m.Layers)*r.p.LayerUS/1e6 + b*r.p.SequenceUS/1e6)
	if pp > 1 {
		w.overhead += (pp - 1) * r.eff.Overhead * r.p.StepMS / 1e3
		w.allReduce += (pp - 1) * r.handOver(tokens)
	}
	return w
}

// handOver is the time one pipeline stage takes to pass tokens tokens'
// 16-bit activations to the next over the link.
func (r *Replica) handOver(tokens float64) float64 {
	return r.link.LatencyUS/1e6 + tokens*float64(r.Model.Hidden)*2/(r.link.GBs*1e9)
}

// allReduce is the time of a step's tensor-parallel all-reduces over
// tokens tokens: two per layer, each moving 2 (TP−1)/TP of the tokens'
// 16-bit activations over the link.
func (r *Replica) allReduce(tokens float64) float64 {
	if r.TP < 2 {
		return 0
	}
	tp := float64(r.TP)
	bytes := 2 * (tp - 1) / tp * tokens * float64(r.Model.Hidden) * 2
	return 2 * float64(r.Model.Layers) * (r.link.LatencyUS/1e6 + bytes/(r.link.GBs*1e9))
}

// prefill is the time one prompt of in tokens takes alone: its new
// tokens' (fresh) matrix products, their attention and their all-reduces,
// stage after stage (with the hand-overs between them). With no prefix
// cache that is 2 × params × in + 4 × layers × width × in²/2 FLOPs.
func (r *Replica) prefill(in float64) float64 {
	m := r.Model
	n := r.fresh(in)
	flops := 2*m.ParamsB*1e9*n + 4*float64(m.Layers)*float64(m.Hidden)*n*r.attended(in)
	t := flops/(r.flops*r.eff.Compute) + r.allReduce(n)
	if pp := r.Stages(); pp > 1 {
		t += float64(pp-1) * r.handOver(n)
	}
	return t
}

// fresh is how many of a prompt's in tokens its prefill computes: those
// the prefix cache does not serve, (1 − c) × in.
func (r *Replica) fresh(in float64) float64 { return (1 - r.Cached) * in }

// attended is how many tokens a prompt's fresh token attends to on
// average. Attention is causal: the token at position p attends to p
// tokens, 4 × layers × width × p FLOPs (its query against p keys, its
// weights over p values). The cached prefix is the prompt's first c × in
// tokens, the fresh ones its last (1 − c) × in, which attend to the
// cached ones too; the mean of p over positions c × in to in is
// (1 + c) × in ÷ 2. A prompt's attention is then
// 4 × layers × width × (1 − c) × in × (1 + c) × in ÷ 2 FLOPs, the
// in²/2 of a prompt computed whole less the (c × in)²/2 of its prefix.
func (r *Replica) attended(in float64) float64 { return (1 + r.Cached) * in / 2 }

// Point is a replica's operating point at a load.
type Point struct {
	// Concurrency is the requests running at once.
	Concurrency float64
	// TTFTMS and TPOTMS are the time to first token (queue and prompt,
	// no network) and the time per output token, at the quantile asked.
	TTFTMS, TPOTMS float64
	// OutputPerS is the replica's output tokens a second, RequestsPerS
	// its requests a second.
	OutputPerS, RequestsPerS float64
	// PromptShare is the share of the replica's GPU time that prompt
	// tokens take (for splitting cost between input and output tokens).
	PromptShare float64
}

// At is the replica's point at b running requests of in and out tokens,
// its latencies at quantile q (0 < q < 1; 0 for the means).
//
// Requests arrive at random (Poisson) at the rate the batch sustains (by
// Little's law, b over the time a request is in the system). A prompt
// waits for the prompts ahead of it as in an M/D/1 queue whose server is
// the replica's compute; the quantile of that wait is taken from the
// exponential tail of an M/M/1 queue at the same load, scaled by the
// fitted TTFTTail. The time per
// output token is the step time, its 99th percentile TPOTTail times the
// mean and other quantiles in proportion to their normal z-scores.
func (r *Replica) At(b, in, out, q float64) Point {
	w := r.step(b, in, out)
	step := w.total()
	prompt := r.prefill(in)
	// Prompts queue for the busiest stage: in a pipeline each stage takes
	// 1/PP of a prompt's time, so PP prompts are under way at once.
	serve := prompt / float64(r.Stages())
	base := r.p.FirstTokenSteps*step + prompt + r.p.TTFTFixedMS/1e3
	rate := b / (base + out*step)
	rho := min(rate*serve, 0.999)
	wait := rho * serve / (2 * (1 - rho))
	ttft := base + wait
	rate = b / (ttft + out*step)
	tpot := step
	if q > 0 {
		tpot = step * (1 + (r.p.TPOTTail-1)*max(zScore(q), 0)/zScore(0.99))
		if z := math.Log(rho / (1 - q)); z > 0 {
			ttft = base + max(wait, r.p.TTFTTail*z*serve/(1-rho))
		}
	}
	share := w.prompt * w.weights
	share = (share + w.attention) / step
	return Point{Concurrency: b, TTFTMS: ttft * 1e3, TPOTMS: tpot * 1e3, OutputPerS: rate * out, RequestsPerS: rate, PromptShare: share}
}

// zScore is the standard normal quantile of q (Acklam's rational
// approximation, relative error under 1.2e-9).
func zScore(q float64) float64 {
	if q <= 0 || q >= 1 {
		return math.NaN()
	}
	a := [6]float64{-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00}
	b := [5]float64{-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01}
	c := [6]float64{-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549671010115819e+00, 4.374664141464968e+00, 2.938163982698783e+00}
	d := [4]float64{7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00}
	const low = 0.02425
	switch {
	case q < low:
		t := math.Sqrt(-2 * math.Log(q))
		return (((((c[0]*t+c[1])*t+c[2])*t+c[3])*t+c[4])*t + c[5]) / ((((d[0]*t+d[1])*t+d[2])*t+d[3])*t + 1)
	case q > 1-low:
		t := math.Sqrt(-2 * math.Log(1-q))
		return -(((((c[0]*t+c[1])*t+c[2])*t+c[3])*t+c[4])*t + c[5]) / ((((d[0]*t+d[1])*t+d[2])*t+d[3])*t + 1)
	}
	t := q - 0.5
	s := t * t
	return (((((a[0]*s+a[1])*s+a[2])*s+a[3])*s+a[4])*s + a[5]) * t / (((((b[0]*s+b[1])*s+b[2])*s+b[3])*s+b[4])*s + 1)
}

// Offline is the replica's point with every request queued at once: the
// largest batch its memory holds, no latency bound.
func (r *Replica) Offline(in, out float64) Point {
	return r.At(r.MaxBatch(in, out), in, out, 0)
}

// DecodeFloorMS is the shortest time per output token the hardware
// allows: every weight read once per token at the full datasheet
// bandwidth of the replica's GPUs.
func (r *Replica) DecodeFloorMS() float64 { return r.weights / r.bw * 1e3 }

// PrefillFloorMS is the shortest time to first token the hardware allows
// for a prompt of in tokens: its new tokens' matrix products (see fresh)
// at the full datasheet tensor rate.
func (r *Replica) PrefillFloorMS(in float64) float64 {
	return 2 * r.Model.ParamsB * 1e9 * r.fresh(in) / r.flops * 1e3
}
