package web_test

import (
	"html"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpuplace/internal/account"
	"gpuplace/internal/store/storetest"
	"gpuplace/web"
)

// onBothDatabases runs f against a fresh app on SQLite and, when
// GPUPLACE_TEST_POSTGRES is set (always in CI), on PostgreSQL.
func onBothDatabases(t *testing.T, f func(t *testing.T, s *testServer)) {
	storetest.Run(t, func(t *testing.T, backend string) {
		f(t, testServerAt(t, storetest.DSN(t, backend)))
	})
}

// Ensure text that is not text (a NUL byte, bytes that are not UTF-8) in a
// link id, an email, a quote search or a customer name, and page numbers
// past any list, get the same clear 4xx naming the field on both
// databases, never a 500.
func TestBadInputBothDatabases(t *testing.T) {
	onBothDatabases(t, func(t *testing.T, s *testServer) {
		link := s.pinLink(t)
		sales := s.signIn(t, account.RoleSales)
		const form = "application/x-www-form-urlencoded"
		huge := strconv.FormatInt(1<<63-1, 10)
		for _, tt := range []struct {
			method, target, body string
			status               int
			field                string
		}{
			{"GET", "/s/%00" + link, "", http.StatusBadRequest, "path"},
			{"GET", "/s/%FF%FE", "", http.StatusBadRequest, "path"},
			{"GET", "/api/v1/links/%00", "", http.StatusBadRequest, "path"},
			{"GET", "/api/v1/links/%C3%28", "", http.StatusBadRequest, "path"},
			{"POST", "/login", "email=sales%00@example.com&password=x", http.StatusBadRequest, "email"},
			{"POST", "/login", "email=sales%FF@example.com&password=x", http.StatusBadRequest, "email"},
			{"GET", "/quotes?q=%00", "", http.StatusBadRequest, "q"},
			{"GET", "/quotes?q=Acme%C3%28", "", http.StatusBadRequest, "q"},
			{"GET", "/api/v1/quotes?q=%00", "", http.StatusBadRequest, "q"},
			{"GET", "/quotes/new?link=%00", "", http.StatusBadRequest, "link"},
			{"POST", "/quotes", "link=" + link + "&customer_name=Ada%00&currency=USD&valid_days=30&line_description=x&line_quantity=1&line_unit=h&line_unit_price=1", http.StatusBadRequest, "customer_name"},
			{"POST", "/s", "kind=inference&profile=bert-large&rps=5&users=DE%00:1", http.StatusBadRequest, "users"},
			{"GET", "/?%00=1", "", http.StatusBadRequest, `"\x00"`},
			{"GET", "/quotes?page=" + huge, "", http.StatusUnprocessableEntity, "page"},
			{"GET", "/api/v1/quotes?page=" + huge, "", http.StatusUnprocessableEntity, "page"},
			{"GET", "/quotes?page=-1", "", http.StatusUnprocessableEntity, "page"},
			{"GET", "/quotes?page=100000", "", http.StatusOK, ""},
			{"GET", "/api/v1/quotes?page=100000", "", http.StatusOK, ""},
		} {
			rec := s.do(t, tt.method, tt.target, strings.NewReader(tt.body), "Content-Type", form, "Cookie", sales)
			if rec.Code != tt.status {
				t.Errorf("%s %s = %d, want %d; body:\n%.400s", tt.method, tt.target, rec.Code, tt.status, rec.Body.String())
				continue
			}
			if tt.field == "" {
				continue
			}
			if strings.HasPrefix(tt.target, "/api/") {
				if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
					t.Errorf("%s %s: Content-Type %q, want problem+json", tt.method, tt.target, ct)
				}
				wantContains(t, rec.Body.String(), `"field":"`+tt.field+`"`)
				continue
			}
			wantContains(t, rec.Body.String(), `data-testid="error-fields"`, "<code>"+html.EscapeString(tt.field))
		}
	})
}

// textProbe is one app the fuzz target asks, with a signed-in sales user
// and a pinned link to quote from.
type textProbe struct {
	*testServer
	cookie, link string
}

// answers sends s as a link id, an email, a quote search, a customer name
// and a page number, and returns the status codes.
func (p textProbe) answers(t *testing.T, s string) []int {
	const form = "application/x-www-form-urlencoded"
	quoteForm := url.Values{"link": {p.link}, "customer_name": {s}, "currency": {"USD"}, "valid_days": {"30"},
		"line_description": {"GPU"}, "line_quantity": {"1"}, "line_unit": {"hour"}, "line_unit_price": {"1"}}
	var codes []int
	for _, r := range []struct{ method, target, body string }{
		{"GET", "/s/" + url.PathEscape(s), ""},
		{"GET", "/api/v1/links/" + url.PathEscape(s), ""},
		{"POST", "/login", url.Values{"email": {s}, "password": {"a long enough password"}}.Encode()},
		{"GET", "/quotes?" + url.Values{"q": {s}}.Encode(), ""},
		{"GET", "/api/v1/quotes?" + url.Values{"q": {s}, "page": {s}}.Encode(), ""},
		{"GET", "/quotes/new?" + url.Values{"link": {s}}.Encode(), ""},
		{"POST", "/quotes", quoteForm.Encode()},
	} {
		rec := p.do(t, r.method, r.target, strings.NewReader(r.body), "Content-Type", form, "Cookie", p.cookie)
		if rec.Code >= 500 {
			t.Fatalf("%s %s = %d", r.method, r.target, rec.Code)
		}
		codes = append(codes, rec.Code)
	}
	return codes
}

// FuzzTextInputs sends any text where people type ids, emails, searches,
// names and page numbers, on every database the test has (both in CI):
// nothing answers 5xx, and the databases answer alike.
func FuzzTextInputs(f *testing.F) {
	// The seeds are in testdata/fuzz/FuzzTextInputs.
	var probes []textProbe
	for _, backend := range storetest.Available(f) {
		s := testServerAt(f, storetest.DSN(f, backend), withLimits(web.Limits{}))
		probes = append(probes, textProbe{testServer: s, cookie: s.signIn(f, account.RoleSales), link: s.pinLink(f)})
	}
	f.Fuzz(func(t *testing.T, s string) {
		first := probes[0].answers(t, s)
		for _, p := range probes[1:] {
			if got := p.answers(t, s); !slices.Equal(got, first) {
				t.Fatalf("input %q: the databases answer %v and %v", s, first, got)
			}
		}
	})
}
