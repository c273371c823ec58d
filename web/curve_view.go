package web

import (
	"context"
	"math"
	"strconv"

	"gpuplace/internal/catalog"
	"gpuplace/internal/chart"
	"gpuplace/internal/locale"
	"gpuplace/internal/servingcurve"
	"gpuplace/templates"
)

// curveView fills the page's form with the keys the curve was drawn with
// and lays out its sentences and charts in the reader's language.
func curveView(ctx context.Context, v *templates.CurveView, c servingcurve.Curve) {
	v.Drawn = true
	v.Form[servingcurve.KeyProfile], v.Form[servingcurve.KeyGPU] = c.Profile.ID, c.GPU.ID
	v.Form[servingcurve.KeyPrecision], v.Form[servingcurve.KeyEngine] = c.Precision, c.Family
	v.Form[servingcurve.KeyTP], v.Form[servingcurve.KeyPP] = strconv.Itoa(c.TP), strconv.Itoa(c.PP)
	v.Form[servingcurve.KeyInputTokens], v.Form[servingcurve.KeyOutputTokens] = strconv.Itoa(c.InputTokens), strconv.Itoa(c.OutputTokens)
	if c.PP > 1 {
		key := "curve.heading.pipeline.other"
		if c.TP == 1 {
			key = "curve.heading.pipeline.one"
		}
		v.Heading = locale.Tf(ctx, key, c.Profile.Name, strconv.Itoa(c.TP*c.PP), c.GPU.Name, strconv.Itoa(c.PP), strconv.Itoa(c.TP),
			catalog.PrecisionLabel(c.Precision), catalog.EngineName(c.Family))
	} else {
		v.Heading = locale.Tf(ctx, "curve.heading", c.Profile.Name, strconv.Itoa(c.TP), c.GPU.Name, catalog.PrecisionLabel(c.Precision), catalog.EngineName(c.Family))
	}
	v.Lengths = locale.Tf(ctx, "curve.lengths", locale.Figure(float64(c.InputTokens)), locale.Figure(float64(c.OutputTokens)), locale.Figure(math.Floor(c.MaxConcurrency)))
	if c.PrefixCachePct > 0 {
		v.Form[servingcurve.KeyPrefixCache] = strconv.FormatFloat(c.PrefixCachePct, 'f', -1, 64)
		v.Cached = locale.Tf(ctx, "curve.cached", locale.Figure(c.PrefixCachePct))
	}
	if c.Validated {
		v.Error = locale.Tf(ctx, "curve.error", c.GPU.Name+" / "+catalog.EngineName(c.Family), locale.Figure(c.ErrorPct))
	} else {
		v.Error = locale.Tf(ctx, "curve.error.pooled", c.GPU.Name+" / "+catalog.EngineName(c.Family), locale.Figure(c.ErrorPct))
	}
	v.Band = locale.Tf(ctx, "curve.band", locale.Figure(-c.Band.LowPct), locale.Figure(c.Band.HighPct), catalog.EngineName(c.Family))
	if c.HasKnee {
		v.Knee = locale.Tf(ctx, "curve.knee", locale.Figure(c.Knee))
	} else {
		v.Knee = locale.Tf(ctx, "curve.knee.none", locale.Figure(math.Floor(c.MaxConcurrency)))
	}
	if n := len(c.Measured); n > 0 {
		v.Measured = locale.Tn(ctx, measuredKey(c.Measured), n)
	} else if c.PrefixCachePct > 0 {
		v.Measured = locale.T(ctx, "curve.measured.cached")
	} else {
		v.Measured = locale.T(ctx, "curve.measured.none")
	}
	v.Throughput, v.TTFT = curveCharts(ctx, c)
}

// curveCharts lays out the curve's two charts: output per GPU against
// time per output token, and time to first token against concurrency,
// each with the measured figures that have its two quantities and the
// knee.
func curveCharts(ctx context.Context, c servingcurve.Curve) (tput, ttft chart.Lines) {
	var ti, t95, t50 []chart.XY
	var knee servingcurve.Point
	for _, p := range c.Points {
		ti = append(ti, chart.XY{X: p.TPOTMS, Y: p.OutputPerSPerGPU})
		t95 = append(t95, chart.XY{X: p.Concurrency, Y: p.TTFTP95MS})
		t50 = append(t50, chart.XY{X: p.Concurrency, Y: p.TTFTP50MS})
		if c.HasKnee && p.Concurrency == c.Knee {
			knee = p
		}
	}
	tin := chart.LinesInput{Lines: [][]chart.XY{ti}, Knee: chart.XY{X: knee.TPOTMS, Y: knee.OutputPerSPerGPU}, HasKnee: c.HasKnee}
	fin := chart.LinesInput{Lines: [][]chart.XY{t95, t50}, Knee: chart.XY{X: knee.Concurrency, Y: knee.TTFTP95MS}, HasKnee: c.HasKnee}
	for _, m := range c.Measured {
		detail := locale.Tf(ctx, "curve.measured.detail", m.Source, locale.Figure(m.OutputPerSPerGPU), locale.Figure(m.TPOTMS),
			locale.Figure(m.InputTokens), locale.Figure(m.OutputTokens), locale.Figure(m.Concurrency), m.EngineVersion)
		if m.TPOTMS > 0 {
			tin.Marks = append(tin.Marks, chart.Point{X: m.TPOTMS, Y: m.OutputPerSPerGPU, Detail: detail})
		}
		if m.Concurrency > 0 && m.TTFTMS > 0 {
			fin.Marks = append(fin.Marks, chart.Point{X: m.Concurrency, Y: m.TTFTMS, Detail: detail})
		}
	}
	tput, ttft = chart.LinesOf(tin, locale.Figure), chart.LinesOf(fin, locale.Figure)
	tput.Title, tput.XLabel, tput.YLabel = locale.T(ctx, "curve.tput.title"), locale.T(ctx, "curve.tput.x"), locale.T(ctx, "curve.tput.y")
	ttft.Title, ttft.XLabel, ttft.YLabel = locale.T(ctx, "curve.ttft.title"), locale.T(ctx, "curve.ttft.x"), locale.T(ctx, "curve.ttft.y")
	tput.Desc, ttft.Desc = locale.Tf(ctx, "curve.desc", strconv.Itoa(len(tin.Marks))), locale.Tf(ctx, "curve.desc", strconv.Itoa(len(fin.Marks)))
	return tput, ttft
}

// measuredKey is the sentence on the curve's measured figures: all of
// them drawn, some (those whose source states the latencies) or none.
func measuredKey(ms []servingcurve.Measured) string {
	drawn := 0
	for _, m := range ms {
		if m.TPOTMS > 0 || (m.Concurrency > 0 && m.TTFTMS > 0) {
			drawn++
		}
	}
	switch drawn {
	case len(ms):
		return "curve.measured.all"
	case 0:
		return "curve.measured.undrawn"
	}
	return "curve.measured.some"
}
