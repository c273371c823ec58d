package web

import (
	"time"

	"github.com/go-chi/httprate"
)

// Sign-in attempts allowed per window and client address, whatever the
// account; wrong passwords for one account are slowed further per
// address (see loginBackoff).
const (
	loginWindow = 15 * time.Minute
	loginPerIP  = 20
)

// newLoginLimiter counts sign-in attempts per client address over a
// sliding window (httprate), sending none of its own headers: a refused
// attempt gets the sign-in page with Retry-After (see refuseLogin).
func newLoginLimiter() *rateBudget {
	b := newRateBudget("login-address", loginPerIP, loginWindow, httprate.WithResponseHeaders(httprate.ResponseHeaders{}))
	b.quiet = true
	return b
}
