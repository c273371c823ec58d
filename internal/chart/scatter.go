package chart

import (
	"html"
	"io"
	"math"
	"slices"
	"strconv"
)

// ScatterInput is one candidate: its x (latency or duration) and y (its
// total), whether it is on the Pareto front or the pick, whether it misses
// the question's target (the domain's verdict: on a latency chart a point
// left of the target may still miss it), and its tooltip.
type ScatterInput struct {
	X, Y                 float64
	Pareto, Pick, Misses bool
	Detail               string
}

// Scatter is candidates laid out on two zero-based axes. Both axes end
// where the pick, the Pareto front and most candidates fit (a few far
// outliers would flatten the rest): candidates beyond sit on the edge,
// marked Clipped.
type Scatter struct {
	Width, Height            float64
	Left, Right, Top, Bottom float64 // the plot area's edges
	Points                   []ScatterPoint
	// Front is the Pareto front's polyline points.
	Front          string
	XTicks, YTicks []Tick
	// Clipped counts the candidates beyond an axis; Misses those that
	// miss the target.
	Clipped, Misses int
	// TargetX is where the target (a latency target, a deadline) is
	// drawn across the plot, 0 for none; TargetLabel is the caller's.
	// A target far beyond every candidate does not stretch the axis to
	// it: TargetBeyond, it is marked on the axis's end.
	TargetX      float64
	TargetBeyond bool
	TargetLabel  string
	// Words the caller gives: the axes' names, the title and description,
	// and the legend's words for the candidates that meet the target and
	// those that miss it (empty where the question set no target).
	XLabel, YLabel, Title, Desc string
	MeetsLabel, MissesLabel     string
}

// ScatterPoint is one candidate laid out.
type ScatterPoint struct {
	X, Y                          float64
	Pareto, Pick, Clipped, Misses bool
	Detail                        string
}

// ScatterOf lays out candidates with a target on x (a latency target or a
// deadline; 0 for none), which the x axis reaches unless it lies far
// beyond the candidates (see targetReach); label writes an axis figure.
func ScatterOf(in []ScatterInput, target float64, label func(float64) string) Scatter {
	s := Scatter{Width: Width, Height: plotHeight + plotMarginB + plotMarginT,
		Left: plotMarginL, Right: Width - plotMarginR, Top: plotMarginT, Bottom: plotMarginT + plotHeight}
	endX := axisEnd(in, func(c ScatterInput) float64 { return c.X }, 0)
	maxX, need := niceMax(endX*1.2), endX*1.05
	switch {
	case target > targetReach*maxX:
		s.TargetBeyond = true
	case target > 0:
		need = max(need, target*1.05)
		maxX = max(maxX, niceMax(need))
	}
	minX, ticksX := fitStart(in, target, s.TargetBeyond, need)
	if ticksX > 0 {
		maxX = minX + 4*ticksX
	}
	maxY := axisMax(in, func(c ScatterInput) float64 { return c.Y }, costSpan)
	// The cost ticks' labels first: the left margin fits the widest, at a
	// phone's font, after the axis's rotated name (yLabelRoom).
	ys := make([]string, 5)
	for i := range ys {
		ys[i] = Compact(maxY*float64(i)/4, label)
		s.Left = max(s.Left, yLabelRoom+TextWidth(ys[i])+tickGap)
	}
	px := func(x float64) float64 {
		return s.Left + (min(max(x, minX), maxX)-minX)/(maxX-minX)*(s.Right-s.Left)
	}
	py := func(y float64) float64 { return plotMarginT + plotHeight - min(y, maxY)/maxY*plotHeight }
	var front []ScatterInput
	s.Points = make([]ScatterPoint, 0, len(in))
	for _, c := range in {
		pt := ScatterPoint{X: px(c.X), Y: py(c.Y), Pareto: c.Pareto, Pick: c.Pick, Misses: c.Misses, Detail: c.Detail, Clipped: c.X > maxX || c.Y > maxY}
		if pt.Clipped {
			s.Clipped++
		}
		if pt.Misses {
			s.Misses++
		}
		s.Points = append(s.Points, pt)
		if c.Pareto {
			front = append(front, c)
		}
	}
	slices.SortFunc(front, func(a, b ScatterInput) int { return int(math.Copysign(1, a.X-b.X)) })
	var pts []byte
	for _, c := range front {
		pts = strconv.AppendFloat(pts, px(c.X), 'f', 1, 64)
		pts = append(pts, ',')
		pts = strconv.AppendFloat(pts, py(c.Y), 'f', 1, 64)
		pts = append(pts, ' ')
	}
	s.Front = string(pts)
	if target > 0 {
		s.TargetX = px(target)
	}
	for i := 0; i <= 4; i++ {
		x, y := minX+(maxX-minX)*float64(i)/4, maxY*float64(i)/4
		s.XTicks = append(s.XTicks, Tick{Pos: px(x), Label: label(x)})
		s.YTicks = append(s.YTicks, Tick{Pos: py(y), Label: ys[i]})
	}
	return s
}

