package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// Ensure rebind numbers placeholders in order and leaves a ? inside
// string literals and quoted identifiers alone.
func TestRebind(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`SELECT 1`, `SELECT 1`},
		{`WHERE a = ? AND b = ?`, `WHERE a = $1 AND b = $2`},
		{`VALUES (?,?,?)`, `VALUES ($1,$2,$3)`},
		{`WHERE a = '?' AND b = ?`, `WHERE a = '?' AND b = $1`},
		{`WHERE a = 'it''s ?' AND b = ?`, `WHERE a = 'it''s ?' AND b = $1`},
		{`WHERE "odd?col" = ? AND c LIKE ? ESCAPE '\'`, `WHERE "odd?col" = $1 AND c LIKE $2 ESCAPE '\'`},
		{`LIMIT ? OFFSET ?`, `LIMIT $1 OFFSET $2`},
		{`? ? ? ? ? ? ? ? ? ? ?`, `$1 $2 $3 $4 $5 $6 $7 $8 $9 $10 $11`},
	} {
		if got := rebind(tt.in); got != tt.want {
			t.Errorf("rebind(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := sqliteDialect.q(`a = ?`); got != `a = ?` {
		t.Errorf("SQLite query rewritten to %q", got)
	}
}

// Ensure the DSN decides the database.
func TestIsPostgres(t *testing.T) {
	for dsn, want := range map[string]bool{
		"postgres://app@localhost/gpuplace":   true,
		"postgresql://app@localhost/gpuplace": true,
		"gpuplace.db":                         false,
		"/var/lib/gpuplace/postgres.db":       false,
		"":                                    false,
	} {
		if got := IsPostgres(dsn); got != want {
			t.Errorf("IsPostgres(%q) = %v, want %v", dsn, got, want)
		}
	}
}

// Ensure only unique-constraint failures count as such: a taken unique
// column and a taken primary key on a real SQLite database, not another
// constraint, nor an error that merely reads like one.
func TestIsUniqueViolation(t *testing.T) {
	if isUniqueViolation(nil) || isUniqueViolation(errors.New("disk full")) ||
		isUniqueViolation(errors.New("constraint failed: UNIQUE constraint failed: users.email (2067)")) {
		t.Error("a nil, unrelated or look-alike error counted as a unique violation")
	}
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "unique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.db.ExecContext(ctx, `CREATE TABLE t (id TEXT PRIMARY KEY, u TEXT NOT NULL UNIQUE);
		INSERT INTO t (id, u) VALUES ('a', 'x')`); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, insert string
		want         bool
	}{
		{"taken unique column", `INSERT INTO t (id, u) VALUES ('b', 'x')`, true},
		{"taken primary key", `INSERT INTO t (id, u) VALUES ('a', 'y')`, true},
		{"null in a NOT NULL column", `INSERT INTO t (id, u) VALUES ('c', NULL)`, false},
	} {
		_, err := db.db.ExecContext(ctx, tt.insert)
		if err == nil {
			t.Fatalf("%s: the insert succeeded", tt.name)
		}
		if got := isUniqueViolation(err); got != tt.want {
			t.Errorf("%s: isUniqueViolation(%v) = %v, want %v", tt.name, err, got, tt.want)
		}
	}
}

// Ensure Redact hides a PostgreSQL password, wherever it is written.
func TestRedact(t *testing.T) {
	for dsn, want := range map[string]string{
		"gpuplace.db": "gpuplace.db",
		"postgres://app:s3cret@db:5432/gpuplace?sslmode=require":         "postgres://app:xxxxx@db:5432/gpuplace?sslmode=require",
		"postgres://app@db/gpuplace?password=s3cret&sslmode=verify-full": "postgres://app@db/gpuplace?password=xxxxx&sslmode=verify-full",
	} {
		if got := Redact(dsn); got != want {
			t.Errorf("Redact(%q) = %q, want %q", dsn, got, want)
		}
	}
}
