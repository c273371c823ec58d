package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/store"
	"gpuplace/internal/versions"
	"gpuplace/web"
)

// realCatalog loads the embedded catalog once per test binary.
var realCatalog = sync.OnceValues(func() (*catalog.Catalog, error) { return catalog.Load(data.FS) })

// testServer is the app over the real catalog and a fresh SQLite file.
type testServer struct {
	*web.Server
	db       *store.DB
	cat      *catalog.Catalog
	versions *versions.Manager
}

// newTestServer serves the app over the real catalog and a fresh SQLite
// file, configured as newTestServerOn does; opts change the configuration.
func newTestServer(t testing.TB, opts ...func(*web.Config)) *testServer {
	t.Helper()
	cat, err := realCatalog()
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	cats, err := versions.Open(context.Background(), db, cat, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerOn(db, cat, cats, opts...)
}

// newTestServerOn builds the app over db and cats as an operator runs it
// by default, at https://gpuplace.test with the default rate limits; opts
// change the configuration.
func newTestServerOn(db *store.DB, cat *catalog.Catalog, cats *versions.Manager, opts ...func(*web.Config)) *testServer {
	cfg := web.Config{Log: slog.New(slog.DiscardHandler), Catalogs: cats, Store: db, BaseURL: "https://gpuplace.test",
		Limits: web.DefaultLimits}
	for _, o := range opts {
		o(&cfg)
	}
	return &testServer{Server: web.NewServer(cfg), db: db, cat: cat, versions: cats}
}

// with is the app again over s's database and catalogs, configured with
// opts: a server's configuration is fixed when it is built.
func (s *testServer) with(opts ...func(*web.Config)) *testServer {
	return newTestServerOn(s.db, s.cat, s.versions, opts...)
}

// withLimits configures the rate limits.
func withLimits(l web.Limits) func(*web.Config) { return func(c *web.Config) { c.Limits = l } }

// do sends one request through the real handler.
func (s *testServer) do(t testing.TB, method, target string, body io.Reader, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, body)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

func wantStatus(t testing.TB, rec *httptest.ResponseRecorder, want int) {
	t.Helper()
	if rec.Code != want {
		t.Fatalf("status = %d, want %d; body:\n%.2000s", rec.Code, want, rec.Body.String())
	}
}

func wantContains(t testing.TB, body string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(body, p) {
			t.Errorf("body does not contain %q", p)
		}
	}
}

// Ensure the start page shows the form, the presets and the catalog facts,
// with the security headers every answer carries.
func TestHome(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/", nil)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `id="advice-form"`, `data-testid="presets"`, `data-testid="catalog-version"`, s.cat.Version.ID)
	h := rec.Header()
	if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || strings.Contains(h.Get("Content-Security-Policy"), "unsafe-inline") {
		t.Errorf("CSP = %q, want frame-ancestors 'none' and no unsafe-inline", h.Get("Content-Security-Policy"))
	}
	for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin", "Content-Type": "text/html; charset=utf-8"} {
		if got := h.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if strings.Contains(rec.Body.String(), "<script>") || strings.Contains(rec.Body.String(), " style=") {
		t.Error("page has an inline script or style, which the CSP blocks")
	}
}

// Ensure /healthz answers 200 while the database answers and 503 after it
// is closed.
func TestHealth(t *testing.T) {
	s := newTestServer(t)
	wantStatus(t, s.do(t, "GET", "/healthz", nil), http.StatusOK)
	s.db.Close()
	wantStatus(t, s.do(t, "GET", "/healthz", nil), http.StatusServiceUnavailable)
}

