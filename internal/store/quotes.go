package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"gpuplace/internal/quote"
)

// CreateQuote saves a new quote as revision 1 with the next number of its
// year. The number is taken inside the transaction that saves the quote —
// which holds SQLite's write lock from its first statement, or on
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
		return s.insertQuote(ctx, tx, q)
	})
}

// ReviseQuote saves q as the next revision of the quote old and marks old
// as superseded. old keeps everything it had, so it stays readable. Its
// row is locked first, so of two concurrent revisions one wins and the
// other finds it revised.
func (s *DB) ReviseQuote(ctx context.Context, oldID int64, q *quote.Quote) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var year, seq, superseded int
		err := tx.QueryRowContext(ctx, s.d.q(`SELECT year, seq, COALESCE(superseded_by, 0) FROM quotes WHERE id = ?`+s.d.forUpdate),
			oldID).Scan(&year, &seq, &superseded)
		if errors.Is(err, sql.ErrNoRows) {
			return quote.ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: revise quote: %w", err)
		}
		if superseded != 0 {
			return fmt.Errorf("store: revise quote %d: %w", oldID, errors.New("already revised: revise the latest revision"))
		}
		var rev int
		if err := tx.QueryRowContext(ctx, s.d.q(`SELECT MAX(revision) FROM quotes WHERE year = ? AND seq = ?`), year, seq).Scan(&rev); err != nil {
			return fmt.Errorf("store: revise quote: %w", err)
		}
		q.Year, q.Seq, q.Revision, q.Status, q.SentAt = year, seq, rev+1, quote.StatusDraft, nil
		if err := s.insertQuote(ctx, tx, q); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.d.q(`UPDATE quotes SET superseded_by = ? WHERE id = ?`), q.ID, oldID)
		return err
	})
}

// UpdateQuote changes a draft in place; a sent quote is quote.ErrImmutable.
// The row is locked while it is checked and changed.
func (s *DB) UpdateQuote(ctx context.Context, q *quote.Quote) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		cur, err := s.findQuote(ctx, tx, q.ID, s.d.forUpdate)
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
			valid_days = ?, discount_pct = ?, lines = ?, notes = ?, terms = ?, lang = ?, subtotal = ?, total = ? WHERE id = ?`),
			q.Customer.Name, q.Customer.Company, q.Customer.Email, q.Reference, q.Currency, q.ValidDays, q.DiscountPct.String(),
			string(lines), q.Notes, q.Terms, q.Lang, q.Subtotal.String(), q.Total.String(), q.ID)
		return err
	})
}

// SetQuoteStatus moves a quote along its life cycle (draft → sent →
// accepted or rejected); any other move is refused. The row is locked
// while it is checked and changed.
func (s *DB) SetQuoteStatus(ctx context.Context, id int64, next string, now time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		cur, err := s.findQuote(ctx, tx, id, s.d.forUpdate)
		if err != nil {
			return err
		}
		if cur.SupersededBy != 0 {
			return fmt.Errorf("store: quote %s was revised: %w", cur.Number(), quote.ErrImmutable)
		}
		if !quote.CanMove(cur.Status, next) {
			return fmt.Errorf("store: quote %s cannot go from %s to %s: %w", cur.Number(), cur.Status, next, quote.ErrImmutable)
		}
		if next == quote.StatusSent {
			_, err = tx.ExecContext(ctx, s.d.q(`UPDATE quotes SET status = ?, sent_at = ? WHERE id = ?`), next, formatTime(now), id)
		} else {
			_, err = tx.ExecContext(ctx, s.d.q(`UPDATE quotes SET status = ? WHERE id = ?`), next, id)
		}
		return err
	})
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

// Quotes lists the latest revision of each quote, newest first, filtered
// and paginated, with the number of matches.
func (s *DB) Quotes(ctx context.Context, f quote.Filter) ([]quote.Quote, int, error) {
	where := []string{"superseded_by IS NULL"}
	var args []any
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
	reference, currency, valid_days, discount_pct, lines, notes, terms, lang, subtotal, total, created_by, created_at,
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
		total, created_by, created_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`),
		q.Year, q.Seq, q.Revision, q.Status, q.LinkID, q.CatalogVersion, q.DataDates, q.Customer.Name, q.Customer.Company,
		q.Customer.Email, q.Reference, q.Currency, q.ValidDays, q.DiscountPct.String(), string(lines), q.Notes, q.Terms,
		q.Lang, q.Subtotal.String(), q.Total.String(), q.CreatedBy, formatTime(q.CreatedAt), sent).Scan(&q.ID)
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
		&q.Notes, &q.Terms, &q.Lang, &subtotal, &total, &q.CreatedBy, &created, &sent, &q.SupersededBy)
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
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return quote.Quote{}, err
		}
		return quote.Quote{}, quote.ErrNotFound
	}
	return scanQuote(rows)
}
