package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// The account guessing budget (see accountBudget) in the shared store,
// when there is one: wrong passwords are counted per account over fixed
// hours ("account"), and the places the owner signed in from are
// remembered per account and day ("trusted": an address, or a device
// token's SHA-256), so that every instance sharing the database refuses
// the 101st guess of an hour and lets the owner in from where they signed
// in to any of them.

// reserveGuess is accountBudget.reserve, in the shared store when there is
// one; a store that fails refuses the attempt with its error.
func (s *Server) reserveGuess(ctx context.Context, email, addr, device string) (guess, bool, error) {
	if s.shared == nil {
		g, ok := s.budget.reserve(email, addr, device)
		return g, ok, nil
	}
	now := s.now()
	window := now.Truncate(accountWindow)
	_, ok, err := s.shared.SpendBudget(ctx, "account", email, window, 1, accountFailuresPerHour)
	if err != nil || ok {
		return guess{email: email, at: window, shared: ok}, ok, err
	}
	trusted, err := s.trustedShared(ctx, email, addr, device, now)
	return guess{}, trusted, err
}

// refundGuess gives back a guess that was not a wrong password.
func (s *Server) refundGuess(ctx context.Context, g guess) {
	if g.email == "" { // an attempt let through uncounted
		return
	}
	if !g.shared {
		s.budget.refund(g)
		return
	}
	if err := s.shared.RefundBudget(ctx, "account", g.email, g.at, 1); err != nil {
		s.log.WarnContext(ctx, "guess not given back", "email", g.email, "err", err)
	}
}

// signedIn remembers the address and device the owner signed in from, and
// returns the device token to set (a new one when the browser had none).
func (s *Server) signedIn(ctx context.Context, email, addr, device string) string {
	if s.shared == nil {
		return s.budget.succeed(email, addr, device)
	}
	if device == "" {
		var raw [16]byte
		rand.Read(raw[:])
		device = hex.EncodeToString(raw[:])
	}
	day := s.now().Truncate(24 * time.Hour)
	for _, place := range []string{trustedAddr(email, addr), trustedDevice(email, device)} {
		if _, _, err := s.shared.SpendBudget(ctx, "trusted", place, day, 1, 1<<30); err != nil {
			s.log.WarnContext(ctx, "sign-in place not remembered", "email", email, "err", err)
		}
	}
	return device
}

// trustedShared reports whether addr or device signed in to email's
// account within trustedAddrTTL, on any instance.
func (s *Server) trustedShared(ctx context.Context, email, addr, device string, now time.Time) (bool, error) {
	since := now.Add(-trustedAddrTTL)
	places := []string{trustedAddr(email, addr)}
	if device != "" {
		places = append(places, trustedDevice(email, device))
	}
	for _, place := range places {
		n, err := s.shared.BudgetSpent(ctx, "trusted", place, since)
		if err != nil || n > 0 {
			return n > 0, err
		}
	}
	return false, nil
}

// trustedAddr keys an address the owner of email signed in from (its
// prefix has no space, so keys cannot collide; PostgreSQL text holds no
// NUL).
func trustedAddr(email, addr string) string { return "addr:" + addr + " " + email }

// trustedDevice keys a device by its token's hash: the store never holds
// a token that would let its holder past the budget.
func trustedDevice(email, device string) string {
	sum := sha256.Sum256([]byte(device))
	return "device:" + hex.EncodeToString(sum[:]) + " " + email
}

// reserveAttempt is loginBackoff.reserve, in the shared store when there
// is one: every instance counts an account's wrong passwords from an
// address, and makes the address wait, alike.
func (s *Server) reserveAttempt(ctx context.Context, email, ip string) (attempt, time.Duration, error) {
	if s.shared == nil {
		a, wait := s.backoff.reserve(email, ip)
		return a, wait, nil
	}
	key, now := ip+" "+email, s.now()
	prev, wait, err := s.shared.ReserveLoginFailure(ctx, key, now, func(n int) time.Time { return backoffUntil(n, now) })
	return attempt{key: key, until: prev, shared: true}, wait, err
}

// refundAttempt gives back an attempt whose password was not checked.
func (s *Server) refundAttempt(ctx context.Context, a attempt) {
	if !a.shared {
		s.backoff.refund(a)
		return
	}
	if err := s.shared.RefundLoginFailure(ctx, a.key, a.until); err != nil {
		s.log.WarnContext(ctx, "sign-in attempt not given back", "err", err)
	}
}

// forgetAttempts forgets the wrong passwords for email from ip: a correct
// one came.
func (s *Server) forgetAttempts(ctx context.Context, email, ip string) {
	if s.shared == nil {
		s.backoff.succeed(email, ip)
		return
	}
	if err := s.shared.ForgetLoginFailures(ctx, ip+" "+email); err != nil {
		s.log.WarnContext(ctx, "sign-in failures not forgotten", "email", email, "err", err)
	}
}
