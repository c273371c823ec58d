package store_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"gpuplace/internal/account"
	"gpuplace/internal/quote"
	"gpuplace/internal/store/storetest"
)

func newQuote(customer string) *quote.Quote {
	q := &quote.Quote{LinkID: "L", CatalogVersion: "v1", DataDates: "prices 2025", Customer: quote.Customer{Name: customer},
		Currency: "USD", ValidDays: 30, CreatedBy: "sales@example.com", CreatedAt: time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC),
		Lines: []quote.Line{{Description: "GPU", Quantity: decimal.NewFromInt(10), Unit: "hour", UnitPrice: decimal.RequireFromString("1.25")}}}
	q.Compute()
	return q
}

// Ensure 50 quotes created at once get 50 distinct, gapless numbers.
func TestQuoteNumbersConcurrent(t *testing.T) { storetest.Run(t, testQuoteNumbersConcurrent) }

func testQuoteNumbersConcurrent(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 50)
	seqs := make(chan int, 50)
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := newQuote(fmt.Sprintf("Customer %d", i))
			if err := db.CreateQuote(ctx, q); err != nil {
				errs <- err
				return
			}
			seqs <- q.Seq
		}()
	}
	wg.Wait()
	close(errs)
	close(seqs)
	for err := range errs {
		t.Fatal(err)
	}
	var got []int
	for s := range seqs {
		got = append(got, s)
	}
	sort.Ints(got)
	if len(got) != 50 {
		t.Fatalf("%d quotes created, want 50", len(got))
	}
	for i, s := range got {
		if s != i+1 {
			t.Fatalf("numbers = %v, want 1..50 without gaps", got)
		}
	}
	_, total, err := db.Quotes(ctx, quoteFilterAll())
	if err != nil || total != 50 {
		t.Errorf("listed %d quotes (%v), want 50", total, err)
	}
}

// quoteFilterAll lists everything on one page, as an admin sees it.
func quoteFilterAll() quote.Filter { return quote.Filter{Actor: admin, PerPage: 1000} }

// The people the tests act as: newQuote's author, who owns its quotes,
// another sales user and an admin.
var (
	owner  = quote.Actor{Email: "sales@example.com"}
	other  = quote.Actor{Email: "other@example.com"}
	admin  = quote.Actor{Email: "admin@example.com", Admin: true}
	moment = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
)

// Ensure a sent quote cannot change in place, a revision gets the next
// revision number, and the old revision stays as it was.
func TestQuoteRevisions(t *testing.T) { storetest.Run(t, testQuoteRevisions) }

func testQuoteRevisions(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	q := newQuote("Acme")
	if err := db.CreateQuote(ctx, q); err != nil {
		t.Fatal(err)
	}
	q.Notes = "draft edit"
	if err := db.UpdateQuote(ctx, owner, q, moment); err != nil {
		t.Fatalf("editing a draft: %v", err)
	}
	if err := db.SetQuoteStatus(ctx, owner, q.ID, quote.StatusAccepted, time.Now()); !errors.Is(err, quote.ErrImmutable) {
		t.Errorf("draft → accepted: %v, want refused", err)
	}
	if err := db.SetQuoteStatus(ctx, owner, q.ID, quote.StatusSent, time.Now()); err != nil {
		t.Fatal(err)
	}
	q.Notes = "changed after sending"
	if err := db.UpdateQuote(ctx, owner, q, moment); !errors.Is(err, quote.ErrImmutable) {
		t.Fatalf("editing a sent quote: %v, want ErrImmutable", err)
	}
	r2 := newQuote("Acme")
	r2.Notes = "revised"
	if err := db.ReviseQuote(ctx, owner, q.ID, r2); err != nil {
		t.Fatal(err)
	}
	if r2.Number() != q.Number()+"-R2" || r2.Status != quote.StatusDraft {
		t.Errorf("revision = %s (%s), want %s-R2 draft", r2.Number(), r2.Status, q.Number())
	}
	old, err := db.Quote(ctx, q.ID)
	if err != nil {
		t.Fatal(err)
	}
	if old.Notes != "draft edit" || old.Status != quote.StatusSent || old.SupersededBy != r2.ID {
		t.Errorf("old revision = notes %q, status %s, superseded by %d; want it unchanged and pointing at %d", old.Notes, old.Status, old.SupersededBy, r2.ID)
	}
	var se *quote.SupersededError
	if err := db.ReviseQuote(ctx, owner, q.ID, newQuote("Acme")); !errors.Is(err, quote.ErrSuperseded) || !errors.As(err, &se) || se.Latest != r2.Number() {
		t.Errorf("revising a superseded revision: %v, want ErrSuperseded naming %s", err, r2.Number())
	}
	revs, err := db.Revisions(ctx, q.Year, q.Seq)
	if err != nil || len(revs) != 2 {
		t.Fatalf("revisions = %d (%v), want 2", len(revs), err)
	}
	list, total, _ := db.Quotes(ctx, quoteFilterAll())
	if total != 1 || list[0].ID != r2.ID {
		t.Errorf("the list shows %d quotes, want only the latest revision", total)
	}
	if _, err := db.Quote(ctx, 9999); !errors.Is(err, quote.ErrNotFound) {
		t.Errorf("unknown quote: %v", err)
	}
}