// Ensure GET /api/v1/catalog reports the version and the counts the
// embedded catalog promises.
func TestAPICatalog(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/api/v1/catalog", nil)
	wantStatus(t, rec, http.StatusOK)
	var got struct {
		Version string         `json:"version"`
		Created string         `json:"created"`
		Sources []any          `json:"sources"`
		Counts  map[string]int `json:"counts"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Version != s.cat.Version.ID || got.Created == "" || len(got.Sources) == 0 {
		t.Errorf("catalog = %+v, want version %s with dates and sources", got, s.cat.Version.ID)
	}
	for k, min := range map[string]int{"gpus": 10, "profiles": 3, "benchmarks": 1, "providers": 4, "regions": 40, "offers": 300, "metros": 30, "latency_pairs": 1, "countries": 190} {
		if got.Counts[k] < min {
			t.Errorf("counts[%s] = %d, want ≥ %d", k, got.Counts[k], min)
		}
	}
	// Prices are what the offers explorer lists: one per offer and
	// pricing model.
	all := s.do(t, "GET", "/catalog/offers", nil).Body.String()
	if n := got.Counts["prices"]; n <= got.Counts["offers"] || !strings.Contains(all, locale.GroupDigits(strconv.Itoa(n))+" prices match.") {
		t.Errorf("counts[prices] = %d (offers %d), not what the offers explorer lists", n, got.Counts["offers"])
	}
}

const germanInference = "gdpr=eu&kind=inference&latency_ms=100&peak_rps=120&profile=bert-large&rps=50&users=DE%3A100"

// Ensure a form submission is redirected to its canonical share link, and
// the link answers with the results.
func TestAdvicePage(t *testing.T) {
	s := newTestServer(t)
	form := "/advice?kind=inference&profile=bert-large&rps=50&peak_rps=120&latency_ms=100&gdpr=eu&samples=&epochs=" +
		"&user_location=DE&user_share=100&user_location=&user_share=&pricing=on_demand&pricing=spot"
	rec := s.do(t, "GET", form, nil)
	wantStatus(t, rec, http.StatusSeeOther)
	loc := rec.Header().Get("Location")
	want := "/advice?gdpr=eu&kind=inference&latency_ms=100&peak_rps=120&pricing=on_demand%2Cspot&profile=bert-large&rps=50&users=DE%3A100"
	if loc != want {
		t.Fatalf("redirect = %s, want %s", loc, want)
	}
	rec = s.do(t, "GET", loc, nil)
	wantStatus(t, rec, http.StatusOK)
	body := rec.Body.String()
	wantContains(t, body, `data-testid="pick"`, `data-testid="total"`, `data-testid="lines"`, `data-testid="cost-chart"`,
		`data-testid="latency"`, `data-testid="candidate-chart"`, `data-testid="excluded"`,
		`value="`+html.EscapeString("https://gpuplace.test"+want)+`"`, `<meta property="og:title"`)
	// The preview title carries the pick and its total.
	title := body[strings.Index(body, "<title>")+7 : strings.Index(body, "</title>")]
	if !strings.Contains(title, "$") {
		t.Errorf("title = %q, want the pick's total in it", title)
	}

	// With HX-Request the same URL answers the results fragment only.
	rec = s.do(t, "GET", loc, nil, "HX-Request", "true")
	wantStatus(t, rec, http.StatusOK)
	if strings.Contains(rec.Body.String(), "<html") || !strings.Contains(rec.Body.String(), `data-testid="results"`) {
		t.Error("HX-Request answer is not the results fragment")
	}
}

// Ensure each class of bad input re-renders the form with 422 and the
// message beside its field, and the API answers problem+json naming it.
func TestBadInput(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		name, query string
		key, field  string
	}{
		{"not a number", "kind=inference&profile=bert-large&rps=abc&users=DE:1", "rps", "workload.rps"},
		{"negative", "kind=training&profile=resnet50&epochs=-3", "epochs", "workload.epochs"},
		{"absurd", "kind=training&profile=resnet50&samples=99999999999999999", "samples", "workload.samples"},
		{"NaN", "kind=inference&profile=bert-large&rps=NaN&users=DE:1", "rps", "workload.rps"},
		{"unknown profile", "kind=training&profile=gpt-9", "profile", "workload.profile"},
		{"unknown location", "kind=inference&profile=bert-large&rps=5&users=XX:1", "users", "users[0].location"},
		{"shares all zero", "kind=inference&profile=bert-large&rps=5&users=DE:0,FR:0", "users", "users"},
		{"no users", "kind=inference&profile=bert-large&rps=5", "users", "users"},
		{"unknown pricing", "kind=training&profile=resnet50&pricing=free", "pricing", "pricing[0]"},
		{"unknown currency", "kind=training&profile=resnet50&currency=JPY", "currency", "currency"},
		{"bad budget", "kind=training&profile=resnet50&budget=lots", "budget", "budget"},
		{"peak below average", "kind=inference&profile=bert-large&rps=50&peak_rps=10&users=DE:1", "peak_rps", "workload.peak_rps"},
		{"unknown kind", "kind=mining&profile=resnet50", "kind", "workload.kind"},
		{"unknown data location", "kind=training&profile=resnet50&data_location=aws:mars-1", "data_location", "data.location"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, _ := url.ParseQuery(tt.query)
			rec := s.do(t, "GET", "/advice?"+q.Encode(), nil)
			wantStatus(t, rec, http.StatusUnprocessableEntity)
			wantContains(t, rec.Body.String(), `data-testid="form-errors"`, `data-field="`+tt.key+`">`)
			if strings.Contains(rec.Body.String(), `data-field="`+tt.key+`"></span>`) {
				t.Errorf("no message beside field %s", tt.key)
			}
			rec = s.do(t, "GET", "/api/v1/advice?"+q.Encode(), nil)
			wantStatus(t, rec, http.StatusUnprocessableEntity)
			if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
				t.Errorf("Content-Type = %q, want application/problem+json", ct)
			}
			wantContains(t, rec.Body.String(), `"field":"`+tt.field+`"`)
		})
	}
}