// yLabelRoom is the room the cost axis's name takes, rotated, at the
// chart's left edge (its baseline at YLabelX, a phone's font high);
// tickGap is the gap between a tick's label and its axis.
const (
	yLabelRoom = 30
	tickGap    = 6
)

// YLabelX is where the cost axis's rotated name stands.
func (s Scatter) YLabelX() float64 { return 22 }

// fitStart is where the x axis starts, and its tick step: at zero (step
// 0: the axis's end in quarters) unless every candidate, and a target
// drawn, lie past fitFrom of need, where a zero start would
// leave most of the plot empty (LLM options between 200 and 300 ms); then
// at a round figure below the fastest, in four round steps that reach
// need.
func fitStart(in []ScatterInput, target float64, beyond bool, need float64) (start, step float64) {
	lo := math.Inf(1)
	for _, c := range in {
		lo = min(lo, c.X)
	}
	if target > 0 && !beyond {
		lo = min(lo, target)
	}
	if len(in) == 0 || lo <= fitFrom*need {
		return 0, 0
	}
	lo *= 0.95
	hi := max(need, lo*1.0001)
	for step = roundUp((hi-lo)/4, []float64{1, 2, 5, 10}, 0); ; step = roundUp(step*1.0001, []float64{1, 2, 5, 10}, 0) {
		start = math.Floor(lo/step) * step
		if start+4*step >= hi {
			return start, step
		}
	}
}

// fitFrom is the share of the x axis's reach past which every candidate
// must lie for the axis not to start at zero.
const fitFrom = 0.4

// targetReach is how far past the candidates' axis (times its end) a
// target may lie for the axis to reach it; a target farther (a 1,500 ms
// target for options within 200 ms) would crowd every candidate into the
// axis's first tenth, so it is marked on the axis's end instead.
const targetReach = 2

// costSpan is how far past the pick's total the cost axis may reach
// before a fifth to spare and a round figure: at most 4 × 1.2 × 2 < 10×
// the pick, so a pick is never flat on its axis beside a front that runs
// to options thousands of times dearer (those are marked at the edge).
const costSpan = 4

// axisMax is where an axis ends: past the pick and the Pareto front, and
// past the 80th percentile of the candidates with a fifth to spare, but
// not out to the farthest outlier, nor, with span > 0, past span × the
// pick's own figure.
func axisMax(cs []ScatterInput, v func(ScatterInput) float64, span float64) float64 {
	return niceMax(axisEnd(cs, v, span) * 1.2)
}

// axisEnd is the figure an axis must reach (see axisMax), before the
// fifth to spare and the round figure.
func axisEnd(cs []ScatterInput, v func(ScatterInput) float64, span float64) float64 {
	all := make([]float64, 0, len(cs))
	keep, pick := 0.0, 0.0
	for _, c := range cs {
		all = append(all, v(c))
		if c.Pick || c.Pareto {
			keep = max(keep, v(c))
		}
		if c.Pick {
			pick = v(c)
		}
	}
	if len(all) == 0 {
		return 0
	}
	slices.Sort(all)
	p80 := all[int(math.Ceil(0.8*float64(len(all))))-1]
	end := min(all[len(all)-1], max(keep, p80))
	if span > 0 && pick > 0 {
		end = min(end, span*pick)
	}
	return max(end, pick)
}

