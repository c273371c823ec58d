package web_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"gpuplace/internal/store"
	"gpuplace/internal/versions"
	"gpuplace/web"
)

// serveApp serves the app over a fresh SQLite file and returns its URL and
// store. As an operator runs it, -base-url is the address people use
// (share links are built from it) when configured is true; else unset.
func serveApp(t testing.TB, configured bool) (string, *store.DB) {
	t.Helper()
	return serveAppWith(t, configured, web.DefaultLimits)
}

// readerLimits are the default limits but an advice budget for a reader
// who opens an answer's what-if section again and again within a minute:
// a what-if is charged the questions it works out (dozens; see the
// README's Limits), so a few of them spend the default 600; these tests
// check the section, not the budget.
var readerLimits = web.Limits{Posts: web.DefaultLimits.Posts, Advice: 100 * 600, Login: web.DefaultLimits.Login}

// serveAppWith is serveApp with limits.
func serveAppWith(t testing.TB, configured bool, limits web.Limits) (string, *store.DB) {
	t.Helper()
	cat, err := loadCatalog()
	if err != nil {
		t.Fatalf("load catalog: %v", err)
	}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "links.db"))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	cats, err := versions.Open(context.Background(), db, cat, "embedded")
	if err != nil {
		t.Fatalf("catalog versions: %v", err)
	}
	srv := httptest.NewUnstartedServer(nil)
	baseURL := ""
	if configured {
		baseURL = "http://" + srv.Listener.Addr().String()
	}
	srv.Config.Handler = web.NewServer(web.Config{Log: slog.New(slog.DiscardHandler), Catalogs: cats, Store: db,
		BaseURL: baseURL, Limits: limits})
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL, db
}
