package web_test

import (
	"net/http"
	"testing"
)

// BenchmarkAPIAdvice measures GET /api/v1/advice through the real handler
// and the embedded catalog, beside /healthz for scale.
func BenchmarkAPIAdvice(b *testing.B) {
	s := newTestServer(b)
	for _, bc := range []struct{ name, target string }{
		{"inference", "/api/v1/advice?" + germanInference},
		{"training", "/api/v1/advice?kind=training&profile=resnet50&deadline_hours=24"},
		{"global-llm", "/api/v1/advice?kind=inference&latency_ms=200&objective=balanced&peak_rps=60&profile=gptj-6b&rps=20&users=US:40,DE:20,IN:15,JP:10,BR:10,AU:5"},
		{"healthz", "/healthz"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if rec := s.do(b, "GET", bc.target, nil); rec.Code != http.StatusOK {
					b.Fatalf("status %d", rec.Code)
				}
			}
		})
	}
}