// WritePoints writes the candidates to w as SVG: a circle for each (a
// triangle on the edge for one beyond the axes) with its details as a
// tooltip, escaped, a point at a time. Hundreds of points written here
// cost a fraction of what a template's attribute and class handling does,
// and the page never holds their markup (tens of KB) as one string.
func (s Scatter) WritePoints(w io.Writer) error {
	b := make([]byte, 0, 512)
	for _, p := range s.Points {
		b = appendPoint(b[:0], p)
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// appendPoint appends one point's markup (see WritePoints).
func appendPoint(b []byte, p ScatterPoint) []byte {
	if p.Clipped {
		b = append(b, `<path d="M`...)
		b = append(appendF(b, p.X-5), ' ')
		b = append(appendF(b, p.Y+5), " L"...)
		b = append(appendF(b, p.X+5), ' ')
		b = append(appendF(b, p.Y+5), " L"...)
		b = append(appendF(b, p.X), ' ')
		b = append(appendF(b, p.Y-4), ` Z" class="pt clipped`...)
		if p.Misses {
			b = append(b, " misses"...)
		}
		b = append(b, `"><title>`...)
		b = append(b, html.EscapeString(p.Detail)...)
		return append(b, `</title></path>`...)
	}
	if p.Misses && !p.Pick {
		// A cross, not a dot: told apart by its shape as well as its
		// colour.
		x, y := math.Round(p.X), math.Round(p.Y)
		b = append(b, `<path d="M`...)
		b = append(appendU(b, x-4), ' ')
		b = append(appendU(b, y-4), " L"...)
		b = append(appendU(b, x+4), ' ')
		b = append(appendU(b, y+4), " M"...)
		b = append(appendU(b, x-4), ' ')
		b = append(appendU(b, y+4), " L"...)
		b = append(appendU(b, x+4), ' ')
		b = append(appendU(b, y-4), `" class="pt misses`...)
		if p.Pareto {
			b = append(b, " pareto"...)
		}
		b = append(b, `"><title>`...)
		b = append(b, html.EscapeString(p.Detail)...)
		return append(b, `</title></path>`...)
	}
	// Whole units: a unit is under a pixel on any screen the chart
	// fits, and hundreds of points weigh less.
	b = append(b, `<circle cx="`...)
	b = strconv.AppendFloat(b, math.Round(p.X), 'f', 0, 64)
	b = append(b, `" cy="`...)
	b = strconv.AppendFloat(b, math.Round(p.Y), 'f', 0, 64)
	b = append(b, `" r="`...)
	if p.Pick {
		b = append(b, '7')
	} else {
		b = append(b, '4')
	}
	b = append(b, `" class="pt`...)
	if p.Pareto {
		b = append(b, " pareto"...)
	}
	if p.Pick {
		b = append(b, " pick"...)
	}
	if p.Misses {
		b = append(b, " misses"...)
	}
	b = append(b, `"><title>`...)
	b = append(b, html.EscapeString(p.Detail)...)
	return append(b, `</title></circle>`...)
}

// TargetLabelX and TargetAnchor place the target's label beside its line,
// on the left of it near the plot's right edge so that it is not cut off.
func (s Scatter) TargetLabelX() float64 {
	if s.TargetAnchor() == "end" {
		return s.TargetX - 4
	}
	return s.TargetX + 4
}

// TargetAnchor is the target label's text-anchor (see TargetLabelX): on
// the line's left where there is room for it there, else on its right.
func (s Scatter) TargetAnchor() string {
	if s.TargetX-s.Left > targetLabelRoom {
		return "end"
	}
	return "start"
}

// targetLabelRoom is the width a target's label takes at a phone's font
// size ("target 1,500 ms" at 20 units).
const targetLabelRoom = 170

// XTickAnchor is the text-anchor of the i-th x tick's label: centred on
// its tick, but the last ends at the axis's end, inside the chart.
func (s Scatter) XTickAnchor(i int) string {
	if i == len(s.XTicks)-1 {
		return "end"
	}
	return "middle"
}

// Compact writes an axis figure in few characters, so that tick labels fit
// beside the axis on a phone: as label writes it under 10,000, then with
// k, M or B ("120k", "1.5M").
func Compact(x float64, label func(float64) string) string {
	for _, u := range []struct {
		from, size float64
		suffix     string
	}{{1e9, 1e9, "B"}, {1e6, 1e6, "M"}, {1e4, 1e3, "k"}} {
		if math.Abs(x) >= u.from {
			return strconv.FormatFloat(x/u.size, 'g', 3, 64) + u.suffix
		}
	}
	return label(x)
}
