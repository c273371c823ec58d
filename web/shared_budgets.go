package web

import (
	"context"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/go-chi/httprate"

	"gpuplace/internal/store"
)

// sharedBudgets is a store that keeps the rate budgets for every instance
// sharing its database (PostgreSQL): *store.DB implements it. Each budget
// is counted per key (a client address, an account) over fixed windows;
// the sign-in back-off per account and address is kept there too.
type sharedBudgets interface {
	Dialect() string
	SpendBudget(ctx context.Context, budget, key string, window time.Time, cost, limit int) (spent int, ok bool, err error)
	RefundBudget(ctx context.Context, budget, key string, window time.Time, cost int) error
	BudgetSpent(ctx context.Context, budget, key string, since time.Time) (int, error)
	ExpireBudgets(ctx context.Context, budget string, cutoff time.Time) (int64, error)

	ReserveLoginFailure(ctx context.Context, key string, now time.Time, next func(failures int) time.Time) (prev time.Time, wait time.Duration, err error)
	RefundLoginFailure(ctx context.Context, key string, prev time.Time) error
	ForgetLoginFailures(ctx context.Context, key string) error
	ExpireLoginFailures(ctx context.Context, cutoff time.Time) (int64, error)
}

// The store keeps shared budgets: a change to its methods must not turn
// them back into per-instance ones unnoticed.
var _ sharedBudgets = (*store.DB)(nil)

// budgetsShared returns st's shared budgets when it is PostgreSQL; nil
// for SQLite, whose one instance keeps its budgets in memory.
func budgetsShared(st Store) sharedBudgets {
	if b, ok := st.(sharedBudgets); ok && b.Dialect() == "postgres" {
		return b
	}
	return nil
}

// budgetsKept is how long each shared budget's counts of past windows
// are kept: its window and then some (at least an hour: they are expired
// once an hour).
var budgetsKept = map[string]time.Duration{
	"posts": time.Hour, "advice": time.Hour, "login": time.Hour, "login-address": time.Hour,
	"pins": 48 * time.Hour, "account": 2 * accountWindow, "trusted": trustedAddrTTL + 24*time.Hour,
}

// budgetWindows are what the shared store's windows need besides the
// store: when they were last expired.
type budgetWindows struct {
	expired atomic.Int64 // Unix seconds
}

// rateBudget is a per-address budget of n requests a window. With a
// shared store it is counted there, in fixed windows, for every instance;
// otherwise in memory (httprate's sliding window), for this one.
type rateBudget struct {
	name   string
	n      int
	window time.Duration
	local  *httprate.RateLimiter
	// quiet sends no X-RateLimit headers.
	quiet bool
}

// newRateBudget returns the budget named name of n a window, nil when n
// is 0; opts configure its in-memory limiter.
func newRateBudget(name string, n int, window time.Duration, opts ...httprate.Option) *rateBudget {
	if n <= 0 {
		return nil
	}
	return &rateBudget{name: name, n: n, window: window, local: httprate.NewRateLimiter(n, window, opts...)}
}

// take charges cost of b to key and reports whether it was within it,
// and if not how long until it is renewed. In memory it writes
// httprate's headers to w.
func (s *Server) take(b *rateBudget, w http.ResponseWriter, r *http.Request, key string, cost int) (bool, time.Duration) {
	if s.shared == nil {
		if b.local.OnLimit(w, r.WithContext(httprate.WithIncrement(r.Context(), cost)), key) {
			return false, b.window
		}
		return true, 0
	}
	spent, ok, retry := s.spendShared(r.Context(), b.name, key, b.window, cost, b.n)
	if !b.quiet {
		w.Header().Set("X-RateLimit-Limit", strconv.Itoa(b.n))
		w.Header().Set("X-RateLimit-Remaining", strconv.Itoa(max(0, b.n-spent)))
	}
	return ok, retry
}

// spendShared spends cost of the shared budget named budget for key in
// the current window of length window, and returns what is spent, whether
// it was within limit and how long until the window ends. A store that
// fails is logged and lets the request through: the budgets are there to
// stop abuse, not to turn a database fault into refusals.
func (s *Server) spendShared(ctx context.Context, budget, key string, window time.Duration, cost, limit int) (spent int, ok bool, retry time.Duration) {
	now := s.now()
	start := now.Truncate(window)
	spent, ok, err := s.shared.SpendBudget(ctx, budget, key, start, cost, limit)
	if err != nil {
		s.log.WarnContext(ctx, "budget not counted", "budget", budget, "err", err)
		return 0, true, 0
	}
	s.expireBudgets(ctx, now)
	if !ok {
		spent = limit
	}
	return spent, ok, start.Add(window).Sub(now)
}

// expireBudgets drops the counts of windows past budgetsKept, at most
// once an hour per instance.
func (s *Server) expireBudgets(ctx context.Context, now time.Time) {
	last := s.windows.expired.Load()
	if now.Unix()-last < int64(time.Hour/time.Second) || !s.windows.expired.CompareAndSwap(last, now.Unix()) {
		return
	}
	for budget, kept := range budgetsKept {
		if _, err := s.shared.ExpireBudgets(ctx, budget, now.Add(-kept)); err != nil {
			s.log.WarnContext(ctx, "old budget counts not dropped", "budget", budget, "err", err)
		}
	}
	if _, err := s.shared.ExpireLoginFailures(ctx, now.Add(-loginMaxDelay)); err != nil {
		s.log.WarnContext(ctx, "old sign-in failures not dropped", "err", err)
	}
}

// retryAfter sets Retry-After to d in whole seconds, at least one.
func retryAfter(w http.ResponseWriter, d time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(max(1, int((d+time.Second-1)/time.Second))))
}
