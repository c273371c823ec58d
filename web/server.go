// Package web serves gpuplace's pages and its JSON API over the catalog and
// the advisor. Handlers are thin: decode, validate in the domain, call the
// domain, render.
package web

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"gpuplace/internal/catalog"
)

// Store is the persistence the web app needs. *store.DB implements it.
type Store interface {
	Ping(ctx context.Context) error
}

// Server serves the HTML pages and the JSON API.
type Server struct {
	log     *slog.Logger
	catalog *catalog.Catalog
	store   Store
	baseURL string
	router  chi.Router
}

// NewServer returns a Server ready to be used as an http.Handler. baseURL is
// the app's public URL, used in share links; empty means "from the request".
func NewServer(log *slog.Logger, cat *catalog.Catalog, store Store, baseURL string) *Server {
	s := &Server{log: log, catalog: cat, store: store, baseURL: baseURL}
	s.router = s.routes()
	return s
}

// ServeHTTP routes a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }
