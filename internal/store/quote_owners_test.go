package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"gpuplace/internal/quote"
	"gpuplace/internal/store/storetest"
)

// Ensure a sales user lists and changes only the quotes they own, another
// sales user finds them missing, and an admin reaches and reassigns them.
func TestQuoteOwners(t *testing.T) { storetest.Run(t, testQuoteOwners) }

func testQuoteOwners(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	mine := newQuote("Acme")
	if err := db.CreateQuote(ctx, mine); err != nil {
		t.Fatal(err)
	}
	theirs := newQuote("Globex")
	theirs.CreatedBy = other.Email
	if err := db.CreateQuote(ctx, theirs); err != nil {
		t.Fatal(err)
	}
	if mine.Owner != owner.Email || theirs.Owner != other.Email {
		t.Fatalf("owners = %q, %q; want each quote's author", mine.Owner, theirs.Owner)
	}
	for _, tt := range []struct {
		who  quote.Actor
		want int
	}{{owner, 1}, {other, 1}, {admin, 2}, {quote.Actor{}, 0}} {
		list, total, err := db.Quotes(ctx, quote.Filter{Actor: tt.who, PerPage: 10})
		if err != nil || total != tt.want || len(list) != tt.want {
			t.Errorf("%+v lists %d of %d quotes (%v), want %d", tt.who, len(list), total, err, tt.want)
		}
	}

	// Another sales user cannot change the quote: to them it does not exist.
	if err := db.UpdateQuote(ctx, other, mine, moment); !errors.Is(err, quote.ErrNotFound) {
		t.Errorf("another user's edit: %v, want ErrNotFound", err)
	}
	if err := db.SetQuoteStatus(ctx, other, mine.ID, quote.StatusSent, moment); !errors.Is(err, quote.ErrNotFound) {
		t.Errorf("another user's status change: %v, want ErrNotFound", err)
	}
	if err := db.ReviseQuote(ctx, other, mine.ID, newQuote("Acme")); !errors.Is(err, quote.ErrNotFound) {
		t.Errorf("another user's revision: %v, want ErrNotFound", err)
	}
	if err := db.ReassignQuote(ctx, owner, mine.ID, other.Email, moment); !errors.Is(err, quote.ErrNotFound) {
		t.Errorf("a sales user reassigning: %v, want ErrNotFound", err)
	}

	// An admin edits it and gives it to the other user, who then owns every
	// revision of it.
	mine.Notes = "edited by an admin"
	if err := db.UpdateQuote(ctx, admin, mine, moment); err != nil {
		t.Fatal(err)
	}
	if err := db.SetQuoteStatus(ctx, admin, mine.ID, quote.StatusSent, moment); err != nil {
		t.Fatal(err)
	}
	r2 := newQuote("Acme")
	if err := db.ReviseQuote(ctx, admin, mine.ID, r2); err != nil {
		t.Fatal(err)
	}
	if r2.Owner != owner.Email || r2.CreatedBy != admin.Email {
		t.Errorf("revision by an admin: owner %q, made by %q; want the owner kept and the admin as author", r2.Owner, r2.CreatedBy)
	}
	if err := db.ReassignQuote(ctx, admin, r2.ID, other.Email, moment); err != nil {
		t.Fatal(err)
	}
	revs, err := db.Revisions(ctx, r2.Year, r2.Seq)
	if err != nil || len(revs) != 2 {
		t.Fatalf("revisions = %d (%v)", len(revs), err)
	}
	for _, r := range revs {
		if !other.Reaches(r) || owner.Reaches(r) {
			t.Errorf("%s owned by %q after the reassignment, want %s", r.Number(), r.Owner, other.Email)
		}
	}
}

// Ensure every change to a quote is recorded — who, when, which fields
// from what to what — with the revision it was made to.
func TestQuoteHistory(t *testing.T) { storetest.Run(t, testQuoteHistory) }

