package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"gpuplace/internal/store"
	"gpuplace/internal/versions"
	"gpuplace/web"
)

// catalogRefresh is how often an instance checks which catalog version is
// active, to follow activations made on other instances.
const catalogRefresh = 10 * time.Second

// runServe serves the web app until ctx is cancelled, then shuts down
// gracefully: in-flight requests finish, then the database closes.
func runServe(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	cfg, err := parseServeFlags(args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg.logFormat, stderr)
	slog.SetDefault(log)

	builtin, err := loadCatalog(cfg.catalog)
	if err != nil {
		if printProblems(stderr, err) {
			return fmt.Errorf("refusing to start: the catalog is invalid (problems above)")
		}
		return fmt.Errorf("load catalog: %w", err)
	}
	db, err := store.Open(ctx, cfg.db)
	if err != nil {
		return err
	}
	catalogs, err := versions.Open(ctx, db, builtin, catalogSource(cfg.catalog))
	if err != nil {
		db.Close()
		return err
	}
	cat := catalogs.Active()
	// Another instance on the same database may activate a version: follow.
	go catalogs.Watch(ctx, catalogRefresh, func(err error) { log.Warn("catalog refresh failed", "error", err) })

	app := web.NewServer(web.Config{Log: log, Catalogs: catalogs, Store: db, BaseURL: cfg.baseURL, Limits: cfg.limits,
		CJKFont: cfg.cjkFont, ImportTimeout: cfg.importTimeout, MetricsToken: cfg.metricsToken,
		MetricsApart: cfg.metricsAddr != ""})
	srv := &http.Server{
		Addr:              cfg.addr,
		Handler:           app,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		// Requests must not see the shutdown signal: in-flight ones finish.
		BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	servers := []*http.Server{srv}
	if cfg.metricsAddr != "" {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", app.MetricsHandler())
		servers = append(servers, &http.Server{Addr: cfg.metricsAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout: 15 * time.Second, WriteTimeout: 30 * time.Second, ErrorLog: srv.ErrorLog})
	}
	var lns []net.Listener
	for _, s := range servers {
		ln, err := net.Listen("tcp", s.Addr)
		if err != nil {
			for _, l := range lns {
				l.Close()
			}
			db.Close()
			return err
		}
		lns = append(lns, ln)
	}
	log.Info("gpuplace ready", "addr", lns[0].Addr().String(), "db", store.Redact(cfg.db),
		"catalog_version", cat.Version.ID, "offers", len(cat.Offers), "metrics_addr", cfg.metricsAddr,
		"metrics_token", cfg.metricsToken != "")

	errc := make(chan error, len(servers))
	for i, s := range servers {
		go func() {
			if err := s.Serve(lns[i]); !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
		}()
	}
	var served error
	select {
	case served = <-errc:
	case <-ctx.Done():
		log.Info("shutting down")
	}
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	errs := []error{served}
	for _, s := range servers {
		errs = append(errs, s.Shutdown(shutdownCtx))
	}
	return errors.Join(append(errs, db.Close())...)
}
