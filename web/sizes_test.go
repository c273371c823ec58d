package web_test

import (
	"net/http"
	"testing"
)

// Ensure the answer to the performance question stays within its size
// budget as browsers and scripts receive it, gzipped: the JSON within
// 20 KB, the page within 25 KB.
func TestAnswerSizes(t *testing.T) {
	s := newTestServer(t)
	for _, tc := range []struct {
		path  string
		limit int
	}{
		{"/api/v1/advice?" + issueQuestion + "&rps=50", 20 << 10},
		{"/advice?" + issueQuestion + "&rps=50", 25 << 10},
	} {
		rec := s.do(t, "GET", tc.path, nil, "Accept-Encoding", "gzip")
		wantStatus(t, rec, http.StatusOK)
		if got := rec.Header().Get("Content-Encoding"); got != "gzip" {
			t.Fatalf("GET %s: Content-Encoding %q, want gzip", tc.path, got)
		}
		if n := rec.Body.Len(); n > tc.limit {
			t.Errorf("GET %s: %d bytes gzipped, over the budget of %d", tc.path, n, tc.limit)
		}
	}
}
