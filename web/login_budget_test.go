package web_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"gpuplace/internal/account"
	"gpuplace/web"
)

// Ensure parallel wrong passwords cannot pass an account's budget: 120
// guesses sent at once from 120 addresses get exactly 100 password checks
// (401) and 20 refusals (429). The budget used to be checked before the
// password and counted after it, so every guess in flight passed it.
func TestAccountGuessingBudgetInParallel(t *testing.T) {
	s := newTestServer(t, func(c *web.Config) { c.Limits = web.Limits{} })
	// A hash of some cost, unlike addUser's, so that guesses are in
	// flight together as they are against a production hash.
	hash, err := bcrypt.GenerateFromPassword([]byte(testPassword), 8)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.CreateUser(context.Background(), account.User{Email: "owner@example.com", Role: account.RoleSales, PasswordHash: string(hash)}); err != nil {
		t.Fatal(err)
	}
	const guesses = 120
	start := make(chan struct{})
	codes := make(chan int, guesses)
	var wg sync.WaitGroup
	for i := range guesses {
		wg.Go(func() {
			<-start
			r := s.login(t, fmt.Sprintf("203.0.%d.%d:5000", 113+i/200, i%200), "owner@example.com", "wrong password")
			codes <- r.StatusCode
		})
	}
	close(start)
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[http.StatusUnauthorized] != 100 || count[http.StatusTooManyRequests] != guesses-100 {
		t.Errorf("%d parallel guesses: %v, want 100 × 401 and %d × 429", guesses, count, guesses-100)
	}
	if r := s.login(t, "192.0.2.9:5000", "owner@example.com", testPassword); r.StatusCode != http.StatusTooManyRequests {
		t.Errorf("the right password from a new address after the budget is spent: %d, want 429", r.StatusCode)
	}
}

// Ensure parallel wrong passwords for one account from one address get
// past the back-off's free attempts and no further: 20 guesses sent at
// once (the address's sign-in limit) get exactly loginFreeFailures
// password checks (401), the rest 429. The back-off used to be checked
// before the password and counted after it, so every guess in flight
// passed it.
func TestLoginBackoffInParallel(t *testing.T) {
	s := newTestServer(t, func(c *web.Config) { c.Limits = web.Limits{} })
	hash, err := bcrypt.GenerateFromPassword([]byte(testPassword), 8)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.CreateUser(context.Background(), account.User{Email: "owner@example.com", Role: account.RoleSales, PasswordHash: string(hash)}); err != nil {
		t.Fatal(err)
	}
	const guesses, free = 20, 5
	start := make(chan struct{})
	codes := make(chan int, guesses)
	var wg sync.WaitGroup
	for range guesses {
		wg.Go(func() {
			<-start
			codes <- s.login(t, "203.0.113.7:5000", "owner@example.com", "wrong password").StatusCode
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
		t.Errorf("%d parallel guesses from one address: %v, want %d × 401 and %d × 429", guesses, count, free, guesses-free)
	}
}
