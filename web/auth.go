package web

import (
	"context"
	"errors"
	"github.com/go-chi/httprate"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gpuplace/internal/account"
	"gpuplace/templates"
)

// sessionCookie carries the session token of a signed-in user.
const sessionCookie = "gpuplace_session"

var (
	errUnauthorized = errors.New("sign in first")
	errForbidden    = errors.New("this needs another role")
)

type userKey struct{}

// userOf returns the signed-in user of a request, if any.
func userOf(ctx context.Context) (account.User, bool) {
	u, ok := ctx.Value(userKey{}).(account.User)
	return u, ok
}

// withUser loads the user of the session cookie, when it names a live
// session, into the request context.
func (s *Server) withUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie(s.sessionCookieName()); err == nil && c.Value != "" {
			if u, err := s.store.SessionUser(r.Context(), account.HashToken(c.Value), s.now()); err == nil {
				r = r.WithContext(context.WithValue(r.Context(), userKey{}, u))
			}
		}
		next.ServeHTTP(w, r)
	})
}

// requirePage lets signed-in users with one of roles through; anonymous
// visitors go to the sign-in page and come back after.
func (s *Server) requirePage(roles ...string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			u, ok := userOf(r.Context())
			if !ok {
				http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
				return
			}
			if !hasRole(u, roles) {
				s.renderError(w, r, errForbidden)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// requireAPI is requirePage for the API: 401 or 403 problem+json.
func (s *Server) requireAPI(roles ...string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			u, ok := userOf(r.Context())
			switch {
			case !ok:
				w.Header().Set("WWW-Authenticate", `Cookie realm="gpuplace"`)
				s.writeProblem(w, r, errUnauthorized)
			case !hasRole(u, roles):
				s.writeProblem(w, r, errForbidden)
			default:
				next.ServeHTTP(w, r)
			}
		})
	}
}

func hasRole(u account.User, roles []string) bool {
	for _, r := range roles {
		if u.Role == r {
			return true
		}
	}
	return len(roles) == 0
}

// handleLoginForm handles GET /login.
func (s *Server) handleLoginForm(w http.ResponseWriter, r *http.Request) error {
	return render(w, r, http.StatusOK, templates.LoginPage(templates.LoginView{Frame: frame(r), Next: safeNext(r.URL.Query().Get("next"))}))
}

// handleLogin handles POST /login: check the password (attempts limited
// per address, wrong passwords slowed per account and address), start a
// session, go where the visitor was going.
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return badRequest(err)
	}
	email := account.NormalizeEmail(r.PostForm.Get("email"))
	password := r.PostForm.Get("password")
	v := templates.LoginView{Frame: frame(r), Email: email, Next: safeNext(r.PostForm.Get("next"))}
	ip := clientIP(r)
	if ok, wait := s.take(s.logins, w, r, "ip:"+ip, 1); !ok {
		return s.refuseLogin(w, r, v, "login.limited", wait)
	}
	// The attempt is counted as a wrong password before the check, here
	// and against the account's budget, and given back if it was not one.
	a, wait, err := s.reserveAttempt(r.Context(), email, ip)
	if err != nil {
		return err
	}
	if wait > 0 {
		return s.refuseLogin(w, r, v, "login.backoff", wait)
	}
	device := ""
	if c, err := r.Cookie(s.deviceCookieName()); err == nil {
		device = c.Value
	}
	g, ok, err := s.reserveGuess(r.Context(), email, ip, device)
	if err != nil {
		s.refundAttempt(r.Context(), a)
		return err
	}
	if !ok {
		s.refundAttempt(r.Context(), a)
		s.log.WarnContext(r.Context(), "login refused: account budget spent", "email", email, "ip", ip)
		return s.refuseLogin(w, r, v, "login.account_limited", accountWindow)
	}
	u, err := s.store.UserByEmail(r.Context(), email)
	switch {
	case errors.Is(err, account.ErrNotFound):
		account.SpendPasswordCheck(password)
	case err != nil:
		s.refundGuess(r.Context(), g)
		s.refundAttempt(r.Context(), a)
		return err
	}
	if err != nil || !u.CheckPassword(password) {
		s.log.WarnContext(r.Context(), "login failed", "email", email, "ip", ip)
		s.metrics.loginFailures.Inc()
		v.Error = "login.failed"
		return render(w, r, http.StatusUnauthorized, templates.LoginPage(v))
	}
	s.refundGuess(r.Context(), g)
	s.forgetAttempts(r.Context(), email, ip)
	device = s.signedIn(r.Context(), email, ip, device)
	http.SetCookie(w, &http.Cookie{Name: s.deviceCookieName(), Value: device, Path: "/", MaxAge: int(trustedAddrTTL / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.https()})
	token, hash := account.NewSessionToken()
	if err := s.store.CreateSession(r.Context(), hash, u.ID, s.now().Add(account.SessionTTL)); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: s.sessionCookieName(), Value: token, Path: "/", MaxAge: int(account.SessionTTL / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.https()})
	http.Redirect(w, r, v.Next, http.StatusSeeOther)
	return nil
}

// refuseLogin answers a sign-in attempt that must wait: 429, the form with
// the message key, and Retry-After in whole seconds.
func (s *Server) refuseLogin(w http.ResponseWriter, r *http.Request, v templates.LoginView, msg string, wait time.Duration) error {
	s.metrics.loginFailures.Inc()
	v.Error = msg
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	return render(w, r, http.StatusTooManyRequests, templates.LoginPage(v))
}

// handleLogout handles POST /logout.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(s.sessionCookieName()); err == nil {
		if err := s.store.DeleteSession(r.Context(), account.HashToken(c.Value)); err != nil {
			return err
		}
	}
	http.SetCookie(w, &http.Cookie{Name: s.sessionCookieName(), Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: s.https()})
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}

// clientIP is the address the request came from, as the limits key it:
// an IPv4 address, or the /64 an IPv6 address is in (one subscriber's
// network). No proxy headers are trusted: deploy behind a proxy that sets
// RemoteAddr, or extend here.
func clientIP(r *http.Request) string {
	host := r.RemoteAddr
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	return httprate.CanonicalizeIP(strings.Trim(host, "[]"))
}

// https reports whether the site is served over HTTPS (its base URL).
func (s *Server) https() bool { return strings.HasPrefix(s.baseURL, "https://") }

// sessionCookieName is the session cookie's name, with the __Host- prefix
// over HTTPS (see deviceCookieName).
func (s *Server) sessionCookieName() string {
	if s.https() {
		return "__Host-" + sessionCookie
	}
	return sessionCookie
}

// deviceCookieName is the device cookie's name: with the __Host- prefix
// over HTTPS, which browsers keep to this host, path / and Secure.
func (s *Server) deviceCookieName() string {
	if s.https() {
		return "__Host-" + deviceCookie
	}
	return deviceCookie
}
