package api

import (
	"math"

	"gpuplace/internal/catalog"
	"gpuplace/internal/servingcurve"
)

// ServingCurveJSON is GET /api/v1/serving/curve's answer (API.md).
type ServingCurveJSON struct {
	Points   []CurvePointJSON    `json:"points"`
	Measured []CurveMeasuredJSON `json:"measured"`
	// ErrorRangePct is where the real throughput is expected, [low,
	// high] per cent of the curve's: the engine family's band at
	// throughput load (serving.BandFor), as answers carry it.
	ErrorRangePct [2]float64 `json:"error_range_pct"`
	// KneeConcurrency is nil when the curve has no knee before the
	// memory's most.
	KneeConcurrency *float64 `json:"knee_concurrency"`
}

// CurvePointJSON is one of the serving model's points, per GPU.
type CurvePointJSON struct {
	Concurrency            float64 `json:"concurrency"`
	OutputTokensPerSPerGPU float64 `json:"output_tokens_per_s_per_gpu"`
	TTFTMSP50              float64 `json:"ttft_ms_p50"`
	TTFTMSP95              float64 `json:"ttft_ms_p95"`
	TPOTMS                 float64 `json:"tpot_ms"`
}

// CurveMeasuredJSON is one measured figure near the curve; a figure its
// source does not state is null.
type CurveMeasuredJSON struct {
	Concurrency            *float64 `json:"concurrency"`
	OutputTokensPerSPerGPU float64  `json:"output_tokens_per_s_per_gpu"`
	TTFTMS                 *float64 `json:"ttft_ms"`
	TPOTMS                 *float64 `json:"tpot_ms"`
	Source                 string   `json:"source"`
	EngineVersion          string   `json:"engine_version"`
}

// ServingCurve answers GET /api/v1/serving/curve: the curve of q's setup
// (see servingcurve.Of); bad keys are field errors naming them.
func ServingCurve(cat *catalog.Catalog, q servingcurve.Query) (ServingCurveJSON, error) {
	c, err := servingcurve.Of(cat, q)
	if err != nil {
		return ServingCurveJSON{}, err
	}
	return NewServingCurveJSON(c), nil
}

// NewServingCurveJSON writes a laid-out curve as the API shows it.
func NewServingCurveJSON(c servingcurve.Curve) ServingCurveJSON {
	out := ServingCurveJSON{Points: make([]CurvePointJSON, len(c.Points)), Measured: make([]CurveMeasuredJSON, len(c.Measured)),
		ErrorRangePct: [2]float64{math.Round(c.Band.LowPct*10) / 10, math.Round(c.Band.HighPct*10) / 10}}
	for i, p := range c.Points {
		out.Points[i] = CurvePointJSON{Concurrency: p.Concurrency, OutputTokensPerSPerGPU: p.OutputPerSPerGPU,
			TTFTMSP50: p.TTFTP50MS, TTFTMSP95: p.TTFTP95MS, TPOTMS: p.TPOTMS}
	}
	for i, m := range c.Measured {
		out.Measured[i] = CurveMeasuredJSON{Concurrency: stated(m.Concurrency), OutputTokensPerSPerGPU: m.OutputPerSPerGPU,
			TTFTMS: stated(m.TTFTMS), TPOTMS: stated(m.TPOTMS), Source: m.Source, EngineVersion: m.EngineVersion}
	}
	if c.HasKnee {
		out.KneeConcurrency = &c.Knee
	}
	return out
}

// stated is a figure, or nil when it is 0 (not stated).
func stated(x float64) *float64 {
	if x == 0 {
		return nil
	}
	return &x
}
