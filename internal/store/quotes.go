package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"gpuplace/internal/quote"
)

// CreateQuote saves a new quote as revision 1 with the next number of its
// year, owned by q.Owner (by its author when unset), and records its
// creation. The number is taken inside the transaction that saves the
// quote — which holds SQLite's write lock from its first statement, or on
// PostgreSQL the lock on the year's counter row until it ends — so numbers
// are unique and gapless however many are created at once, by however many
// instances.
func (s *DB) CreateQuote(ctx context.Context, q *quote.Quote) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		year := q.CreatedAt.UTC().Year()
		var seq int
		err := tx.QueryRowContext(ctx, s.d.q(`INSERT INTO quote_counters (year, last) VALUES (?, 1)
			ON CONFLICT (year) DO UPDATE SET last = quote_counters.last + 1 RETURNING last`), year).Scan(&seq)
		if err != nil {
			return fmt.Errorf("store: number quote: %w", err)
		}
		q.Year, q.Seq, q.Revision, q.Status = year, seq, 1, quote.StatusDraft
		if q.Owner == "" {
			q.Owner = q.CreatedBy
		}
		if err := s.insertQuote(ctx, tx, q); err != nil {
			return err
		}
		return s.record(ctx, tx, *q, q.CreatedAt, q.CreatedBy, quote.ActionCreated, nil)
	})
}

// ReviseQuote saves q, made by a, as the next revision of the quote old and
// marks old as superseded; the new revision keeps old's owner. old keeps
// everything it had, so it stays readable. Its row is locked first, so of
// two concurrent revisions one wins and the other gets a
// *quote.SupersededError naming the latest revision.
func (s *DB) ReviseQuote(ctx context.Context, a quote.Actor, oldID int64, q *quote.Quote) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		old, err := s.reachQuote(ctx, tx, a, oldID)
		if err != nil {
			return err
		}
		var rev int
		if err := tx.QueryRowContext(ctx, s.d.q(`SELECT MAX(revision) FROM quotes WHERE year = ? AND seq = ?`), old.Year, old.Seq).Scan(&rev); err != nil {
			return fmt.Errorf("store: revise quote: %w", err)
		}
		q.Year, q.Seq, q.Revision, q.Status, q.SentAt, q.Owner = old.Year, old.Seq, rev+1, quote.StatusDraft, nil, old.Owner
		q.CreatedBy = a.Email
		if err := s.insertQuote(ctx, tx, q); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.d.q(`UPDATE quotes SET superseded_by = ? WHERE id = ?`), q.ID, oldID); err != nil {
			return fmt.Errorf("store: revise quote: %w", err)
		}
		return s.record(ctx, tx, *q, q.CreatedAt, a.Email, quote.ActionRevised, quote.Changes(old, *q))
	})
}

// UpdateQuote changes a draft in place for a — what the builder edits,
// and its data dates, written in the quote's language — and records what
// changed; a sent quote is quote.ErrImmutable, a revised one a
// *quote.SupersededError. The row is locked while it is checked and
// changed.
func (s *DB) UpdateQuote(ctx context.Context, a quote.Actor, q *quote.Quote, now time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		cur, err := s.reachQuote(ctx, tx, a, q.ID)
		if err != nil {
			return err
		}
		if !cur.Editable() {
			return quote.ErrImmutable
		}
		lines, err := json.Marshal(q.Lines)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.d.q(`UPDATE quotes SET customer_name = ?, company = ?, email = ?, reference = ?, currency = ?,
			valid_days = ?, discount_pct = ?, lines = ?, notes = ?, terms = ?, lang = ?, data_dates = ?, subtotal = ?, total = ?
			WHERE id = ?`),
			q.Customer.Name, q.Customer.Company, q.Customer.Email, q.Reference, q.Currency, q.ValidDays, q.DiscountPct.String(),
			string(lines), q.Notes, q.Terms, q.Lang, q.DataDates, q.Subtotal.String(), q.Total.String(), q.ID)
		if err != nil {
			return fmt.Errorf("store: update quote: %w", err)
		}
		changes := quote.Changes(cur, *q)
		if len(changes) == 0 {
			return nil
		}
		return s.record(ctx, tx, cur, now, a.Email, quote.ActionEdited, changes)
	})
}

// SetQuoteStatus moves a quote along its life cycle (draft → sent →
// accepted or rejected) for a and records the move; any other move is
// refused. The row is locked while it is checked and changed.
func (s *DB) SetQuoteStatus(ctx context.Context, a quote.Actor, id int64, next string, now time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		cur, err := s.reachQuote(ctx, tx, a, id)
		if err != nil {
			return err
		}
		if !quote.CanMove(cur.Status, next) {
			return fmt.Errorf("store: quote %s cannot go from %s to %s: %w", cur.Number(), cur.Status, next, quote.ErrImmutable)
		}
		if next == quote.StatusSent {
			_, err = tx.ExecContext(ctx, s.d.q(`UPDATE quotes SET status = ?, sent_at = ? WHERE id = ?`), next, formatTime(now), id)
		} else {
			_, err = tx.ExecContext(ctx, s.d.q(`UPDATE quotes SET status = ? WHERE id = ?`), next, id)
		}
		if err != nil {
			return fmt.Errorf("store: quote status: %w", err)
		}
		return s.record(ctx, tx, cur, now, a.Email, quote.ActionStatus, []quote.Change{{Field: "status", From: cur.Status, To: next}})
	})
}

