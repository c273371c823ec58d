package web_test

import (
	"net/http"
	"strings"
	"testing"

	"gpuplace/web"
)

// withPublicMetrics serves /metrics on the app's routes without a token,
// for the tests that read it.
func withPublicMetrics(c *web.Config) { c.MetricsPublic = true }

// Ensure /metrics reports requests by route pattern, advice time, the
// active catalog version and login failures.
func TestMetrics(t *testing.T) {
	s := newTestServer(t, withPublicMetrics)
	s.do(t, "GET", "/api/v1/advice?"+germanInference, nil)
	s.do(t, "GET", "/s/NOSUCHLINK", nil)
	s.do(t, "POST", "/login", strings.NewReader("email=x@example.com&password=nope"), "Content-Type", "application/x-www-form-urlencoded")
	rec := s.do(t, "GET", "/metrics", nil)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(),
		`gpuplace_http_requests_total{method="GET",route="/api/v1/advice",status="200"} 1`,
		`gpuplace_http_requests_total{method="GET",route="/s/{id}",status="404"} 1`,
		`gpuplace_advice_compute_seconds_count 1`,
		`gpuplace_catalog_active{version="`+s.cat.Version.ID+`"} 1`,
		`gpuplace_login_failures_total 1`,
		`gpuplace_http_request_duration_seconds_bucket{route="/api/v1/advice"`,
	)
	if strings.Contains(rec.Body.String(), "NOSUCHLINK") {
		t.Error("a raw path leaked into a metric label")
	}
}

// Ensure requests over a limit get 429 with Retry-After, per address.
func TestRateLimits(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{Posts: 2, Advice: 3, Login: 1}))
	for i := range 4 {
		rec := s.do(t, "GET", "/api/v1/advice?"+germanInference, nil)
		if want := map[bool]int{true: http.StatusOK, false: http.StatusTooManyRequests}[i < 3]; rec.Code != want {
			t.Fatalf("advice request %d = %d, want %d", i+1, rec.Code, want)
		}
		if i == 3 && rec.Header().Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	}
	// Another address has its own budget.
	req := s.do(t, "GET", "/api/v1/advice?"+germanInference, nil, "X-Forwarded-For", "203.0.113.9")
	if req.Code != http.StatusTooManyRequests {
		t.Errorf("a forwarded-for header must not buy a new budget: got %d", req.Code)
	}
	codes := []int{}
	for range 3 {
		codes = append(codes, s.do(t, "POST", "/s", strings.NewReader(germanInference), "Content-Type", "application/x-www-form-urlencoded").Code)
	}
	if codes[0] != http.StatusSeeOther || codes[2] != http.StatusTooManyRequests {
		t.Errorf("POST /s codes = %v, want 303 … 429", codes)
	}
	// The page GETs are not limited by the POST budget.
	wantStatus(t, s.do(t, "GET", "/", nil), http.StatusOK)
}

// Ensure the answer cache keeps an answer from the second time its
// question comes, in any form, and not before: its page in one language,
// then in another, then its JSON, then its JSON with fewer candidates are
// worked out twice. (The currency is given: each language has its own
// default.)
func TestAnswerCacheKeepsQuestionsAskedAgain(t *testing.T) {
	s := newTestServer(t, withPublicMetrics)
	for _, target := range []string{"/advice?lang=en&", "/advice?lang=zh-CN&", "/api/v1/advice?", "/api/v1/advice?candidates=5&"} {
		wantStatus(t, s.do(t, "GET", target+germanInference+"&currency=USD", nil), http.StatusOK)
	}
	wantContains(t, s.do(t, "GET", "/metrics", nil).Body.String(), "\ngpuplace_advice_compute_seconds_count 2\n")
}
