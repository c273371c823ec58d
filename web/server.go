// Package web serves gpuplace's pages and its JSON API over the catalog and
// the advisor. Handlers are thin: decode, validate in the domain, call the
// domain, render.
package web

import (
	"context"
	"log/slog"
	"net/http"
	"runtime"
	"sort"
	"sync/atomic"
	"time"

	"github.com/go-chi/chi/v5"

	"gpuplace/internal/account"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/link"
	"gpuplace/internal/quote"
	"gpuplace/internal/versions"
	"gpuplace/templates"
)

// Store is the persistence the web app needs. *store.DB implements it.
type Store interface {
	Ping(ctx context.Context) error
	PinLink(ctx context.Context, l link.Link) (link.Link, error)
	Link(ctx context.Context, id string) (link.Link, error)
	LinkByQuestion(ctx context.Context, question string) (link.Link, error)
	VisitLink(ctx context.Context, id string, now time.Time) error
	CountLinks(ctx context.Context) (int, error)
	ExpireLinks(ctx context.Context, cutoff time.Time) (int64, error)
	EvictLinks(ctx context.Context, n int) (int64, error)

	UserByEmail(ctx context.Context, email string) (account.User, error)
	CreateSession(ctx context.Context, tokenHash string, userID int64, expires time.Time) error
	SessionUser(ctx context.Context, tokenHash string, now time.Time) (account.User, error)
	DeleteSession(ctx context.Context, tokenHash string) error

	CreateQuote(ctx context.Context, q *quote.Quote) error
	UpdateQuote(ctx context.Context, a quote.Actor, q *quote.Quote, now time.Time) error
	ReviseQuote(ctx context.Context, a quote.Actor, oldID int64, q *quote.Quote) error
	SetQuoteStatus(ctx context.Context, a quote.Actor, id int64, next string, now time.Time) error
	ReassignQuote(ctx context.Context, a quote.Actor, id int64, owner string, now time.Time) error
	Quote(ctx context.Context, id int64) (quote.Quote, error)
	QuoteByNumber(ctx context.Context, year, seq, revision int) (quote.Quote, error)
	Revisions(ctx context.Context, year, seq int) ([]quote.Quote, error)
	Quotes(ctx context.Context, f quote.Filter) ([]quote.Quote, int, error)
	QuoteEvents(ctx context.Context, year, seq, revision int) ([]quote.Event, error)
	Users(ctx context.Context) ([]account.User, error)

	Seller(ctx context.Context) (quote.Seller, error)
	SellerAt(ctx context.Context, at *time.Time) (quote.Seller, error)
	SetSeller(ctx context.Context, s quote.Seller) error
}

// Catalogs hands out the active catalog and keeps its versions;
// *versions.Manager implements it.
type Catalogs interface {
	Active() *catalog.Catalog
	Version(ctx context.Context, id string) (*catalog.Catalog, error)
	Versions(ctx context.Context) ([]catalog.VersionInfo, error)
	Activate(ctx context.Context, id string, confirmed bool) error
	ImportAs(ctx context.Context, name string, data []byte, format, provider string, now time.Time) (versions.Imported, error)
}

// Config is everything a Server is built with. NewServer takes it whole;
// nothing changes a Server's configuration afterwards.
type Config struct {
	// Log receives the request log and the server's errors.
	Log *slog.Logger
	// Catalogs hands out the catalog to answer from.
	Catalogs Catalogs
	// Store keeps links, users, sessions and quotes.
	Store Store
	// BaseURL is the app's public URL, used in share and API links; empty
	// means links relative to the site.
	BaseURL string
	// Limits are the per-address request rates; a zero limit is off.
	Limits Limits
	// CJKFont is the path of a TrueType font (or TTC) with Chinese glyphs
	// for quote PDFs, read when a PDF first needs it; empty, or a file
	// that cannot be read, leaves PDFs with Latin text only.
	CJKFont string
	// ImportTimeout bounds an admin's catalog upload, from its headers to
	// its body's last byte; its answer gets a minute more. Zero means
	// DefaultImportTimeout.
	ImportTimeout time.Duration
	// MetricsToken, when set, must come with /metrics requests as
	// "Authorization: Bearer TOKEN".
	MetricsToken string
	// Queues bounds the requests waiting for an advice slot (see
	// Queues); nil means DefaultQueues.
	Queues *Queues
	// Pins bounds the pinned links (see PinLimits); nil means
	// DefaultPinLimits, and a zero field no such bound.
	Pins *PinLimits
	// MetricsApart takes /metrics off the app's routes: serve
	// MetricsHandler on an address of its own instead.
	MetricsApart bool
	// MetricsPublic serves /metrics on the app's routes to anyone,
	// without a token: an operator's explicit choice. Without it, the
	// app's routes serve /metrics only with MetricsToken set.
	MetricsPublic bool
	// Now is the clock links, quotes, sessions and sign-in limits read;
	// nil means time.Now.
	Now func() time.Time
}

