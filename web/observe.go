package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// observe records every request once it is answered: it counts and times
// it in the metrics and logs one line (method, route, status, duration,
// bytes), with 499 for a client that went away unless the handler named
// its error (4xx). Both name the route by its pattern, never the raw
// path, which would put ids into log keys and metric labels.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		took := time.Since(start)
		status := ww.Status()
		switch {
		case clientGone(r) && (status < 400 || status >= 500):
			// The client did not wait for all of what was written: a
			// cut-off reply, an abandoned what-if, a health check given
			// up on. A client error the handler named stays (a body read
			// past its deadline, 408, also ends the context).
			status = statusClientClosed
		case status == 0:
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

// clientGone reports whether r's client went away before its answer was
// done: the server cancels a request's context only then (shutting down,
// it lets requests finish).
func clientGone(r *http.Request) bool { return errors.Is(r.Context().Err(), context.Canceled) }

// routeOf is the route pattern that matched r ("/s/{id}"), or "unmatched".
func routeOf(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
		return rc.RoutePattern()
	}
	return "unmatched"
}
