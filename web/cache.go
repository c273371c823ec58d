package web

import (
	"container/list"
	"sync"
	"unsafe"

	"gpuplace/internal/advisor"
)

// The caches are bounded in bytes, not entries: an answer to a question
// with many user groups or a page in another language may be several
// times the size of another, and the server must stay within its memory
// however the questions vary.
const (
	// answerCacheBytes bounds the advisor's answers kept, by their
	// estimated size in memory (resultBytes): about 80 answers of three
	// countries. Only answers to questions asked a second time are kept
	// (see askedAgain): answers are pointer-rich, so each one kept is
	// marked at every collection, and under the heap's soft limit (see
	// internal/cli) a byte kept here is a byte less between collections.
	// Keeping every answer, new questions at full speed collected every
	// 24 answers and spent 11 % of the CPU on it.
	answerCacheBytes = 8 << 20
	// bodyCacheBytes bounds the gzipped bodies kept: API answers and
	// rendered pages.
	bodyCacheBytes = 8 << 20
)

// lru is a least-recently-used cache of values with a size, holding at
// most budget bytes of them. The advisor is a pure function of the catalog
// and the request, so an answer (or a body rendered from it) can be reused
// for as long as its catalog version is active; every key holds the
// version.
type lru[V any] struct {
	mu     sync.Mutex
	budget int
	used   int
	order  *list.List // front = most recently used
	items  map[string]*list.Element
}

type lruEntry[V any] struct {
	key  string
	val  V
	size int
}

func newLRU[V any](budget int) *lru[V] {
	return &lru[V]{budget: budget, order: list.New(), items: map[string]*list.Element{}}
}

// get returns the value cached under key.
func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*lruEntry[V]).val, true
}

// put stores a value of size bytes (the key counted too), evicting the
// least recently used beyond the budget. A value larger than the whole
// budget is not kept.
func (c *lru[V]) put(key string, v V, size int) {
	size += len(key) + entryOverhead
	if size > c.budget {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		old := e.Value.(*lruEntry[V])
		c.used += size - old.size
		old.val, old.size = v, size
		c.order.MoveToFront(e)
	} else {
		c.items[key] = c.order.PushFront(&lruEntry[V]{key: key, val: v, size: size})
		c.used += size
	}
	for c.used > c.budget {
		last := c.order.Back()
		le := last.Value.(*lruEntry[V])
		c.order.Remove(last)
		delete(c.items, le.key)
		c.used -= le.size
	}
}

// bytes is what the cache holds, as counted against its budget.
func (c *lru[V]) bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}

// entryOverhead is an entry's bookkeeping: list element, entry, map slot.
const entryOverhead = 160

// resultBytes estimates what an answer holds in memory. The estimate was
// checked against the heap: an answer to a three-country inference
// question (300 chart candidates, five alternatives) retains about 92 KB;
// this says about 95 KB.
func resultBytes(res advisor.Result) int {
	n := 2 << 10
	for _, c := range res.Candidates {
		n += int(unsafe.Sizeof(c)) + len(c.Label) + 16
	}
	options := len(res.Alternatives)
	if res.Pick != nil {
		options++
	}
	n += options * (9 << 10)
	n += len(res.Excluded) * 512
	n += len(res.Pricing) * 1024
	n += len(res.Basis) * 384
	return n
}
