package locale

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// Ensure substitute writes what fmt.Sprintf writes whenever it writes
// anything: every message of every table in both languages with zero to
// twelve arguments (with and without a % inside them), and formats built
// to reach its edges (reordering, missing and left-over arguments, other
// verbs, flags, a lone % at the end).
func TestSubstituteMatchesSprintf(t *testing.T) {
	formats := []string{"", "plain", "%", "50%", "%%", "100 %% of %s", "%s%s", "%[2]s, %[1]s", "%[2]s %s", "%[3]s",
		"%[0]s", "%[x]s", "%[1", "%d", "%q", "%5s", "%-s", "%v", "a %s b", "%[1]s %[1]s", "%s %[1]s %s"}
	for _, k := range Keys() {
		m, _ := lookup(k)
		formats = append(formats, m[0], m[1])
	}
	checked := 0
	for _, f := range formats {
		for n := range 13 {
			for _, prefix := range []string{"a", "%s·"} {
				args := make([]string, n)
				boxed := make([]any, n)
				for i := range args {
					args[i] = prefix + strconv.Itoa(i)
					boxed[i] = args[i]
				}
				got, ok := substitute(f, args)
				if !ok {
					continue
				}
				checked++
				if want := fmt.Sprintf(f, boxed...); got != want {
					t.Fatalf("substitute(%q, %q) = %q, fmt.Sprintf writes %q", f, args, got, want)
				}
				if strings.Contains(got, "%!") {
					t.Fatalf("substitute(%q, %q) = %q: an error mark", f, args, got)
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d formats written by substitute", checked)
	}
}
