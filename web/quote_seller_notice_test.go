package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"gpuplace/internal/account"
	"gpuplace/internal/quote"
)

// Ensure a sales user who makes a quote before any seller is set is told
// so, with a link to the seller page, on the builder and on the quote's
// page, in either language; the quote itself (its page and its print
// view) says plainly that no seller is set. Once an admin sets the
// seller, nothing asks for it any more and the quote shows it.
func TestQuoteAsksForTheSeller(t *testing.T) {
	s := newTestServer(t)
	sales := s.signIn(t, account.RoleSales)
	link := s.pinLink(t)
	const notice, link2 = `data-testid="no-seller"`, `href="/admin/seller"`

	builder := s.do(t, "GET", "/quotes/new?link="+link, nil, "Cookie", sales)
	wantStatus(t, builder, http.StatusOK)
	wantContains(t, builder.Body.String(), notice, link2, "No seller is set")
	zh := s.do(t, "GET", "/quotes/new?link="+link+"&lang=zh-CN", nil, "Cookie", sales).Body.String()
	wantContains(t, zh, notice, "尚未设置卖方", "卖方信息（/admin/seller）")

	number := s.createQuote(t, sales, link, nil)
	page := s.do(t, "GET", "/quotes/"+number+"?lang=en", nil, "Cookie", sales).Body.String()
	wantContains(t, page, notice, link2, `data-testid="quote-seller-missing"`, "No seller is set: an admin has not yet filled in who quotes are from.")
	print := s.do(t, "GET", "/quotes/"+number+"/print", nil, "Cookie", sales).Body.String()
	wantContains(t, print, `data-testid="quote-seller-missing"`)
	if strings.Contains(print, notice) {
		t.Error("the print view carries the note to the sales user")
	}

	if err := s.db.SetSeller(context.Background(), quote.Seller{Company: "GPU Place GmbH"}); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/quotes/new?link=" + link, "/quotes/" + number} {
		body := s.do(t, "GET", path, nil, "Cookie", sales).Body.String()
		if strings.Contains(body, notice) || strings.Contains(body, "quote-seller-missing") {
			t.Errorf("%s still says no seller is set once one is", path)
		}
	}
	wantContains(t, s.do(t, "GET", "/quotes/"+number, nil, "Cookie", sales).Body.String(), `data-testid="quote-seller"`, "GPU Place GmbH")
}
