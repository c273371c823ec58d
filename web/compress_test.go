package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Ensure HTML and JSON answers over a kilobyte go out gzipped to clients
// that take gzip and plain to others, both saying Vary: Accept-Encoding;
// and that a cached answer (API or page) decompresses to the very bytes
// of the first.
func TestCompression(t *testing.T) {
	s := newTestServer(t)
	for _, target := range []string{"/api/v1/advice?" + issueQuestion + "&rps=50", "/advice?" + issueQuestion + "&rps=50", "/catalog/gpus", "/api/v1/gpus"} {
		plain := s.do(t, "GET", target, nil)
		if plain.Code != http.StatusOK {
			t.Fatalf("GET %s: status %d", target, plain.Code)
		}
		if ce := plain.Header().Get("Content-Encoding"); ce != "" {
			t.Errorf("GET %s without Accept-Encoding: Content-Encoding %q", target, ce)
		}
		for range 2 { // the second answer may come from a cache
			gz := s.do(t, "GET", target, nil, "Accept-Encoding", "gzip, deflate, br")
			if ce := gz.Header().Get("Content-Encoding"); ce != "gzip" {
				t.Fatalf("GET %s with Accept-Encoding gzip: Content-Encoding %q", target, ce)
			}
			if !slicesContain(gz.Header().Values("Vary"), "Accept-Encoding") {
				t.Errorf("GET %s: Vary %q lacks Accept-Encoding", target, gz.Header().Values("Vary"))
			}
			zr, err := gzip.NewReader(gz.Body)
			if err != nil {
				t.Fatalf("GET %s: %v", target, err)
			}
			body, err := io.ReadAll(zr)
			if err != nil {
				t.Fatalf("GET %s: %v", target, err)
			}
			if !bytes.Equal(body, plain.Body.Bytes()) {
				t.Errorf("GET %s: the gzipped body differs from the plain one", target)
			}
			again := s.do(t, "GET", target, nil)
			if !bytes.Equal(again.Body.Bytes(), plain.Body.Bytes()) || again.Header().Get("Content-Encoding") != "" {
				t.Errorf("GET %s again without gzip: a different body, or Content-Encoding %q", target, again.Header().Get("Content-Encoding"))
			}
		}
	}
	small := s.do(t, "GET", "/healthz", nil, "Accept-Encoding", "gzip")
	if small.Header().Get("Content-Encoding") != "" {
		t.Error("a body under a kilobyte was gzipped")
	}
	refused := s.do(t, "GET", "/api/v1/gpus", nil, "Accept-Encoding", "gzip;q=0, identity")
	if refused.Header().Get("Content-Encoding") != "" {
		t.Error("gzip sent to a client that refused it with q=0")
	}
}

func slicesContain(values []string, want string) bool {
	for _, v := range values {
		for part := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(part), want) {
				return true
			}
		}
	}
	return false
}

// Ensure the page cache never shows one visitor's page to another: a
// signed-in user's header names them, an anonymous visitor's names no one,
// in whichever order they ask the same question; and a page asked in
// another language is in that language.
func TestPageCacheKeepsViewersApart(t *testing.T) {
	s := newTestServer(t)
	sales := s.signInAs(t, "ana@example.com", "sales")
	admin := s.signInAs(t, "bo@example.com", "admin")
	target := "/advice?" + germanInference
	for round := range 2 {
		anon := s.do(t, "GET", target, nil)
		ana := s.do(t, "GET", target, nil, "Cookie", sales)
		bo := s.do(t, "GET", target, nil, "Cookie", admin)
		zh := s.do(t, "GET", target, nil, "Accept-Language", "zh-CN")
		for _, rec := range []*httptest.ResponseRecorder{anon, ana, bo, zh} {
			wantStatus(t, rec, http.StatusOK)
		}
		if strings.Contains(anon.Body.String(), "@example.com") {
			t.Errorf("round %d: the anonymous page names a user", round)
		}
		if !strings.Contains(ana.Body.String(), "ana@example.com") || strings.Contains(ana.Body.String(), "bo@example.com") {
			t.Errorf("round %d: ana's page does not name her alone", round)
		}
		if !strings.Contains(bo.Body.String(), "bo@example.com") || strings.Contains(bo.Body.String(), "ana@example.com") {
			t.Errorf("round %d: bo's page does not name him alone", round)
		}
		if zh.Body.String() == anon.Body.String() || !strings.Contains(zh.Body.String(), `lang="zh-CN"`) {
			t.Errorf("round %d: the page asked in Chinese is not in Chinese", round)
		}
	}
}
