package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// Ensure the explorers show a Chinese reader prices in yuan unless the
// address names a currency, and an English reader in dollars: the
// currency switch marks the one shown, its dollar link names the dollar
// for a Chinese reader, the CSV link asks for the currency shown; and that
// Chinese labels and qualifiers take full-width punctuation.
func TestExplorerCurrencyByLanguage(t *testing.T) {
	s := newTestServer(t)
	for _, tt := range []struct {
		path, lang, current string
		want                []string
	}{
		{"/catalog/offers", "zh-CN", "CNY", []string{`href="/catalog/offers?currency=USD"`, `href="/catalog/offers.csv?currency=CNY"`, "货币："}},
		{"/catalog/offers", "en", "USD", []string{`href="/catalog/offers?currency=CNY"`, `href="/catalog/offers.csv"`, "Currency:"}},
		{"/catalog/offers?currency=USD", "zh-CN", "USD", []string{`href="/catalog/offers"`}},
		{"/catalog/gpus", "zh-CN", "CNY", []string{`href="/catalog/gpus?currency=USD"`}},
		{"/catalog/gpus", "en", "USD", []string{`href="/catalog/gpus?currency=CNY"`}},
		{"/catalog/gpus/h100", "zh-CN", "CNY", []string{`href="/catalog/gpus/h100?currency=USD"`}},
	} {
		sep := "?"
		if strings.Contains(tt.path, "?") {
			sep = "&"
		}
		rec := s.do(t, "GET", tt.path+sep+"lang="+tt.lang, nil)
		wantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		if !strings.Contains(body, `<span aria-current="true">`+tt.current+`</span>`) {
			t.Errorf("%s in %s: the currency shown is not %s", tt.path, tt.lang, tt.current)
		}
		wantContains(t, body, tt.want...)
	}
	if body := s.do(t, "GET", "/catalog/providers?lang=zh-CN", nil).Body.String(); strings.Contains(body, "来源:") || !strings.Contains(body, "来源：") || !strings.Contains(body, "充分性认定（部分）") {
		t.Error("the Chinese providers page writes its sources' labels or its adequacy decisions' scope with ASCII punctuation")
	}
}
