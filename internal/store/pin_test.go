package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/link"
	"gpuplace/internal/store"
	"gpuplace/internal/store/storetest"
)

// pinned is a link for question q with a result worth compressing.
func pinned(q string) link.Link {
	return link.Link{ID: link.NewID(), Query: "kind=training&profile=resnet50", CatalogVersion: "v1",
		Result:    []byte(`{"candidates":[` + strings.Repeat(`{"label":"aws eu-central-1 g5.xlarge","total":12.5},`, 200) + `{}]}`),
		CreatedAt: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), Question: link.QuestionHash("v1", q)}
}

// Ensure the same question pinned twice is one link — also when two
// instances pin it at once — another question gets its own random id,
// and the result comes back exactly as it was given.
func TestPinLink(t *testing.T) { storetest.Run(t, testPinLink) }

func testPinLink(t *testing.T, backend string) {
	a, b := twoInstances(t, backend)
	ctx := context.Background()
	first, err := a.PinLink(ctx, pinned("kind=training"))
	if err != nil {
		t.Fatal(err)
	}
	again := pinned("kind=training")
	got, err := b.PinLink(ctx, again)
	if err != nil || got.ID != first.ID {
		t.Fatalf("the same question pinned again = %s (%v), want %s", got.ID, err, first.ID)
	}
	if _, err := a.Link(ctx, again.ID); !errors.Is(err, link.ErrNotFound) {
		t.Errorf("the second pin stored a link of its own: %v", err)
	}
	other, err := a.PinLink(ctx, pinned("kind=inference"))
	if err != nil || other.ID == first.ID || len(other.ID) != 26 {
		t.Errorf("another question = %q (%v), want a new random id", other.ID, err)
	}
	stored, err := b.Link(ctx, first.ID)
	if err != nil || string(stored.Result) != string(first.Result) || stored.Question != first.Question {
		t.Errorf("Link() = %.80s… (%v), want the result as pinned", stored.Result, err)
	}

	ids := make(chan string, 10)
	alternately(10, a, b, func(_ int, db *store.DB) {
		l, err := db.PinLink(ctx, pinned("kind=inference&rps=5"))
		if err != nil {
			t.Error(err)
			return
		}
		ids <- l.ID
	})
	close(ids)
	seen := map[string]bool{}
	for id := range ids {
		seen[id] = true
	}
	if len(seen) != 1 {
		t.Errorf("ten pins of one question at once made %d links, want 1", len(seen))
	}
}

// Ensure links pinned before questions were remembered (their result in
// text, no question) still open after the migration, unchanged.
func TestOldLinksKeepWorking(t *testing.T) { storetest.Run(t, testOldLinksKeepWorking) }

func testOldLinksKeepWorking(t *testing.T, backend string) {
	dsn, exec := schemaBefore(t, backend, "0005_link_questions.sql")
	exec(`INSERT INTO links (id, query, catalog_version, result, created_at) VALUES
		('OLDLINKOLDLINKOLDLINKOLDLI', 'kind=training&profile=resnet50&lang=zh-CN', '2026-11-29.1', '{"total":"1.00"}', '2026-11-29T12:00:00Z')`)
	db := storetest.OpenDSN(t, dsn)
	ctx := context.Background()
	l, err := db.Link(ctx, "OLDLINKOLDLINKOLDLINKOLDLI")
	if err != nil || string(l.Result) != `{"total":"1.00"}` || l.Query != "kind=training&profile=resnet50&lang=zh-CN" || l.Question != "" {
		t.Fatalf("old link = %+v (%v), want it as it was", l, err)
	}
	if _, err := db.PinLink(ctx, pinned("kind=training")); err != nil {
		t.Errorf("pinning next to an old link: %v", err)
	}
}
