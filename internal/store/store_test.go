package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/link"
	"gpuplace/internal/store"
	"gpuplace/internal/store/storetest"
)

// newTestDB opens a fresh database on backend (see storetest) and returns
// it with its DSN.
func newTestDB(t testing.TB, backend string) (*store.DB, string) {
	t.Helper()
	dsn := storetest.DSN(t, backend)
	return storetest.OpenDSN(t, dsn), dsn
}

// Ensure a link round-trips and an unknown id is ErrNotFound.
func TestLinks(t *testing.T) { storetest.Run(t, testLinks) }

func testLinks(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	want := link.Link{ID: link.NewID(), Query: "kind=training&profile=resnet50", CatalogVersion: "v1",
		Result: []byte(`{"total":"1.00"}`), CreatedAt: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	if err := db.CreateLink(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err := db.Link(ctx, want.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != want.ID || got.Query != want.Query || got.CatalogVersion != want.CatalogVersion ||
		string(got.Result) != string(want.Result) || !got.CreatedAt.Equal(want.CreatedAt) {
		t.Errorf("Link() = %+v, want %+v", got, want)
	}
	if err := db.CreateLink(ctx, want); err == nil {
		t.Error("CreateLink() with a duplicate id succeeded, want an error")
	}
	if _, err := db.Link(ctx, "nope"); !errors.Is(err, link.ErrNotFound) {
		t.Errorf("Link(unknown) error = %v, want ErrNotFound", err)
	}
}

// Ensure reopening a database applies no migration twice and keeps data,
// and a SQLite file is in WAL mode.
func TestReopen(t *testing.T) { storetest.Run(t, testReopen) }

func testReopen(t *testing.T, backend string) {
	db, path := newTestDB(t, backend)
	ctx := context.Background()
	l := link.Link{ID: link.NewID(), Query: "q", CatalogVersion: "v", Result: []byte("{}"), CreatedAt: time.Now()}
	if err := db.CreateLink(ctx, l); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db2.Close()
	if _, err := db2.Link(ctx, l.ID); err != nil {
		t.Errorf("link lost after reopen: %v", err)
	}
	if backend != "sqlite" {
		return
	}
	if mode, err := db2.JournalMode(ctx); err != nil || mode != "wal" {
		t.Errorf("journal mode = %q (%v), want wal", mode, err)
	}
}

// Ensure ids are long and distinct.
func TestNewID(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := link.NewID()
		if len(id) < 26 || seen[id] {
			t.Fatalf("NewID() = %q: too short or repeated", id)
		}
		seen[id] = true
	}
}

// Ensure a backup taken while another connection writes is a sound
// database holding everything committed before it began (SQLite; see
// TestBackupPostgres).
func TestBackupWhileWriting(t *testing.T) {
	db, dir := newTestDB(t, "sqlite")
	ctx := context.Background()
	var before []string
	for i := range 20 {
		l := link.Link{ID: link.NewID(), Query: fmt.Sprint(i), CatalogVersion: "v", Result: []byte("{}"), CreatedAt: time.Now()}
		if err := db.CreateLink(ctx, l); err != nil {
			t.Fatal(err)
		}
		before = append(before, l.ID)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 50 {
			db.CreateLink(ctx, link.Link{ID: link.NewID(), Query: "during", CatalogVersion: "v", Result: []byte("{}"), CreatedAt: time.Now()})
		}
	}()
	backup := filepath.Join(filepath.Dir(dir), "backup.db")
	if err := db.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	<-done
	restored, err := store.Open(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	if v, err := restored.IntegrityCheck(ctx); err != nil || v != "ok" {
		t.Errorf("integrity_check = %q (%v), want ok", v, err)
	}
	for _, id := range before {
		if _, err := restored.Link(ctx, id); err != nil {
			t.Errorf("link %s, written before the backup, is not in it: %v", id, err)
		}
	}
}

// Ensure Backup and IntegrityCheck on PostgreSQL refuse clearly, pointing
// to pg_dump, and write no file.
func TestBackupPostgres(t *testing.T) {
	db, _ := newTestDB(t, "postgres")
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "backup.db")
	err := db.Backup(ctx, file)
	if !errors.Is(err, store.ErrSQLiteOnly) || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("Backup on PostgreSQL: %v, want ErrSQLiteOnly naming pg_dump", err)
	}
	if _, err := os.Stat(file); err == nil {
		t.Error("Backup on PostgreSQL wrote a file")
	}
	if _, err := db.IntegrityCheck(ctx); !errors.Is(err, store.ErrSQLiteOnly) {
		t.Errorf("IntegrityCheck on PostgreSQL: %v, want ErrSQLiteOnly", err)
	}
	if db.Dialect() != "postgres" {
		t.Errorf("Dialect() = %q, want postgres", db.Dialect())
	}
}
