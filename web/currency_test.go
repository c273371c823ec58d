package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Ensure a currency code is read alike in either case on every route that
// takes one: the placement page, its question's form and the API (query
// and JSON), the catalog explorer, the quote builder and a saved quote.
func TestCurrencyEveryRoute(t *testing.T) {
	s := newTestServer(t)
	cookie := s.signIn(t, "sales")
	link := s.pinLink(t)
	for _, code := range []string{"eur", "EUR", " Eur "} {
		t.Run(strings.TrimSpace(code), func(t *testing.T) {
			q := url.QueryEscape(code)
			page := s.do(t, "GET", "/advice?"+germanInference+"&currency="+q, nil)
			if page.Code == http.StatusSeeOther {
				page = s.do(t, "GET", page.Header().Get("Location"), nil)
			}
			wantStatus(t, page, http.StatusOK)
			wantContains(t, page.Body.String(), "€")
			edit := s.do(t, "GET", "/advice/edit?"+germanInference+"&currency="+q, nil)
			wantStatus(t, edit, http.StatusOK)
			wantContains(t, edit.Body.String(), `<option value="EUR" selected>`)

			api := s.do(t, "GET", "/api/v1/advice?"+germanInference+"&currency="+q, nil)
			wantStatus(t, api, http.StatusOK)
			wantJSONCurrency(t, api.Body.Bytes(), "EUR")

			body := `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"latency_ms":100},"users":[{"location":"DE","share":1}],"currency":"` + code + `"}`
			post := s.do(t, "POST", "/api/v1/advice", strings.NewReader(body), "Content-Type", "application/json")
			wantStatus(t, post, http.StatusOK)
			wantJSONCurrency(t, post.Body.Bytes(), "EUR")

			for _, path := range []string{"/catalog/offers", "/catalog/gpus"} {
				rec := s.do(t, "GET", path+"?currency="+q, nil)
				wantStatus(t, rec, http.StatusOK)
				wantContains(t, rec.Body.String(), "€")
				if strings.Contains(rec.Body.String(), `data-testid="ignored"`) {
					t.Errorf("%s?currency=%s: the explorer ignored the currency", path, code)
				}
			}

			builder := s.do(t, "GET", "/quotes/new?link="+link+"&currency="+q, nil, "Cookie", cookie)
			wantStatus(t, builder, http.StatusOK)
			form := formValues(t, builder.Body.String())
			if got := form.Get("currency"); got != "EUR" {
				t.Fatalf("builder currency = %q, want EUR", got)
			}
			form.Set("customer_name", "Ada Lovelace")
			form.Set("currency", code)
			saved := s.do(t, "POST", "/quotes", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded", "Cookie", cookie)
			wantStatus(t, saved, http.StatusSeeOther)
			number := strings.TrimPrefix(saved.Header().Get("Location"), "/quotes/")
			got := s.do(t, "GET", "/api/v1/quotes/"+number, nil, "Cookie", cookie)
			wantStatus(t, got, http.StatusOK)
			wantJSONCurrency(t, got.Body.Bytes(), "EUR")
		})
	}
}

func wantJSONCurrency(t *testing.T, body []byte, want string) {
	t.Helper()
	var v struct {
		Currency string `json:"currency"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	if v.Currency != want {
		t.Errorf("currency = %q, want %q", v.Currency, want)
	}
}
