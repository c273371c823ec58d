package web

import (
	"context"
	"net/http"
	"time"
)

// handleHealth answers 200 when the database answers a query, 503 otherwise.
// A check whose client hung up is no failure: it is answered with nothing
// and recorded as 499 (see observe), so that no one can fire the alert on
// 5xx by hanging up.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := s.store.Ping(ctx); err != nil {
		if clientGone(r) {
			return
		}
		s.log.WarnContext(r.Context(), "health check failed", "error", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("database unavailable\n"))
		return
	}
	w.Write([]byte("ok\n"))
}
