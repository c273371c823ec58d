package web_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"gpuplace/internal/account"
	"gpuplace/internal/store/storetest"
	"gpuplace/web"
)

// Ensure two instances over one PostgreSQL database (behind a load
// balancer) give one address the budgets of one instance, not twice
// them: the advice budget, new pins a day and sign-in attempts, with the
// requests alternating between the instances. Skipped without
// GPUPLACE_TEST_POSTGRES; SQLite serves one instance, whose budgets stay
// in memory.
func TestBudgetsSharedAcrossInstances(t *testing.T) {
	dsn := storetest.DSN(t, "postgres")
	const advice, pins = 5, 3
	opts := func(c *web.Config) {
		c.Limits = web.Limits{Advice: advice}
		c.Pins = &web.PinLimits{PerAddressPerDay: pins}
	}
	both := []*testServer{testServerAt(t, dsn, opts), testServerAt(t, dsn, opts)}
	tally := func(codes []int) map[int]int {
		n := map[int]int{}
		for _, c := range codes {
			n[c]++
		}
		return n
	}

	var codes []int
	for i := range 2 * advice {
		rec := both[i%2].do(t, "GET", "/api/v1/advice?kind=nonsense", nil)
		codes = append(codes, rec.Code)
		if rec.Code == http.StatusTooManyRequests && rec.Header().Get("Retry-After") == "" {
			t.Error("a 429 without Retry-After")
		}
	}
	if n := tally(codes); n[http.StatusTooManyRequests] != advice {
		t.Errorf("advice: %d requests over two instances: %v, want %d refused (429)", 2*advice, n, advice)
	}

	codes = codes[:0]
	for i := range 2 * pins {
		codes = append(codes, both[i%2].pinAt(t, "198.51.100.7:1000", i+1).Code)
	}
	if n := tally(codes); n[http.StatusSeeOther] != pins || n[http.StatusTooManyRequests] != pins {
		t.Errorf("new pins: %d over two instances: %v, want %d × 303 and %d × 429", 2*pins, n, pins, pins)
	}

	codes = codes[:0]
	const perAddress = 20 // loginPerIP
	for i := range 2 * perAddress {
		r := both[i%2].login(t, "203.0.113.9:5000", fmt.Sprintf("nobody%d@example.com", i), "wrong password")
		codes = append(codes, r.StatusCode)
	}
	if n := tally(codes); n[http.StatusUnauthorized] != perAddress || n[http.StatusTooManyRequests] != perAddress {
		t.Errorf("sign-ins: %d over two instances: %v, want %d × 401 and %d × 429", 2*perAddress, n, perAddress, perAddress)
	}
}

// BenchmarkAdviceBudget measures a request through the advice budget
// (one refused as a bad question, so that the answer costs little): in
// memory (SQLite) and in the shared store (PostgreSQL, when
// GPUPLACE_TEST_POSTGRES is set). The difference is the budget's cost.
func BenchmarkAdviceBudget(b *testing.B) {
	opts := func(c *web.Config) { c.Limits = web.Limits{Advice: 1 << 30} }
	for _, backend := range storetest.Available(b) {
		b.Run(backend, func(b *testing.B) {
			s := testServerAt(b, storetest.DSN(b, backend), opts)
			for b.Loop() {
				if rec := s.do(b, "GET", "/api/v1/advice?kind=nonsense", nil); rec.Code != http.StatusUnprocessableEntity {
					b.Fatalf("status %d", rec.Code)
				}
			}
		})
	}
}

// Ensure two instances over one PostgreSQL database share an account's
// budget of 100 wrong passwords an hour, and where its owner signed in
// from: 100 guesses alternating between them spend it, the next is
// refused by either, and the owner, who signed in on one, still signs in
// on the other from the same address or browser.
func TestAccountBudgetSharedAcrossInstances(t *testing.T) {
	dsn := storetest.DSN(t, "postgres")
	opts := func(c *web.Config) { c.Limits = web.Limits{} }
	a, b := testServerAt(t, dsn, opts), testServerAt(t, dsn, opts)
	addUser(t, a.db, "owner@example.com", "sales")
	first := a.login(t, "198.51.100.7:4000", "owner@example.com", testPassword)
	if first.StatusCode != http.StatusSeeOther {
		t.Fatalf("the owner's first sign-in: %d", first.StatusCode)
	}
	var device *http.Cookie
	for _, c := range first.Cookies() {
		if c.Name == "__Host-gpuplace_device" {
			device = c
		}
	}
	both := []*testServer{a, b}
	for i := range 100 {
		r := both[i%2].login(t, fmt.Sprintf("203.0.113.%d:5000", i), "owner@example.com", "wrong password")
		if r.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d, want 401", i+1, r.StatusCode)
		}
	}
	for i, s := range both {
		if r := s.login(t, fmt.Sprintf("192.0.2.%d:5000", i), "owner@example.com", "wrong password"); r.StatusCode != http.StatusTooManyRequests {
			t.Errorf("instance %d: the 101st wrong password within the hour: %d, want 429", i, r.StatusCode)
		}
	}
	if r := b.login(t, "198.51.100.7:4001", "owner@example.com", testPassword); r.StatusCode != http.StatusSeeOther {
		t.Errorf("the owner from the address they signed in from, on the other instance: %d, want 303", r.StatusCode)
	}
	if r := b.login(t, "192.0.2.77:4000", "owner@example.com", testPassword, device); r.StatusCode != http.StatusSeeOther {
		t.Errorf("the owner's browser from a new address, on the other instance: %d, want 303", r.StatusCode)
	}
	if r := b.login(t, "192.0.2.78:4000", "owner@example.com", testPassword); r.StatusCode != http.StatusTooManyRequests {
		t.Errorf("the right password from a new address and browser: %d, want 429", r.StatusCode)
	}
}

// Ensure two instances over one PostgreSQL database share the sign-in
// back-off: 20 wrong passwords for one account from one address, sent at
// once to either, get its 5 free attempts in all (401), the rest 429.
func TestLoginBackoffSharedAcrossInstances(t *testing.T) {
	dsn := storetest.DSN(t, "postgres")
	opts := func(c *web.Config) { c.Limits = web.Limits{} }
	both := []*testServer{testServerAt(t, dsn, opts), testServerAt(t, dsn, opts)}
	hash, err := bcrypt.GenerateFromPassword([]byte(testPassword), 8)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := both[0].db.CreateUser(context.Background(), account.User{Email: "owner@example.com", Role: account.RoleSales, PasswordHash: string(hash)}); err != nil {
		t.Fatal(err)
	}
	const guesses, free = 20, 5
	start := make(chan struct{})
	codes := make(chan int, guesses)
	var wg sync.WaitGroup
	for i := range guesses {
		wg.Go(func() {
			<-start
			codes <- both[i%2].login(t, "203.0.113.7:5000", "owner@example.com", "wrong password").StatusCode
		})
	}
	close(start)
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[http.StatusUnauthorized] != free || count[http.StatusTooManyRequests] != guesses-free {
		t.Errorf("%d parallel guesses from one address over two instances: %v, want %d × 401 and %d × 429", guesses, count, free, guesses-free)
	}
}
