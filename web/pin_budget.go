package web

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Pin limits (see Config.Pins): new pinned links a client address (an
// IPv6 /64) may add a day, how many the store holds, and how long a pin
// nobody uses is kept (its last use: opened, or made when never opened).
// A question pinned before gets its link again at no cost: only new pins
// count.
type PinLimits struct {
	PerAddressPerDay int
	Total            int
	UnvisitedTTL     time.Duration
}

// DefaultPinLimits suit a public site: 200 new pins a day per address,
// a million in all (a pin is about 8 kB compressed: some 8 GB), and pins
// nobody opened for 180 days expire.
var DefaultPinLimits = PinLimits{PerAddressPerDay: 200, Total: 1_000_000, UnvisitedTTL: 180 * 24 * time.Hour}

// errPinsPerDay (429) refuses a new pin.
var errPinsPerDay = fmt.Errorf("%w: no more new pinned links from this address today; share the answer's own link instead", errTooManyRequests)

// pinBudget counts each address's new pins of the current UTC day.
type pinBudget struct {
	mu     sync.Mutex
	day    string
	counts map[string]int
	// expired is when the store last dropped unused pins.
	expired time.Time
}

// take spends one new pin of addr's day, or reports that none is left.
func (b *pinBudget) take(addr string, now time.Time, perDay int) bool {
	if perDay <= 0 {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if d := now.UTC().Format(time.DateOnly); d != b.day || b.counts == nil {
		b.day, b.counts = d, map[string]int{}
	}
	if b.counts[addr] >= perDay {
		return false
	}
	b.counts[addr]++
	return true
}

// takePin spends one new pin of addr's day: in the shared store when
// there is one (every instance's pins count), else in memory.
func (s *Server) takePin(ctx context.Context, addr string, perDay int) bool {
	if s.shared == nil || perDay <= 0 {
		return s.pins.take(addr, s.now(), perDay)
	}
	_, ok, _ := s.spendShared(ctx, "pins", addr, 24*time.Hour, 1, perDay)
	return ok
}

// expiryDue reports whether unused pins are due to expire (at most once
// an hour), and if so marks them expired now.
func (b *pinBudget) expiryDue(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if now.Sub(b.expired) <= time.Hour {
		return false
	}
	b.expired = now
	return true
}

// admitPin decides whether a new pin may be stored and makes room for it:
// the address's budget for the day, then, at most once an hour, expiry of
// pins nobody used within UnvisitedTTL; a store still full evicts the
// least recently used pins no quote rests on. A full store never refuses
// a pin: pins quotes rest on are kept, and may hold the store above its
// total.
func (s *Server) admitPin(ctx context.Context, r *http.Request) error {
	lim := s.pinLimits
	if !s.takePin(ctx, clientIP(r), lim.PerAddressPerDay) {
		return errPinsPerDay
	}
	if lim.UnvisitedTTL > 0 && s.pins.expiryDue(s.now()) {
		gone, err := s.store.ExpireLinks(ctx, s.now().Add(-lim.UnvisitedTTL))
		if err != nil {
			return err
		}
		if gone > 0 {
			s.log.InfoContext(ctx, "expired unused pins", "count", gone)
		}
	}
	if lim.Total <= 0 {
		return nil
	}
	n, err := s.store.CountLinks(ctx)
	if err != nil || n < lim.Total {
		return err
	}
	gone, err := s.store.EvictLinks(ctx, n-lim.Total+1)
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "evicted least recently used pins", "count", gone)
	return nil
}