// Ensure the list searches customer and number, filters status and pages.
func TestQuoteList(t *testing.T) { storetest.Run(t, testQuoteList) }

func testQuoteList(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	for i := range 25 {
		q := newQuote(fmt.Sprintf("Customer %02d", i))
		if i == 7 {
			q.Customer.Name = "Zeta_Labs 100%"
		}
		if err := db.CreateQuote(ctx, q); err != nil {
			t.Fatal(err)
		}
		if i%5 == 0 {
			db.SetQuoteStatus(ctx, owner, q.ID, quote.StatusSent, time.Now())
		}
	}
	for _, tt := range []struct {
		name  string
		f     quote.Filter
		total int
		page  int
	}{
		{"all, first page", quote.Filter{Actor: owner, PerPage: 10, Page: 1}, 25, 10},
		{"last page", quote.Filter{Actor: owner, PerPage: 10, Page: 3}, 25, 5},
		{"sent", quote.Filter{Actor: owner, Status: quote.StatusSent, PerPage: 10}, 5, 5},
		{"customer, any case", quote.Filter{Actor: owner, Search: "zeta_labs 100%", PerPage: 10}, 1, 1},
		{"wildcards are literal", quote.Filter{Actor: owner, Search: "_", PerPage: 10}, 1, 1},
		{"number", quote.Filter{Actor: owner, Search: "Q-2026-0012", PerPage: 10}, 1, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			list, total, err := db.Quotes(ctx, tt.f)
			if err != nil || total != tt.total || len(list) != tt.page {
				t.Errorf("Quotes(%+v) = %d rows of %d (%v), want %d of %d", tt.f, len(list), total, err, tt.page, tt.total)
			}
		})
	}
}

// Ensure users are unique by email and sessions end when they expire or
// are deleted.
func TestAccountsAndSessions(t *testing.T) { storetest.Run(t, testAccountsAndSessions) }

func testAccountsAndSessions(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	u, err := account.NewUser("Sales@Example.com", account.RoleSales, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if u, err = db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateUser(ctx, u); !errors.Is(err, account.ErrExists) {
		t.Errorf("second user with the same email: %v, want ErrExists", err)
	}
	got, err := db.UserByEmail(ctx, "sales@example.com")
	if err != nil || !got.CheckPassword("correct horse battery") || got.CheckPassword("wrong") {
		t.Fatalf("UserByEmail = %+v (%v)", got, err)
	}
	token, hash := account.NewSessionToken()
	now := time.Now()
	if err := db.CreateSession(ctx, hash, u.ID, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if s, err := db.SessionUser(ctx, account.HashToken(token), now); err != nil || s.ID != u.ID {
		t.Errorf("SessionUser = %+v (%v)", s, err)
	}
	if _, err := db.SessionUser(ctx, hash, now.Add(2*time.Hour)); !errors.Is(err, account.ErrNotFound) {
		t.Errorf("expired session: %v, want ErrNotFound", err)
	}
	db.DeleteSession(ctx, hash)
	if _, err := db.SessionUser(ctx, hash, now); !errors.Is(err, account.ErrNotFound) {
		t.Errorf("deleted session: %v, want ErrNotFound", err)
	}
}
