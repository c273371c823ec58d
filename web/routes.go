package web

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
)

// maxFormBytes bounds what a POST may send: a form or a JSON request is a
// few kilobytes; anything larger is refused with 413.
const maxFormBytes = 64 << 10

// routes lists every route of the app.
func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(s.recoverPanics, s.logRequests, securityHeaders, limitBodies(maxFormBytes), crossOriginProtection)

	r.Get("/static/*", handleStatic)
	r.Get("/healthz", s.handleHealth)

	r.Group(func(r chi.Router) {
		r.Use(withLanguage)
		r.Get("/", s.handle(s.handleHome))
		r.Get("/advice", s.handle(s.handleAdvice))
		r.Post("/s", s.handle(s.handleLinkCreate))
		r.Get("/s/{id}", s.handle(s.handleLinkView))
	})

	r.Get("/api/openapi.json", handleOpenAPI)
	r.Route("/api/v1", func(r chi.Router) {
		r.Get("/advice", s.handleAPI(s.handleAPIAdviceGet))
		r.Post("/advice", s.handleAPI(s.handleAPIAdvicePost))
		r.Get("/catalog", s.handleAPI(s.handleAPICatalog))
		r.Get("/gpus", s.handleAPI(s.handleAPIGPUs))
		r.Get("/regions", s.handleAPI(s.handleAPIRegions))
		r.Get("/offers", s.handleAPI(s.handleAPIOffers))
		r.Get("/latency", s.handleAPI(s.handleAPILatency))
		r.Post("/links", s.handleAPI(s.handleAPILinkCreate))
		r.Get("/links/{id}", s.handleAPI(s.handleAPILink))
	})
	r.NotFound(s.answerError(errNotFound))
	r.MethodNotAllowed(s.answerError(errMethodNotAllowed))
	return r
}

// answerError answers every request with err: problem+json under /api/,
// an HTML page elsewhere.
func (s *Server) answerError(err error) http.HandlerFunc {
	api := s.handleAPI(func(http.ResponseWriter, *http.Request) error { return err })
	page := withLanguage(s.handle(func(http.ResponseWriter, *http.Request) error { return err }))
	return func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			api(w, r)
			return
		}
		page.ServeHTTP(w, r)
	}
}
