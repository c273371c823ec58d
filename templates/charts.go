package templates

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
)

// Bar is one bar of a horizontal bar chart.
type Bar struct {
	Label  string
	Amount decimal.Decimal
	// Computed geometry, in SVG user units.
	Y, Width float64
}

// Chart geometry shared by the SVG charts (user units of the viewBox).
const (
	chartWidth  = 640.0
	barLabelW   = 170.0
	barValueW   = 110.0
	barHeight   = 22.0
	barGap      = 10.0
	plotHeight  = 300.0
	plotMarginL = 70.0
	plotMarginB = 40.0
	plotMarginT = 15.0
	plotMarginR = 20.0
)

// costBars groups an option's lines by item into bars scaled to the largest.
func costBars(ctx context.Context, o *advisor.Option) []Bar {
	sums := map[string]decimal.Decimal{}
	var order []string
	for _, l := range o.Lines {
		if _, ok := sums[l.Item]; !ok {
			order = append(order, l.Item)
		}
		sums[l.Item] = sums[l.Item].Add(l.Amount)
	}
	maxAmt := decimal.Zero
	for _, a := range sums {
		maxAmt = decimal.Max(maxAmt, a)
	}
	bars := make([]Bar, len(order))
	for i, item := range order {
		w := 0.0
		if maxAmt.IsPositive() {
			w = sums[item].Div(maxAmt).InexactFloat64() * (chartWidth - barLabelW - barValueW)
		}
		bars[i] = Bar{Label: T(ctx, "item."+item), Amount: sums[item], Y: float64(i) * (barHeight + barGap), Width: w}
	}
	return bars
}

func barsHeight(bars []Bar) float64 { return float64(len(bars))*(barHeight+barGap) + barGap }

// Point is one candidate on the cost-versus-latency plane.
type Point struct {
	X, Y          float64 // SVG coordinates
	Pareto, Pick  bool
	Label, Detail string
}

// Scatter is the cost-versus-latency chart of the candidates.
type Scatter struct {
	Points               []Point
	Front                string // SVG points of the Pareto front polyline
	XLabel, YLabel       string
	XTicks, YTicks       []Tick
	Title, Desc          string
	Width, Height, PlotB float64
}

// Tick is one axis label.
type Tick struct {
	Pos   float64
	Label string
}

// scatterOf lays out the result's candidates: x is weighted latency (ms) or
// duration (h), y the total; both axes start at zero.
func scatterOf(ctx context.Context, r *advisor.Result) Scatter {
	xName, unit := T(ctx, "chart.latency"), "ms"
	if r.Request.Workload.Kind == "training" {
		xName, unit = T(ctx, "chart.duration"), "h"
	}
	s := Scatter{XLabel: xName, YLabel: T(ctx, "results.total") + " (" + r.Currency + ")",
		Width: chartWidth, Height: plotHeight + plotMarginB + plotMarginT, PlotB: plotMarginT + plotHeight}
	maxX, maxY := 0.0, 0.0
	for _, c := range r.Candidates {
		maxX, maxY = math.Max(maxX, c.Metric), math.Max(maxY, c.Total)
	}
	maxX, maxY = niceMax(maxX), niceMax(maxY)
	px := func(x float64) float64 { return plotMarginL + x/maxX*(chartWidth-plotMarginL-plotMarginR) }
	py := func(y float64) float64 { return plotMarginT + plotHeight - y/maxY*plotHeight }
	var front []advisor.Candidate
	for _, c := range r.Candidates {
		s.Points = append(s.Points, Point{X: px(c.Metric), Y: py(c.Total), Pareto: c.Pareto, Pick: c.Pick,
			Label: c.Label, Detail: fmt.Sprintf("%s: %s %s, %s %s", c.Label, strconv.FormatFloat(c.Total, 'f', 2, 64), r.Currency, fmtNum(c.Metric), unit)})
		if c.Pareto {
			front = append(front, c)
		}
	}
	slices.SortFunc(front, func(a, b advisor.Candidate) int { return int(math.Copysign(1, a.Metric-b.Metric)) })
	for _, c := range front {
		s.Front += fmt.Sprintf("%.1f,%.1f ", px(c.Metric), py(c.Total))
	}
	for i := 0; i <= 4; i++ {
		x, y := maxX*float64(i)/4, maxY*float64(i)/4
		s.XTicks = append(s.XTicks, Tick{Pos: px(x), Label: fmtNum(x)})
		s.YTicks = append(s.YTicks, Tick{Pos: py(y), Label: fmtNum(y)})
	}
	s.Title = T(ctx, "results.candidates")
	s.Desc = Tf(ctx, "chart.desc", len(r.Candidates), len(front))
	return s
}

// niceMax rounds an axis maximum up to 1, 2 or 5 times a power of ten.
func niceMax(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if x <= m*p {
			return m * p
		}
	}
	return 10 * p
}

func ff(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
