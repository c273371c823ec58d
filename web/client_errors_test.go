package web_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/account"
	"gpuplace/web"
)

// Ensure a client that leaves before its answer is counted as 499 and a
// body that arrives too slowly as 408: client errors, which stay out of
// the 5xx an operator alerts on.
func TestClientErrorsAreNotServerErrors(t *testing.T) {
	s := newTestServer(t, withPublicMetrics)
	link := s.pinLink(t)
	for _, path := range []string{"/s/" + link, "/api/v1/links/" + link} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := httptest.NewRequest("GET", path, nil).WithContext(ctx)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 499 {
			t.Errorf("GET %s after the client left = %d, want 499", path, rec.Code)
		}
	}

	srv := httptest.NewUnstartedServer(s)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	for _, tt := range []struct{ path, contentType string }{
		{"/s", "application/x-www-form-urlencoded"},
		{"/api/v1/advice", "application/json"},
	} {
		if got := slowPost(t, srv.Listener.Addr().String(), tt.path, tt.contentType); got != http.StatusRequestTimeout {
			t.Errorf("POST %s with a body slower than the read timeout = %d, want 408", tt.path, got)
		}
	}

	metrics := s.do(t, "GET", "/metrics", nil).Body.String()
	wantContains(t, metrics, `route="/s/{id}",status="499"`, `route="/api/v1/links/{id}",status="499"`,
		`route="/s",status="408"`, `route="/api/v1/advice",status="408"`)
	for _, line := range strings.Split(metrics, "\n") {
		if strings.HasPrefix(line, "gpuplace_http_requests_total") && strings.Contains(line, `status="5`) {
			t.Errorf("a client error was counted as a server error: %s", line)
		}
	}
}

// slowPost sends the headers of a POST and half its body, then waits past
// the server's read timeout, and returns the status it answers.
func slowPost(t *testing.T, addr, path, contentType string) int {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: gpuplace.test\r\nContent-Type: %s\r\nContent-Length: 100\r\n\r\nkind=", path, contentType)
	time.Sleep(600 * time.Millisecond)
	return statusOn(t, conn, path)
}

// statusOn reads the status the server answers on conn.
func statusOn(t *testing.T, conn net.Conn, path string) int {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("POST %s: no answer: %v", path, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// slowSend sends a POST whose body arrives in pieces over about spread,
// and returns the status the server answers.
func slowSend(t *testing.T, addr, path, contentType, cookie string, body []byte, spread time.Duration) int {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: gpuplace.test\r\nContent-Type: %s\r\nCookie: %s\r\nContent-Length: %d\r\n\r\n",
		path, contentType, cookie, len(body))
	const pieces = 6
	for i := range pieces {
		chunk := body[i*len(body)/pieces : (i+1)*len(body)/pieces]
		if _, err := conn.Write(chunk); err != nil {
			break // the server gave up on the body
		}
		time.Sleep(spread / pieces)
	}
	return statusOn(t, conn, path)
}

// Ensure an admin's catalog upload may take longer to arrive than the
// server's read timeout, while every other request keeps it.
func TestSlowUploadOnlyForImports(t *testing.T) {
	s := newTestServer(t, func(c *web.Config) { c.ImportTimeout = 10 * time.Second })
	admin := s.signIn(t, account.RoleAdmin)
	srv := httptest.NewUnstartedServer(s)
	srv.Config.ReadTimeout = 400 * time.Millisecond
	srv.Start()
	defer srv.Close()
	addr := srv.Listener.Addr().String()

	body, ct := upload(t, "aws.csv", priceList, "aws")
	if got := slowSend(t, addr, "/admin/catalog", ct, admin, body.Bytes(), 1500*time.Millisecond); got != http.StatusSeeOther {
		t.Errorf("an upload arriving over 1.5 s = %d, want 303 (imported)", got)
	}
	form := []byte(germanInference + "&" + strings.Repeat("x", 2000) + "=1")
	if got := slowSend(t, addr, "/s", "application/x-www-form-urlencoded", admin, form, 1500*time.Millisecond); got != http.StatusRequestTimeout {
		t.Errorf("another POST arriving over 1.5 s = %d, want 408", got)
	}
}

// Ensure a client that went away is logged and counted as 499 whatever
// the handler went on to write: a health check given up on (which used
// to count as a 503, so that anyone could fire the alert on 5xx), a reply
// written to no one (which used to be logged as 200), pages and a
// what-if; and that the health check logs no failure of the database for
// it.
func TestClientGoneIs499(t *testing.T) {
	var logs bytes.Buffer
	s := newTestServer(t, withPublicMetrics, func(c *web.Config) { c.Log = slog.New(slog.NewJSONHandler(&logs, nil)) })
	routes := map[string]string{"/healthz": "/healthz", "/advice/what-if?" + germanInference: "/advice/what-if",
		"/advice?" + germanInference: "/advice", "/api/v1/gpus": "/api/v1/gpus", "/catalog/gpus": "/catalog/gpus"}
	for path := range routes {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil).WithContext(ctx))
	}
	logged := map[string]int{}
	for _, raw := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var l struct {
			Msg    string `json:"msg"`
			Route  string `json:"route"`
			Status int    `json:"status"`
		}
		if err := json.Unmarshal([]byte(raw), &l); err != nil {
			t.Fatalf("log line %q: %v", raw, err)
		}
		switch l.Msg {
		case "request":
			logged[l.Route] = l.Status
		case "health check failed":
			t.Errorf("a health check whose client left was logged as the database's failure: %s", raw)
		}
	}
	metrics := s.do(t, "GET", "/metrics", nil).Body.String()
	for _, route := range routes {
		if logged[route] != 499 {
			t.Errorf("GET %s after the client left was logged as %d, want 499", route, logged[route])
		}
		wantContains(t, metrics, `route="`+route+`",status="499"`)
	}
	for _, line := range strings.Split(metrics, "\n") {
		if strings.HasPrefix(line, "gpuplace_http_requests_total") && (strings.Contains(line, `status="5`) || strings.Contains(line, `status="200"`) && !strings.Contains(line, `"/metrics"`)) {
			t.Errorf("a request whose client left was counted as answered: %s", line)
		}
	}
}
