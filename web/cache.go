package web

import (
	"container/list"
	"sync"

	"gpuplace/internal/advisor"
)

// resultCache remembers recent answers. The advisor is a pure function of
// the catalog and the request, so an answer can be reused for as long as
// its catalog version is active; the key holds both.
type resultCache struct {
	mu    sync.Mutex
	max   int
	order *list.List // front = most recently used
	items map[string]*list.Element
}

type cacheEntry struct {
	key  string
	res  advisor.Result
	json []byte // the answer as the API sends it, once encoded
}

func newResultCache(max int) *resultCache {
	return &resultCache{max: max, order: list.New(), items: map[string]*list.Element{}}
}

// get returns the cached answer for key.
func (c *resultCache) get(key string) (advisor.Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok {
		return advisor.Result{}, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cacheEntry).res, true
}

// put stores an answer, evicting the least recently used beyond max.
func (c *resultCache) put(key string, res advisor.Result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		e.Value.(*cacheEntry).res = res
		c.order.MoveToFront(e)
		return
	}
	c.items[key] = c.order.PushFront(&cacheEntry{key: key, res: res})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*cacheEntry).key)
	}
}

// getJSON returns the encoded answer for key, when one was stored.
func (c *resultCache) getJSON(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok && e.Value.(*cacheEntry).json != nil {
		c.order.MoveToFront(e)
		return e.Value.(*cacheEntry).json, true
	}
	return nil, false
}

// putJSON stores the encoded form of a cached answer.
func (c *resultCache) putJSON(key string, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		e.Value.(*cacheEntry).json = b
	}
}
