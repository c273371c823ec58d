package web

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"gpuplace/internal/account"
)

// maxFormBytes bounds what a POST may send, but for an admin's catalog
// upload (maxImportBytes) and the seller's details with a logo
// (maxSellerBytes): a form or a JSON request is a few kilobytes; anything
// larger is refused with 413.
const maxFormBytes = 64 << 10

// routes lists every route of the app.
func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	// One advice budget per address, whether asked on the page or the API.
	adviceBudget := rateLimiter("advice", s.limits.Advice)
	adviceLimit := s.limitWith(adviceBudget)
	// A what-if starts as an answer does, and is charged the rest of the
	// questions it asks once done (see whatIfFor), whichever route asks it.
	s.adviceBudget = adviceBudget
	// GetHead answers HEAD on every GET route (the server sends no body).
	r.Use(s.recoverPanics, s.observe, compress, securityHeaders, crossOriginProtection, clientAddress, s.limitPosts, s.pinCatalog,
		middleware.GetHead)

	r.Get("/static/*", handleStatic)
	r.Get("/favicon.ico", handleFavicon)
	r.Get("/healthz", s.handleHealth)
	// /metrics is on the app's routes only behind its token, or public
	// by choice; otherwise it is not there (404).
	if !s.metricsApart && (s.metricsToken != "" || s.metricsPublic) {
		r.Get("/metrics", s.handleMetrics)
	}

	// rejectBadText runs once a route is found, so its answers are
	// counted under the route. It reads forms: the body cap comes first.
	page := chi.Middlewares{s.rejectBadText, s.withLanguage, s.withUser, privateWhenSignedIn}
	admin := chi.Middlewares{noStore, s.requirePage(account.RoleAdmin)}
	r.Group(func(r chi.Router) {
		r.Use(limitBodies(maxFormBytes))
		r.Use(page...)
		r.Get("/", s.handle(s.handleHome))
		r.With(adviceLimit).Get("/advice", s.handle(s.handleAdvice))
		r.With(adviceLimit).Get("/advice/what-if", s.handle(s.handleWhatIf))
		r.With(adviceLimit).Get("/advice/edit", s.handle(s.handleAdviceEdit))
		r.Get("/serving", s.handle(s.handleServingPage))
		r.With(adviceLimit).Get("/advice/launch", s.handle(s.handleLaunchPage))
		r.Post("/s", s.handle(s.handleLinkCreate))
		r.Get("/s/{id}", s.handle(s.handleLinkView))
		r.Get("/login", s.handle(s.handleLoginForm))
		r.With(s.limit("login", s.limits.Login)).Post("/login", s.handle(s.handleLogin))
		r.Post("/logout", s.handle(s.handleLogout))
		r.Route("/catalog", s.explorerRoutes)
		r.Group(func(r chi.Router) {
			r.Use(admin...)
			r.Get("/admin/catalog", s.handle(s.handleAdminCatalog))
			r.Post("/admin/catalog/{version}/activate", s.handle(s.handleAdminActivate))
			r.Get("/admin/seller", s.handle(s.handleAdminSeller))
		})
		r.Route("/quotes", func(r chi.Router) {
			r.Use(noStore, s.requirePage(account.RoleSales, account.RoleAdmin))
			r.Get("/", s.handle(s.handleQuoteList))
			r.Get("/new", s.handle(s.handleQuoteNew))
			r.Post("/", s.handle(s.handleQuoteCreate))
			r.Get("/{id}", s.handle(s.handleQuoteView))
			r.Post("/{id}", s.handle(s.handleQuoteUpdate))
			r.Get("/{id}/edit", s.handle(s.handleQuoteEdit))
			r.Get("/{id}/print", s.handle(s.handleQuotePrint))
			r.Post("/{id}/status", s.handle(s.handleQuoteStatus))
			r.With(s.requirePage(account.RoleAdmin)).Post("/{id}/owner", s.handle(s.handleQuoteReassign))
		})
	})

	// An admin's catalog upload is the one body larger than a form, and it
	// may take minutes to arrive.
	r.Group(func(r chi.Router) {
		r.Use(limitBodies(maxImportBytes))
		r.Use(page...)
		r.Use(admin...)
		r.With(s.slowUpload).Post("/admin/catalog", s.handle(s.handleAdminImport))
	})
	// The seller's details come with a logo: a form and an image.
	r.Group(func(r chi.Router) {
		r.Use(limitBodies(maxSellerBytes))
		r.Use(page...)
		r.Use(admin...)
		r.Post("/admin/seller", s.handle(s.handleAdminSellerSave))
	})

	// MCP for AI assistants, with the API's body cap, text check and
	// advice budget, each message charged by its work (see admitMCP);
	// every method goes to the SDK.
	r.With(limitBodies(maxFormBytes), s.rejectBadText, s.admitMCP(adviceBudget)).Handle("/mcp", s.mcpHandler())

	r.Get("/api/openapi.json", handleOpenAPI)
	r.Route("/api/v1", func(r chi.Router) {
		r.Use(limitBodies(maxFormBytes), s.rejectBadText)
		r.With(adviceLimit).Get("/advice", s.handleAPI(s.handleAPIAdviceGet))
		r.With(adviceLimit).Get("/advice/what-if", s.handleAPI(s.handleAPIWhatIf))
		r.With(adviceLimit).Get("/advice/launch", s.handleAPI(s.handleAPILaunch))
		r.With(adviceLimit).Post("/advice", s.handleAPI(s.handleAPIAdvicePost))
		r.Get("/catalog", s.handleAPI(s.handleAPICatalog))
		r.Get("/gpus", s.handleAPI(s.handleAPIGPUs))
		r.Get("/profiles", s.handleAPI(s.handleAPIProfiles))
		r.Get("/providers", s.handleAPI(s.handleAPIProviders))
		r.Get("/regions", s.handleAPI(s.handleAPIRegions))
		r.Get("/offers", s.handleAPI(s.handleAPIOffers))
		r.Get("/latency", s.handleAPI(s.handleAPILatency))
		r.Get("/serving/curve", s.handleAPI(s.handleAPIServingCurve))
		r.Post("/links", s.handleAPI(s.handleAPILinkCreate))
		r.Get("/links/{id}", s.handleAPI(s.handleAPILink))
		r.Group(func(r chi.Router) {
			r.Use(noStore, s.withUser, s.requireAPI(account.RoleSales, account.RoleAdmin))
			r.Get("/quotes", s.handleAPI(s.handleAPIQuotes))
			r.Get("/quotes/{id}", s.handleAPI(s.handleAPIQuote))
		})
	})
	r.NotFound(s.answerError(errNotFound))
	r.MethodNotAllowed(s.answerError(errMethodNotAllowed))
	return r
}

// answerError answers every request with err: problem+json under /api/
// and on /mcp, an HTML page elsewhere.
func (s *Server) answerError(err error) http.HandlerFunc {
	api := s.handleAPI(func(http.ResponseWriter, *http.Request) error { return err })
	page := s.withLanguage(s.handle(func(http.ResponseWriter, *http.Request) error { return err }))
	return func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/mcp" {
			api(w, r)
			return
		}
		page.ServeHTTP(w, r)
	}
}
