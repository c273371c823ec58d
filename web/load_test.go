package web_test

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuplace/internal/account"
	"gpuplace/web"
)

var loadDuration = flag.Duration("load", 0, "run TestLoad for this long (e.g. 30s); 0 skips it")

// TestLoad has 50 clients mix advice (varied, so the cache does not answer
// everything), pages, what-ifs, pinning and quote creation against a real server
// and SQLite file for -load, then checks: no 5xx, every acknowledged pin
// and quote is there. It reports throughput and latency percentiles.
func TestLoad(t *testing.T) {
	if *loadDuration == 0 {
		t.Skip("run with -load=30s")
	}
	// One client address here: measure the app, not the limiter.
	s := newTestServer(t, withLimits(web.Limits{}))
	cookie := s.signIn(t, account.RoleSales)
	srv := httptest.NewServer(s)
	defer srv.Close()
	link := s.pinLink(t)

	type result struct {
		kind    string
		status  int
		elapsed time.Duration
		created string
	}
	results := make(chan result, 1<<16)
	// The clients keep their connections and ask for gzip as browsers do,
	// but do not inflate the bodies: the load shares the server's cores,
	// so what it measures is the server's work, not the client's.
	pool := &http.Transport{MaxIdleConnsPerHost: 50}
	defer pool.CloseIdleConnections()
	transport := gzipAsking{pool}
	deadline := time.Now().Add(*loadDuration)
	var wg sync.WaitGroup
	for c := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			jar, _ := cookiejar.New(nil)
			u, _ := url.Parse(srv.URL)
			name, value, _ := strings.Cut(cookie, "=")
			jar.SetCookies(u, []*http.Cookie{{Name: name, Value: value}})
			client := &http.Client{Jar: jar, Timeout: 30 * time.Second, Transport: transport,
				CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			for i := 0; time.Now().Before(deadline); i++ {
				var kind string
				var resp *http.Response
				var err error
				start := time.Now()
				switch (c + i) % 11 {
				case 0, 1, 2, 3:
					kind = "advice"
					resp, err = client.Get(srv.URL + fmt.Sprintf("/api/v1/advice?kind=inference&profile=bert-large&rps=%d&users=DE:60,US:40,JP:%d", 10+i%40, 1+c))
				case 10:
					// What the answer page's section fetches, half of them
					// new questions.
					kind = "what-if"
					rps := 20
					if i%2 == 1 {
						rps = 10 + i%40
					}
					resp, err = client.Get(srv.URL + fmt.Sprintf("/advice/what-if?kind=inference&profile=resnet50&rps=%d&users=DE:40,FR:30,IT:30&gdpr=eu", rps))
				case 4, 5:
					kind = "page"
					resp, err = client.Get(srv.URL + "/advice?" + germanInference)
				case 6:
					kind = "catalog"
					resp, err = client.Get(srv.URL + "/catalog/offers?gpu=t4")
				case 7, 8:
					kind = "pin"
					resp, err = client.PostForm(srv.URL+"/s", url.Values{"kind": {"training"}, "profile": {"resnet50"}, "epochs": {fmt.Sprint(1 + i%90)}})
				default:
					kind = "quote"
					resp, err = client.PostForm(srv.URL+"/quotes", url.Values{"link": {link}, "currency": {"USD"},
						"customer_name": {fmt.Sprintf("Load %d-%d", c, i)}, "valid_days": {"30"}, "discount_pct": {"0"},
						"line_description": {"GPU hours"}, "line_quantity": {"10"}, "line_unit": {"hour"},
						"line_unit_price": {"1.25"}, "line_discount": {"0"}, "line_engine": {"0"}})
				}
				if err != nil {
					t.Errorf("%s: %v", kind, err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				results <- result{kind: kind, status: resp.StatusCode, elapsed: time.Since(start), created: resp.Header.Get("Location")}
			}
		}()
	}
	wg.Wait()
	close(results)

	var all []time.Duration
	byKind := map[string]int{}
	times := map[string][]time.Duration{}
	var created []string
	for r := range results {
		all = append(all, r.elapsed)
		byKind[r.kind]++
		times[r.kind] = append(times[r.kind], r.elapsed)
		if r.status >= 500 {
			t.Errorf("%s answered %d", r.kind, r.status)
		}
		if (r.kind == "pin" || r.kind == "quote") && r.status == http.StatusSeeOther {
			created = append(created, r.created)
		}
	}
	for _, loc := range created {
		if rec := s.do(t, "GET", loc, nil, "Cookie", cookie); rec.Code != http.StatusOK {
			t.Errorf("acknowledged write %s is not there: %d", loc, rec.Code)
		}
	}
	pct := func(d []time.Duration, p float64) time.Duration { return d[int(float64(len(d)-1)*p)] }
	slices.Sort(all)
	t.Logf("%d requests in %s: %.0f req/s; p50 %s, p99 %s, max %s; by kind %v; %d writes checked",
		len(all), *loadDuration, float64(len(all))/loadDuration.Seconds(), pct(all, 0.5), pct(all, 0.99), all[len(all)-1], byKind, len(created))
	for _, kind := range slices.Sorted(maps.Keys(times)) {
		d := times[kind]
		slices.Sort(d)
		t.Logf("%s: p50 %s, p99 %s, max %s", kind, pct(d, 0.5).Round(time.Millisecond), pct(d, 0.99).Round(time.Millisecond), d[len(d)-1].Round(time.Millisecond))
	}
}

// gzipAsking asks for gzip on every request and hands the body on as it
// comes (a Transport inflates only the bodies it asked gzip for itself).
type gzipAsking struct{ next http.RoundTripper }

// RoundTrip sends a copy of r that accepts gzip.
func (g gzipAsking) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Accept-Encoding", "gzip")
	return g.next.RoundTrip(r)
}