func testQuoteHistory(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	q := newQuote("Acme")
	if err := db.CreateQuote(ctx, q); err != nil {
		t.Fatal(err)
	}
	q.Customer.Name = "Acme Corp"
	q.Lines[0].Quantity = q.Lines[0].Quantity.Add(q.Lines[0].Quantity)
	q.Compute()
	if err := db.UpdateQuote(ctx, admin, q, moment); err != nil {
		t.Fatal(err)
	}
	if err := db.UpdateQuote(ctx, owner, q, moment); err != nil { // no change: no entry
		t.Fatal(err)
	}
	if err := db.SetQuoteStatus(ctx, owner, q.ID, quote.StatusSent, moment); err != nil {
		t.Fatal(err)
	}
	r2 := newQuote("Acme Corp")
	r2.Notes = "after the call"
	if err := db.ReviseQuote(ctx, owner, q.ID, r2); err != nil {
		t.Fatal(err)
	}
	if err := db.ReassignQuote(ctx, admin, r2.ID, other.Email, moment); err != nil {
		t.Fatal(err)
	}
	var events []quote.Event
	for _, rev := range []int{1, 2} {
		e, err := db.QuoteEvents(ctx, q.Year, q.Seq, rev)
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, e...)
	}
	want := []struct {
		number, actor, action string
		changes               []quote.Change
	}{
		{q.Number(), owner.Email, quote.ActionCreated, nil},
		{q.Number(), admin.Email, quote.ActionEdited, []quote.Change{
			{Field: "customer_name", From: "Acme", To: "Acme Corp"},
			{Field: "lines[0].quantity", From: "10", To: "20"},
			{Field: "total", From: "12.50", To: "25.00"}}},
		{q.Number(), owner.Email, quote.ActionStatus, []quote.Change{{Field: "status", From: "draft", To: "sent"}}},
		{r2.Number(), owner.Email, quote.ActionRevised, []quote.Change{
			{Field: "notes", From: "", To: "after the call"},
			{Field: "lines[0].quantity", From: "20", To: "10"},
			{Field: "total", From: "25.00", To: "12.50"}}},
		{r2.Number(), admin.Email, quote.ActionReassigned, []quote.Change{{Field: "owner", From: owner.Email, To: other.Email}}},
	}
	if len(events) != len(want) {
		t.Fatalf("history has %d entries, want %d: %+v", len(events), len(want), events)
	}
	for i, w := range want {
		e := events[i]
		if e.Number != w.number || e.Actor != w.actor || e.Action != w.action || e.At.IsZero() || !slices.Equal(e.Changes, w.changes) {
			t.Errorf("entry %d = %+v, want %s by %s on %s with %+v", i, e, w.action, w.actor, w.number, w.changes)
		}
	}
}

// Ensure quotes made before owners and history existed belong, every
// revision, to who made the first one, and their history starts with how
// each revision was made.
func TestQuoteOwnersMigration(t *testing.T) { storetest.Run(t, testQuoteOwnersMigration) }

func testQuoteOwnersMigration(t *testing.T, backend string) {
	dsn, exec := schemaBefore(t, backend, "0004_quote_owners_history.sql")
	ctx := context.Background()
	for _, row := range []string{ // R2 first: R1 refers to it
		`(2, 2026, 1, 2, 'draft', 'bob@example.com', '2026-11-02T09:00:00Z', CAST(NULL AS BIGINT))`,
		`(1, 2026, 1, 1, 'sent', 'ada@example.com', '2026-11-01T09:00:00Z', 2)`,
	} {
		exec(`INSERT INTO quotes (id, year, seq, revision, status, created_by, created_at, superseded_by, link_id, catalog_version,
			data_dates, customer_name, company, email, reference, currency, valid_days, discount_pct, lines, notes, terms, lang,
			subtotal, total) SELECT v.*, 'L', 'v1', '', 'Acme', '', '', '', 'USD', 30, '0', '[]', '', '', 'en', '0', '0'
			FROM (VALUES ` + row + `) AS v`)
	}
	db := storetest.OpenDSN(t, dsn)
	revs, err := db.Revisions(ctx, 2026, 1)
	if err != nil || len(revs) != 2 {
		t.Fatalf("revisions = %d (%v), want 2", len(revs), err)
	}
	for _, r := range revs {
		if r.Owner != "ada@example.com" {
			t.Errorf("%s owned by %q after the migration, want ada@example.com (who made the first revision)", r.Number(), r.Owner)
		}
	}
	first, err := db.QuoteEvents(ctx, 2026, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	second, err := db.QuoteEvents(ctx, 2026, 1, 2)
	events := append(first, second...)
	if err != nil || len(events) != 2 {
		t.Fatalf("history = %+v (%v), want two entries", events, err)
	}
	if events[0].Action != quote.ActionCreated || events[0].Actor != "ada@example.com" ||
		events[1].Action != quote.ActionRevised || events[1].Actor != "bob@example.com" || events[1].Number != "Q-2026-0001-R2" {
		t.Errorf("history = %+v, want created by ada, then R2 revised by bob", events)
	}
}
