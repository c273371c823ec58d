package templates

import (
	"context"
	"math"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// ServingPlot is the chart of an LLM pick's serving: output tokens a
// second per GPU against the time per output token, along the serving
// model's curve for the pick's replica (as load grows, both grow), with
// the operating point, the target and the GPU's measured figures. Its
// margins fit its labels at the size phones draw them (textWidth).
type ServingPlot struct {
	Width, Height            float64
	Left, Right, Top, Bottom float64 // the plot area's edges
	Curve                    string  // polyline points
	Op                       Point
	Measured                 []Point
	// TargetX is the target time per token's x (−1: off the axis).
	TargetX         float64
	XTicks, YTicks  []Tick
	XLabel, YLabel  string
	Title, Desc     string
	OpLabel, Target string
}

// Serving chart geometry (user units of the viewBox): the y axis's name
// sits above the plot, the x axis's below its ticks.
const (
	servingTop    = 44.0
	servingBottom = 64.0
)

// servingPlotOf lays out an LLM pick's serving chart. The time axis ends
// past the target and the operating point with room to see the curve
// bend; points beyond it are left out (the curve runs on to memory's
// limit, far past any target).
func servingPlotOf(ctx context.Context, r *advisor.Result, s *advisor.Serving) ServingPlot {
	target := r.Request.Workload.TPOTMS
	p := ServingPlot{Width: chartWidth, Height: servingTop + plotHeight + servingBottom, TargetX: -1,
		XLabel: locale.T(ctx, "serving.chart.x"), YLabel: locale.T(ctx, "serving.chart.y"), Title: locale.T(ctx, "serving.chart.title")}
	maxX := fineMax(math.Max(target, s.TPOTMS) * 1.5)
	maxY := 0.0
	for _, c := range s.Curve {
		if c.TPOTMS <= maxX {
			maxY = math.Max(maxY, c.OutputPerSPerGPU)
		}
	}
	for _, m := range s.Measured {
		if m.TPOTMS <= maxX {
			maxY = math.Max(maxY, m.OutputPerSPerGPU)
		}
	}
	perGPU := s.OutputTokensPerSPerReplica / float64(max(s.TensorParallel, 1))
	maxY = fineMax(math.Max(maxY, perGPU) * 1.1)
	// The ticks first: the left margin fits the widest.
	p.Left = 20
	for i := 0; i <= 4; i++ {
		p.YTicks = append(p.YTicks, Tick{Label: fmtNum(maxY * float64(i) / 4)})
		p.Left = math.Max(p.Left, textWidth(p.YTicks[i].Label)+14)
	}
	p.Right, p.Top, p.Bottom = chartWidth-plotMarginR, servingTop, servingTop+plotHeight
	px := func(x float64) float64 { return p.Left + x/maxX*(p.Right-p.Left) }
	py := func(y float64) float64 { return p.Bottom - y/maxY*plotHeight }
	for i := range p.YTicks {
		p.YTicks[i].Pos = py(maxY * float64(i) / 4)
		x := maxX * float64(i) / 4
		p.XTicks = append(p.XTicks, Tick{Pos: px(x), Label: fmtNum(x)})
	}
	var b strings.Builder
	for _, c := range s.Curve {
		if c.TPOTMS <= maxX {
			b.WriteString(ff(px(c.TPOTMS)) + "," + ff(py(c.OutputPerSPerGPU)) + " ")
		}
	}
	p.Curve = strings.TrimSpace(b.String())
	p.Op = Point{X: px(s.TPOTMS), Y: py(perGPU), Pick: true,
		Detail: locale.Tf(ctx, "serving.chart.op", fmtNum(perGPU), fmtNum(s.TPOTMS), fmtNum(s.Concurrency))}
	p.OpLabel = locale.T(ctx, "serving.chart.op.label")
	for _, m := range s.Measured {
		if m.TPOTMS <= maxX {
			p.Measured = append(p.Measured, Point{X: px(m.TPOTMS), Y: py(m.OutputPerSPerGPU),
				Detail: locale.Tf(ctx, "serving.chart.measured", fmtNum(m.OutputPerSPerGPU), fmtNum(m.TPOTMS), fmtNum(m.InputTokens), fmtNum(m.OutputTokens), m.Source)})
		}
	}
	if target <= maxX {
		p.TargetX = px(target)
		p.Target = locale.Tf(ctx, "serving.chart.target", fmtNum(target))
	}
	p.Desc = locale.Tf(ctx, "serving.chart.desc", len(p.Measured))
	return p
}

// fineMax rounds an axis maximum up to 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or
// 8 times a power of ten: a serving chart's figures fill most of it.
func fineMax(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if x <= m*p*(1+1e-9) {
			return m * p
		}
	}
	return 10 * p
}
