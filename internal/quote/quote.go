// Package quote is a sales quote built from a recommendation: customer,
// lines, discounts and terms, with the money rule that makes its totals
// add up, its numbering and its life cycle.
package quote

import (
	"errors"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// ErrNotFound is returned for a quote that does not exist.
var ErrNotFound = errors.New("quote not found")

// ErrImmutable is returned when a quote that was sent is changed in place:
// a sent quote changes only through a new revision.
var ErrImmutable = errors.New("a sent quote cannot be changed: revise it instead")

// Statuses of a quote. Expired is not stored: a draft or sent quote is
// expired once its validity has passed (see Quote.StatusAt).
const (
	StatusDraft    = "draft"
	StatusSent     = "sent"
	StatusAccepted = "accepted"
	StatusRejected = "rejected"
	StatusExpired  = "expired"
)

// MinorUnit returns the decimal places of a currency, and whether the
// currency is one the product prices in.
func MinorUnit(currency string) (int32, bool) {
	c, ok := catalog.CurrencyOf(currency)
	return c.Minor, ok
}

// Line is one line of a quote.
type Line struct {
	Description string          `json:"description"`
	Quantity    decimal.Decimal `json:"quantity"`
	Unit        string          `json:"unit"`
	UnitPrice   decimal.Decimal `json:"unit_price"`
	// DiscountPct is this line's own discount, 0–100.
	DiscountPct decimal.Decimal `json:"discount_pct"`
	// FromEngine marks a line that came from the recommendation.
	FromEngine bool `json:"from_engine"`
	// Gross and Amount are computed by Quote.Compute: before and after
	// the line's own discount.
	Gross  decimal.Decimal `json:"gross"`
	Amount decimal.Decimal `json:"amount"`
}

// Customer is who the quote is for.
type Customer struct {
	Name    string `json:"name"`
	Company string `json:"company"`
	Email   string `json:"email"`
}

// Quote is one revision of a quote.
type Quote struct {
	ID       int64
	Year     int
	Seq      int
	Revision int
	Status   string
	// LinkID is the pinned link the quote was made from; CatalogVersion
	// and DataDates say which figures its engine lines came from.
	LinkID         string
	CatalogVersion string
	DataDates      string
	Customer       Customer
	Reference      string
	Currency       string
	ValidDays      int
	DiscountPct    decimal.Decimal
	Lines          []Line
	Notes          string
	Terms          string
	Lang           string
	// Subtotal is the sum of the lines' amounts (after their own
	// discounts); Total the subtotal less the quote's discount.
	Subtotal decimal.Decimal
	Total    decimal.Decimal
	// Owner is the email of the sales user the quote belongs to, the
	// same on every revision; CreatedBy is who made this revision.
	Owner     string
	CreatedBy string
	CreatedAt time.Time
	SentAt    *time.Time
	// SupersededBy is the id of the revision that replaced this one.
	SupersededBy int64
}

// Number is the quote's number, with its revision after the first:
// Q-2026-0007, Q-2026-0007-R2.
func (q Quote) Number() string { return formatNumber(q.Year, q.Seq, q.Revision) }

func formatNumber(year, seq, revision int) string {
	n := fmt.Sprintf("Q-%d-%04d", year, seq)
	if revision > 1 {
		n += fmt.Sprintf("-R%d", revision)
	}
	return n
}

// ValidUntil is the last moment the quote can be accepted.
func (q Quote) ValidUntil() time.Time {
	start := q.CreatedAt
	if q.SentAt != nil {
		start = *q.SentAt
	}
	return start.AddDate(0, 0, q.ValidDays)
}

// StatusAt is the quote's status at now: a draft or sent quote whose
// validity has passed is expired.
func (q Quote) StatusAt(now time.Time) string {
	if (q.Status == StatusDraft || q.Status == StatusSent) && now.After(q.ValidUntil()) {
		return StatusExpired
	}
	return q.Status
}

// Editable reports whether the quote may be changed in place.
func (q Quote) Editable() bool { return q.Status == StatusDraft && q.SupersededBy == 0 }

// Compute applies the money rule, in the order a reader redoes it: each
// line's gross (quantity × unit price) less its own discount is its
// amount; the subtotal is the sum of the amounts; the quote's discount is
// a share of the subtotal; the total is the subtotal less that discount.
// Every figure is rounded to the currency's minor unit, so that the
// printed figures add up.
func (q *Quote) Compute() {
	places, ok := MinorUnit(q.Currency)
	if !ok {
		places = 2
	}
	hundred := decimal.NewFromInt(100)
	q.Subtotal = decimal.Zero
	for i := range q.Lines {
		l := &q.Lines[i]
		l.Gross = l.Quantity.Mul(l.UnitPrice).Round(places)
		l.Amount = l.Gross.Sub(l.Gross.Mul(l.DiscountPct).Div(hundred).Round(places))
		q.Subtotal = q.Subtotal.Add(l.Amount)
	}
	q.Total = q.Subtotal.Sub(q.Subtotal.Mul(q.DiscountPct).Div(hundred).Round(places))
}

// Discount is the amount the quote's own discount takes off its
// subtotal: the subtotal less the total.
func (q Quote) Discount() decimal.Decimal { return q.Subtotal.Sub(q.Total) }

// Filter selects quotes for a list.
type Filter struct {
	// Actor is who lists: a sales user sees their own quotes, an admin
	// every quote (see Actor.Reaches).
	Actor Actor
	// Search matches the customer name, the company or the number.
	Search string
	// Status is a stored status, or "" for all.
	Status  string
	Page    int // from 1
	PerPage int
}

// MaxSearch is the longest search text a quote list takes, in
// characters: longer ones are refused alike on either database (SQLite's
// LIKE refuses patterns over 50,000 bytes).
const MaxSearch = 200

// Validate checks what a list was asked for: a search text of at most
// MaxSearch characters, under the field "q".
func (f Filter) Validate() error {
	if utf8.RuneCountInString(f.Search) > MaxSearch {
		return locale.FieldErrors{locale.Invalid("q", "invalid.search_length", MaxSearch)}
	}
	return nil
}

// ParseNumber reads a quote number (Q-2026-0007 or Q-2026-0007-R2). Only
// the canonical form, as Number writes it, is a number: Q-2026-00007,
// Q-2026-+007 or Q-2026-0007-R02 are not, so that each quote has exactly
// one address.
func ParseNumber(s string) (year, seq, revision int, ok bool) {
	revision = 1
	rest, rev, hasRev := strings.Cut(strings.TrimPrefix(s, "Q-"), "-R")
	if !strings.HasPrefix(s, "Q-") {
		return 0, 0, 0, false
	}
	if hasRev {
		r, err := strconv.Atoi(rev)
		if err != nil || r < 2 {
			return 0, 0, 0, false
		}
		revision = r
	}
	y, n, found := strings.Cut(rest, "-")
	year, err1 := strconv.Atoi(y)
	seq, err2 := strconv.Atoi(n)
	if !found || err1 != nil || err2 != nil || len(y) != 4 || len(n) < 4 || seq < 1 || formatNumber(year, seq, revision) != s {
		return 0, 0, 0, false
	}
	return year, seq, revision, true
}

// Limits on quote fields.
const (
	maxText      = 200
	maxLongText  = 4000
	maxLines     = 200
	maxValidDays = 365
)

var maxAmount = decimal.NewFromInt(1_000_000_000_000)

// Validate checks every field a person fills in; a quote that fails is
// never saved.
func (q Quote) Validate() error {
	var fe locale.FieldErrors
	text := func(field, s string, required bool, max int) { checkText(&fe, field, s, required, max) }
	text("customer_name", q.Customer.Name, true, maxText)
	text("company", q.Customer.Company, false, maxText)
	text("reference", q.Reference, false, maxText)
	text("notes", q.Notes, false, maxLongText)
	text("terms", q.Terms, false, maxLongText)
	checkEmail(&fe, "email", q.Customer.Email)
	if _, ok := MinorUnit(q.Currency); !ok {
		fe.Add("currency", "invalid.currency", strings.Join(catalog.Currencies, ", "))
	}
	if q.ValidDays < 1 || q.ValidDays > maxValidDays {
		fe.Add("valid_days", "invalid.quote.valid_days", maxValidDays)
	}
	percent(&fe, "discount_pct", q.DiscountPct)
	if len(q.Lines) == 0 {
		fe.Add("lines", "invalid.quote.no_lines")
	}
	if len(q.Lines) > maxLines {
		fe.Add("lines", "invalid.quote.lines", maxLines)
	}
	for i, l := range q.Lines {
		f := fmt.Sprintf("lines[%d]", i)
		text(f+".description", l.Description, true, maxText)
		text(f+".unit", l.Unit, true, 40)
		switch {
		case l.Quantity.IsNegative():
			fe.Add(f+".quantity", "invalid.negative")
		case l.Quantity.GreaterThan(maxAmount):
			fe.Add(f+".quantity", "invalid.too_large")
		}
		switch {
		case l.UnitPrice.IsNegative():
			fe.Add(f+".unit_price", "invalid.negative")
		case l.UnitPrice.GreaterThan(maxAmount):
			fe.Add(f+".unit_price", "invalid.too_large")
		}
		percent(&fe, f+".discount_pct", l.DiscountPct)
	}
	return fe.OrNil()
}

// checkText records a field error for text that is required and empty,
// not text (invalid UTF-8, a NUL) or longer than max characters.
func checkText(fe *locale.FieldErrors, field, s string, required bool, max int) {
	switch {
	case required && strings.TrimSpace(s) == "":
		fe.Add(field, "invalid.required")
	case !utf8Text(s):
		fe.Add(field, "invalid.not_text")
	case utf8.RuneCountInString(s) > max:
		fe.Add(field, "invalid.text.long", max)
	}
}

// checkEmail records a field error for an e-mail address, when set, that
// is not one plain address.
func checkEmail(fe *locale.FieldErrors, field, s string) {
	if e := strings.TrimSpace(s); e != "" {
		if a, err := mail.ParseAddress(e); err != nil || a.Address != e {
			fe.Add(field, "invalid.email")
		}
	}
}

// utf8Text reports whether s is text: valid UTF-8 without a NUL.
func utf8Text(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

func percent(fe *locale.FieldErrors, field string, d decimal.Decimal) {
	if d.IsNegative() || d.GreaterThan(decimal.NewFromInt(100)) {
		fe.Add(field, "invalid.percent")
	}
}

// CanMove reports whether a quote may go from its status to next: a draft
// is sent; a sent quote is accepted or rejected.
func CanMove(from, next string) bool {
	switch from {
	case StatusDraft:
		return next == StatusSent
	case StatusSent:
		return next == StatusAccepted || next == StatusRejected
	}
	return false
}
