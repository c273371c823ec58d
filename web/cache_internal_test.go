package web

import (
	"fmt"
	"testing"
)

// Ensure the cache stays within its byte budget however many entries come,
// evicting the least recently used first.
func TestLRUBudget(t *testing.T) {
	c := newLRU[[]byte](100 << 10)
	for i := range 1000 {
		c.put(fmt.Sprint("k", i), make([]byte, 1<<10), 1<<10)
		if c.bytes() > 100<<10 {
			t.Fatalf("after %d puts the cache holds %d bytes, over its budget of %d", i+1, c.bytes(), 100<<10)
		}
	}
	if _, ok := c.get("k0"); ok {
		t.Error("the oldest entry is still there")
	}
	if _, ok := c.get("k999"); !ok {
		t.Error("the newest entry is gone")
	}
	c.get("k950") // used: kept over k951
	for i := range 10 {
		c.put(fmt.Sprint("n", i), make([]byte, 1<<10), 1<<10)
	}
	if _, ok := c.get("k950"); !ok {
		t.Error("a recently used entry was evicted before older ones")
	}
	c.put("huge", make([]byte, 200<<10), 200<<10)
	if _, ok := c.get("huge"); ok || c.bytes() > 100<<10 {
		t.Errorf("a value over the whole budget was kept (%d bytes held)", c.bytes())
	}
}
