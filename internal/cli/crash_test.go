package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gpuplace/internal/quote"
	"gpuplace/internal/store"
)

// TestMain lets the crash test run this test binary as the server: with
// GPUPLACE_TEST_MAIN set, the binary is gpuplace itself.
func TestMain(m *testing.M) {
	if os.Getenv("GPUPLACE_TEST_MAIN") == "1" {
		Main()
		return
	}
	os.Exit(m.Run())
}

// child runs gpuplace (this binary) with args in the background.
func child(t testing.TB, stdin string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GPUPLACE_TEST_MAIN=1")
	cmd.Stdin = strings.NewReader(stdin)
	return cmd
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startServer starts gpuplace serve on db with the limits on posts and
// sign-ins off, and more flags, and waits until it answers.
func startServer(t testing.TB, db, addr string, flags ...string) *exec.Cmd {
	t.Helper()
	cmd := child(t, "", append([]string{"serve", "-addr", addr, "-db", db, "-limit-posts", "0", "-limit-login", "0"}, flags...)...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if !answers(addr, 10*time.Second, 50*time.Millisecond) {
		cmd.Process.Kill()
		t.Fatal("the server did not start")
	}
	return cmd
}

// answers asks addr's /healthz every so often until it answers 200, and
// reports whether it did within the time given.
func answers(addr string, within, every time.Duration) bool {
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(every) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return true
			}
		}
	}
	return false
}

// Ensure a server killed with SIGKILL while creating quotes and importing
// catalog versions loses nothing it acknowledged and leaves no half-written
// quote or version: after a restart the database passes integrity_check,
// every acknowledged quote and version is there and whole, and quote
// numbers have no gaps.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills server processes")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "crash.db")
	if out, err := child(t, "a long enough password\n", "user", "add", "-email", "admin@example.com", "-role", "admin", "-db", db).CombinedOutput(); err != nil {
		t.Fatalf("user add: %v\n%s", err, out)
	}
	addr := freeAddr(t)
	srv := startServer(t, db, addr)
	base := "http://" + addr
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(base+"/login", url.Values{"email": {"admin@example.com"}, "password": {"a long enough password"}})
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign in: %v %v", err, resp)
	}
	resp.Body.Close()
	resp, err = client.PostForm(base+"/s", url.Values{"kind": {"training"}, "profile": {"resnet50"}, "pricing": {"on_demand"}})
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("pin: %v %v", err, resp)
	}
	resp.Body.Close()
	link := strings.TrimPrefix(resp.Header.Get("Location"), "/s/")

	var mu sync.Mutex
	var quotes, versions []string
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				form := url.Values{"link": {link}, "currency": {"USD"}, "customer_name": {fmt.Sprintf("Customer %d-%d", w, i)},
					"valid_days": {"30"}, "discount_pct": {"0"}, "lang": {"en"},
					"line_description": {"GPU hours"}, "line_quantity": {"10"}, "line_unit": {"hour"},
					"line_unit_price": {"1.25"}, "line_discount": {"0"}, "line_engine": {"0"}}
				resp, err := client.PostForm(base+"/quotes", form)
				if err != nil {
					return // the server is gone
				}
				resp.Body.Close()
				if resp.StatusCode == http.StatusSeeOther {
					mu.Lock()
					quotes = append(quotes, strings.TrimPrefix(resp.Header.Get("Location"), "/quotes/"))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ctx.Err() == nil; i++ {
			list := fmt.Sprintf("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone\n"+
				"g4dn.xlarge,T4,1,4,16,,0.%04d,,us-east-1,us-east-1a\n", 5000+i)
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			fw, _ := mw.CreateFormFile("file", "aws.csv")
			fw.Write([]byte(list))
			mw.WriteField("provider", "aws")
			mw.Close()
			req, _ := http.NewRequest("POST", base+"/admin/catalog", &buf)
			req.Header.Set("Content-Type", mw.FormDataContentType())
			resp, err := client.Do(req)
			if err != nil {
				return
			}
			resp.Body.Close()
			if resp.StatusCode == http.StatusSeeOther {
				mu.Lock()
				versions = append(versions, strings.TrimPrefix(resp.Header.Get("Location"), "/admin/catalog?diff="))
				mu.Unlock()
			}
		}
	}()
	// Kill it while the writers keep writing, once they have had a few
	// writes acknowledged: at least 3 s, longer on a busy machine (a
	// catalog import under the race detector can take seconds), up to 60 s.
	start := time.Now()
	for {
		mu.Lock()
		enough := len(quotes) >= 5 && len(versions) >= 1
		mu.Unlock()
		if (enough && time.Since(start) >= 3*time.Second) || time.Since(start) > time.Minute {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := srv.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	srv.Wait()
	stop()
	wg.Wait()
	if len(quotes) < 5 || len(versions) < 1 {
		t.Fatalf("only %d quotes and %d versions were acknowledged before the kill: the test did not exercise writes", len(quotes), len(versions))
	}

	// Restart, then look at the file directly.
	srv = startServer(t, db, addr)
	resp, err = http.Get(base + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("after restart /healthz: %v %v", err, resp)
	}
	resp.Body.Close()
	srv.Process.Signal(syscall.SIGTERM)
	srv.Wait()

	s, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.IntegrityCheck(context.Background()); err != nil || v != "ok" {
		t.Fatalf("integrity_check = %q (%v)", v, err)
	}
	for _, n := range quotes {
		year, seq, rev, ok := quote.ParseNumber(n)
		if !ok {
			t.Fatalf("acknowledged quote %q has no number", n)
		}
		q, err := s.QuoteByNumber(context.Background(), year, seq, rev)
		if err != nil || len(q.Lines) != 1 || !q.Total.Equal(q.Lines[0].Amount) {
			t.Errorf("acknowledged quote %s lost or incomplete: %+v (%v)", n, q, err)
		}
	}
	all, total, err := s.Quotes(context.Background(), quote.Filter{Actor: quote.Actor{Admin: true}, PerPage: 100000})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, q := range all {
		seen[q.Seq] = true
	}
	for i := 1; i <= total; i++ {
		if !seen[i] {
			t.Errorf("quote numbers have a gap at %d of %d", i, total)
		}
	}
	for _, id := range versions {
		if _, err := s.CatalogBundle(context.Background(), id); err != nil {
			t.Errorf("acknowledged catalog version %s lost: %v", id, err)
		}
	}
	t.Logf("killed after %d quotes and %d catalog versions were acknowledged; %d quotes stored", len(quotes), len(versions), total)
}
