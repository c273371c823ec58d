// Package store keeps gpuplace's state — pinned links, accounts and
// sessions, quotes, catalog versions — in SQLite (one file, one instance)
// or PostgreSQL (several instances sharing one database). It owns the
// connection, its settings and the schema migrations.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// DB is an open gpuplace database.
type DB struct {
	db *sql.DB
	d  dialect
}

// Open opens the database named by dsn and applies every migration it has
// not seen yet. A dsn starting with postgres:// or postgresql:// is a
// PostgreSQL server (through pgx); anything else is a SQLite file, created
// if needed.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if IsPostgres(dsn) {
		return openPostgres(ctx, dsn)
	}
	return openSQLite(ctx, dsn)
}

func openSQLite(ctx context.Context, path string) (*DB, error) {
	// busy_timeout waits for a lock instead of failing at once; SQLite
	// leaves foreign keys off unless asked; _txlock=immediate takes the
	// write lock when a transaction begins, so a read-then-write
	// transaction cannot fail half-way with SQLITE_BUSY_SNAPSHOT.
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(sqliteMaxConns)
	db.SetMaxIdleConns(sqliteMaxConns)
	if err := useWAL(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return start(ctx, db, sqliteDialect)
}

// walWait is how long useWAL keeps asking for WAL, as busy_timeout waits
// for a lock.
const walWait = 5 * time.Second

// useWAL puts the database in WAL mode, which lets readers run while one
// writer writes; the file keeps the mode, so every connection has it (a
// file system where SQLite cannot use WAL keeps its mode, as SQLite
// answers). On a new file the switch needs the whole database to itself,
// and SQLite refuses it at once, without waiting, while another instance
// starting at the same moment holds a lock (waiting could deadlock the
// two): the switch is asked again until it is made, or walWait has passed.
func useWAL(ctx context.Context, db *sql.DB) error {
	deadline := time.Now().Add(walWait)
	for {
		var mode string
		err := db.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode)
		switch {
		case err == nil:
			return nil
		case !isBusy(err):
			return fmt.Errorf("WAL mode: %w", err)
		case time.Now().After(deadline):
			return fmt.Errorf("WAL mode: %w (still, after %s)", err, walWait)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func openPostgres(ctx context.Context, dsn string) (*DB, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		// The error may quote the DSN, password included: do not wrap it.
		return nil, errors.New("store: open PostgreSQL: invalid connection URL")
	}
	db.SetMaxOpenConns(pgMaxConns)
	db.SetMaxIdleConns(pgMaxConns)
	return start(ctx, db, pgDialect)
}

// start migrates a freshly opened database.
func start(ctx context.Context, db *sql.DB, d dialect) (*DB, error) {
	s := &DB{db: db, d: d}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Dialect names the database behind s: "sqlite" or "postgres".
func (s *DB) Dialect() string { return s.d.name }

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
// embedded migration of the dialect not yet recorded in the migrations
// table. On PostgreSQL each transaction first takes an advisory lock, so
// instances starting at once apply each migration exactly once.
func (s *DB) migrate(ctx context.Context) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.lock(ctx, tx, lockMigrate); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY)`)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: create migrations table: %w", err)
	}
	names, err := fs.Glob(migrations, s.d.migrations+"/*.sql")
	if err != nil {
		return fmt.Errorf("store: list migrations: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := s.migrateFile(ctx, name); err != nil {
			return fmt.Errorf("store: migrate %s: %w", path.Base(name), err)
		}
	}
	return nil
}

// migrateFile applies one migration file unless it is recorded already.
// Its base name is what is recorded, the same for both dialects.
func (s *DB) migrateFile(ctx context.Context, file string) error {
	name := path.Base(file)
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.lock(ctx, tx, lockMigrate); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, s.d.q(`SELECT COUNT(*) FROM migrations WHERE name = ?`), name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		body, err := migrations.ReadFile(file)
		if err != nil {
			return err
		}
		// No arguments: pgx sends this over the simple protocol, which runs
		// a file of several statements.
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.d.q(`INSERT INTO migrations (name) VALUES (?)`), name)
		return err
	})
}

// lock takes the dialect's transaction-scoped lock for key (PostgreSQL's
// pg_advisory_xact_lock, released when tx ends); a no-op on SQLite.
func (s *DB) lock(ctx context.Context, tx *sql.Tx, key int64) error {
	if s.d.lock == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, s.d.q(s.d.lock), key)
	return err
}

// inTx runs f in a transaction and commits it when f succeeds. On SQLite
// the transaction takes the write lock at BEGIN (see Open); on PostgreSQL
// (read committed) the callers lock the rows or the advisory lock they need.
func (s *DB) inTx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// ErrSQLiteOnly is returned by operations that exist only for a SQLite
// database.
var ErrSQLiteOnly = errors.New("store: only for a SQLite database")

// ErrPostgresBackup is Backup's answer on PostgreSQL: it says what to use.
var ErrPostgresBackup = fmt.Errorf("%w: back up PostgreSQL with pg_dump "+
	"(pg_dump -Fc -f gpuplace.dump \"$GPUPLACE_DB\"; restore with pg_restore)", ErrSQLiteOnly)

// JournalMode reports SQLite's journal mode ("wal" once Open has run);
// SQLite only.
func (s *DB) JournalMode(ctx context.Context) (string, error) {
	if s.d.name != "sqlite" {
		return "", ErrSQLiteOnly
	}
	var mode string
	err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode)
	return mode, err
}

// Backup writes a consistent copy of the database to path (which must not
// exist) while it stays open for readers and writers: SQLite's VACUUM INTO
// reads one snapshot of the whole database. SQLite only: a PostgreSQL
// database is backed up with pg_dump, and Backup says so.
func (s *DB) Backup(ctx context.Context, path string) error {
	if s.d.name != "sqlite" {
		return ErrPostgresBackup
	}
	if _, err := s.db.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return nil
}

// IntegrityCheck runs SQLite's integrity check and returns its verdict
// ("ok" for a sound file). SQLite only: PostgreSQL has no such check to
// run from here.
func (s *DB) IntegrityCheck(ctx context.Context) (string, error) {
	if s.d.name != "sqlite" {
		return "", ErrSQLiteOnly
	}
	var verdict string
	err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&verdict)
	return verdict, err
}
