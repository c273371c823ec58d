// Package store keeps gpuplace's state in SQLite: pinned links now, and
// whatever later features persist. It owns the connection, its pragmas and
// the schema migrations.
package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strings"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is an open gpuplace database.
type DB struct {
	db *sql.DB
}

// Open opens (creating if needed) the SQLite database at path and applies
// every migration it has not seen yet.
func Open(ctx context.Context, path string) (*DB, error) {
	// WAL lets readers run while one writer writes; busy_timeout waits for a
	// lock instead of failing at once; SQLite leaves foreign keys off unless
	// asked; _txlock=immediate takes the write lock when a transaction
	// begins, so a read-then-write transaction cannot fail half-way with
	// SQLITE_BUSY_SNAPSHOT.
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := &DB{db: db}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the database.
func (s *DB) Close() error { return s.db.Close() }

// Ping checks that the database answers a query.
func (s *DB) Ping(ctx context.Context) error {
	var one int
	if err := s.db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// migrate applies, in name order and each in its own transaction, every
// embedded migration not yet recorded in the migrations table.
func (s *DB) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY)`); err != nil {
		return fmt.Errorf("store: create migrations table: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return fmt.Errorf("store: list migrations: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := s.migrateFile(ctx, name); err != nil {
			return err
		}
	}
	return nil
}

func (s *DB) migrateFile(ctx context.Context, name string) error {
	name = strings.TrimPrefix(name, "migrations/")
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	if n > 0 {
		return nil
	}
	body, err := migrations.ReadFile("migrations/" + name)
	if err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (name) VALUES (?)`, name); err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	return tx.Commit()
}

// JournalMode reports SQLite's journal mode ("wal" once Open has run).
func (s *DB) JournalMode(ctx context.Context) (string, error) {
	var mode string
	err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode)
	return mode, err
}

// Backup writes a consistent copy of the database to path (which must not
// exist) while it stays open for readers and writers: SQLite's VACUUM INTO
// reads one snapshot of the whole database.
func (s *DB) Backup(ctx context.Context, path string) error {
	if _, err := s.db.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return nil
}

// IntegrityCheck runs SQLite's integrity check and returns its verdict
// ("ok" for a sound file).
func (s *DB) IntegrityCheck(ctx context.Context) (string, error) {
	var verdict string
	err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&verdict)
	return verdict, err
}
