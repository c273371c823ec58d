package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/account"
	"gpuplace/web"
)

// Ensure the server reads the clock it is configured with: a pinned link
// and a quote made then carry its date, and the quote its year in its
// number.
func TestConfiguredClock(t *testing.T) {
	then := time.Date(2031, 3, 4, 5, 6, 0, 0, time.UTC)
	s := newTestServer(t, func(c *web.Config) { c.Now = func() time.Time { return then } })
	cookie := s.signIn(t, account.RoleSales)
	link := s.pinLink(t)
	pinned := s.do(t, "GET", "/s/"+link, nil)
	wantStatus(t, pinned, http.StatusOK)
	wantContains(t, pinned.Body.String(), "2031-03-04 05:06 UTC")

	number := s.createQuote(t, cookie, link, nil)
	if !strings.HasPrefix(number, "Q-2031-") {
		t.Errorf("quote number %s, want one of 2031", number)
	}
	page := s.do(t, "GET", "/quotes/"+number, nil, "Cookie", cookie)
	wantStatus(t, page, http.StatusOK)
	wantContains(t, page.Body.String(), "2031-03-04")
}
