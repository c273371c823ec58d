package templates

import (
	"context"
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// Bar is one bar of a horizontal bar chart.
type Bar struct {
	Label  string
	Amount decimal.Decimal
	// Computed geometry, in SVG user units: X is where the bar starts
	// (its label ends just before).
	X, Y, Width float64
}

// Chart geometry shared by the SVG charts (user units of the viewBox).
const (
	chartWidth = 640.0
	barLabelW  = 170.0 // at least; see costBars
	barValueW  = 110.0 // at least; see costBars
	// phoneChartFont is the charts' font size on phones (see app.css).
	phoneChartFont = 20.0
	barHeight      = 22.0
	barGap         = 10.0
	plotHeight     = 300.0
	plotMarginL    = 70.0
	plotMarginB    = 40.0
	plotMarginT    = 15.0
	plotMarginR    = 20.0
)

// costBars groups an option's lines by item into bars scaled to the
// largest, leaving room after the longest bar for its amount in currency.
func costBars(ctx context.Context, o *advisor.Option, currency string) []Bar {
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
	// Room for the longest label before the bars and the longest amount
	// after them.
	left, right := barLabelW, barValueW
	for item, a := range sums {
		left = math.Max(left, textWidth(locale.T(ctx, "item."+item))+8)
		right = math.Max(right, textWidth(Money(a, currency))+12)
	}
	bars := make([]Bar, len(order))
	for i, item := range order {
		w := 0.0
		if maxAmt.IsPositive() {
			w = sums[item].Div(maxAmt).InexactFloat64() * (chartWidth - left - right)
		}
		bars[i] = Bar{Label: locale.T(ctx, "item."+item), Amount: sums[item], Y: float64(i) * (barHeight + barGap), X: left, Width: w}
	}
	return bars
}

// textWidth is about how wide a label or amount is drawn, in user units,
// at the largest font the charts use (on phones, where a chart is scaled
// down, its text is drawn larger): a Latin letter, digit or symbol about
// 0.62 em, a Chinese character 1 em. Over-estimating costs only bar length.
func textWidth(s string) float64 {
	em := 0.0
	for _, r := range s {
		if r >= 0x1100 {
			em++
		} else {
			em += 0.62
		}
	}
	return em * phoneChartFont
}

func barsHeight(bars []Bar) float64 { return float64(len(bars))*(barHeight+barGap) + barGap }

// Point is one candidate on the cost-versus-latency plane.
type Point struct {
	X, Y          float64 // SVG coordinates
	Pareto, Pick  bool
	Label, Detail string
	// Clipped marks a candidate beyond an axis, drawn on its edge.
	Clipped bool
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

// pointsMarkup is the chart's points as SVG: a circle for each candidate
// (a triangle on the edge for one beyond the axes) with its details as a
// tooltip, escaped. Hundreds of points written here cost a fraction of
// what the template's attribute and class handling does.
func pointsMarkup(points []Point) string {
	var b strings.Builder
	b.Grow(len(points) * 200)
	for _, p := range points {
		if p.Clipped {
			b.WriteString(`<path d="`)
			b.WriteString(clippedMark(p))
			b.WriteString(`" class="pt clipped"><title>`)
			b.WriteString(html.EscapeString(p.Detail))
			b.WriteString(`</title></path>`)
			continue
		}
		b.WriteString(`<circle cx="`)
		b.WriteString(ff(p.X))
		b.WriteString(`" cy="`)
		b.WriteString(ff(p.Y))
		b.WriteString(`" r="`)
		b.WriteString(pointRadius(p))
		b.WriteString(`" class="pt`)
		if p.Pareto {
			b.WriteString(" pareto")
		}
		if p.Pick {
			b.WriteString(" pick")
		}
		b.WriteString(`"><title>`)
		b.WriteString(html.EscapeString(p.Detail))
		b.WriteString(`</title></circle>`)
	}
	return b.String()
}

// Tick is one axis label.
type Tick struct {
	Pos   float64
	Label string
}

// scatterOf lays out the result's candidates: x is weighted latency (ms) or
// duration (h), y the total; both axes start at zero and end where the
// pick, the Pareto front and most candidates fit (a few far outliers would
// flatten everything else): candidates beyond sit on the edge, marked.
func scatterOf(ctx context.Context, r *advisor.Result) Scatter {
	training := r.Request.Workload.Kind == "training"
	xName, unit, title := locale.T(ctx, "chart.latency"), "ms", locale.T(ctx, "chart.title.inference")
	if training {
		xName, unit, title = locale.T(ctx, "chart.duration"), "h", locale.T(ctx, "chart.title.training")
	}
	s := Scatter{XLabel: xName, YLabel: locale.T(ctx, "results.total") + " (" + r.Currency + ")",
		Width: chartWidth, Height: plotHeight + plotMarginB + plotMarginT, PlotB: plotMarginT + plotHeight}
	maxX, maxY := axisMax(r.Candidates, func(c advisor.Candidate) float64 { return c.Metric }),
		axisMax(r.Candidates, func(c advisor.Candidate) float64 { return c.Total })
	px := func(x float64) float64 {
		return plotMarginL + math.Min(x, maxX)/maxX*(chartWidth-plotMarginL-plotMarginR)
	}
	py := func(y float64) float64 { return plotMarginT + plotHeight - math.Min(y, maxY)/maxY*plotHeight }
	var front []advisor.Candidate
	clipped := 0
	for _, c := range r.Candidates {
		// c.Total is rounded to cents (for the pick and the alternatives,
		// their cards' totals): its cents are a whole number, and this is
		// NewFromFloat(c.Total).Round(2) without parsing a float.
		total := decimal.New(int64(math.Round(c.Total*100)), -2)
		pt := Point{X: px(c.Metric), Y: py(c.Total), Pareto: c.Pareto, Pick: c.Pick, Label: c.Label,
			Detail:  c.Label + ": " + Money(total, r.Currency) + ", " + fmtNum(c.Metric) + " " + unit,
			Clipped: c.Metric > maxX || c.Total > maxY}
		if pt.Clipped {
			clipped++
		}
		s.Points = append(s.Points, pt)
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
	s.Title = title
	s.Desc = locale.Tf(ctx, "chart.desc", len(r.Candidates), len(front))
	if clipped > 0 {
		s.Desc += " " + locale.Tf(ctx, "chart.clipped", clipped)
	}
	return s
}

// axisMax is where an axis ends: past the pick and the Pareto front, and
// past the 80th percentile of the candidates with a fifth to spare, but
// not out to the farthest outlier.
func axisMax(cs []advisor.Candidate, v func(advisor.Candidate) float64) float64 {
	var all []float64
	keep := 0.0
	for _, c := range cs {
		all = append(all, v(c))
		if c.Pick || c.Pareto {
			keep = math.Max(keep, v(c))
		}
	}
	if len(all) == 0 {
		return 1
	}
	slices.Sort(all)
	p80 := all[int(math.Ceil(0.8*float64(len(all))))-1]
	return niceMax(math.Min(all[len(all)-1], math.Max(keep, p80)*1.2))
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
