package web

import (
	"testing"
	"time"
)

// Ensure wrong passwords cost nothing at first, then make the next attempt
// from the same address wait twice as long each time up to the cap, a
// correct password forgets them, and other addresses never wait.
func TestLoginBackoff(t *testing.T) {
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	b := newLoginBackoff(func() time.Time { return now })
	const email, ip, elsewhere = "ann@example.com", "198.51.100.7", "203.0.113.9"
	for i := range loginFreeFailures - 1 {
		b.fail(email, ip)
		if w := b.wait(email, ip); w != 0 {
			t.Fatalf("after %d wrong passwords the next attempt waits %s, want 0", i+1, w)
		}
	}
	want := loginFirstDelay
	for range 14 {
		b.fail(email, ip)
		if w := b.wait(email, ip); w != want {
			t.Fatalf("wait = %s, want %s", w, want)
		}
		if w := b.wait(email, elsewhere); w != 0 {
			t.Fatalf("another address waits %s, want 0", w)
		}
		if w := b.wait("ben@example.com", ip); w != 0 {
			t.Fatalf("another account from the same address waits %s, want 0", w)
		}
		now = now.Add(want) // waits its turn
		want = min(2*want, loginMaxDelay)
	}
	if want != loginMaxDelay {
		t.Fatalf("the delay grew to %s only, want the cap %s", want, loginMaxDelay)
	}
	b.fail(email, ip)
	if w := b.wait(email, ip); w != loginMaxDelay {
		t.Errorf("wait = %s past the cap, want %s", w, loginMaxDelay)
	}
	b.succeed(email, ip)
	if w := b.wait(email, ip); w != 0 {
		t.Errorf("after a correct password the wait is %s, want 0", w)
	}
}
