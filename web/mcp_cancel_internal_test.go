package web

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/mcptools"
)

// Ensure an advise call queued behind busy advice slots is not worked out
// once its client has gone, and is once its client waits: the slots are
// held, a call is sent, its client leaves (or not), the slots are freed.
func TestMCPGoneClientStartsNoWork(t *testing.T) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	var worked atomic.Int32
	recommendAnswer = func(c *catalog.Catalog, r advisor.Request) (advisor.Result, error) {
		worked.Add(1)
		return advisor.Recommend(c, r)
	}
	t.Cleanup(func() { recommendAnswer = advisor.Recommend })
	s := NewServer(Config{Log: slog.New(slog.DiscardHandler)})
	mcp := s.mcpHandler()
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"advise","arguments":` + mcptools.ExampleRequest + `}}`

	for _, leaves := range []bool{true, false} {
		worked.Store(0)
		for range cap(s.adviceSlots) {
			s.adviceSlots <- struct{}{}
		}
		ctx, cancel := context.WithCancel(context.WithValue(context.Background(), catalogKey{}, cat))
		req := httptest.NewRequestWithContext(ctx, "POST", "/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		rec := httptest.NewRecorder()
		done := make(chan struct{})
		go func() {
			mcp.ServeHTTP(rec, req)
			close(done)
		}()
		time.Sleep(300 * time.Millisecond) // the call waits for a slot
		if leaves {
			cancel()
			time.Sleep(300 * time.Millisecond) // time to see the client gone
		}
		for range cap(s.adviceSlots) {
			<-s.adviceSlots
		}
		<-done
		cancel()
		if got := worked.Load(); leaves && got != 0 {
			t.Errorf("the client left while its advise waited for a slot; the advisor was asked %d times, want 0", got)
		} else if !leaves && (got != 1 || !strings.Contains(rec.Body.String(), `"pick"`)) {
			t.Errorf("a client that waits: the advisor asked %d times, answer %.200s; want 1 and a pick", got, rec.Body)
		}
	}
}
