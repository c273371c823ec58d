// Package storetest opens throwaway gpuplace stores for tests: a SQLite
// file always, and a fresh PostgreSQL schema when GPUPLACE_TEST_POSTGRES
// holds a server's URL (postgres://…).
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"gpuplace/internal/store"
)

// EnvPostgres names the environment variable holding the URL of the
// PostgreSQL server the postgres variants run against.
const EnvPostgres = "GPUPLACE_TEST_POSTGRES"

// Backends are the databases every store test runs against.
var Backends = []string{"sqlite", "postgres"}

// Run runs f once per backend, each as a subtest named after it.
func Run(t *testing.T, f func(t *testing.T, backend string)) {
	t.Helper()
	for _, b := range Backends {
		t.Run(b, func(t *testing.T) { f(t, b) })
	}
}

// Available returns the backends a test that cannot be split into
// subtests (a fuzz target) runs against: "sqlite", and "postgres" when
// GPUPLACE_TEST_POSTGRES is set — or, when CI is true, always (so a
// missing server fails, as in PostgresURL).
func Available(t testing.TB) []string {
	t.Helper()
	ci, _ := strconv.ParseBool(os.Getenv("CI"))
	if os.Getenv(EnvPostgres) == "" && !ci {
		t.Logf("PostgreSQL variant skipped: set %s=postgres://user@host:port/db to run it", EnvPostgres)
		return Backends[:1]
	}
	return Backends
}

// PostgresURL returns the server URL from GPUPLACE_TEST_POSTGRES. Without
// it the test is skipped — or fails when CI is true, so that CI cannot
// skip the PostgreSQL variants silently.
func PostgresURL(t testing.TB) string {
	t.Helper()
	if u := os.Getenv(EnvPostgres); u != "" {
		return u
	}
	if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
		t.Fatalf("CI=%s but %s is empty: CI must run the PostgreSQL variants (.ci/run starts a server)", os.Getenv("CI"), EnvPostgres)
	}
	t.Skipf("PostgreSQL variant skipped: set %s=postgres://user@host:port/db to run it", EnvPostgres)
	return ""
}

// DSN returns the -db value of a fresh, empty database on backend that
// goes away when the test ends: a file in t.TempDir() for "sqlite"; for
// "postgres" a new schema on the GPUPLACE_TEST_POSTGRES server, selected
// with search_path and dropped at cleanup. Every DSN call for postgres
// makes another schema; open the same DSN twice for two instances.
func DSN(t testing.TB, backend string) string {
	t.Helper()
	switch backend {
	case "sqlite":
		return filepath.Join(t.TempDir(), "test.db")
	case "postgres":
		return newSchema(t, PostgresURL(t))
	}
	t.Fatalf("storetest: unknown backend %q", backend)
	return ""
}

// Open opens a store on a fresh database of backend, closed when the test
// ends.
func Open(t testing.TB, backend string) *store.DB {
	t.Helper()
	return OpenDSN(t, DSN(t, backend))
}

// OpenDSN opens the store at dsn (one more instance on the same database
// when dsn came from DSN), closed when the test ends.
func OpenDSN(t testing.TB, dsn string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// newSchema creates a schema with a random name on the server at base and
// returns base with search_path set to it.
func newSchema(t testing.TB, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil || !store.IsPostgres(base) {
		t.Fatalf("%s must be a postgres:// URL", EnvPostgres)
	}
	b := make([]byte, 8)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatalf("storetest: create schema on %s: %v", EnvPostgres, err)
	}
	// Cleanups run last-registered first: stores opened on the schema
	// close before it is dropped.
	t.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("storetest: drop schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
