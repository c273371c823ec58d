package web

import (
	"errors"
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
	// routes and /mcp, one budget for all; a what-if costs whatIfCost.
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

// whatIfCost is what a what-if costs of the advice budget, in answers,
// on every route (the page, the API, MCP's what_if; see adviceCharge):
// the most questions a what-if asks the advisor (advisor.RecommendWhatIf):
// the question itself; for each of at most four figures it scales (the
// load, the average load, the latency or first-token target, the time per
// output token), on each side at most 6 samples, 6 bisections and the
// change's own answer; the months at most 22 a side (the doubling steps,
// the months between the last two, the change's answer); and one
// question per pricing model left out. Where the plans built once answer
// the variations it asks fewer; the charge is made before the work, so it
// is the bound.
const whatIfCost = 1 + 4*2*(6+6+1) + 2*22 + 5

// adviceCharge is what a request that asks cost answers is charged of the
// advice budget: cost, or the whole budget where that is less, so that a
// what-if stays possible under a budget smaller than its cost.
func (s *Server) adviceCharge(cost int) int { return min(cost, s.limits.Advice) }

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
