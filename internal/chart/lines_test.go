package chart

import (
	"slices"
	"testing"
)

// Ensure a lines chart keeps its lines, marks and knee inside the plot,
// stretches its axes to a mark within reach, and draws a mark far beyond
// the lines at the edge, marked clipped.
func TestLinesOf(t *testing.T) {
	in := LinesInput{
		Lines:   [][]XY{{{1, 10}, {50, 900}, {100, 1000}}, {{1, 12}, {100, 1100}}},
		Marks:   []Point{{X: 120, Y: 800}, {X: 60, Y: 40000}},
		Knee:    XY{50, 900},
		HasKnee: true,
	}
	c := LinesOf(in, F)
	inside := func(x, y float64) bool { return x >= c.Left && x <= c.Right && y >= c.Top && y <= c.Bottom }
	if len(c.Lines) != 2 || len(c.Marks) != 2 {
		t.Fatalf("%d lines, %d marks; want 2 and 2", len(c.Lines), len(c.Marks))
	}
	for _, m := range c.Marks {
		if !inside(m.X, m.Y) {
			t.Errorf("mark at %v,%v lies outside the plot", m.X, m.Y)
		}
	}
	if !inside(c.Knee.X, c.Knee.Y) {
		t.Errorf("knee at %v,%v lies outside the plot", c.Knee.X, c.Knee.Y)
	}
	if c.Marks[0].Clipped || !c.Marks[1].Clipped {
		t.Errorf("clipped %v, %v; want the mark at x 120 shown and the one at y 40,000 clipped", c.Marks[0].Clipped, c.Marks[1].Clipped)
	}
	if c.Marks[1].Y != c.Top {
		t.Errorf("the clipped mark is at y %v, want the plot's top %v", c.Marks[1].Y, c.Top)
	}
	if got := c.XTicks[4].Label; got != "120.0" {
		t.Errorf("the x axis ends at %s, want 120.0 (stretched to the mark within reach)", got)
	}
}

// Ensure Clipped tells whether any mark is drawn at the axes' edge.
func TestLinesClipped(t *testing.T) {
	line := [][]XY{{{1, 10}, {100, 1000}}}
	if LinesOf(LinesInput{Lines: line, Marks: []Point{{X: 50, Y: 500}}}, F).Clipped() {
		t.Error("a mark within the axes is said to be clipped")
	}
	if !LinesOf(LinesInput{Lines: line, Marks: []Point{{X: 50, Y: 500}, {X: 50, Y: 90000}}}, F).Clipped() {
		t.Error("a mark far above the lines is not said to be clipped")
	}
}

// Ensure a lines chart's axes end where a quarter of them is a round
// figure: lines up to 230 get an axis to 300, ticked every 75 (not 250,
// ticked at 62.5 and 187.5).
func TestLinesRoundTicks(t *testing.T) {
	c := LinesOf(LinesInput{Lines: [][]XY{{{1, 10}, {400, 230}}}}, U)
	var got []string
	for _, tk := range c.YTicks {
		got = append(got, tk.Label)
	}
	if want := []string{"0", "75", "150", "225", "300"}; !slices.Equal(got, want) {
		t.Errorf("y ticks %v, want %v", got, want)
	}
}
