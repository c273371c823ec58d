package chart

import "testing"

// Ensure an answer's map colours each group's line by the question's
// target, not by fixed bands: a 1,500 ms target met with a 180 ms round
// trip is drawn as met (the fixed bands drew it red-orange), a group
// partly beyond a 100 ms target and one wholly beyond it each have their
// own colour; without a target the line keeps its band.
func TestMapLinesAgainstTheTarget(t *testing.T) {
	for _, tt := range []struct {
		total, within, target float64
		want                  string
	}{
		{180, 100, 1500, TargetHalf},
		{900, 100, 1500, TargetWithin},
		{60, 100, 100, TargetWithin},
		{40, 100, 100, TargetHalf},
		{95, 62.5, 100, TargetPartly},
		{180, 0, 100, TargetMissed},
	} {
		if got := TargetClass(tt.total, tt.within, tt.target); got != tt.want {
			t.Errorf("TargetClass(%v ms, %v %% within, target %v) = %s, want %s", tt.total, tt.within, tt.target, got, tt.want)
		}
	}
	m := WorldMapOf([]MapUserInput{
		{Lat: 35, Lon: 139, Share: 0.2, ServedLat: 39, ServedLon: -77, MS: 180, TargetMS: 1500, TotalMS: 190, WithinPct: 100},
		{Lat: 35, Lon: 139, Share: 0.2, ServedLat: 39, ServedLon: -77, MS: 180},
	}, nil)
	if m.Lines[0].Class != TargetHalf || m.Lines[1].Class != "l4" {
		t.Errorf("line classes %q and %q, want %s against the 1,500 ms target and the fixed band l4 without one", m.Lines[0].Class, m.Lines[1].Class, TargetHalf)
	}
}
