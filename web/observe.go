package web

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// observe records every request once it is answered: it counts and times
// it in the metrics and logs one line (method, route, status, duration,
// bytes). Both name the route by its pattern, never the raw path, which
// would put ids into log keys and metric labels.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		took := time.Since(start)
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		route := routeOf(r)
		s.metrics.requests.WithLabelValues(route, r.Method, strconv.Itoa(status)).Inc()
		s.metrics.duration.WithLabelValues(route).Observe(took.Seconds())
		s.log.InfoContext(r.Context(), "request",
			"method", r.Method, "route", route, "status", status,
			"duration_ms", float64(took.Microseconds())/1000, "bytes", ww.BytesWritten())
	})
}

// routeOf is the route pattern that matched r ("/s/{id}"), or "unmatched".
func routeOf(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
		return rc.RoutePattern()
	}
	return "unmatched"
}
