package web

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/versions"
)

// oneCatalog serves one catalog, and nothing else of versions.
type oneCatalog struct{ cat *catalog.Catalog }

func (o oneCatalog) Active() *catalog.Catalog { return o.cat }
func (o oneCatalog) Version(context.Context, string) (*catalog.Catalog, error) {
	return nil, errors.New("none")
}
func (o oneCatalog) Versions(context.Context) ([]catalog.VersionInfo, error) {
	return nil, errors.New("none")
}
func (o oneCatalog) Activate(context.Context, string, bool) error { return errors.New("none") }
func (o oneCatalog) ImportAs(context.Context, string, []byte, string, string, time.Time) (versions.Imported, error) {
	return versions.Imported{}, errors.New("none")
}

// waitFor polls until ok holds, or fails the test after a few seconds.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5 s for %s", what)
		}
	}
}

// Ensure at most Queues.WhatIfs what-ifs and Queues.Answers answers wait
// for an advice slot, each kind apart: one more of a kind is refused at
// once with 503 and Retry-After (problem+json on the API, the error page
// on a page) while the other kind still waits its turn, and every request
// that waited is answered once the slots free.
func TestAdviceQueuesBounded(t *testing.T) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	s := NewServer(Config{Log: slog.New(slog.DiscardHandler), Catalogs: oneCatalog{cat}, Queues: &Queues{Answers: 2, WhatIfs: 2}})
	for range cap(s.adviceSlots) {
		s.adviceSlots <- struct{}{}
	}
	const question = "kind=inference&profile=resnet50&rps=20&users=DE%3A100"
	// get asks target; one still waiting after a second is given up (499).
	get := func(target string, wait time.Duration) *httptest.ResponseRecorder {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, "GET", target, nil))
		return rec
	}
	var wg sync.WaitGroup
	codes := make(chan int, 8)
	ask := func(targets ...string) {
		for _, target := range targets {
			wg.Go(func() { codes <- get(target+question, time.Minute).Code })
		}
	}
	ask("/api/v1/advice/what-if?", "/advice/what-if?")
	waitFor(t, "two what-ifs waiting", func() bool { return s.queues[whatIfSlot].waiting.Load() == 2 })
	// The what-ifs' queue full, answers still wait their turn.
	ask("/api/v1/advice?", "/advice?")
	waitFor(t, "two answers waiting", func() bool { return s.queues[answerSlot].waiting.Load() == 2 })

	for _, target := range []string{"/api/v1/advice/what-if?", "/advice/what-if?", "/api/v1/advice?", "/advice?"} {
		rec := get(target+question, time.Second)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
			t.Errorf("%s with its queue full: %d, Retry-After %q; want 503 at once, and when to come back", target, rec.Code, rec.Header().Get("Retry-After"))
			continue
		}
		ct, api := rec.Header().Get("Content-Type"), strings.HasPrefix(target, "/api/")
		if api && (ct != "application/problem+json" || !strings.Contains(rec.Body.String(), "waiting")) {
			t.Errorf("%s: %s %q; want problem+json saying too many wait", target, ct, rec.Body)
		} else if !api && !strings.HasPrefix(ct, "text/html") {
			t.Errorf("%s: %s; want the error page", target, ct)
		}
	}

	for range cap(s.adviceSlots) {
		<-s.adviceSlots
	}
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusOK {
			t.Errorf("a request that waited its turn answered %d, want 200", c)
		}
	}
	if w, a := s.queues[whatIfSlot].waiting.Load(), s.queues[answerSlot].waiting.Load(); w != 0 || a != 0 {
		t.Errorf("after every answer, %d what-ifs and %d answers still counted waiting", w, a)
	}
}

// Ensure an answer on a page or the API still waiting for an advice slot
// is not worked out once its client has gone (499), and is once its client
// waits: the slots are held, the question is asked, its client leaves (or
// not), the slots are freed.
func TestGoneClientAnswerStartsNoWork(t *testing.T) {
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
	for _, target := range []string{"/api/v1/advice?", "/advice?"} {
		for _, leaves := range []bool{true, false} {
			s := NewServer(Config{Log: slog.New(slog.DiscardHandler), Catalogs: oneCatalog{cat}})
			worked.Store(0)
			for range cap(s.adviceSlots) {
				s.adviceSlots <- struct{}{}
			}
			ctx, cancel := context.WithCancel(context.Background())
			rec := httptest.NewRecorder()
			done := make(chan struct{})
			go func() {
				s.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, "GET", target+"kind=inference&profile=resnet50&rps=20&users=DE%3A100", nil))
				close(done)
			}()
			waitFor(t, "the answer waiting", func() bool { return s.queues[answerSlot].waiting.Load() == 1 })
			if leaves {
				cancel()
				waitFor(t, "the gone client's question to leave the queue", func() bool { return s.queues[answerSlot].waiting.Load() == 0 })
			}
			for range cap(s.adviceSlots) {
				<-s.adviceSlots
			}
			<-done
			cancel()
			if got := worked.Load(); leaves && (got != 0 || rec.Code != statusClientClosed) {
				t.Errorf("%s: the client left while its answer waited; the advisor was asked %d times, status %d; want 0 and 499", target, got, rec.Code)
			} else if !leaves && (got != 1 || rec.Code != http.StatusOK) {
				t.Errorf("%s: a client that waits: the advisor asked %d times, status %d; want 1 and 200", target, got, rec.Code)
			}
		}
	}
}
