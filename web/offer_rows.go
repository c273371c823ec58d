package web

import (
	"slices"
	"sync"
	"weak"

	"gpuplace/internal/catalog"
)

// offerRowsKept is how many offer filters' rows are kept: paging through
// a filter's prices (a hundred a page) then selects and sorts them once,
// not once a page. Each holds up to every price of the catalog (about
// 2 MB for 6,400), so few are kept.
const offerRowsKept = 4

// offerRowsKey is one filter of one catalog (weakly: a catalog no longer
// served is not kept alive by its rows; two catalogs with one version id,
// as tests build them, are told apart).
type offerRowsKey struct {
	cat    weak.Pointer[catalog.Catalog]
	filter catalog.OfferFilter
}

// offerRows keeps the rows of the last filters asked, newest last.
var offerRows struct {
	sync.Mutex
	keys []offerRowsKey
	rows [][]catalog.OfferPrice
}

// findOffers is c.FindOffers(f), kept for the next pages of the same
// filter. The rows are shared: callers read them only.
func findOffers(c *catalog.Catalog, f catalog.OfferFilter) []catalog.OfferPrice {
	k := offerRowsKey{cat: weak.Make(c), filter: f.WithDefaults()}
	offerRows.Lock()
	if i := slices.Index(offerRows.keys, k); i >= 0 {
		rows := offerRows.rows[i]
		offerRows.Unlock()
		return rows
	}
	offerRows.Unlock()
	rows := c.FindOffers(f)
	offerRows.Lock()
	defer offerRows.Unlock()
	if len(offerRows.keys) == offerRowsKept {
		offerRows.keys, offerRows.rows = offerRows.keys[1:], offerRows.rows[1:]
	}
	offerRows.keys, offerRows.rows = append(offerRows.keys, k), append(offerRows.rows, rows)
	return rows
}