// Ensure malformed and oversized JSON bodies get 400 and 413, and a valid
// body the same answer as the same request in the query string.
func TestAPIAdvicePost(t *testing.T) {
	s := newTestServer(t)
	for _, tt := range []struct {
		name, body string
		status     int
		field      string
	}{
		{"malformed", `{"workload":`, http.StatusBadRequest, "body"},
		{"unknown field", `{"workload":{"kind":"training","profile":"resnet50"},"colour":"red"}`, http.StatusBadRequest, "colour"},
		{"wrong type", `{"workload":{"kind":"training","profile":"resnet50","epochs":"ninety"}}`, http.StatusBadRequest, "workload.epochs"},
		{"trailing data", `{"workload":{"kind":"training","profile":"resnet50"}} {}`, http.StatusBadRequest, "body"},
		{"empty", ``, http.StatusBadRequest, "body"},
		{"invalid value", `{"workload":{"kind":"training","profile":"resnet50","epochs":-1}}`, http.StatusUnprocessableEntity, "workload.epochs"},
		{"invalid UTF-8", "{\"workload\":{\"kind\":\"training\",\"profile\":\"\xff\xfe\"}}", http.StatusUnprocessableEntity, "workload.profile"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := s.do(t, "POST", "/api/v1/advice", strings.NewReader(tt.body), "Content-Type", "application/json")
			wantStatus(t, rec, tt.status)
			wantContains(t, rec.Body.String(), `"field":"`+tt.field+`"`)
		})
	}
	big := `{"workload":{"kind":"training","profile":"` + strings.Repeat("x", 100<<10) + `"}}`
	wantStatus(t, s.do(t, "POST", "/api/v1/advice", strings.NewReader(big)), http.StatusRequestEntityTooLarge)

	body := `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"peak_rps":120,"latency_ms":100},"users":[{"location":"DE","share":100}],"gdpr":"eu"}`
	post := s.do(t, "POST", "/api/v1/advice", strings.NewReader(body), "Content-Type", "application/json")
	wantStatus(t, post, http.StatusOK)
	get := s.do(t, "GET", "/api/v1/advice?"+germanInference, nil)
	wantStatus(t, get, http.StatusOK)
	if post.Body.String() != get.Body.String() {
		t.Error("POST and GET of the same request answer differently")
	}
}

// Ensure pinning stores the result, the pinned page shows it, and the API
// creates and reads links; unknown ids are 404.
func TestPinnedLinks(t *testing.T) {
	s := newTestServer(t)
	form := url.Values{}
	q, _ := url.ParseQuery(germanInference)
	for k, v := range q {
		form[k] = v
	}
	rec := s.do(t, "POST", "/s", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, rec, http.StatusSeeOther)
	loc := rec.Header().Get("Location")
	if !strings.HasPrefix(loc, "/s/") || len(loc) < len("/s/")+26 {
		t.Fatalf("Location = %q, want /s/ and a long random id", loc)
	}
	page := s.do(t, "GET", loc, nil)
	wantStatus(t, page, http.StatusOK)
	wantContains(t, page.Body.String(), `data-testid="pinned"`, `data-testid="total"`)
	live := s.do(t, "GET", "/advice?"+germanInference, nil)
	if totalOf(t, page.Body.String()) != totalOf(t, live.Body.String()) {
		t.Errorf("pinned total %s differs from the live total %s on the same catalog", totalOf(t, page.Body.String()), totalOf(t, live.Body.String()))
	}

	body := `{"workload":{"kind":"training","profile":"resnet50","deadline_hours":24},"pricing":["on_demand"]}`
	rec = s.do(t, "POST", "/api/v1/links", strings.NewReader(body), "Content-Type", "application/json")
	wantStatus(t, rec, http.StatusCreated)
	var created struct{ ID, URL string }
	json.Unmarshal(rec.Body.Bytes(), &created)
	if created.URL != "https://gpuplace.test/s/"+created.ID {
		t.Errorf("created = %+v, want a URL under the base URL", created)
	}
	rec = s.do(t, "GET", "/api/v1/links/"+created.ID, nil)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `"catalog_version":"`+s.cat.Version.ID+`"`, `"pick":{`)

	wantStatus(t, s.do(t, "GET", "/s/NOSUCHLINK", nil), http.StatusNotFound)
	rec = s.do(t, "GET", "/api/v1/links/NOSUCHLINK", nil)
	wantStatus(t, rec, http.StatusNotFound)
	if rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Error("unknown link: want problem+json")
	}
}

