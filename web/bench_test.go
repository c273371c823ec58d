package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"gpuplace/web"
)

// issueQuestion is the question the performance figures are measured on:
// ResNet-50 inference for users in Germany, the US and Japan, 80 ms target.
const issueQuestion = "kind=inference&latency_ms=80&peak_rps=150&profile=resnet50&users=DE:50,US:30,JP:20"

// llmQuestion is a language model's: Llama 3.3 70B for users in the US,
// Germany and Japan, 1,000 tokens in and 300 out, 800 ms to the first
// token and 60 ms a token.
const llmQuestion = "kind=inference&profile=llama-3.3-70b&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=60&users=US:50,DE:30,JP:20"

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
// page, gzipped as browsers ask; new language-model questions; and new
// questions whose users change each time (one user group's share), which
// share nothing of their neighbourhood (the same users, latency target
// and months) with the questions before.
func BenchmarkNewQuestion(b *testing.B) {
	s := newTestServer(b, withLimits(web.Limits{}))
	for _, bc := range []struct {
		name, path string
		vary       bool
		question   string
	}{
		{"api/new", "/api/v1/advice?", true, issueQuestion},
		{"api/new-users", "/api/v1/advice?", true, strings.Replace(issueQuestion, "JP:20", "JP:20.%06d", 1)},
		{"api/cached", "/api/v1/advice?", false, issueQuestion},
		{"api/new-without-candidates", "/api/v1/advice?candidates=0&", true, issueQuestion},
		{"page/new", "/advice?", true, issueQuestion},
		{"page/cached", "/advice?", false, issueQuestion},
		{"api/new-llm", "/api/v1/advice?", true, llmQuestion},
		{"page/new-llm", "/advice?", true, llmQuestion},
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
				if bc.question == llmQuestion {
					rps = "5" + strings.TrimPrefix(rps, "50")
				}
				question := bc.question
				if strings.Contains(question, "%06d") {
					question, rps = fmt.Sprintf(question, i), "50"
				}
				target := bc.path + question + "&rps=" + rps
				if rec := s.do(b, "GET", target, nil, "Accept-Encoding", "gzip"); rec.Code != http.StatusOK {
					b.Fatalf("%s: status %d", target, rec.Code)
				}
			}
		})
	}
}
