package chart

import "strings"

// LinesInput is a chart of lines (a first, main one and others), marks to
// compare with them and a point to mark on the main line (Knee; HasKnee
// false: none).
type LinesInput struct {
	Lines   [][]XY
	Marks   []Point
	Knee    XY
	HasKnee bool
}

// Lines is a lines chart laid out. Its axes start at 0 and end past the
// lines; a mark beyond them is drawn at the edge, Clipped.
type Lines struct {
	Width, Height            float64
	Left, Right, Top, Bottom float64
	// Lines are the polylines' points, as LinesInput's.
	Lines   []string
	Marks   []Mark
	Knee    Point
	HasKnee bool
	XTicks  []Tick
	YTicks  []Tick
	// Words the caller gives.
	XLabel, YLabel, Title, Desc string
}

// Mark is a compared point; Clipped when it lies beyond the axes and is
// drawn at their edge.
type Mark struct {
	Point
	Clipped bool
}

// markReach is how far past the lines' extent the axes stretch to show a
// mark (beyond, the mark is clipped).
const markReach = 1.5

// quarterMax rounds an axis maximum up to 1, 1.2, 1.6, 2, 3, 4, 6 or 8
// times a power of ten: each quarter of the axis, where it is ticked, is
// then a round figure.
func quarterMax(x float64) float64 {
	return roundUp(x, []float64{1, 1.2, 1.6, 2, 3, 4, 6, 8, 10}, 1e-9)
}

// LinesOf lays out a lines chart; label writes an axis figure.
func LinesOf(in LinesInput, label func(float64) string) Lines {
	c := Lines{Width: Width, Height: curveTop + plotHeight + curveBottom, HasKnee: in.HasKnee}
	var lx, ly float64
	for _, l := range in.Lines {
		for _, p := range l {
			lx, ly = max(lx, p.X), max(ly, p.Y)
		}
	}
	mx, my := lx, ly
	for _, m := range in.Marks {
		if m.X <= lx*markReach {
			mx = max(mx, m.X)
		}
		if m.Y <= ly*markReach {
			my = max(my, m.Y)
		}
	}
	maxX, maxY := quarterMax(mx), quarterMax(my*1.05)
	c.Left = 20
	for i := 0; i <= 4; i++ {
		c.YTicks = append(c.YTicks, Tick{Label: label(maxY * float64(i) / 4)})
		c.Left = max(c.Left, TextWidth(c.YTicks[i].Label)+14)
	}
	c.Right, c.Top, c.Bottom = Width-plotMarginR-TextWidth(label(maxX))/2, curveTop, curveTop+plotHeight
	px := func(x float64) float64 { return c.Left + min(x/maxX, 1)*(c.Right-c.Left) }
	py := func(y float64) float64 { return c.Bottom - min(y/maxY, 1)*plotHeight }
	for i := range c.YTicks {
		c.YTicks[i].Pos = py(maxY * float64(i) / 4)
		x := maxX * float64(i) / 4
		c.XTicks = append(c.XTicks, Tick{Pos: px(x), Label: label(x)})
	}
	for _, l := range in.Lines {
		var b strings.Builder
		for _, p := range l {
			b.WriteString(F(px(p.X)) + "," + F(py(p.Y)) + " ")
		}
		c.Lines = append(c.Lines, strings.TrimSpace(b.String()))
	}
	for _, m := range in.Marks {
		c.Marks = append(c.Marks, Mark{Point: Point{X: px(m.X), Y: py(m.Y), Detail: m.Detail}, Clipped: m.X > maxX || m.Y > maxY})
	}
	c.Knee = Point{X: px(in.Knee.X), Y: py(in.Knee.Y)}
	return c
}

// Clipped reports whether a mark is drawn at the axes' edge.
func (c Lines) Clipped() bool {
	for _, m := range c.Marks {
		if m.Clipped {
			return true
		}
	}
	return false
}
