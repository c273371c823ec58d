package catalog_test

import (
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// BenchmarkLoad measures loading the embedded catalog, what the server's
// cold start, every import and every catalog version opened pay.
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := catalog.Load(data.FS); err != nil {
			b.Fatal(err)
		}
	}
}