// Server serves the HTML pages and the JSON API.
type Server struct {
	log           *slog.Logger
	versions      Catalogs
	store         Store
	baseURL       string
	limits        Limits
	cjkFontPath   string
	importTimeout time.Duration
	metricsToken  string
	metricsApart  bool
	metricsPublic bool
	now           func() time.Time
	pinLimits     PinLimits
	pins          pinBudget

	// options holds the form's choices for the catalog asked last (the
	// active one): one entry, so no catalog is kept alive through it.
	options atomic.Pointer[templates.Options]
	// answers keeps recent answers to questions asked more than once (see
	// askedAgain); bodies their gzipped JSON and pages, likewise once
	// their body was asked for before (bodiesAsked).
	answers     *lru[advisor.Result]
	asked       *askedAgain
	bodies      *lru[[]byte]
	bodiesAsked *askedAgain
	// adviceSlots bounds the answers worked out at once (see recommend).
	adviceSlots chan struct{}
	// whatIfSlots is the share of adviceSlots what-ifs may hold: half.
	whatIfSlots chan struct{}
	// queues count the requests waiting for a slot, by slotKind.
	queues [2]slotQueue
	logins *rateBudget
	// adviceBudget is the per-address budget of answers every advice
	// route spends (nil: no limit).
	adviceBudget *rateBudget
	// shared keeps the budgets when the store is PostgreSQL, for every
	// instance sharing it; nil keeps them in memory (see sharedBudgets).
	shared  sharedBudgets
	windows budgetWindows
	backoff *loginBackoff
	budget  *accountBudget
	metrics *metrics
	fontState
	router chi.Router
}

// NewServer returns a Server, configured by cfg, ready to be used as an
// http.Handler.
func NewServer(cfg Config) *Server {
	s := &Server{log: cfg.Log, versions: cfg.Catalogs, store: cfg.Store, baseURL: cfg.BaseURL, limits: cfg.Limits,
		cjkFontPath: cfg.CJKFont, importTimeout: cfg.ImportTimeout, metricsToken: cfg.MetricsToken,
		metricsApart: cfg.MetricsApart, metricsPublic: cfg.MetricsPublic, now: cfg.Now, answers: newLRU[advisor.Result](answerCacheBytes), asked: newAskedAgain(),
		bodies: newLRU[[]byte](bodyCacheBytes), bodiesAsked: newAskedAgain(), adviceSlots: make(chan struct{}, 2*runtime.GOMAXPROCS(0)),
		metrics: newMetrics()}
	if s.importTimeout <= 0 {
		s.importTimeout = DefaultImportTimeout
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.shared = budgetsShared(cfg.Store)
	s.logins = newLoginLimiter()
	s.backoff = newLoginBackoff(s.now)
	s.budget = newAccountBudget(s.now)
	s.whatIfSlots = make(chan struct{}, max(1, cap(s.adviceSlots)/2))
	queues := DefaultQueues
	if cfg.Queues != nil {
		queues = *cfg.Queues
	}
	s.queues[answerSlot].max, s.queues[whatIfSlot].max = int64(queues.Answers), int64(queues.WhatIfs)
	s.pinLimits = DefaultPinLimits
	if cfg.Pins != nil {
		s.pinLimits = *cfg.Pins
	}
	s.router = s.routes()
	return s
}

type catalogKey struct{}

// pinCatalog fixes the catalog a request answers from when it starts: an
// activation during the request does not change its numbers half-way.
func (s *Server) pinCatalog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := s.versions.Active()
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), catalogKey{}, c)))
	})
}

// cat is the catalog of a request (see pinCatalog).
func (s *Server) cat(r *http.Request) *catalog.Catalog {
	if c, ok := r.Context().Value(catalogKey{}).(*catalog.Catalog); ok {
		return c
	}
	return s.versions.Active()
}

// optionsFor returns the form's choices for a catalog, built again only
// when the catalog changes.
func (s *Server) optionsFor(c *catalog.Catalog) templates.Options {
	if o := s.options.Load(); o != nil && o.Catalog == c {
		return *o
	}
	o := formOptions(c, locationOptions(c), presets)
	s.options.Store(&o)
	return o
}

// ServeHTTP routes a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

// locationOptions lists the user locations: countries by name, then metros.
func locationOptions(cat *catalog.Catalog) []templates.LocationOption {
	var out []templates.LocationOption
	for _, c := range cat.Countries {
		out = append(out, templates.LocationOption{ID: c.Code, Name: c.Name})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	for _, m := range cat.Metros {
		out = append(out, templates.LocationOption{ID: m.ID, Name: m.Name + " (metro)"})
	}
	return out
}

// presets are ready-made questions on the start page.
var presets = []templates.Preset{
	{Key: "preset.eu_inference", Query: "gdpr=eu&kind=inference&latency_ms=60&months=12&peak_rps=400&profile=resnet50&rps=150&users=DE:35,FR:25,NL:15,IT:15,ES:10"},
	{Key: "preset.resnet_24h", Query: "deadline_hours=24&kind=training&pricing=on_demand,spot&profile=resnet50"},
	{Key: "preset.bert_spot", Query: "checkpoint_minutes=15&kind=training&pricing=spot,on_demand&profile=bert-large"},
	{Key: "preset.llm_chat_eu", Query: "gdpr=eu&input_tokens=1000&kind=inference&output_tokens=300&profile=llama-3.1-8b&rps=5&tpot_ms=60&ttft_ms=1000&users=DE:35,FR:25,NL:15,IT:15,ES:10"},
	{Key: "preset.global_llm", Query: "input_tokens=1000&kind=inference&objective=balanced&output_tokens=300&peak_rps=20&profile=llama-3.3-70b&rps=8&ttft_ms=1500&users=US:40,DE:20,IN:15,JP:10,BR:10,AU:5"},
	{Key: "preset.china", Query: "kind=inference&latency_ms=100&peak_rps=150&profile=bert-large&rps=50&users=CN:100"},
	{Key: "preset.us_training", Query: "countries=US&gdpr=none&kind=training&objective=latency&profile=resnet50&providers=aws,gcp,azure,lambda"},
}
