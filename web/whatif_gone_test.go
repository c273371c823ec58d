package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuplace/web"
)

// llmWhatIfQuery is an LLM's what-if for nine user groups: hundreds of
// milliseconds, every variation asked in full.
const llmWhatIfQuery = "kind=inference&profile=llama-3.1-8b&rps=5&tpot_ms=50&users=US%3A20%2CDE%3A10%2CFR%3A10%2CGB%3A10%2CJP%3A10%2CBR%3A10%2CIN%3A10%2CAU%3A10%2CSG%3A10&pricing=on_demand%2Cspot%2Creserved_1y"

// syncBuffer is a log the server writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// requestLine is the request line logged for route, if any yet.
func (b *syncBuffer) requestLine(route string) (status int, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, raw := range strings.Split(b.buf.String(), "\n") {
		var l struct {
			Msg, Route string
			Status     int
		}
		if json.Unmarshal([]byte(raw), &l) == nil && l.Msg == "request" && l.Route == route {
			return l.Status, true
		}
	}
	return 0, false
}

// Ensure a what-if under way on the page or the API stops soon after its
// client goes away (not when its hundreds of milliseconds of work are
// done), and is logged as 499, the client's leaving, not as a server
// error.
func TestWhatIfStopsWhenClientGoes(t *testing.T) {
	for _, route := range []string{"/api/v1/advice/what-if", "/advice/what-if"} {
		whole := time.Hour
		for range 2 { // the first warms the catalog's shared tables
			s := newTestServer(t, withLimits(web.Limits{}))
			start := time.Now()
			wantStatus(t, s.do(t, "GET", route+"?"+llmWhatIfQuery, nil), http.StatusOK)
			whole = min(whole, time.Since(start))
		}
		var logs syncBuffer
		s := newTestServer(t, withLimits(web.Limits{}), func(c *web.Config) { c.Log = slog.New(slog.NewJSONHandler(&logs, nil)) })
		srv := httptest.NewServer(s)
		ctx, cancel := context.WithTimeout(context.Background(), whole/4)
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+route+"?"+llmWhatIfQuery, nil)
		if _, err := srv.Client().Do(req); err == nil {
			t.Fatalf("%s: answered within %v; want a what-if longer than that", route, whole/4)
		}
		gone := time.Now()
		cancel()
		status, ok := 0, false
		for !ok && time.Since(gone) < 5*time.Second {
			time.Sleep(5 * time.Millisecond)
			status, ok = logs.requestLine(route)
		}
		took := time.Since(gone)
		srv.Close()
		if status != 499 {
			t.Errorf("%s: the client left; logged %d, want 499", route, status)
		}
		t.Logf("%s: %v after the client left", route, took)
		if took > 100*time.Millisecond && !raceEnabled {
			t.Errorf("%s: the client left after %v of a %v what-if; it was answered %v later, want within 100 ms", route, whole/4, whole, took)
		}
	}
}
