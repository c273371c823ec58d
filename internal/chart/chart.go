// Package chart lays out the pages' SVG charts: bars of an answer's
// costs, candidates on cost against latency, a serving curve with its
// operating point, and the metro round-trip heat map. It is pure
// geometry: it takes figures and the words to show (already said in the
// reader's language) and returns shapes in the user units of a viewBox,
// which the templates draw as they are.
package chart

import (
	"math"
	"strconv"
)

// Geometry shared by the charts (user units of the viewBox).
const (
	// Width is every chart's width; phones scale it down.
	Width = 640.0
	// PhoneFont is the charts' font size on phones (see app.css), the
	// largest they draw text at.
	PhoneFont = 20.0

	plotHeight  = 300.0
	plotMarginL = 70.0
	plotMarginB = 48.0
	plotMarginT = 15.0
	plotMarginR = 20.0
)

// TextWidth is about how wide a label or amount is drawn, in user units,
// at the largest font the charts use (on phones, where a chart is scaled
// down, its text is drawn larger): a Latin letter, digit or symbol about
// 0.62 em, a Chinese character 1 em. Over-estimating costs only room.
func TextWidth(s string) float64 {
	em := 0.0
	for _, r := range s {
		if r >= 0x1100 {
			em++
		} else {
			em += 0.62
		}
	}
	return em * PhoneFont
}

// F writes a coordinate to a tenth of a unit.
func F(x float64) string {
	var buf [24]byte
	return string(appendF(buf[:0], x))
}

// appendF appends a coordinate as F writes it.
func appendF(b []byte, x float64) []byte { return strconv.AppendFloat(b, x, 'f', 1, 64) }

// appendU appends a whole coordinate, as U writes it.
func appendU(b []byte, x float64) []byte { return strconv.AppendFloat(b, x, 'f', -1, 64) }

// U writes a coordinate with no more places than it needs.
func U(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// Tick is one axis label at its position.
type Tick struct {
	Pos   float64
	Label string
}

// Point is a marked point with its tooltip.
type Point struct {
	X, Y   float64
	Detail string
}

// niceMax rounds an axis maximum up to 1, 2 or 5 times a power of ten.
func niceMax(x float64) float64 { return roundUp(x, []float64{1, 2, 5, 10}, 0) }

// roundUp rounds x up to a step times a power of ten; a step exceeded by
// no more than slack (relative) still takes x.
func roundUp(x float64, steps []float64, slack float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range steps {
		if x <= m*p*(1+slack) {
			return m * p
		}
	}
	return 10 * p
}
