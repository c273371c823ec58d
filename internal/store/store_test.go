package store_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"gpuplace/internal/link"
	"gpuplace/internal/store"
)

// newTestDB opens a fresh database file in a temporary directory.
func newTestDB(t testing.TB) (*store.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

// Ensure a link round-trips and an unknown id is ErrNotFound.
func TestLinks(t *testing.T) {
	db, _ := newTestDB(t)
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
// and the file is in WAL mode.
func TestReopen(t *testing.T) {
	db, path := newTestDB(t)
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
// database holding everything committed before it began.
func TestBackupWhileWriting(t *testing.T) {
	db, dir := newTestDB(t)
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
