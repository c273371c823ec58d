package web_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"gpuplace/web"
)

// Ensure a quote search longer than quote.MaxSearch characters is refused
// with 422 naming q, on the page and the API alike (SQLite's LIKE used to
// answer 500 from 50,000 bytes on), and one at the limit is answered. A
// search over 8 KiB is refused alike, by the bound on every query value.
func TestQuoteSearchBounded(t *testing.T) {
	s := newTestServer(t, func(c *web.Config) { c.Limits = web.Limits{} })
	sales := s.signIn(t, "sales")
	for _, n := range []int{200, 201, 4000, 50_000} {
		q := url.Values{"q": {strings.Repeat("é", n)}}.Encode()
		want, message := http.StatusOK, ""
		switch {
		case n > 4096: // over 8 KiB
			want, message = http.StatusUnprocessableEntity, "8192 bytes"
		case n > 200:
			want, message = http.StatusUnprocessableEntity, "200 characters"
		}
		for _, path := range []string{"/quotes?", "/api/v1/quotes?"} {
			rec := s.do(t, "GET", path+q, nil, "Cookie", sales)
			body := rec.Body.String()
			named := strings.Contains(body, "<code>q:") || strings.Contains(body, `"field":"q"`)
			if rec.Code != want || !strings.Contains(body, message) || (want != http.StatusOK && !named) {
				t.Errorf("%s %d characters: %d %.200s", path, n, rec.Code, body)
			}
		}
	}
}

// login posts a sign-in from a client address, with cookies.
func (s *testServer) login(t testing.TB, addr, email, password string, cookies ...*http.Cookie) *http.Response {
	t.Helper()
	form := url.Values{"email": {email}, "password": {password}, "next": {"/quotes"}}
	req := httptest.NewRequest("POST", "/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = addr
	for _, c := range cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Result()
}

// Ensure wrong passwords for one account stop at 100 an hour from any
// number of addresses, while the owner still signs in from an address or
// a browser they signed in from before; and that every address of one
// IPv6 /64 counts as one.
func TestAccountGuessingBudget(t *testing.T) {
	s := newTestServer(t, func(c *web.Config) { c.Limits = web.Limits{} })
	addUser(t, s.db, "owner@example.com", "sales")
	first := s.login(t, "198.51.100.7:4000", "owner@example.com", testPassword)
	if first.StatusCode != http.StatusSeeOther {
		t.Fatalf("the owner's first sign-in: %d", first.StatusCode)
	}
	var device *http.Cookie
	for _, c := range first.Cookies() {
		if c.Name == "__Host-gpuplace_device" {
			device = c
		}
	}
	if device == nil || !device.Secure || !device.HttpOnly {
		t.Fatalf("no device cookie after signing in: %+v", first.Cookies())
	}
	// 100 wrong passwords from 100 addresses (each under its own limits).
	for i := range 100 {
		r := s.login(t, fmt.Sprintf("203.0.113.%d:5000", i), "owner@example.com", "wrong password")
		if r.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d, want 401", i+1, r.StatusCode)
		}
	}
	if r := s.login(t, "192.0.2.200:5000", "owner@example.com", "wrong password"); r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Errorf("the 101st guess within the hour: %d, want 429 with Retry-After", r.StatusCode)
	}
	if r := s.login(t, "192.0.2.201:5000", "owner@example.com", testPassword); r.StatusCode != http.StatusTooManyRequests {
		t.Errorf("the right password from a new address after the budget is spent: %d, want 429", r.StatusCode)
	}
	if r := s.login(t, "198.51.100.7:4001", "owner@example.com", testPassword); r.StatusCode != http.StatusSeeOther {
		t.Errorf("the owner from their own address: %d, want 303", r.StatusCode)
	}
	if r := s.login(t, "192.0.2.202:5000", "owner@example.com", testPassword, device); r.StatusCode != http.StatusSeeOther {
		t.Errorf("the owner's browser from a new address: %d, want 303", r.StatusCode)
	}

	// One /64: its addresses share the per-address sign-in limit.
	addUser(t, s.db, "other@example.com", "sales")
	refused := false
	for i := range 30 {
		r := s.login(t, fmt.Sprintf("[2001:db8:1:2::%x]:6000", i+1), fmt.Sprintf("nobody%d@example.com", i), "wrong password")
		refused = refused || r.StatusCode == http.StatusTooManyRequests
	}
	if !refused {
		t.Error("30 sign-ins from one IPv6 /64 were never limited: the limit keys on whole addresses")
	}
}

// pinAt pins the German question at rps from addr and returns the answer.
func (s *testServer) pinAt(t testing.TB, addr string, rps int) *httptest.ResponseRecorder {
	t.Helper()
	q := fmt.Sprintf("kind=inference&profile=bert-large&rps=%d&users=DE:100", rps)
	req := httptest.NewRequest("POST", "/s", strings.NewReader(q))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = addr
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

// Ensure one address adds at most its daily number of new pins (the same
// question again is free), and that a full store makes room by expiring
// the oldest pins nobody opened, keeping opened ones.
func TestPinsBounded(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	s := newTestServer(t, func(c *web.Config) {
		c.Limits = web.Limits{}
		c.Pins = &web.PinLimits{PerAddressPerDay: 3, Total: 4, UnvisitedTTL: 30 * 24 * time.Hour}
		c.Now = func() time.Time { return now }
	})
	var ids []string
	for rps := 1; rps <= 3; rps++ {
		rec := s.pinAt(t, "198.51.100.1:1000", rps)
		wantStatus(t, rec, http.StatusSeeOther)
		ids = append(ids, strings.TrimPrefix(rec.Header().Get("Location"), "/s/"))
	}
	if rec := s.pinAt(t, "198.51.100.1:1001", 4); rec.Code != http.StatusTooManyRequests {
		t.Errorf("a fourth new pin from one address in a day: %d, want 429", rec.Code)
	}
	wantStatus(t, s.pinAt(t, "198.51.100.1:1002", 2), http.StatusSeeOther) // pinned before: free
	// A day later the address may pin again; the store then holds 4.
	now = now.Add(24 * time.Hour)
	wantStatus(t, s.pinAt(t, "198.51.100.1:1003", 4), http.StatusSeeOther)
	// Two months on, the first pin is opened; the store is full.
	now = now.Add(60 * 24 * time.Hour)
	wantStatus(t, s.do(t, "GET", "/s/"+ids[0], nil), http.StatusOK)
	wantStatus(t, s.pinAt(t, "198.51.100.2:1000", 5), http.StatusSeeOther)
	if n, _ := s.db.CountLinks(t.Context()); n != 2 {
		t.Errorf("after expiry the store holds %d pins, want 2 (the opened one and the new one)", n)
	}
	wantStatus(t, s.do(t, "GET", "/s/"+ids[0], nil), http.StatusOK)
	wantStatus(t, s.do(t, "GET", "/s/"+ids[1], nil), http.StatusNotFound)
}
