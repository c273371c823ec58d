package chart

import (
	"strings"
	"testing"
)

// Ensure candidates that miss the target are drawn apart from those that
// meet it, whatever side of the target line they fall on: a cross (a path,
// not a dot) classed "misses", a triangle classed "misses" on the edge, the
// pick still ringed but classed "misses"; and that they are counted. The
// default question at 400 requests/s had a $3,183 option, 80 % of its
// users within the target, left of the target line in the same grey.
func TestScatterMissesDrawnApart(t *testing.T) {
	in := []ScatterInput{
		{X: 50, Y: 7815, Pick: true, Pareto: true, Detail: "pick"},
		{X: 79, Y: 3183, Pareto: true, Misses: true, Detail: "cheap, 80 % within"},
		{X: 30, Y: 12000, Pareto: true, Detail: "fast"},
		{X: 40, Y: 11000, Detail: "meets"},
		{X: 150, Y: 5000, Misses: true, Detail: "slow"},
		{X: 9000, Y: 6000, Misses: true, Detail: "far"},
	}
	s := ScatterOf(in, 100, figure)
	if s.Misses != 3 {
		t.Errorf("Misses = %d, want 3", s.Misses)
	}
	if s.TargetX <= s.Points[1].X {
		t.Fatalf("the test wants the cheap miss left of the target line: target at %.1f, point at %.1f", s.TargetX, s.Points[1].X)
	}
	var b strings.Builder
	if err := s.WritePoints(&b); err != nil {
		t.Fatal(err)
	}
	marks := strings.Split(strings.NewReplacer("</circle>", "\n", "</path>", "\n").Replace(b.String()), "\n")
	want := []string{
		`<circle cx=`, // the pick: a circle …
		`<path d="M`,  // the cheap miss: a cross
		`<circle cx=`, // meets
		`<circle cx=`, // meets
		`<path d="M`,  // miss
		`<path d="M`,  // miss beyond the axis: a triangle
	}
	classes := []string{`class="pt pareto pick"`, `class="pt misses pareto"`, `class="pt pareto"`, `class="pt"`, `class="pt misses"`, `class="pt clipped misses"`}
	for i, m := range marks[:len(want)] {
		if !strings.HasPrefix(m, want[i]) || !strings.Contains(m, classes[i]+">") {
			t.Errorf("point %s written %s, want it to start %s and be %s", in[i].Detail, m, want[i], classes[i])
		}
	}
	if d, _, _ := strings.Cut(marks[1], `" class`); strings.Count(d, "M") != 2 || strings.Count(d, "L") != 2 {
		t.Errorf("the miss is written %s, want a cross of two strokes", marks[1])
	}
	// A pick that misses (when no option meets) keeps its ring.
	pick := appendPoint(nil, ScatterPoint{X: 10, Y: 10, Pick: true, Misses: true, Detail: "p"})
	if got := string(pick); !strings.HasPrefix(got, `<circle`) || !strings.Contains(got, `class="pt pick misses"`) {
		t.Errorf("a pick that misses is written %s, want its ring classed misses", got)
	}
}

// Ensure the chart is bounded in height (a viewBox no taller than about
// half a laptop's screen at its 12-pixel text, and wider than tall), and
// that the cost ticks' labels leave the rotated axis name its room at a
// phone's font.
func TestScatterBounded(t *testing.T) {
	s := ScatterOf([]ScatterInput{{X: 50, Y: 1_234_567, Pick: true}, {X: 60, Y: 5000}}, 100, figure)
	if s.Height > 384 || s.Height > 0.6*s.Width {
		t.Errorf("the chart's viewBox is %.0f × %.0f: want it at most 384 high and 0.6 of its width", s.Width, s.Height)
	}
	for _, tk := range s.YTicks {
		if start := s.Left - tickGap - TextWidth(tk.Label); start < yLabelRoom-1e-9 {
			t.Errorf("tick %q starts at %.0f, inside the axis name's %d units", tk.Label, start, yLabelRoom)
		}
	}
}

// Ensure the latency axis fits the candidates: a target far beyond them
// (1,500 ms for options between 195 and 305 ms) is marked beyond the axis
// rather than stretching it, and the axis then starts at a round figure
// below the fastest rather than at zero; a target within reach is on the
// axis, and candidates near zero keep a zero start.
func TestScatterFitsTheCandidates(t *testing.T) {
	var in []ScatterInput
	for i := range 40 {
		in = append(in, ScatterInput{X: 195 + float64(i)*110/39, Y: 100_000 + float64(i)*1000})
	}
	in[0].Pick, in[0].Pareto = true, true
	s := ScatterOf(in, 1500, figure)
	if !s.TargetBeyond || s.TargetX != s.Right {
		t.Errorf("a 1,500 ms target for candidates within 305 ms: beyond %v at %.1f, want beyond, at the axis's end %.1f", s.TargetBeyond, s.TargetX, s.Right)
	}
	first, last := s.XTicks[0].Label, s.XTicks[len(s.XTicks)-1].Label
	if first == "0" || first > "195" || last < "305" {
		t.Errorf("x axis %s–%s, want it to start at a round figure below 195 and reach 305", first, last)
	}
	left, right := s.Right, s.Left
	for _, p := range s.Points {
		left, right = min(left, p.X), max(right, p.X)
		if p.Clipped {
			t.Errorf("point %+v clipped", p)
		}
	}
	if spread := (right - left) / (s.Right - s.Left); spread < 0.4 {
		t.Errorf("the candidates take %.0f %% of the axis, want at least 40 %%", 100*spread)
	}
	s = ScatterOf(in, 400, figure)
	if s.TargetBeyond || s.TargetX <= s.Left || s.TargetX >= s.Right {
		t.Errorf("a 400 ms target: beyond %v at %.1f, want on the axis %.1f–%.1f", s.TargetBeyond, s.TargetX, s.Left, s.Right)
	}
	s = ScatterOf([]ScatterInput{{X: 28, Y: 10, Pick: true}, {X: 200, Y: 5}}, 100, figure)
	if s.XTicks[0].Label != "0" {
		t.Errorf("candidates from 28 ms start the axis at %s, want 0", s.XTicks[0].Label)
	}
}