// ReassignQuote gives every revision of a quote to another owner, for an
// admin, and records it. Whether owner is a user is for the caller to
// check.
func (s *DB) ReassignQuote(ctx context.Context, a quote.Actor, id int64, owner string, now time.Time) error {
	if !a.Admin {
		return quote.ErrNotFound
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		cur, err := s.findQuote(ctx, tx, id, s.d.forUpdate)
		if err != nil {
			return err
		}
		if cur.Owner == owner {
			return nil
		}
		if _, err := tx.ExecContext(ctx, s.d.q(`UPDATE quotes SET owner = ? WHERE year = ? AND seq = ?`), owner, cur.Year, cur.Seq); err != nil {
			return fmt.Errorf("store: reassign quote: %w", err)
		}
		return s.record(ctx, tx, cur, now, a.Email, quote.ActionReassigned, []quote.Change{{Field: "owner", From: cur.Owner, To: owner}})
	})
}

// reachQuote reads and locks, inside a transaction that goes on to change
// it, a quote that a may change: one a cannot reach is quote.ErrNotFound,
// a superseded revision a *quote.SupersededError naming the latest.
func (s *DB) reachQuote(ctx context.Context, tx *sql.Tx, a quote.Actor, id int64) (quote.Quote, error) {
	cur, err := s.findQuote(ctx, tx, id, s.d.forUpdate)
	if err != nil {
		return cur, err
	}
	if !a.Reaches(cur) {
		return cur, quote.ErrNotFound
	}
	if cur.SupersededBy != 0 {
		latest, err := s.latestRevision(ctx, tx, cur.Year, cur.Seq)
		if err != nil {
			return cur, err
		}
		return cur, &quote.SupersededError{Number: cur.Number(), Latest: latest.Number()}
	}
	return cur, nil
}

// latestRevision returns the newest revision of a quote number.
func (s *DB) latestRevision(ctx context.Context, tx querier, year, seq int) (quote.Quote, error) {
	rows, err := tx.QueryContext(ctx, s.d.q(`SELECT `+quoteColumns+` FROM quotes WHERE year = ? AND seq = ?
		ORDER BY revision DESC LIMIT 1`), year, seq)
	if err != nil {
		return quote.Quote{}, fmt.Errorf("store: latest revision: %w", err)
	}
	return firstQuote(rows)
}

// Quote returns one quote revision by id.
func (s *DB) Quote(ctx context.Context, id int64) (quote.Quote, error) {
	return s.findQuote(ctx, s.db, id, "")
}

