package chart

import (
	"strconv"
	"testing"
)

// Ensure axis figures fit beside the axis: at most five characters from
// 10,000 up.
func TestCompact(t *testing.T) {
	plain := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for _, tt := range []struct {
		x    float64
		want string
	}{{0, "0"}, {9500, "9500"}, {12000, "12k"}, {120713, "121k"}, {1_500_000, "1.5M"}, {50_000_000, "50M"}, {2e9, "2B"}} {
		if got := Compact(tt.x, plain); got != tt.want {
			t.Errorf("Compact(%g) = %q, want %q", tt.x, got, tt.want)
		}
	}
}
