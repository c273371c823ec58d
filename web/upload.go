package web

import (
	"net/http"
	"time"
)

// DefaultImportTimeout is how long an admin's catalog upload may take to
// arrive and be answered; every other request keeps the server's short
// read timeout.
const DefaultImportTimeout = 10 * time.Minute

// importWriteMargin is the time left to answer once the upload's read
// deadline has passed.
const importWriteMargin = time.Minute

// slowUpload gives the request it wraps Config.ImportTimeout to send its
// body — a 32 MB price list over a slow line takes minutes — and to be
// answered, instead of the server's 15 s. Other routes are unaffected.
// The deadlines are the connection's, so they read the real clock.
func (s *Server) slowUpload(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		deadline := time.Now().Add(s.importTimeout)
		if err := rc.SetReadDeadline(deadline); err != nil {
			s.log.DebugContext(r.Context(), "import read deadline not set", "error", err)
		}
		if err := rc.SetWriteDeadline(deadline.Add(importWriteMargin)); err != nil {
			s.log.DebugContext(r.Context(), "import write deadline not set", "error", err)
		}
		next.ServeHTTP(w, r)
	})
}
