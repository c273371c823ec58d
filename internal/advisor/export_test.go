package advisor

import "gpuplace/internal/catalog"

// ForgetSharedFilters empties cat's shared usable offers (see filterCache)
// and their neighbourhoods, and returns how many sets it held.
func ForgetSharedFilters(cat *catalog.Catalog) int {
	n := 0
	withFilterCache(cat, func(c *filterCache) {
		n = len(c.kept)
		c.kept, c.bytes = nil, 0
	})
	return n
}

// SharedNeighbourhoodsOf returns how many neighbourhoods cat's shared
// usable offers keep, all sets together (see neighbourhood).
func SharedNeighbourhoodsOf(cat *catalog.Catalog) int {
	n := 0
	withFilterCache(cat, func(c *filterCache) {
		for _, k := range c.kept {
			n += len(k.neighbourhoods)
		}
	})
	return n
}

// withFilterCache calls use with cat's filter cache locked, if it has one.
func withFilterCache(cat *catalog.Catalog, use func(*filterCache)) {
	f, err := factsOf(cat)
	if err != nil || f.filters == nil {
		return
	}
	f.filters.mu.Lock()
	defer f.filters.mu.Unlock()
	use(f.filters)
}
