package chart

import (
	"math"
	"strings"
)

// Cost-against-load chart geometry: a short plot, drawn beside the
// sentences it illustrates on wide screens.
const (
	costLoadPlot   = 200.0
	costLoadTop    = 34.0
	costLoadBottom = 44.0
)

// CostLoadInput is the cost against load: the load as a factor of the
// question's (drawn on a log axis from Low to High), the pick's total at
// each sampled factor (NaN where there is none) and the question's own
// pick's, and the factors where the pick changes.
type CostLoadInput struct {
	Low, High float64
	Points    []CostLoadPoint
	Breaks    []float64
}

// CostLoadPoint is one sampled load: its factor, the pick's total there
// and the question's pick's total sized for it.
type CostLoadPoint struct {
	Factor, Pick, Asked float64
}

// CostLoad is the chart laid out.
type CostLoad struct {
	Width, Height            float64
	Left, Right, Top, Bottom float64 // the plot area's edges
	// Pick is the pick's cost as polylines (one per run of loads with a
	// pick); Asked the question's pick's, one polyline.
	Pick  []string
	Asked string
	// AskedX is the question's load (factor 1); Breaks the changes'.
	AskedX         float64
	Breaks         []float64
	XTicks, YTicks []Tick
	// Words the caller gives.
	XLabel, YLabel, Title, Desc string
}

// CostLoadOf lays out the cost against load; label writes a cost axis
// figure, factor an x tick ("×2").
func CostLoadOf(in CostLoadInput, label, factor func(float64) string) CostLoad {
	c := CostLoad{Width: Width, Height: costLoadTop + costLoadPlot + costLoadBottom, Top: costLoadTop, Bottom: costLoadTop + costLoadPlot}
	maxY := 0.0
	for _, p := range in.Points {
		if !math.IsNaN(p.Pick) {
			maxY = max(maxY, p.Pick)
		}
		maxY = max(maxY, p.Asked)
	}
	maxY = quarterMax(maxY * 1.05)
	c.Left = 20
	for i := 0; i <= 4; i++ {
		c.YTicks = append(c.YTicks, Tick{Label: Compact(maxY*float64(i)/4, label)})
		c.Left = max(c.Left, TextWidth(c.YTicks[i].Label)+14)
	}
	c.Right = Width - plotMarginR
	lo, hi := math.Log(in.Low), math.Log(in.High)
	px := func(x float64) float64 { return c.Left + (math.Log(x)-lo)/(hi-lo)*(c.Right-c.Left) }
	py := func(y float64) float64 { return c.Bottom - y/maxY*costLoadPlot }
	for i := range c.YTicks {
		c.YTicks[i].Pos = py(maxY * float64(i) / 4)
	}
	for x := in.Low; x <= in.High*(1+1e-9); x *= 2 {
		c.XTicks = append(c.XTicks, Tick{Pos: px(x), Label: factor(x)})
	}
	var run, asked strings.Builder
	for _, p := range in.Points {
		x := F(px(p.Factor))
		asked.WriteString(x + "," + F(py(p.Asked)) + " ")
		if math.IsNaN(p.Pick) {
			if run.Len() > 0 {
				c.Pick = append(c.Pick, strings.TrimSpace(run.String()))
				run.Reset()
			}
			continue
		}
		run.WriteString(x + "," + F(py(p.Pick)) + " ")
	}
	if run.Len() > 0 {
		c.Pick = append(c.Pick, strings.TrimSpace(run.String()))
	}
	c.Asked = strings.TrimSpace(asked.String())
	c.AskedX = px(1)
	for _, b := range in.Breaks {
		c.Breaks = append(c.Breaks, px(b))
	}
	return c
}

// XTickAnchor is the text-anchor of the i-th x tick's label: the first
// starts at the axis's start, the last ends at its end, the others are
// centred on their ticks.
func (c CostLoad) XTickAnchor(i int) string {
	switch i {
	case 0:
		return "start"
	case len(c.XTicks) - 1:
		return "end"
	}
	return "middle"
}
