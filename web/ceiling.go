//go:build ceiling

package web

import (
	"sync"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Built with the ceiling tag (go build -tags ceiling), the server works
// out the first question's answer once and gives it to every question
// after it, new or not. Everything else a new question costs is as in the
// product (decoding, validation, the answer cache, the JSON or the page,
// gzip), so that build measures the most a new question can reach
// without the advisor: the ceiling under the advisor's speed (README,
// Performance). It is never the product.
func init() {
	var once sync.Once
	var first advisor.Result
	var err error
	recommendAnswer = func(cat *catalog.Catalog, req advisor.Request) (advisor.Result, error) {
		once.Do(func() { first, err = advisor.Recommend(cat, req) })
		return first, err
	}
}
