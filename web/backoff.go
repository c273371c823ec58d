package web

import (
	"sync"
	"time"
)

// Back-off of wrong passwords: the first loginFreeFailures wrong passwords
// for one account from one address cost nothing; after that each one makes
// the next attempt from there wait, 1 s at first, twice as long each time,
// at most loginMaxDelay. A correct password forgets them.
const (
	loginFreeFailures = 5
	loginFirstDelay   = time.Second
	loginMaxDelay     = 15 * time.Minute
)

// loginBackoff slows password guessing per account *and* client address:
// someone guessing from elsewhere makes only their own address wait, so
// they cannot lock the owner out of the account. It is kept in memory for
// one instance (SQLite); on PostgreSQL the database keeps it for every
// instance (see reserveAttempt).
type loginBackoff struct {
	mu      sync.Mutex
	now     func() time.Time
	entries map[string]*backoffEntry
}

type backoffEntry struct {
	failures int
	until    time.Time // no attempt before
	last     time.Time // the last failure
}

func newLoginBackoff(now func() time.Time) *loginBackoff {
	return &loginBackoff{now: now, entries: map[string]*backoffEntry{}}
}

func backoffKey(email, ip string) string { return email + "\x00" + ip }

// attempt is one wrong password counted in advance for an account from
// an address (see reserve).
type attempt struct {
	key   string
	until time.Time // the entry's until before the attempt
	// shared is an attempt counted in the shared store (see
	// reserveAttempt).
	shared bool
}

// reserve counts an attempt on email from ip as a wrong password before
// its password is checked, so that parallel attempts cannot all pass the
// free ones: it returns how long the attempt must still wait instead,
// counting nothing, when the address is made to wait. A correct password
// forgets the failures (succeed); an attempt that was never checked is
// given back (refund).
func (b *loginBackoff) reserve(email, ip string) (a attempt, wait time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	key := backoffKey(email, ip)
	if wait := b.waitLocked(key); wait > 0 {
		return attempt{}, wait
	}
	var until time.Time
	if e, ok := b.entries[key]; ok {
		until = e.until
	}
	b.failLocked(key)
	return attempt{key: key, until: until}, 0
}

// refund gives back an attempt whose password was not checked.
func (b *loginBackoff) refund(a attempt) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if e, ok := b.entries[a.key]; ok && e.failures > 0 {
		e.failures--
		e.until = a.until
	}
}

// wait returns how long an attempt on email from ip must still wait; 0
// means it may go ahead.
func (b *loginBackoff) wait(email, ip string) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.waitLocked(backoffKey(email, ip))
}

func (b *loginBackoff) waitLocked(key string) time.Duration {
	e, ok := b.entries[key]
	if !ok {
		return 0
	}
	return max(0, e.until.Sub(b.now()))
}

// fail records a wrong password for email from ip.
func (b *loginBackoff) fail(email, ip string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.failLocked(backoffKey(email, ip))
}

func (b *loginBackoff) failLocked(key string) {
	now := b.now()
	e, ok := b.entries[key]
	if !ok {
		if len(b.entries) >= 100_000 {
			b.sweep(now)
		}
		e = &backoffEntry{}
		b.entries[key] = e
	}
	e.failures++
	e.last = now
	if until := backoffUntil(e.failures, now); !until.IsZero() {
		e.until = until
	}
}

// backoffUntil is until when the attempt after n wrong passwords, the
// last at now, must wait: the zero time while they are free.
func backoffUntil(n int, now time.Time) time.Time {
	over := n - loginFreeFailures
	if over < 0 {
		return time.Time{}
	}
	delay := loginMaxDelay
	if over < 30 {
		delay = min(loginFirstDelay<<over, loginMaxDelay)
	}
	return now.Add(delay)
}

// succeed forgets the wrong passwords for email from ip.
func (b *loginBackoff) succeed(email, ip string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.entries, backoffKey(email, ip))
}

// sweep forgets entries that have waited out their delay and been quiet
// for as long as the longest delay.
func (b *loginBackoff) sweep(now time.Time) {
	for k, e := range b.entries {
		if now.After(e.until) && now.Sub(e.last) > loginMaxDelay {
			delete(b.entries, k)
		}
	}
}
