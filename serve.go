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
	"gpuplace/web"
)

// runServe serves the web app until ctx is cancelled, then shuts down
// gracefully: in-flight requests finish, then the database closes.
func runServe(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	cfg, err := parseServeFlags(args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg.logFormat, stderr)
	slog.SetDefault(log)

	cat, err := loadCatalog(cfg.catalog)
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

	app := web.NewServer(log, cat, db, cfg.baseURL)
	app.CJKFont = cfg.cjkFont
	srv := &http.Server{
		Addr:              cfg.addr,
		Handler:           app,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		db.Close()
		return err
	}
	log.Info("gpuplace ready", "addr", ln.Addr().String(), "db", cfg.db,
		"catalog_version", cat.Version.ID, "offers", len(cat.Offers))

	errc := make(chan error, 1)
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
		close(errc)
	}()
	select {
	case err := <-errc:
		db.Close()
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return errors.Join(srv.Shutdown(shutdownCtx), db.Close())
}
