package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/store"
	"gpuplace/web"
)

// config is what serve needs, from flags with environment fallbacks.
type config struct {
	addr      string
	db        string
	baseURL   string
	catalog   string
	logFormat string
	cjkFont   string
	limits    web.Limits
	// importTimeout bounds an admin's catalog upload (other requests
	// have 15 s).
	importTimeout time.Duration
	// metricsToken, when set, is the bearer token /metrics requires;
	// metricsAddr, when set, is the address /metrics is served on instead
	// of addr.
	metricsToken string
	metricsAddr  string
}

// orEnv returns the environment value of key, or def when it is unset.
func orEnv(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

func parseServeFlags(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", orEnv(getenv, "GPUPLACE_ADDR", ":8080"), "listen address [GPUPLACE_ADDR]")
	fs.StringVar(&c.db, "db", orEnv(getenv, "GPUPLACE_DB", "gpuplace.db"), "SQLite database file, or postgres://… URL to share one PostgreSQL database between instances [GPUPLACE_DB]")
	fs.StringVar(&c.baseURL, "base-url", orEnv(getenv, "GPUPLACE_BASE_URL", ""), "public URL of the app, for share and API links; empty: links relative to the site [GPUPLACE_BASE_URL]")
	fs.StringVar(&c.catalog, "catalog", orEnv(getenv, "GPUPLACE_CATALOG", ""), "catalog directory or bundle to use instead of the embedded one [GPUPLACE_CATALOG]")
	fs.StringVar(&c.logFormat, "log-format", orEnv(getenv, "GPUPLACE_LOG_FORMAT", "text"), "log format: text or json [GPUPLACE_LOG_FORMAT]")
	fs.StringVar(&c.cjkFont, "cjk-font", orEnv(getenv, "GPUPLACE_CJK_FONT", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"), "TrueType font or collection with Chinese glyphs, for quote PDFs [GPUPLACE_CJK_FONT]")
	fs.IntVar(&c.limits.Posts, "limit-posts", envInt(getenv, "GPUPLACE_LIMIT_POSTS", web.DefaultLimits.Posts), "POSTs per minute per client address, 0 = off [GPUPLACE_LIMIT_POSTS]")
	fs.IntVar(&c.limits.Advice, "limit-advice", envInt(getenv, "GPUPLACE_LIMIT_ADVICE", web.DefaultLimits.Advice), "/advice pages and /api/v1/advice requests per minute per client address, one budget, 0 = off [GPUPLACE_LIMIT_ADVICE]")
	fs.IntVar(&c.limits.Login, "limit-login", envInt(getenv, "GPUPLACE_LIMIT_LOGIN", web.DefaultLimits.Login), "sign-in attempts per minute per client address, 0 = off [GPUPLACE_LIMIT_LOGIN]")
	fs.StringVar(&c.metricsToken, "metrics-token", orEnv(getenv, "GPUPLACE_METRICS_TOKEN", ""), "bearer token /metrics requires; empty: none (prefer the environment: flags show in ps) [GPUPLACE_METRICS_TOKEN]")
	fs.StringVar(&c.metricsAddr, "metrics-addr", orEnv(getenv, "GPUPLACE_METRICS_ADDR", ""), "serve /metrics on this address only (e.g. 127.0.0.1:9090), not on -addr [GPUPLACE_METRICS_ADDR]")
	fs.DurationVar(&c.importTimeout, "import-timeout", envDuration(getenv, "GPUPLACE_IMPORT_TIMEOUT", web.DefaultImportTimeout), "how long an admin's catalog upload may take to arrive [GPUPLACE_IMPORT_TIMEOUT]")
	if err := fs.Parse(args); err != nil {
		return c, exitError{2}
	}
	if c.importTimeout <= 0 {
		fmt.Fprintf(stderr, "gpuplace: -import-timeout must be positive, got %s\n", c.importTimeout)
		return c, exitError{2}
	}
	if c.logFormat != "text" && c.logFormat != "json" {
		fmt.Fprintf(stderr, "gpuplace: -log-format must be text or json, got %q\n", c.logFormat)
		return c, exitError{2}
	}
	c.baseURL = strings.TrimRight(c.baseURL, "/")
	return c, nil
}

func newLogger(format string, w io.Writer) *slog.Logger {
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// loadCatalog loads the catalog at path (a directory of section files or a
// bundle file), or the embedded one when path is empty.
func loadCatalog(path string) (*catalog.Catalog, error) {
	if path == "" {
		return catalog.Load(data.FS)
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return catalog.Load(os.DirFS(path))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return catalog.LoadBundle(f, path)
}

// printProblems writes a catalog's problems one per line and reports
// whether err was such a list.
func printProblems(w io.Writer, err error) bool {
	var probs catalog.Problems
	if !errors.As(err, &probs) {
		return false
	}
	for _, p := range probs {
		fmt.Fprintln(w, p)
	}
	return true
}

// envInt reads a whole number from the environment, or def.
func envInt(getenv func(string) string, key string, def int) int {
	if n, err := strconv.Atoi(getenv(key)); err == nil {
		return n
	}
	return def
}

// envDuration reads a duration (90s, 10m) from the environment, or def.
func envDuration(getenv func(string) string, key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(getenv(key)); err == nil {
		return d
	}
	return def
}

// openStore opens the database named by a -db value.
func openStore(ctx context.Context, path string) (*store.DB, error) {
	return store.Open(ctx, path)
}
