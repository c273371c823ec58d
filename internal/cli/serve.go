package cli

import (
	"context"
	"errors"
	"fmt"
	"gpuplace/internal/connlimit"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"gpuplace/internal/store"
	"gpuplace/internal/versions"
	"gpuplace/web"
)

// catalogRefresh is how often an instance checks which catalog version is
// active, to follow activations made on other instances.
const catalogRefresh = 10 * time.Second

// shutdownTimeout is how long requests in flight get to finish once the
// server is told to stop.
const shutdownTimeout = 10 * time.Second

// memoryLimit is the soft limit on the Go heap a server keeps to, unless
// GOMEMLIMIT sets another: past it the garbage collector runs more often
// rather than letting garbage pile up (a burst of new questions allocates
// several MB each). The answer caches are bounded well below it. With the
// program's own pages (about 24 MB) it keeps a server under 100 MB after a
// minute of new questions at full speed: 97.8 and 98.6 MB at the end, 101
// at the highest (310 and 359 answers a second). 68 MiB gave 100.0 and
// 101.3 MB at the end (405 and 390 a second) once the advisor answered
// faster, the hour the build before gave 98.3 MB at 68 MiB (368 a second).
// Once questions that filter alike shared their usable offers, 66 MiB gave
// 99.6 and 99.7 MB at the end (757 and 781 a second; 96.3 and 97.1 before
// the change), 65 MiB 97.5 (99.6 at the highest), 64 MiB 94.3 (98.2), both
// at 677 a second. On 2026-12-06, with the search's figures kept with a
// neighbourhood, 65 MiB gave 98.6–100.6 MB at the end in four minutes
// (100.1–100.6 at the highest), 63 MiB 97.1 and 91.8 (99.7 and 98.0),
// both at 760–825 questions a second.
const memoryLimit = 63 << 20

// gcPercent is how far the heap may grow past what the last collection
// kept before the next (GOGC), under memoryLimit: far enough that the
// limit, not the heap kept, decides when a server busy with new questions
// collects. At Go's default (100), with 21 MB kept after a collection
// (the catalog, the pooled buffers, no answers asked twice yet), a server
// answering new API questions at full speed aimed to collect by 45 MB,
// where the limit allows 48: every 68 questions, against every 98 at 200
// (gctrace, 8 s each). 400 collected no less often under load, and let a
// server asked one question at a time grow further first: 82 MB after
// 300 such questions, against 79 at 200 and 71–77 at 100.
const gcPercent = 200

// noBaseURL is the warning a server started without a public URL logs.
const noBaseURL = "no public URL set (-base-url, GPUPLACE_BASE_URL): quotes and their PDF, XLSX and CSV link back to the address each request came in on " +
	"(e.g. http://localhost:8080 behind a proxy), share and API links are relative; set -base-url to the address customers use"

// runServe serves the web app until ctx is cancelled, then shuts down
// gracefully: in-flight requests finish, then the database closes.
func runServe(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	cfg, err := parseServeFlags(args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg.logFormat, stderr)
	slog.SetDefault(log)
	// The runtime reads GOMEMLIMIT and GOGC from the process environment
	// itself.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(gcPercent)
		}
	}
	db, catalogs, err := openServeData(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	// Another instance on the same database may activate a version: follow.
	go catalogs.Watch(ctx, catalogRefresh, func(err error) { log.Warn("catalog refresh failed", "error", err) })

	app := web.NewServer(web.Config{Log: log, Catalogs: catalogs, Store: db, BaseURL: cfg.baseURL, Limits: cfg.limits,
		CJKFont: cfg.cjkFont, ImportTimeout: cfg.importTimeout, MetricsToken: cfg.metricsToken,
		MetricsApart: cfg.metricsAddr != "", MetricsPublic: cfg.metricsPublic, Pins: &cfg.pins,
		Queues: &cfg.queues})
	servers := httpServers(ctx, cfg, app, log)
	lns, err := listen(servers)
	if err != nil {
		db.Close()
		return err
	}
	bounds := connBounds(cfg, db.Files())
	limited := connlimit.NewBounded(lns[0], bounds)
	servers[0].ConnState = limited.ConnState
	lns[0] = limited
	log.Info("connection bounds", "per_client", bounds.PerClient, "per_net", bounds.PerNet, "total", bounds.Total, "db_files", db.Files())
	cat := catalogs.Active()
	log.Info("gpuplace ready", "addr", lns[0].Addr().String(), "db", store.Redact(cfg.db),
		"catalog_version", cat.Version.ID, "offers", len(cat.Offers), "metrics_addr", cfg.metricsAddr,
		"metrics_token", cfg.metricsToken != "", "metrics_public", cfg.metricsPublic)
	if cfg.metricsAddr == "" && cfg.metricsToken == "" && !cfg.metricsPublic {
		log.Info("/metrics is not served: set -metrics-addr, -metrics-token or -metrics-public")
	}
	if cfg.baseURL == "" {
		log.Warn(noBaseURL)
	}

	served := serve(ctx, servers, lns, log)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	errs := []error{served}
	for _, s := range servers {
		errs = append(errs, s.Shutdown(shutdownCtx))
	}
	return errors.Join(append(errs, db.Close())...)
}

func newLogger(format string, w io.Writer) *slog.Logger {
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// openServeData loads the configured catalog, refusing to start on an
// invalid one, opens the database and makes sure the catalog is stored
// there.
func openServeData(ctx context.Context, cfg serveConfig, stderr io.Writer) (*store.DB, *versions.Manager, error) {
	builtin, err := loadCatalog(cfg.catalog)
	if err != nil {
		if printProblems(stderr, err) {
			return nil, nil, fmt.Errorf("refusing to start: the catalog is invalid (problems above)")
		}
		return nil, nil, fmt.Errorf("load catalog: %w", err)
	}
	db, err := store.Open(ctx, cfg.db)
	if err != nil {
		return nil, nil, err
	}
	catalogs, err := versions.Open(ctx, db, builtin, catalogSource(cfg.catalog))
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return db, catalogs, nil
}

// httpServers are the app's server and, with -metrics-addr, the metrics'
// own, each with timeouts.
func httpServers(ctx context.Context, cfg serveConfig, app *web.Server, log *slog.Logger) []*http.Server {
	errorLog := slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	servers := []*http.Server{{
		Addr:              cfg.addr,
		Handler:           app,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          errorLog,
		// Requests must not see the shutdown signal: in-flight ones finish.
		BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}}
	if cfg.metricsAddr != "" {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", app.MetricsHandler())
		servers = append(servers, &http.Server{Addr: cfg.metricsAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout: 15 * time.Second, WriteTimeout: 30 * time.Second, ErrorLog: errorLog})
	}
	return servers
}

// listen opens every server's address, or none.
func listen(servers []*http.Server) ([]net.Listener, error) {
	var lns []net.Listener
	for _, s := range servers {
		ln, err := net.Listen("tcp", s.Addr)
		if err != nil {
			for _, l := range lns {
				l.Close()
			}
			return nil, err
		}
		lns = append(lns, ln)
	}
	return lns, nil
}

// serve runs each server on its listener until ctx is cancelled or one of
// them fails, and returns that failure.
func serve(ctx context.Context, servers []*http.Server, lns []net.Listener, log *slog.Logger) error {
	errc := make(chan error, len(servers))
	for i, s := range servers {
		go func() {
			if err := s.Serve(lns[i]); !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
		}()
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		log.Info("shutting down")
		return nil
	}
}
