package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The server as a process, measured as the performance issue states its
// targets: from process start to a 200 from /healthz on a fresh database,
// and the resident memory after a run of new questions at full speed.
//
//	go test ./internal/cli -run '^$' -bench 'ColdStart|RSS' -rss-for=60s

var rssFor = flag.Duration("rss-for", 60*time.Second, "how long BenchmarkRSSUnderNewQuestions asks new questions")

// newQuestion is the question the performance figures are measured on,
// without its request rate, which each request sets anew so that no
// cache answers it.
const newQuestion = "kind=inference&latency_ms=80&peak_rps=150&profile=resnet50&users=DE:50,US:30,JP:20&rps="

// BenchmarkColdStart measures the time from starting the process to its
// first 200 from /healthz, each time on a new database (ms/start; the
// time per iteration also counts stopping the process).
func BenchmarkColdStart(b *testing.B) {
	dir := b.TempDir()
	var total time.Duration
	n := 0
	for b.Loop() {
		n++
		addr := freeAddr(b)
		start := time.Now()
		cmd := child(b, "", "serve", "-addr", addr, "-db", filepath.Join(dir, fmt.Sprintf("cold%d.db", n)))
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		ok := answers(addr, 10*time.Second, time.Millisecond)
		total += time.Since(start)
		stopServer(b, cmd)
		if !ok {
			b.Fatal("the server did not answer within 10 s")
		}
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(n), "ms/start")
}

// BenchmarkRSSUnderNewQuestions runs the server on a new database with the
// limits off, asks it new questions from 32 clients (half the API, half
// the page, gzipped as browsers ask) for -rss-for, and reports its
// resident memory at the start, at its highest (read every second) and
// at the end, with the questions it answered a second.
func BenchmarkRSSUnderNewQuestions(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("reading a process's resident memory needs /proc")
	}
	for b.Loop() {
		addr := freeAddr(b)
		cmd := startServer(b, filepath.Join(b.TempDir(), "rss.db"), addr, "-limit-advice", "0")
		pid := cmd.Process.Pid
		atStart := residentMB(b, pid)
		ctx, cancel := context.WithTimeout(context.Background(), *rssFor)
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}}
		var answered atomic.Int64
		var wg sync.WaitGroup
		for c := range 32 {
			path := "/api/v1/advice?" + newQuestion
			if c%2 == 1 {
				path = "/advice?" + newQuestion
			}
			wg.Go(func() {
				for i := 1; ctx.Err() == nil; i++ {
					if ask(ctx, client, fmt.Sprintf("http://%s%s%d.%06d", addr, path, 50+c, i)) {
						answered.Add(1)
					}
				}
			})
		}
		peak := atStart
		for tick := time.Tick(time.Second); ctx.Err() == nil; {
			select {
			case <-tick:
				peak = max(peak, residentMB(b, pid))
			case <-ctx.Done():
			}
		}
		wg.Wait()
		atEnd := residentMB(b, pid)
		cancel()
		client.CloseIdleConnections()
		stopServer(b, cmd)
		b.ReportMetric(atStart, "MB-at-start")
		b.ReportMetric(max(peak, atEnd), "MB-peak")
		b.ReportMetric(atEnd, "MB-at-end")
		b.ReportMetric(float64(answered.Load())/rssFor.Seconds(), "questions/s")
	}
}

// ask gets one answer, gzipped, and reports whether it was a 200 (a
// request the run's end cut short is no answer).
func ask(ctx context.Context, client *http.Client, url string) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return err == nil && resp.StatusCode == http.StatusOK
}

// residentMB reads a process's resident memory (VmRSS) in MB.
func residentMB(tb testing.TB, pid int) float64 {
	tb.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	for s := bufio.NewScanner(f); s.Scan(); {
		if rest, ok := strings.CutPrefix(s.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb / 1024
		}
	}
	tb.Fatal("no VmRSS in the process's status")
	return 0
}

// stopServer asks the server to shut down and waits for it.
func stopServer(tb testing.TB, cmd *exec.Cmd) {
	tb.Helper()
	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); err != nil {
		tb.Logf("the server ended with %v", err)
	}
}
