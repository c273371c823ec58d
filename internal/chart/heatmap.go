package chart

import (
	"fmt"
	"strconv"
)

// Heat map geometry. The matrix is symmetric, so the map draws each pair
// once: row i holds the pairs of item i with items 0..i-1.
const (
	// HeatCellSize is a cell's side.
	HeatCellSize = 16.0
	hmLeft       = 130.0 // room for row labels
	hmTop        = 8.0
	hmBottom     = 118.0 // room for the slanted column labels
	hmRight      = 8.0
	hmLabelGap   = 5.0
)

// HeatEdges are the upper bounds (ms) of the colour bins; the last bin is
// open-ended.
var HeatEdges = []float64{25, 50, 100, 150, 200, 300}

// HeatBinOf is the colour bin of a round trip.
func HeatBinOf(ms float64) int {
	for i, e := range HeatEdges {
		if ms < e {
			return i
		}
	}
	return len(HeatEdges)
}

// HeatLabelInput is an item's label and whether it is the one selected.
type HeatLabelInput struct {
	Text     string
	Selected bool
}

// HeatCellInput is a pair's colour bin, whether it is estimated and its
// tooltip.
type HeatCellInput struct {
	Bin       int
	Estimated bool
	Title     string
}

// HeatMap is a lower-triangular matrix laid out.
type HeatMap struct {
	Width, Height float64
	Cells         []HeatCell
	Rows, Cols    []HeatLabel
}

// HeatCell is one pair laid out.
type HeatCell struct {
	X, Y      float64
	Bin       int
	Estimated bool
	// Title names the pair; it is the cell's tooltip and accessible name.
	Title string
}

// Class is the cell's CSS classes: its colour bin and whether estimated.
func (c HeatCell) Class() string {
	s := "cell h" + strconv.Itoa(c.Bin)
	if c.Estimated {
		s += " est"
	}
	return s
}

// Mark is the diagonal stroke that hatches an estimated cell.
func (c HeatCell) Mark() string {
	return fmt.Sprintf("M%s %sL%s %s", U(c.X+2), U(c.Y+HeatCellSize-3), U(c.X+HeatCellSize-3), U(c.Y+2))
}

// HeatLabel is a row or column label.
type HeatLabel struct {
	X, Y     float64
	Text     string
	Selected bool
}

// Rotate is the transform that slants a column label.
func (l HeatLabel) Rotate() string { return "rotate(-60 " + F(l.X) + " " + F(l.Y) + ")" }

// HeatMapOf lays out the pairs of n labelled items; cell gives pair (i, j)
// for j < i.
func HeatMapOf(labels []HeatLabelInput, cell func(i, j int) HeatCellInput) HeatMap {
	n := len(labels)
	side := float64(max(n-1, 0)) * HeatCellSize
	h := HeatMap{Width: hmLeft + side + hmRight, Height: hmTop + side + hmBottom}
	for i := 1; i < n; i++ {
		y := hmTop + float64(i-1)*HeatCellSize
		h.Rows = append(h.Rows, HeatLabel{X: hmLeft - hmLabelGap, Y: y + HeatCellSize*0.72, Text: labels[i].Text, Selected: labels[i].Selected})
		for j := 0; j < i; j++ {
			c := cell(i, j)
			h.Cells = append(h.Cells, HeatCell{X: hmLeft + float64(j)*HeatCellSize, Y: y, Bin: c.Bin, Estimated: c.Estimated, Title: c.Title})
		}
	}
	for j := 0; j < n-1; j++ {
		x := hmLeft + float64(j)*HeatCellSize + HeatCellSize/2
		h.Cols = append(h.Cols, HeatLabel{X: x + 4, Y: hmTop + side + hmLabelGap, Text: labels[j].Text, Selected: labels[j].Selected})
	}
	return h
}
