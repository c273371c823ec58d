package web_test

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"gpuplace/internal/account"
)

// Ensure signing in with a next that leads off the site lands on the quote
// list, and a path on the site is followed.
func TestLoginNext(t *testing.T) {
	s := newTestServer(t)
	s.signIn(t, account.RoleSales)
	for next, want := range map[string]string{
		"/%09/evil.example": "/quotes", "//evil.example": "/quotes", "/%5C/evil.example": "/quotes",
		"https://evil.example/": "/quotes", "/quotes/new?link=X": "/quotes/new?link=X",
	} {
		form := url.Values{"email": {"sales@example.com"}, "password": {"a long enough password"}, "next": {next}}
		rec := s.do(t, "POST", "/login", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded")
		if got := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || got != want {
			t.Errorf("sign-in with next=%q went to %q (%d), want %q", next, got, rec.Code, want)
		}
		page := s.do(t, "GET", "/login?"+url.Values{"next": {next}}.Encode(), nil).Body.String()
		wantContains(t, page, `name="next" value="`+html.EscapeString(want)+`"`)
	}
}
