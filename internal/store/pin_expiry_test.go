package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"gpuplace/internal/link"
	"gpuplace/internal/store"
	"gpuplace/internal/store/storetest"
)

// day0 is when the test pins are made.
var day0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// pinOn stores a link for question q made on day d after day0.
func pinOn(t *testing.T, db *store.DB, q string, d int) link.Link {
	t.Helper()
	l := pinned(q)
	l.CreatedAt = day0.AddDate(0, 0, d)
	if err := db.CreateLink(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	return l
}

// kept reports which of the links are still stored.
func kept(t *testing.T, db *store.DB, ls ...link.Link) []bool {
	t.Helper()
	out := make([]bool, len(ls))
	for i, l := range ls {
		_, err := db.Link(context.Background(), l.ID)
		if err != nil && !errors.Is(err, link.ErrNotFound) {
			t.Fatal(err)
		}
		out[i] = err == nil
	}
	return out
}

// Ensure pins expire by their last use: one opened long ago expires like
// one never opened, one opened since the cutoff is kept, and one a quote
// rests on is kept whatever its age.
func TestLinksExpireByLastUse(t *testing.T) { storetest.Run(t, testLinksExpireByLastUse) }

func testLinksExpireByLastUse(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	never, openedOnce, openedLately, quoted := pinOn(t, db, "a", 0), pinOn(t, db, "b", 0), pinOn(t, db, "c", 0), pinOn(t, db, "d", 0)
	for _, v := range []struct {
		l link.Link
		d int
	}{{openedOnce, 10}, {openedLately, 10}, {openedLately, 300}} {
		if err := db.VisitLink(ctx, v.l.ID, day0.AddDate(0, 0, v.d)); err != nil {
			t.Fatal(err)
		}
	}
	q := newQuote("Rests on a pin")
	q.LinkID = quoted.ID
	if err := db.CreateQuote(ctx, q); err != nil {
		t.Fatal(err)
	}
	gone, err := db.ExpireLinks(ctx, day0.AddDate(0, 0, 200))
	if err != nil {
		t.Fatal(err)
	}
	got := kept(t, db, never, openedOnce, openedLately, quoted)
	if want := []bool{false, false, true, true}; fmt.Sprint(got) != fmt.Sprint(want) || gone != 2 {
		t.Errorf("after expiry at day 200: kept never/opened on day 10/opened on day 300/quoted = %v (%d gone), want %v (2 gone)", got, gone, want)
	}
}

// Ensure a full store evicts the least recently used pins no quote rests
// on, oldest use first, and never one a quote rests on.
func TestLinksEvictLeastRecentlyUsed(t *testing.T) { storetest.Run(t, testLinksEvictLeastRecentlyUsed) }

func testLinksEvictLeastRecentlyUsed(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	quoted, opened, made, newest := pinOn(t, db, "a", 0), pinOn(t, db, "b", 1), pinOn(t, db, "c", 2), pinOn(t, db, "d", 3)
	if err := db.VisitLink(ctx, opened.ID, day0.AddDate(0, 0, 5)); err != nil {
		t.Fatal(err)
	}
	q := newQuote("Rests on a pin")
	q.LinkID = quoted.ID
	if err := db.CreateQuote(ctx, q); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		n    int
		gone int64
		want []bool // quoted, opened on day 5, made on day 2, made on day 3
	}{
		{1, 1, []bool{true, true, false, true}},
		{1, 1, []bool{true, true, false, false}},
		{10, 1, []bool{true, false, false, false}},
		{1, 0, []bool{true, false, false, false}},
	} {
		gone, err := db.EvictLinks(ctx, step.n)
		if err != nil {
			t.Fatal(err)
		}
		if got := kept(t, db, quoted, opened, made, newest); fmt.Sprint(got) != fmt.Sprint(step.want) || gone != step.gone {
			t.Fatalf("EvictLinks(%d): kept %v (%d gone), want %v (%d gone)", step.n, got, gone, step.want, step.gone)
		}
	}
}

// Ensure links pinned before last use was recorded keep working after the
// migration, and expire and are evicted by their last visit, else their
// making.
func TestOldLinksTakeTheirLastUse(t *testing.T) { storetest.Run(t, testOldLinksTakeTheirLastUse) }

func testOldLinksTakeTheirLastUse(t *testing.T, backend string) {
	dsn, exec := schemaBefore(t, backend, "0008_link_last_used.sql")
	exec(`INSERT INTO links (id, query, catalog_version, result, created_at, visited_at) VALUES
		('OLDVISITEDOLDVISITEDOLDVIS', 'kind=training&profile=resnet50', '2026-11-29.1', '{"total":"1.00"}', '2026-01-01T12:00:00Z', '2026-06-01T12:00:00Z'),
		('OLDNEVERVISITEDOLDNEVERVIS', 'kind=training&profile=bert-large', '2026-11-29.1', '{"total":"2.00"}', '2026-02-01T12:00:00Z', NULL)`)
	db := storetest.OpenDSN(t, dsn)
	ctx := context.Background()
	visited, never := link.Link{ID: "OLDVISITEDOLDVISITEDOLDVIS"}, link.Link{ID: "OLDNEVERVISITEDOLDNEVERVIS"}
	if l, err := db.Link(ctx, never.ID); err != nil || string(l.Result) != `{"total":"2.00"}` {
		t.Fatalf("old link = %+v (%v), want it as it was", l, err)
	}
	if _, err := db.EvictLinks(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if got := kept(t, db, visited, never); fmt.Sprint(got) != "[true false]" {
		t.Errorf("evicting one: kept visited in June/made in February = %v, want the one visited kept", got)
	}
	if _, err := db.ExpireLinks(ctx, time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if got := kept(t, db, visited); got[0] {
		t.Error("the link last visited in June was kept after expiry at July")
	}
}
