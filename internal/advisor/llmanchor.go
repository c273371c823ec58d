package advisor

import (
	"math"

	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// anchorOf finds the measured serving figures at the request's own
// conditions on a replica: among those of its GPU, weight format and
// engine family that state their lengths and no KV cache format of
// their own (index, see llmGPU), those of its tensor-parallel size and
// with lengths within anchorSpan of the request's. The ratio returned
// is, over those figures, the geometric mean of their throughput over
// what the model predicts of them: the figures win at their own
// conditions, and the model carries the ratio along the curve (bounded
// to the fit's outlier range). The figure returned is the nearest in
// length, for the basis.
func (e *engine) anchorOf(index []int32, setup serving.Setup, in, out float64) (*catalog.ServingPoint, float64) {
	p := &e.cat.ServingFit.Params
	var nearest *catalog.ServingPoint
	dist, logSum, n := math.Inf(1), 0.0, 0
	for _, i := range index {
		sp := &e.cat.Serving[i]
		if sp.TP != setup.TP || max(sp.PP, 1) != setup.Stages() {
			continue
		}
		if x, y := sp.InputTokens/in, sp.OutputTokens/out; x > farSpan || x < 1/farSpan || y > farSpan || y < 1/farSpan {
			continue // (far outside anchorSpan: spares the logarithms)
		}
		di, do := math.Abs(math.Log(sp.InputTokens/in)), math.Abs(math.Log(sp.OutputTokens/out))
		if di > math.Log(anchorSpan) || do > math.Log(anchorSpan) {
			continue
		}
		m := serving.Measurement{Setup: setup, GPUs: sp.GPUs, Scenario: sp.Scenario, In: sp.InputTokens, Out: sp.OutputTokens,
			Concurrency: sp.Concurrency, Rate: sp.Rate, TokensPerS: sp.TokensPerS, TTFTMS: sp.TTFTMS, TPOTMS: sp.TPOTMS}
		// The figures were measured with whole prompts: the ratio is of
		// the model's prediction of them, which the curve, prefix-cached
		// or not, then carries.
		m.Setup.Share, m.Setup.Cached = 1, 0
		for _, q := range p.Predict(m) {
			if q.Name != serving.QuantityThroughput || !(q.Predicted > 0) {
				continue
			}
			logSum += math.Log(q.Measured / q.Predicted)
			n++
			if di+do < dist {
				nearest, dist = sp, di+do
			}
		}
	}
	if n == 0 {
		return nil, 1
	}
	return nearest, min(max(math.Exp(logSum/float64(n)), 1/serving.OutlierRatio), serving.OutlierRatio)
}

// anchorSpan is how far (as a ratio) a measured figure's lengths may be
// from the request's for it to stand for the request's own conditions;
// farSpan is so far beyond it that a ratio past it is out whatever the
// rounding of its logarithm.
const (
	anchorSpan = 1.1
	farSpan    = 1.2
)
