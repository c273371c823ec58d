package web

import (
	"context"
	"errors"
	"math"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/httprate"
)

// Limits are the per-address request rates the server accepts, per
// minute; over them it answers 429 with Retry-After. Zero turns a limit
// off.
type Limits struct {
	// Posts bounds every POST (pins, quotes, imports, API writes).
	Posts int
	// Advice bounds the answers to questions and the pages that read
	// one: /advice, its what-if, launch and edit pages, the API's advice
	// routes and /mcp, one budget for all; a what-if is charged the
	// questions it works out (see chargeWork).
	Advice int
	// Login bounds POST /login, on top of the per-account attempt limit.
	Login int
}

// DefaultLimits suit a sales team and its customers behind one address
// each; a load balancer in front should pass client addresses through.
var DefaultLimits = Limits{Posts: 120, Advice: 600, Login: 10}

// clientAddress records the client's address (RemoteAddr: no proxy header
// is trusted) for the rate limiters.
var clientAddress = middleware.ClientIPFromRemoteAddr

// byClient keys a rate limit by the client's address.
func byClient(r *http.Request) (string, error) {
	return httprate.CanonicalizeIP(middleware.GetClientIP(r.Context())), nil
}

// errTooManyRequests is a request over a rate limit.
var errTooManyRequests = errors.New("too many requests from this address: wait a minute and try again")

// limit returns a per-address limiter, the budget named name, of n
// requests a minute, or a no-op. Over it: 429 with Retry-After, as
// problem+json under /api/ and as a small page elsewhere.
func (s *Server) limit(name string, n int) func(http.Handler) http.Handler {
	return s.limitWith(rateLimiter(name, n))
}

// rateLimiter is a per-address budget, named name, of n a minute, for a
// route that charges some requests more than one (see admitMCP); nil when
// n is 0.
func rateLimiter(name string, n int) *rateBudget {
	return newRateBudget(name, n, time.Minute)
}

// limitWith charges each request one of budget (nil: no limit).
func (s *Server) limitWith(budget *rateBudget) func(http.Handler) http.Handler {
	return s.chargeWith(budget, 1)
}

// chargeWith charges each request cost of budget (nil: no limit).
func (s *Server) chargeWith(budget *rateBudget, cost int) func(http.Handler) http.Handler {
	if budget == nil {
		return func(next http.Handler) http.Handler { return next }
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if s.spend(budget, w, r, cost) {
				next.ServeHTTP(w, r)
			}
		})
	}
}

// spend charges cost of budget to r's client and reports whether it was
// within it; over it, it answers 429 with Retry-After.
func (s *Server) spend(budget *rateBudget, w http.ResponseWriter, r *http.Request, cost int) bool {
	key, _ := byClient(r)
	if ok, wait := s.take(budget, w, r, key, cost); !ok {
		if s.shared != nil {
			retryAfter(w, wait)
		}
		s.answerError(errTooManyRequests)(w, r)
		return false
	}
	return true
}

// limitPosts applies the POST limit to POSTs only.
func (s *Server) limitPosts(next http.Handler) http.Handler {
	limited := s.limit("posts", s.limits.Posts)(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			limited.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// chargeWork charges the client of ctx's request cost more answers of the
// advice budget, whatever is left of it: the questions a what-if worked
// out in full beyond the one answer it was charged to start. The work is
// done, so nothing is refused now; the client's next question finds the
// budget spent. On /mcp the client is the one the POST came from.
func (s *Server) chargeWork(ctx context.Context, cost int) {
	b := s.adviceBudget
	if b == nil || cost <= 0 {
		return
	}
	key := httprate.CanonicalizeIP(middleware.GetClientIP(ctx))
	if s.shared != nil {
		s.spendShared(ctx, b.name, key, b.window, cost, math.MaxInt32)
		return
	}
	r := (&http.Request{}).WithContext(httprate.WithRequestLimit(httprate.WithIncrement(ctx, cost), math.MaxInt32))
	b.local.OnLimit(headerSink{}, r, key)
}

// headerSink is a ResponseWriter that keeps nothing: the headers a limiter
// sets when a charge is made after its request was answered.
type headerSink struct{}

func (headerSink) Header() http.Header         { return http.Header{} }
func (headerSink) Write(b []byte) (int, error) { return len(b), nil }
func (headerSink) WriteHeader(int)             {}
