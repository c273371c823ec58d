package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpuplace/web"
)

// Ensure a client's simple answer comes within a second while another
// sends an LLM's what-if for nine user groups (the heaviest kind: every
// variation asked in full) as fast as it can, ten at a time: the budget
// is made generous, so that it is the advisor's slots and the cores that
// are contended. Each what-if asks another load, as each answer does, so
// that no cache answers them.
func TestAnswerNotStarvedByWhatIfs(t *testing.T) {
	if raceEnabled {
		t.Skip("timing: the race detector slows the advisor many times")
	}
	s := newTestServer(t, withLimits(web.Limits{Advice: 1 << 30, Posts: 1000}))
	srv := httptest.NewServer(s)
	defer srv.Close()
	get := func(target string) (int, error) {
		resp, err := srv.Client().Get(srv.URL + target)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		_, err = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, err
	}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var done, busy atomic.Int32
	for i := range 10 {
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				q := strings.Replace(llmWhatIfQuery, "rps=5", fmt.Sprintf("rps=%.3f", 5+float64(i)+float64(n)/1000), 1)
				switch code, err := get("/api/v1/advice/what-if?" + q); {
				case err != nil:
					t.Error(err)
					return
				case code == http.StatusServiceUnavailable:
					busy.Add(1)
					time.Sleep(20 * time.Millisecond)
				case code != http.StatusOK:
					t.Errorf("a what-if answered %d", code)
					return
				default:
					done.Add(1)
				}
			}
		})
	}
	time.Sleep(time.Second) // the what-ifs fill the slots

	var worst, sum time.Duration
	n := 0
	for end := time.Now().Add(3 * time.Second); time.Now().Before(end); n++ {
		start := time.Now()
		code, err := get(fmt.Sprintf("/api/v1/advice?kind=inference&profile=resnet50&rps=%d&users=DE%%3A100", 20+n))
		took := time.Since(start)
		if err != nil || code != http.StatusOK {
			t.Fatalf("a simple answer: %d, %v", code, err)
		}
		worst, sum = max(worst, took), sum+took
		time.Sleep(50 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	t.Logf("%d simple answers, mean %v, worst %v, beside %d what-ifs answered and %d refused busy", n, sum/time.Duration(n), worst, done.Load(), busy.Load())
	if worst > time.Second {
		t.Errorf("a simple answer took %v (mean %v of %d) while what-ifs ran; want each under 1 s", worst, sum/time.Duration(n), n)
	}
}
