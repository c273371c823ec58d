package chart

import (
	"math"
	"testing"
)

// Ensure the map's projection matches the outlines' (static/img/world.md):
// the corners, the equator on the prime meridian, and Frankfurt.
func TestProject(t *testing.T) {
	for _, tt := range []struct{ lat, lon, x, y float64 }{
		{84, -180, 0, 0}, {-60, 180, 1000, 440}, {0, 0, 500, 256.667}, {50.11, 8.68, 524.11, 103.554}, {-80, 0, 500, 440},
	} {
		x, y := Project(tt.lat, tt.lon)
		if math.Abs(x-tt.x) > 0.01 || math.Abs(y-tt.y) > 0.01 {
			t.Errorf("Project(%g, %g) = %.3f, %.3f, want %.3f, %.3f", tt.lat, tt.lon, x, y, tt.x, tt.y)
		}
	}
	m := WorldMapOf([]MapUserInput{{Lat: 0, Lon: 0, Share: 1, ServedLat: 0, ServedLon: 10, MS: 30}, {Share: 0.25, MS: 200}}, nil)
	if m.Users[0].R != maxUserR || m.Users[1].R != maxUserR/2 || m.Lines[0].Bin == m.Lines[1].Bin {
		t.Errorf("users %+v, lines %+v: want area by share and lines binned by latency", m.Users, m.Lines)
	}
}
