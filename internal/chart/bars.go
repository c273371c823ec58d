package chart

import (
	"github.com/shopspring/decimal"
)

// Bar chart geometry.
const (
	barLabelW = 170.0 // at least; see Bars
	barValueW = 110.0 // at least; see Bars
	barHeight = 22.0
	barGap    = 10.0
)

// BarInput is one bar: its label, its amount and the amount as written.
type BarInput struct {
	Label  string
	Amount decimal.Decimal
	Value  string
}

// Bars is a horizontal bar chart, zero-based.
type Bars struct {
	Width, Height float64
	Bars          []Bar
}

// Bar is one bar laid out: its label ends at LabelX, the bar runs from X
// for Width at RectY, its value starts at ValueX; both texts sit on TextY.
type Bar struct {
	Label, Value          string
	X, Width, RectY, BarH float64
	LabelX, ValueX, TextY float64
}

// BarsOf scales bars to the largest, leaving room before them for the
// longest label and after the longest bar for its value.
func BarsOf(in []BarInput) Bars {
	maxAmt := decimal.Zero
	left, right := barLabelW, barValueW
	for _, b := range in {
		maxAmt = decimal.Max(maxAmt, b.Amount)
		left = max(left, TextWidth(b.Label)+8)
		right = max(right, TextWidth(b.Value)+12)
	}
	out := Bars{Width: Width, Height: float64(len(in))*(barHeight+barGap) + barGap}
	for i, b := range in {
		w := 0.0
		if maxAmt.IsPositive() {
			w = b.Amount.Div(maxAmt).InexactFloat64() * (Width - left - right)
		}
		y := float64(i) * (barHeight + barGap)
		out.Bars = append(out.Bars, Bar{Label: b.Label, Value: b.Value, X: left, Width: w, RectY: y + barGap, BarH: barHeight,
			LabelX: left - 8, ValueX: left + w + 6, TextY: y + barGap + barHeight*0.7})
	}
	return out
}
