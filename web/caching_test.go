package web_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gpuplace/internal/account"
	"gpuplace/web"
)

// Ensure that without -base-url every link the app hands out (share link,
// pinned link, API links, the offers' next page) is relative, never built
// from a Host header the client chose.
func TestLinksIgnoreHostHeader(t *testing.T) {
	base := newTestServer(t)
	s := base.with(func(c *web.Config) { c.BaseURL = "" })
	const evil = "evil.example"
	ask := func(method, target, body, contentType string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "http://"+evil+target, strings.NewReader(body))
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec
	}
	link := s.pinLink(t)
	created := ask("POST", "/api/v1/links", `{"workload":{"kind":"training","profile":"resnet50"}}`, "application/json")
	wantStatus(t, created, http.StatusCreated)
	for _, rec := range []*httptest.ResponseRecorder{
		ask("GET", "/advice?"+germanInference, "", ""),
		ask("GET", "/s/"+link, "", ""),
		ask("GET", "/api/v1/links/"+link, "", ""),
		ask("GET", "/api/v1/offers", "", ""),
		created,
	} {
		if rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
			t.Fatalf("status %d", rec.Code)
		}
		if strings.Contains(rec.Body.String(), evil) {
			t.Errorf("the Host header %q went into the answer", evil)
		}
	}
	wantContains(t, ask("GET", "/advice?"+germanInference, "", "").Body.String(), `data-testid="share-url"`, `value="/advice?`)
	wantContains(t, ask("GET", "/api/v1/links/"+link, "", "").Body.String(), `"url":"/s/`+link+`"`)
	wantContains(t, ask("GET", "/api/v1/offers", "", "").Body.String(), `"next":"/api/v1/offers?page=2`)
}

// Ensure pages are cacheable by anyone only when nobody is signed in:
// signed-in answers are private, and those holding quotes or the catalog
// administration are not stored at all.
func TestCacheControl(t *testing.T) {
	s := newTestServer(t)
	link := s.pinLink(t)
	sales := s.signIn(t, account.RoleSales)
	admin := s.signIn(t, account.RoleAdmin)
	number := s.createQuote(t, sales, link, nil)
	if cc := s.do(t, "GET", "/s/"+link, nil).Header().Get("Cache-Control"); cc != "public, max-age=300" {
		t.Errorf("anonymous pinned page: Cache-Control %q, want public", cc)
	}
	for _, path := range []string{"/s/" + link, "/", "/advice?" + germanInference, "/catalog/gpus"} {
		if cc := s.do(t, "GET", path, nil, "Cookie", sales).Header().Get("Cache-Control"); cc != "private" {
			t.Errorf("signed in, GET %s: Cache-Control %q, want private", path, cc)
		}
	}
	for _, r := range []struct{ cookie, path string }{
		{sales, "/quotes"}, {sales, "/quotes/" + number}, {sales, "/quotes/" + number + "/edit"}, {sales, "/quotes/" + number + ".csv"},
		{sales, "/quotes/new?link=" + link}, {sales, "/api/v1/quotes"}, {sales, "/api/v1/quotes/" + number}, {admin, "/admin/catalog"},
	} {
		if cc := s.do(t, "GET", r.path, nil, "Cookie", r.cookie).Header().Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("GET %s: Cache-Control %q, want private, no-store", r.path, cc)
		}
	}
}