// Revisions returns every revision of a quote's number, oldest first.
func (s *DB) Revisions(ctx context.Context, year, seq int) ([]quote.Quote, error) {
	rows, err := s.db.QueryContext(ctx, s.d.q(`SELECT `+quoteColumns+` FROM quotes WHERE year = ? AND seq = ? ORDER BY revision`), year, seq)
	if err != nil {
		return nil, fmt.Errorf("store: revisions: %w", err)
	}
	defer rows.Close()
	var out []quote.Quote
	for rows.Next() {
		q, err := scanQuote(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, rows.Err()
}

// Quotes lists the latest revision of each quote f.Actor reaches, newest
// first, filtered and paginated, with the number of matches.
func (s *DB) Quotes(ctx context.Context, f quote.Filter) ([]quote.Quote, int, error) {
	where := []string{"superseded_by IS NULL"}
	var args []any
	if !f.Actor.Admin {
		where = append(where, "owner = ?")
		args = append(args, f.Actor.Email)
	}
	if f.Search != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(f.Search)) + "%"
		where = append(where, `(lower(customer_name) LIKE ? ESCAPE '\' OR lower(company) LIKE ? ESCAPE '\'
			OR lower('q-' || year || '-' || `+s.d.quoteSeq+`) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like)
	}
	if f.Status != "" {
		where = append(where, "status = ?")
		args = append(args, f.Status)
	}
	cond := strings.Join(where, " AND ")
	var total int
	if err := s.db.QueryRowContext(ctx, s.d.q(`SELECT COUNT(*) FROM quotes WHERE `+cond), args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: count quotes: %w", err)
	}
	// The callers bound pages; the cap here keeps (page-1)*per far from
	// overflowing an OFFSET whatever they pass, the same on both databases.
	per := min(max(f.PerPage, 1), maxListRows)
	page := min(max(f.Page, 1), maxListPages)
	rows, err := s.db.QueryContext(ctx, s.d.q(`SELECT `+quoteColumns+` FROM quotes WHERE `+cond+
		` ORDER BY year DESC, seq DESC LIMIT ? OFFSET ?`), append(args, per, (page-1)*per)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list quotes: %w", err)
	}
	defer rows.Close()
	var out []quote.Quote
	for rows.Next() {
		q, err := scanQuote(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, q)
	}
	return out, total, rows.Err()
}

// Bounds of a page of quotes: see Quotes.
const (
	maxListRows  = 10_000
	maxListPages = 1 << 20
)

const quoteColumns = `id, year, seq, revision, status, link_id, catalog_version, data_dates, customer_name, company, email,
	reference, currency, valid_days, discount_pct, lines, notes, terms, lang, subtotal, total, owner, created_by, created_at,
	sent_at, COALESCE(superseded_by, 0)`

func (s *DB) insertQuote(ctx context.Context, tx *sql.Tx, q *quote.Quote) error {
	lines, err := json.Marshal(q.Lines)
	if err != nil {
		return err
	}
	var sent any
	if q.SentAt != nil {
		sent = formatTime(*q.SentAt)
	}
	err = tx.QueryRowContext(ctx, s.d.q(`INSERT INTO quotes (year, seq, revision, status, link_id, catalog_version, data_dates,
		customer_name, company, email, reference, currency, valid_days, discount_pct, lines, notes, terms, lang, subtotal,
		total, owner, created_by, created_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`),
		q.Year, q.Seq, q.Revision, q.Status, q.LinkID, q.CatalogVersion, q.DataDates, q.Customer.Name, q.Customer.Company,
		q.Customer.Email, q.Reference, q.Currency, q.ValidDays, q.DiscountPct.String(), string(lines), q.Notes, q.Terms,
		q.Lang, q.Subtotal.String(), q.Total.String(), q.Owner, q.CreatedBy, formatTime(q.CreatedAt), sent).Scan(&q.ID)
	if err != nil {
		return fmt.Errorf("store: save quote: %w", err)
	}
	return nil
}

// querier is what *sql.DB and *sql.Tx share for reading.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// findQuote reads one quote; suffix ends the SELECT (s.d.forUpdate inside
// a transaction that goes on to change the quote, or "").
func (s *DB) findQuote(ctx context.Context, tx querier, id int64, suffix string) (quote.Quote, error) {
	rows, err := tx.QueryContext(ctx, s.d.q(`SELECT `+quoteColumns+` FROM quotes WHERE id = ?`+suffix), id)
	if err != nil {
		return quote.Quote{}, fmt.Errorf("store: quote %d: %w", id, err)
	}
	return firstQuote(rows)
}

// firstQuote scans the first row of rows, or is quote.ErrNotFound, and
// closes rows.
func firstQuote(rows *sql.Rows) (quote.Quote, error) {
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return quote.Quote{}, err
		}
		return quote.Quote{}, quote.ErrNotFound
	}
	return scanQuote(rows)
}

func scanQuote(rows *sql.Rows) (quote.Quote, error) {
	var q quote.Quote
	var disc, lines, subtotal, total, created string
	var sent sql.NullString
	err := rows.Scan(&q.ID, &q.Year, &q.Seq, &q.Revision, &q.Status, &q.LinkID, &q.CatalogVersion, &q.DataDates,
		&q.Customer.Name, &q.Customer.Company, &q.Customer.Email, &q.Reference, &q.Currency, &q.ValidDays, &disc, &lines,
		&q.Notes, &q.Terms, &q.Lang, &subtotal, &total, &q.Owner, &q.CreatedBy, &created, &sent, &q.SupersededBy)
	if err != nil {
		return q, fmt.Errorf("store: scan quote: %w", err)
	}
	if err := json.Unmarshal([]byte(lines), &q.Lines); err != nil {
		return q, fmt.Errorf("store: quote %d lines: %w", q.ID, err)
	}
	q.DiscountPct, _ = decimal.NewFromString(disc)
	q.Subtotal, _ = decimal.NewFromString(subtotal)
	q.Total, _ = decimal.NewFromString(total)
	q.CreatedAt, _ = parseTime(created)
	if sent.Valid {
		t, _ := parseTime(sent.String)
		q.SentAt = &t
	}
	return q, nil
}

// QuoteByNumber returns the revision of a quote number.
func (s *DB) QuoteByNumber(ctx context.Context, year, seq, revision int) (quote.Quote, error) {
	rows, err := s.db.QueryContext(ctx, s.d.q(`SELECT `+quoteColumns+` FROM quotes WHERE year = ? AND seq = ? AND revision = ?`), year, seq, revision)
	if err != nil {
		return quote.Quote{}, fmt.Errorf("store: quote by number: %w", err)
	}
	return firstQuote(rows)
}
