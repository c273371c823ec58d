package web

import (
	"sync"
	"time"
)

// Sign-in attempts allowed per window and client address, whatever the
// account; wrong passwords for one account are slowed further per
// address (see loginBackoff).
const (
	loginWindow = 15 * time.Minute
	loginPerIP  = 20
)

// attemptLimiter counts attempts per key over a sliding window.
type attemptLimiter struct {
	mu       sync.Mutex
	window   time.Duration
	now      func() time.Time
	attempts map[string][]time.Time
}

func newAttemptLimiter(window time.Duration, now func() time.Time) *attemptLimiter {
	return &attemptLimiter{window: window, now: now, attempts: map[string][]time.Time{}}
}

// allow records an attempt for key and reports whether it is within limit.
func (l *attemptLimiter) allow(key string, limit int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	cut := now.Add(-l.window)
	kept := l.attempts[key][:0]
	for _, t := range l.attempts[key] {
		if t.After(cut) {
			kept = append(kept, t)
		}
	}
	if len(kept) >= limit {
		l.attempts[key] = kept
		return false
	}
	l.attempts[key] = append(kept, now)
	if len(l.attempts) > 100_000 {
		l.sweep(cut)
	}
	return true
}

// sweep drops keys whose attempts are all outside the window.
func (l *attemptLimiter) sweep(cut time.Time) {
	for k, ts := range l.attempts {
		if len(ts) == 0 || !ts[len(ts)-1].After(cut) {
			delete(l.attempts, k)
		}
	}
}
