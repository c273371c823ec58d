package web_test

import (
	"encoding/csv"
	"net/http"
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/account"
	"gpuplace/internal/export"
	"gpuplace/web"
)

// Ensure that without a configured base URL a quote's link back to its
// recommendation is whole, on the address the request came in on, alike
// on its page and in its CSV, and that the page says so (naming that
// address and -base-url), in English and Chinese; with a base URL the link
// is under it and the page says nothing of it.
func TestQuoteLinksWithoutBaseURL(t *testing.T) {
	configured := newTestServer(t)
	s := configured.with(func(c *web.Config) { c.BaseURL = "" })
	secure := configured.signIn(t, account.RoleSales)
	link := configured.pinLink(t)
	number := configured.createQuote(t, secure, link, nil)
	// Without an https base URL the session cookie goes without the
	// __Host- prefix; the session is the same.
	sales := strings.TrimPrefix(secure, "__Host-")
	const origin = "http://quotes.example.net:8103"
	const notice = `data-testid="base-url-notice"`

	page := s.do(t, "GET", origin+"/quotes/"+number+"?lang=en", nil, "Cookie", sales)
	wantStatus(t, page, http.StatusOK)
	wantContains(t, page.Body.String(), notice, "-base-url", origin+",", `href="`+origin+"/s/"+link+`"`)
	zh := s.do(t, "GET", origin+"/quotes/"+number+"?lang=zh-CN", nil, "Cookie", sales).Body.String()
	wantContains(t, zh, notice, "未设置公开地址", origin+" 开头")

	rows, err := csv.NewReader(s.do(t, "GET", origin+"/quotes/"+number+".csv", nil, "Cookie", sales).Body).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("CSV: %v (%d rows)", err, len(rows))
	}
	if got := rows[1][slices.Index(export.CSVColumns, "link")]; got != origin+"/s/"+link {
		t.Errorf("CSV link %q, want %s/s/%s", got, origin, link)
	}

	body := configured.do(t, "GET", origin+"/quotes/"+number, nil, "Cookie", secure).Body.String()
	if strings.Contains(body, notice) {
		t.Error("with a base URL configured, the quote page still warns of it")
	}
	wantContains(t, body, `href="https://gpuplace.test/s/`+link+`"`)
}
