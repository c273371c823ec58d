package chart

import "testing"

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
