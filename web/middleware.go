package web

import (
	"net/http"
)

// recoverPanics turns a panic in a handler into a logged 500.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "error", v, "method", r.Method, "path", r.URL.Path)
				http.Error(w, "Something went wrong. Please try again.", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// securityHeaders sets the headers every answer carries. The CSP allows no
// inline script or style: pages load only their own static files.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

// limitBodies caps the bodies of the requests it wraps at n bytes; reading
// past the cap fails with *http.MaxBytesError, answered 413. Each route
// group declares its cap (see routes).
func limitBodies(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Body = http.MaxBytesReader(w, r.Body, n)
			next.ServeHTTP(w, r)
		})
	}
}

// crossOriginProtection rejects cross-origin POSTs from browsers (Fetch
// metadata and Origin checks, Go's CrossOriginProtection) with 403.
func crossOriginProtection(next http.Handler) http.Handler {
	return http.NewCrossOriginProtection().Handler(next)
}

// privateWhenSignedIn marks the answers to signed-in users private: the
// page header names the user, so no shared cache may keep it. A handler
// may still tighten it (no-store).
func privateWhenSignedIn(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := userOf(r.Context()); ok {
			w.Header().Set("Cache-Control", "private")
		}
		next.ServeHTTP(w, r)
	})
}

// noStore keeps answers out of every cache, the browser's included: they
// hold quotes or catalog administration.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "private, no-store")
		next.ServeHTTP(w, r)
	})
}