func totalOf(t testing.TB, body string) string {
	t.Helper()
	const marker = `data-testid="total">`
	i := strings.Index(body, marker)
	if i < 0 {
		t.Fatal("no total on the page")
	}
	rest := body[i+len(marker):]
	return rest[:strings.Index(rest, "<")]
}

// Ensure browsers cannot POST across origins.
func TestCrossOriginPost(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "POST", "/s", strings.NewReader(germanInference),
		"Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example")
	wantStatus(t, rec, http.StatusForbidden)
}

// Ensure static files are served by content-hashed name with a long cache.
func TestStatic(t *testing.T) {
	s := newTestServer(t)
	home := s.do(t, "GET", "/", nil).Body.String()
	i := strings.Index(home, `href="/static/css/app.`)
	if i < 0 {
		t.Fatal("no hashed stylesheet link on the page")
	}
	path := home[i+len(`href="`):]
	path = path[:strings.Index(path, `"`)]
	rec := s.do(t, "GET", path, nil)
	wantStatus(t, rec, http.StatusOK)
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("Cache-Control = %q, want immutable", cc)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/css") {
		t.Errorf("Content-Type = %q, want text/css", ct)
	}
	wantStatus(t, s.do(t, "GET", "/static/nope.js", nil), http.StatusNotFound)
}

// Ensure the pages speak Chinese when asked by ?lang=, by Accept-Language
// or by the cookie the switch sets.
func TestLanguages(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/?lang=zh-CN", nil)
	wantContains(t, rec.Body.String(), `<html lang="zh-CN">`, "给出推荐")
	if c := rec.Header().Get("Set-Cookie"); !strings.Contains(c, "lang=zh-CN") {
		t.Errorf("Set-Cookie = %q, want the choice remembered", c)
	}
	wantContains(t, s.do(t, "GET", "/", nil, "Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5").Body.String(), `<html lang="zh-CN">`)
	wantContains(t, s.do(t, "GET", "/", nil, "Cookie", "lang=zh-CN").Body.String(), `<html lang="zh-CN">`)
	wantContains(t, s.do(t, "GET", "/", nil, "Accept-Language", "fr-FR").Body.String(), `<html lang="en">`)
	zh := s.do(t, "GET", "/advice?"+germanInference+"&lang=zh-CN", nil)
	wantStatus(t, zh, http.StatusOK)
	wantContains(t, zh.Body.String(), "推荐方案", "德国")
}

// Ensure the catalog look-ups answer and filter.
func TestAPILookups(t *testing.T) {
	s := newTestServer(t)
	var offers struct {
		Count  int `json:"count"`
		Offers []struct {
			Provider, GPU string
		} `json:"offers"`
	}
	rec := s.do(t, "GET", "/api/v1/offers?gpu=t4&provider=aws", nil)
	wantStatus(t, rec, http.StatusOK)
	json.Unmarshal(rec.Body.Bytes(), &offers)
	if offers.Count == 0 || offers.Count != len(offers.Offers) {
		t.Fatalf("offers count = %d with %d rows, want T4 offers at AWS", offers.Count, len(offers.Offers))
	}
	for _, o := range offers.Offers {
		if o.Provider != "aws" || o.GPU != "t4" {
			t.Errorf("offer %+v does not match the filter", o)
		}
	}
	wantContains(t, s.do(t, "GET", "/api/v1/gpus", nil).Body.String(), `"id":"h100"`)
	wantContains(t, s.do(t, "GET", "/api/v1/regions?provider=gcp", nil).Body.String(), `"key":"gcp:europe-west4"`)
	rec = s.do(t, "GET", "/api/v1/latency?from=ams&to=fra", nil)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `"rtt_ms"`, `"source":"azure-rtt-2025"`)
	rec = s.do(t, "GET", "/api/v1/latency?from=atlantis", nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `"field":"from"`)
}

