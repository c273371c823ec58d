package web_test

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gpuplace/web"
)

// rawHead sends HEAD target over its own connection and returns the
// status line and everything after the headers.
func rawHead(t *testing.T, addr, target string) (string, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "HEAD "+target+" HTTP/1.1\r\nHost: gpuplace.test\r\nConnection: close\r\n\r\n")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	all, _ := io.ReadAll(conn)
	head, body, _ := bytes.Cut(all, []byte("\r\n\r\n"))
	status, _, _ := strings.Cut(string(head), "\r\n")
	return status, body
}

// Ensure HEAD answers 200 without a body on the GET pages, health and
// pinned links.
func TestHead(t *testing.T) {
	s := newTestServer(t)
	link := s.pinLink(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, target := range []string{"/healthz", "/", "/s/" + link, "/advice?" + germanInference, "/catalog/gpus",
		"/api/v1/catalog", "/api/openapi.json", "/login"} {
		status, body := rawHead(t, srv.Listener.Addr().String(), target)
		if status != "HTTP/1.1 200 OK" || len(body) != 0 {
			t.Errorf("HEAD %s = %q with %d body bytes, want 200 and no body", target, status, len(body))
		}
	}
	if status, _ := rawHead(t, srv.Listener.Addr().String(), "/s/NOSUCHLINK"); !strings.Contains(status, " 404 ") {
		t.Errorf("HEAD of an unknown link = %q, want 404", status)
	}
}

// Ensure a request over a rate limit gets 429 with Retry-After: as
// problem+json under /api/, as a small page in the visitor's language
// elsewhere.
func TestTooManyRequestsAnswers(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{Advice: 1, Posts: 1}))
	s.do(t, "GET", "/api/v1/advice?"+germanInference, nil)
	api := s.do(t, "GET", "/api/v1/advice?"+germanInference, nil)
	wantStatus(t, api, http.StatusTooManyRequests)
	if ct := api.Header().Get("Content-Type"); ct != "application/problem+json" || api.Header().Get("Retry-After") == "" {
		t.Errorf("API 429: Content-Type %q, Retry-After %q; want problem+json and a wait", ct, api.Header().Get("Retry-After"))
	}
	wantContains(t, api.Body.String(), `"status":429`, `"title":"Too Many Requests"`)

	for _, rec := range []*httptest.ResponseRecorder{
		s.do(t, "GET", "/advice?"+germanInference, nil),
		s.do(t, "GET", "/advice?"+germanInference+"&lang=zh-CN", nil),
	} {
		wantStatus(t, rec, http.StatusTooManyRequests)
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") || rec.Header().Get("Retry-After") == "" {
			t.Errorf("page 429: Content-Type %q, Retry-After %q; want HTML and a wait", ct, rec.Header().Get("Retry-After"))
		}
	}
	wantContains(t, s.do(t, "GET", "/advice?"+germanInference+"&lang=zh-CN", nil).Body.String(), "来自您地址的请求过多")
	s.do(t, "POST", "/s", strings.NewReader(germanInference), "Content-Type", "application/x-www-form-urlencoded")
	pin := s.do(t, "POST", "/s", strings.NewReader(germanInference), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, pin, http.StatusTooManyRequests)
	wantContains(t, pin.Body.String(), `data-testid="error"`, "Too many requests from your address")
}

// Ensure /advice tells caches that htmx requests get another answer.
func TestAdviceVariesOnHXRequest(t *testing.T) {
	s := newTestServer(t)
	for _, h := range [][]string{nil, {"HX-Request", "true"}} {
		rec := s.do(t, "GET", "/advice?"+germanInference, nil, h...)
		if vary := strings.Join(rec.Header().Values("Vary"), ", "); !strings.Contains(vary, "HX-Request") {
			t.Errorf("Vary = %q, want HX-Request in it", vary)
		}
	}
}

// Ensure /metrics is not on the app's routes unless it requires a bearer
// token or is made public by choice, and can be taken off them to be
// served on an address of its own.
func TestMetricsAccess(t *testing.T) {
	bare := newTestServer(t)
	wantStatus(t, bare.do(t, "GET", "/metrics", nil), http.StatusNotFound)
	public := bare.with(withPublicMetrics)
	wantStatus(t, public.do(t, "GET", "/metrics", nil), http.StatusOK)

	s := newTestServer(t, func(c *web.Config) { c.MetricsToken = "s3cret-token" })
	s.do(t, "GET", "/healthz", nil) // a request for the counters to count
	for _, tt := range []struct {
		auth string
		want int
	}{{"", http.StatusUnauthorized}, {"Bearer wrong", http.StatusUnauthorized},
		{"s3cret-token", http.StatusUnauthorized}, {"Bearer s3cret-token", http.StatusOK}} {
		auth, want := tt.auth, tt.want
		rec := s.do(t, "GET", "/metrics", nil, "Authorization", auth)
		if rec.Code != want {
			t.Errorf("/metrics with Authorization %q = %d, want %d", auth, rec.Code, want)
		}
		if want == http.StatusUnauthorized && !strings.HasPrefix(rec.Header().Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("401 without a Bearer challenge")
		}
		if want == http.StatusOK {
			wantContains(t, rec.Body.String(), "gpuplace_http_requests_total")
		}
	}

	apart := s.with(func(c *web.Config) { c.MetricsApart = true })
	wantStatus(t, apart.do(t, "GET", "/metrics", nil), http.StatusNotFound)
	rec := httptest.NewRecorder()
	apart.MetricsHandler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), "gpuplace_catalog_active")
}
