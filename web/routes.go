package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// routes lists every route of the app.
func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(s.recoverPanics, s.logRequests, securityHeaders)

	r.Get("/", s.handle(s.handleHome))
	r.Get("/healthz", s.handleHealth)
	r.Get("/static/*", handleStatic)

	r.Route("/api/v1", func(r chi.Router) {
		r.Get("/catalog", s.handleAPI(s.handleAPICatalog))
	})
	r.NotFound(s.handle(func(w http.ResponseWriter, r *http.Request) error { return errNotFound }))
	return r
}