// Ensure the OpenAPI document is JSON and describes every API route.
func TestOpenAPI(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/api/openapi.json", nil)
	wantStatus(t, rec, http.StatusOK)
	var doc struct {
		OpenAPI string         `json:"openapi"`
		Paths   map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/api/v1/advice", "/api/v1/catalog", "/api/v1/gpus", "/api/v1/providers", "/api/v1/regions", "/api/v1/offers", "/api/v1/latency", "/api/v1/links", "/api/v1/links/{id}"} {
		if doc.Paths[p] == nil {
			t.Errorf("openapi.json does not describe %s", p)
		}
	}
}

// Ensure unknown pages are 404 in HTML and unknown API routes 404 in
// problem+json, and a wrong method is 405.
func TestNotFound(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/nowhere", nil)
	wantStatus(t, rec, http.StatusNotFound)
	wantContains(t, rec.Body.String(), `data-testid="error"`)
	rec = s.do(t, "GET", "/api/v1/nowhere", nil)
	wantStatus(t, rec, http.StatusNotFound)
	if rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Error("unknown API route: want problem+json")
	}
	wantStatus(t, s.do(t, "DELETE", "/api/v1/advice", nil), http.StatusMethodNotAllowed)
}

// Ensure nothing odd a client sends to the query decoder gives a 500.
func TestNoServerErrors(t *testing.T) {
	s := newTestServer(t)
	for _, q := range []string{
		"kind=training&profile=resnet50&samples=1e400", "kind=inference&profile=gptj-6b&rps=1e308&users=US:1",
		"kind=inference&profile=bert-large&rps=Inf&users=DE:-1", "users=%FF%FE:1&kind=inference&profile=bert-large&rps=1",
		"kind=training&profile=resnet50&deadline_hours=0.0001&pricing=spot", "kind=training&profile=resnet50&budget=0.01",
		"kind=inference&profile=bert-large&rps=1&users=" + strings.Repeat("DE:1,", 600),
		"kind=training&profile=resnet50&checkpoint_minutes=-5&epochs=9223372036854775807",
	} {
		for _, path := range []string{"/advice?", "/api/v1/advice?"} {
			if rec := s.do(t, "GET", path+q, nil); rec.Code >= 500 {
				t.Errorf("GET %s%s = %d", path, q, rec.Code)
			}
		}
	}
}

// Ensure a repeated request gets the same answer from the cache, and a
// different one its own.
func TestResultCache(t *testing.T) {
	s := newTestServer(t)
	a := s.do(t, "GET", "/api/v1/advice?"+germanInference, nil).Body.String()
	b := s.do(t, "GET", "/api/v1/advice?"+germanInference, nil).Body.String()
	c := s.do(t, "GET", "/api/v1/advice?"+germanInference+"&currency=EUR", nil).Body.String()
	if a != b {
		t.Error("the same request answered differently the second time")
	}
	if a == c || !strings.Contains(c, `"currency":"EUR"`) {
		t.Error("a request in EUR got the cached USD answer")
	}
}

// Ensure a wrong user row is outlined where it is wrong: the location or
// the share of that row, tied to the users' message, and no other input.
func TestAdvicePageOutlinesBadUserRow(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct{ users, bad string }{
		{"DE:50,ZZ:50", "f-user-1"},
		{"DE:abc,FR:50", "f-share-0"},
	} {
		body := s.do(t, "GET", "/advice?kind=inference&profile=resnet50&rps=10&latency_ms=100&users="+url.QueryEscape(c.users), nil).Body.String()
		inputs := regexp.MustCompile(`<input id="(f-(?:user|share)-\d+)"[^>]*>`).FindAllStringSubmatch(body, -1)
		if len(inputs) == 0 {
			t.Fatalf("%s: no user rows", c.users)
		}
		for _, in := range inputs {
			marked := strings.Contains(in[0], `aria-invalid="true"`) && strings.Contains(in[0], `aria-describedby="e-users"`)
			if marked != (in[1] == c.bad) {
				t.Errorf("%s: %s marked %v, want only %s marked", c.users, in[1], marked, c.bad)
			}
		}
	}
}

// activateNext stores the embedded catalog again as version "next" and
// activates it, as an admin's import and activation do.
func (s *testServer) activateNext(t testing.TB) {
	t.Helper()
	next, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	next.Version.ID = "next"
	var bundle bytes.Buffer
	if err := next.Bundle(&bundle); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.db.SaveCatalogVersion(ctx, "next", "test", bundle.Bytes()); err != nil {
		t.Fatal(err)
	}
	if err := s.versions.Activate(ctx, "next", true); err != nil {
		t.Fatal(err)
	}
}
