package advisor

import (
	"slices"
	"strconv"
	"testing"
)

// Ensure the shared usable offers stay within SharedFilters sets and
// SharedFilterBytes, letting the oldest go first, never keep a set larger
// than the bound alone, and keep one set of a key.
func TestFilterCacheBounds(t *testing.T) {
	var c filterCache
	set := func(key string, size int) *filtered { return &filtered{key: key, size: size} }
	keys := func() (out []string) {
		for _, f := range c.kept {
			out = append(out, f.key)
		}
		return out
	}
	check := func(step string, want ...string) {
		t.Helper()
		total := 0
		for _, f := range c.kept {
			total += f.size
		}
		if got := keys(); !slices.Equal(got, want) || total != c.bytes || c.bytes > SharedFilterBytes {
			t.Errorf("%s: kept %v (%d bytes, counted %d), want %v within %d bytes", step, got, total, c.bytes, want, SharedFilterBytes)
		}
	}
	small := SharedFilterBytes / 8
	for i := range SharedFilters + 2 {
		c.add(set("k"+strconv.Itoa(i), small))
	}
	check("six small sets", "k2", "k3", "k4", "k5")
	c.add(set("k3", small))
	check("a key kept already", "k2", "k3", "k4", "k5")
	c.add(set("big", SharedFilterBytes/2+1))
	check("a set of half the bytes and more", "k3", "k4", "k5", "big")
	c.add(set("bigger", SharedFilterBytes/2+1))
	check("two sets of half the bytes and more", "bigger")
	c.add(set("huge", SharedFilterBytes+1))
	check("a set over the bound alone", "bigger")
	c.add(set("whole", SharedFilterBytes))
	check("a set of the whole bound", "whole")
}
