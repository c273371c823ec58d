package web

import (
	"crypto/rand"
	"encoding/hex"
	"slices"
	"sync"
	"time"
)

// The per-account budget of wrong passwords (OWASP ASVS v4 2.2.1: at most
// 100 failed attempts an hour on one account), whatever addresses they
// come from. Over it, an attempt on the account is refused unless it comes
// from a device the owner signed in from (its device cookie) or from an
// address (an IPv6 /64) that signed in to the account within
// trustedAddrTTL: guessing stops, the owner does not. Kept per instance
// in memory on SQLite, in the database for every instance on PostgreSQL
// (see reserveGuess).
const (
	accountFailuresPerHour = 100
	accountWindow          = time.Hour
	trustedAddrTTL         = 30 * 24 * time.Hour
	maxTrustedPerAccount   = 20
	maxBudgetAccounts      = 100_000
)

// deviceCookie marks a browser that signed in to an account: it keeps
// working when the account's budget of wrong passwords is spent.
const deviceCookie = "gpuplace_device"

// accountBudget counts wrong passwords per account over the last hour
// and remembers where each account's owner signed in from. An attempt is
// counted before its password is checked (reserve), and given back when
// the password is right.
type accountBudget struct {
	mu       sync.Mutex
	now      func() time.Time
	accounts map[string]*accountEntry
}

type accountEntry struct {
	failures []time.Time          // within the last window, oldest first
	addrs    map[string]time.Time // address key → last successful sign-in
	devices  map[string]time.Time // device token → last successful sign-in
}

func newAccountBudget(now func() time.Time) *accountBudget {
	return &accountBudget{now: now, accounts: map[string]*accountEntry{}}
}

// entry returns email's entry, made on first use (the map bounded: when
// full, accounts with nothing to remember are forgotten first).
func (b *accountBudget) entry(email string) *accountEntry {
	e, ok := b.accounts[email]
	if !ok {
		if len(b.accounts) >= maxBudgetAccounts {
			b.sweep()
		}
		e = &accountEntry{addrs: map[string]time.Time{}, devices: map[string]time.Time{}}
		b.accounts[email] = e
	}
	return e
}

// guess is one wrong password counted in advance against an account's
// budget (see reserve).
type guess struct {
	email string
	at    time.Time // when; in the shared store, its window's start
	// shared is a guess counted in the shared store (see reserveGuess).
	shared bool
}

// reserve counts an attempt on email from addr with device token device
// as a wrong password before its password is checked, so that parallel
// attempts cannot all pass a budget they would each spend: ok is false
// when the budget is used up, unless the attempt comes from one of the
// owner's recent addresses or devices. A correct password gives the guess
// back (refund).
func (b *accountBudget) reserve(email, addr, device string) (g guess, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.entry(email)
	now := b.now()
	e.trim(now)
	if len(e.failures) >= accountFailuresPerHour && !e.trusted(addr, device, now) {
		return guess{}, false
	}
	if len(e.failures) < 2*accountFailuresPerHour {
		e.failures = append(e.failures, now)
	}
	return guess{email: email, at: now}, true
}

// trusted reports whether addr or device signed in to the account within
// trustedAddrTTL.
func (e *accountEntry) trusted(addr, device string, now time.Time) bool {
	if t, ok := e.addrs[addr]; ok && now.Sub(t) < trustedAddrTTL {
		return true
	}
	t, ok := e.devices[device]
	return ok && device != "" && now.Sub(t) < trustedAddrTTL
}

// refund gives back a guess that was not a wrong password.
func (b *accountBudget) refund(g guess) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e, ok := b.accounts[g.email]
	if !ok {
		return
	}
	for i := len(e.failures) - 1; i >= 0; i-- {
		if e.failures[i].Equal(g.at) {
			e.failures = slices.Delete(e.failures, i, i+1)
			return
		}
	}
}

// succeed remembers the address and device the owner signed in from, and
// returns the device token to set (a new one when the browser had none).
func (b *accountBudget) succeed(email, addr, device string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.entry(email)
	now := b.now()
	if device == "" {
		var raw [16]byte
		rand.Read(raw[:])
		device = hex.EncodeToString(raw[:])
	}
	remember(e.addrs, addr, now)
	remember(e.devices, device, now)
	return device
}

// remember notes key at now, keeping the maxTrustedPerAccount latest.
func remember(m map[string]time.Time, key string, now time.Time) {
	m[key] = now
	for len(m) > maxTrustedPerAccount {
		oldest := ""
		for k, t := range m {
			if oldest == "" || t.Before(m[oldest]) {
				oldest = k
			}
		}
		delete(m, oldest)
	}
}

// trim drops failures older than the window.
func (e *accountEntry) trim(now time.Time) {
	i, _ := slices.BinarySearchFunc(e.failures, now.Add(-accountWindow), func(t, cut time.Time) int { return t.Compare(cut) })
	e.failures = e.failures[i:]
}

// sweep forgets accounts with no failure in the window and no trusted
// place left.
func (b *accountBudget) sweep() {
	now := b.now()
	for k, e := range b.accounts {
		e.trim(now)
		if len(e.failures) == 0 && len(e.addrs) == 0 {
			delete(b.accounts, k)
		}
	}
}
