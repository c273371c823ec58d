package advisor

import "gpuplace/internal/catalog"

// ForgetSharedFilters empties cat's shared usable offers (see filterCache)
// and returns how many sets it held.
func ForgetSharedFilters(cat *catalog.Catalog) int {
	f, err := factsOf(cat)
	if err != nil || f.filters == nil {
		return 0
	}
	f.filters.mu.Lock()
	defer f.filters.mu.Unlock()
	n := len(f.filters.kept)
	f.filters.kept, f.filters.bytes = nil, 0
	return n
}
