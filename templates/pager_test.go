package templates

import (
	"strings"
	"testing"
)

// Ensure the pager stays short however many pages there are: previous,
// the first, the pages near the current one, the last, next, with gaps.
func TestPager(t *testing.T) {
	say := func(items []PagerItem) string {
		var b []string
		for _, it := range items {
			s := it.Label
			if it.Current {
				s = "[" + s + "]"
			}
			b = append(b, s)
		}
		return strings.Join(b, " ")
	}
	for _, tt := range []struct {
		current, pages int
		want           string
	}{
		{1, 1, ""},
		{1, 59, "[1] 2 3 … 59 >"},
		{30, 59, "< 1 … 28 29 [30] 31 32 … 59 >"},
		{59, 59, "< 1 … 57 58 [59]"},
		{3, 5, "< 1 2 [3] 4 5 >"},
	} {
		if got := say(Pager(tt.current, tt.pages, "<", ">")); got != tt.want {
			t.Errorf("Pager(%d, %d) = %q, want %q", tt.current, tt.pages, got, tt.want)
		}
	}
}
