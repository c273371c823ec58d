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
// they cannot lock the owner out of the account.
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

// wait returns how long an attempt on email from ip must still wait; 0
// means it may go ahead.
func (b *loginBackoff) wait(email, ip string) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	e, ok := b.entries[backoffKey(email, ip)]
	if !ok {
		return 0
	}
	return max(0, e.until.Sub(b.now()))
}

// fail records a wrong password for email from ip.
func (b *loginBackoff) fail(email, ip string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	key := backoffKey(email, ip)
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
	if over := e.failures - loginFreeFailures; over >= 0 {
		delay := loginMaxDelay
		if over < 30 {
			delay = min(loginFirstDelay<<over, loginMaxDelay)
		}
		e.until = now.Add(delay)
	}
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
