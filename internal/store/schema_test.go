package store_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"gpuplace/internal/store/storetest"
)

// schemaBefore makes a fresh database on backend with the schema an
// earlier release left: every migration before the one named. It returns
// the database's DSN (store.Open on it applies the rest) and a function
// that runs SQL on it, to put in the rows that release would have written.
func schemaBefore(t *testing.T, backend, migration string) (string, func(query string)) {
	t.Helper()
	dsn := storetest.DSN(t, backend)
	driver, dir, target := "sqlite", "migrations/sqlite", "file:"+dsn
	if backend == "postgres" {
		driver, dir, target = "pgx", "migrations/postgres", dsn
	}
	raw, err := sql.Open(driver, target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	exec := func(query string) {
		t.Helper()
		if _, err := raw.ExecContext(context.Background(), query); err != nil {
			t.Fatalf("%v in:\n%s", err, query)
		}
	}
	exec(`CREATE TABLE migrations (name TEXT PRIMARY KEY)`)
	files, err := filepath.Glob(filepath.Join(dir, "*.sql"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	for _, f := range files {
		name := filepath.Base(f)
		if name >= migration {
			break
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		exec(string(b))
		exec(`INSERT INTO migrations (name) VALUES ('` + name + `')`)
	}
	return dsn, exec
}
