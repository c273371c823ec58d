package chart

import (
	"strings"
)

// Curve chart geometry: the y axis's name sits above the plot, the x
// axis's below its ticks.
const (
	curveTop    = 44.0
	curveBottom = 64.0
)

// CurveInput is a curve with its operating point, measured points to
// compare and a target on the x axis (≤ 0: none).
type CurveInput struct {
	Curve    []XY
	Op       Point
	Measured []Point
	Target   float64
}

// XY is a point of a curve.
type XY struct{ X, Y float64 }

// Curve is a curve laid out: its margins fit its labels at the size
// phones draw them (TextWidth).
type Curve struct {
	Width, Height            float64
	Left, Right, Top, Bottom float64 // the plot area's edges
	// Line is the curve's polyline points.
	Line     string
	Op       Point
	Measured []Point
	// TargetX is the target's x (−1: off the axis).
	TargetX        float64
	XTicks, YTicks []Tick
	// Words the caller gives.
	XLabel, YLabel, Title, Desc, OpLabel, Target string
}

// CurveOf lays out a curve chart. The x axis ends past the target and
// the operating point with room to see the curve bend; points beyond it
// are left out. label writes an axis figure.
func CurveOf(in CurveInput, label func(float64) string) Curve {
	c := Curve{Width: Width, Height: curveTop + plotHeight + curveBottom, TargetX: -1}
	maxX := quarterMax(max(in.Target, in.Op.X) * 1.5)
	maxY := 0.0
	for _, p := range in.Curve {
		if p.X <= maxX {
			maxY = max(maxY, p.Y)
		}
	}
	for _, m := range in.Measured {
		if m.X <= maxX {
			maxY = max(maxY, m.Y)
		}
	}
	maxY = quarterMax(max(maxY, in.Op.Y) * 1.1)
	// The ticks first: the left margin fits the widest.
	c.Left = 20
	for i := 0; i <= 4; i++ {
		c.YTicks = append(c.YTicks, Tick{Label: label(maxY * float64(i) / 4)})
		c.Left = max(c.Left, TextWidth(c.YTicks[i].Label)+14)
	}
	c.Right, c.Top, c.Bottom = Width-plotMarginR, curveTop, curveTop+plotHeight
	px := func(x float64) float64 { return c.Left + x/maxX*(c.Right-c.Left) }
	py := func(y float64) float64 { return c.Bottom - y/maxY*plotHeight }
	for i := range c.YTicks {
		c.YTicks[i].Pos = py(maxY * float64(i) / 4)
		x := maxX * float64(i) / 4
		c.XTicks = append(c.XTicks, Tick{Pos: px(x), Label: label(x)})
	}
	var b strings.Builder
	for _, p := range in.Curve {
		if p.X <= maxX {
			b.WriteString(F(px(p.X)) + "," + F(py(p.Y)) + " ")
		}
	}
	c.Line = strings.TrimSpace(b.String())
	c.Op = Point{X: px(in.Op.X), Y: py(in.Op.Y), Detail: in.Op.Detail}
	for _, m := range in.Measured {
		if m.X <= maxX {
			c.Measured = append(c.Measured, Point{X: px(m.X), Y: py(m.Y), Detail: m.Detail})
		}
	}
	if in.Target > 0 && in.Target <= maxX {
		c.TargetX = px(in.Target)
	}
	return c
}
