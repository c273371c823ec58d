package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"gpuplace/web"
)

// issueQuestion is the question the performance figures are measured on:
// ResNet-50 inference for users in Germany, the US and Japan, 80 ms target.
const issueQuestion = "kind=inference&latency_ms=80&peak_rps=150&profile=resnet50&users=DE:50,US:30,JP:20"

// BenchmarkAPIAdvice measures GET /api/v1/advice through the real handler
// and the embedded catalog, beside /healthz for scale.
func BenchmarkAPIAdvice(b *testing.B) {
	s := newTestServer(b, withLimits(web.Limits{}))
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

// BenchmarkNewQuestion measures questions the answer cache has not seen
// (the request rate changes each time) beside the same question asked
// again, as JSON (with and without the chart's candidates) and as the HTML
// page, gzipped as browsers ask.
func BenchmarkNewQuestion(b *testing.B) {
	s := newTestServer(b, withLimits(web.Limits{}))
	for _, bc := range []struct {
		name, path string
		vary       bool
	}{
		{"api/new", "/api/v1/advice?", true},
		{"api/cached", "/api/v1/advice?", false},
		{"api/new-without-candidates", "/api/v1/advice?candidates=0&", true},
		{"page/new", "/advice?", true},
		{"page/cached", "/advice?", false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				rps := "50"
				if bc.vary {
					rps = fmt.Sprintf("50.%06d", i)
				}
				target := bc.path + issueQuestion + "&rps=" + rps
				if rec := s.do(b, "GET", target, nil, "Accept-Encoding", "gzip"); rec.Code != http.StatusOK {
					b.Fatalf("%s: status %d", target, rec.Code)
				}
			}
		})
	}
}
