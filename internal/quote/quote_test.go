package quote_test

import (
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// Ensure the money rule works as a reader redoes it from the printed
// figures: each line's gross less its own discount, rounded half away from
// zero, is its amount; the subtotal is the sum of the amounts; the quote's
// discount is a rounded share of the subtotal; the total is the subtotal
// less it. Every expected figure is worked out by hand in its comment.
func TestCompute(t *testing.T) {
	tests := []struct {
		name, currency, quoteDisc string
		qty, price, lineDisc      string
		wantGross, wantAmount     string
		wantDiscount, wantTotal   string
	}{
		// 3 × 1.005 = 3.015: exactly half a cent, rounds up to 3.02.
		{"half cent up", "USD", "0", "3", "1.005", "0", "3.02", "3.02", "0.00", "3.02"},
		// 3 × 1.0049 = 3.0147 → 3.01.
		{"below half", "USD", "0", "3", "1.0049", "0", "3.01", "3.01", "0.00", "3.01"},
		// 0.125 → 0.13 gross; 10 % of it 0.013 → 0.01; 0.13 − 0.01 = 0.12.
		{"line discount", "EUR", "0", "1", "0.125", "10", "0.13", "0.12", "0.00", "0.12"},
		// 100 × 2.50 = 250; less 10 % = 225.00; the quote's 15 % of 225 =
		// 33.75; 225 − 33.75 = 191.25.
		{"both discounts", "USD", "15", "100", "2.50", "10", "250.00", "225.00", "33.75", "191.25"},
		// 1 × 2.335 = 2.335 → 2.34 in CNY (two places, half up).
		{"CNY half fen", "CNY", "0", "1", "2.335", "0", "2.34", "2.34", "0.00", "2.34"},
		// 0.5 × 0.01 = 0.005 → 0.01.
		{"half of a cent", "EUR", "0", "0.5", "0.01", "0", "0.01", "0.01", "0.00", "0.01"},
		// 2.5 × 0.999 = 2.4975 → 2.50 gross; 33.33 % of 2.50 = 0.83325 →
		// 0.83; 2.50 − 0.83 = 1.67.
		{"odd percent", "EUR", "0", "2.5", "0.999", "33.33", "2.50", "1.67", "0.00", "1.67"},
		// 8760 × 0.526 = 4607.76; the quote's 5 % = 230.388 → 230.39;
		// 4607.76 − 230.39 = 4377.37.
		{"a year of g4dn", "USD", "5", "8760", "0.526", "0", "4607.76", "4607.76", "230.39", "4377.37"},
		// Everything discounted away: 100 %.
		{"free", "USD", "100", "3", "9.99", "0", "29.97", "29.97", "29.97", "0.00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := quote.Quote{Currency: tt.currency, DiscountPct: d(tt.quoteDisc),
				Lines: []quote.Line{{Quantity: d(tt.qty), UnitPrice: d(tt.price), DiscountPct: d(tt.lineDisc)}}}
			q.Compute()
			l := q.Lines[0]
			if l.Gross.StringFixed(2) != tt.wantGross || l.Amount.StringFixed(2) != tt.wantAmount {
				t.Errorf("gross, amount = %s, %s; want %s, %s", l.Gross.StringFixed(2), l.Amount.StringFixed(2), tt.wantGross, tt.wantAmount)
			}
			if q.Discount().StringFixed(2) != tt.wantDiscount || q.Total.StringFixed(2) != tt.wantTotal {
				t.Errorf("discount, total = %s, %s; want %s, %s", q.Discount().StringFixed(2), q.Total.StringFixed(2), tt.wantDiscount, tt.wantTotal)
			}
			if !q.Subtotal.Sub(q.Discount()).Equal(q.Total) {
				t.Errorf("subtotal %s − discount %s ≠ total %s", q.Subtotal, q.Discount(), q.Total)
			}
		})
	}
	// Subtotal = sum of rounded lines: 3.02 + 0.12 + 212.50 = 215.64,
	// while the unrounded amounts would give 3.015 + 0.1125 + 212.5 =
	// 215.6275.
	q := quote.Quote{Currency: "USD", Lines: []quote.Line{
		{Quantity: d("3"), UnitPrice: d("1.005")},
		{Quantity: d("1"), UnitPrice: d("0.125"), DiscountPct: d("10")},
		{Quantity: d("100"), UnitPrice: d("2.125")},
	}}
	q.Compute()
	if got := q.Subtotal.StringFixed(2); got != "215.64" {
		t.Errorf("subtotal = %s, want 215.64", got)
	}
	if got := q.Total.StringFixed(2); got != "215.64" {
		t.Errorf("total without a quote discount = %s, want the subtotal 215.64", got)
	}
}

// Ensure a quote that breaks a rule is refused with the field named.
func TestValidate(t *testing.T) {
	good := func() quote.Quote {
		return quote.Quote{Customer: quote.Customer{Name: "Ada", Email: "ada@example.com"}, Currency: "EUR", ValidDays: 30,
			Lines: []quote.Line{{Description: "GPU hours", Quantity: d("10"), Unit: "hour", UnitPrice: d("1.5")}}}
	}
	if err := good().Validate(); err != nil {
		t.Fatalf("a good quote is invalid: %v", err)
	}
	tests := []struct {
		name   string
		change func(*quote.Quote)
		field  string
	}{
		{"negative quantity", func(q *quote.Quote) { q.Lines[0].Quantity = d("-1") }, "lines[0].quantity"},
		{"negative price", func(q *quote.Quote) { q.Lines[0].UnitPrice = d("-0.01") }, "lines[0].unit_price"},
		{"discount over 100", func(q *quote.Quote) { q.DiscountPct = d("100.01") }, "discount_pct"},
		{"negative line discount", func(q *quote.Quote) { q.Lines[0].DiscountPct = d("-5") }, "lines[0].discount_pct"},
		{"unknown currency", func(q *quote.Quote) { q.Currency = "JPY" }, "currency"},
		{"no customer", func(q *quote.Quote) { q.Customer.Name = " " }, "customer_name"},
		{"bad email", func(q *quote.Quote) { q.Customer.Email = "ada at example" }, "email"},
		{"validity", func(q *quote.Quote) { q.ValidDays = 0 }, "valid_days"},
		{"no lines", func(q *quote.Quote) { q.Lines = nil }, "lines"},
		{"line without description", func(q *quote.Quote) { q.Lines[0].Description = "" }, "lines[0].description"},
		{"invalid UTF-8", func(q *quote.Quote) { q.Notes = "\xff" }, "notes"},
		{"NUL byte", func(q *quote.Quote) { q.Customer.Name = "Ada\x00" }, "customer_name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := good()
			tt.change(&q)
			fe, ok := q.Validate().(locale.FieldErrors)
			if !ok || len(fe) == 0 || fe[0].Field != tt.field {
				t.Errorf("Validate() = %v, want an error on %s", q.Validate(), tt.field)
			}
		})
	}
}

// Ensure numbering, revisions, status moves and expiry behave as designed.
func TestLifeCycle(t *testing.T) {
	q := quote.Quote{Year: 2026, Seq: 7, Revision: 1, Status: quote.StatusDraft, ValidDays: 30,
		CreatedAt: time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)}
	if q.Number() != "Q-2026-0007" {
		t.Errorf("Number() = %s", q.Number())
	}
	q.Revision = 2
	if q.Number() != "Q-2026-0007-R2" {
		t.Errorf("Number() of revision 2 = %s", q.Number())
	}
	if got := q.StatusAt(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)); got != quote.StatusDraft {
		t.Errorf("status within validity = %s, want draft", got)
	}
	sent := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	q.Status, q.SentAt = quote.StatusSent, &sent
	// Valid 30 days from sending: until 20 December.
	if got := q.StatusAt(time.Date(2026, 12, 19, 0, 0, 0, 0, time.UTC)); got != quote.StatusSent {
		t.Errorf("status on 19 Dec = %s, want sent", got)
	}
	if got := q.StatusAt(time.Date(2026, 12, 21, 0, 0, 0, 0, time.UTC)); got != quote.StatusExpired {
		t.Errorf("status on 21 Dec = %s, want expired", got)
	}
	q.Status = quote.StatusAccepted
	if got := q.StatusAt(time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC)); got != quote.StatusAccepted {
		t.Errorf("an accepted quote expired: %s", got)
	}
	for _, tt := range []struct {
		from, to string
		ok       bool
	}{
		{quote.StatusDraft, quote.StatusSent, true}, {quote.StatusDraft, quote.StatusAccepted, false},
		{quote.StatusSent, quote.StatusAccepted, true}, {quote.StatusSent, quote.StatusRejected, true},
		{quote.StatusAccepted, quote.StatusRejected, false}, {quote.StatusRejected, quote.StatusSent, false},
	} {
		if quote.CanMove(tt.from, tt.to) != tt.ok {
			t.Errorf("CanMove(%s, %s) = %v, want %v", tt.from, tt.to, !tt.ok, tt.ok)
		}
	}
}

// Ensure quote numbers parse back, and malformed ones do not.
func TestParseNumber(t *testing.T) {
	for _, tt := range []struct {
		in             string
		year, seq, rev int
		ok             bool
	}{
		{"Q-2026-0007", 2026, 7, 1, true}, {"Q-2026-0007-R2", 2026, 7, 2, true}, {"Q-2027-12345", 2027, 12345, 1, true},
		{"Q-2026-07", 0, 0, 0, false}, {"Q-2026-0007-R1", 0, 0, 0, false}, {"2026-0007", 0, 0, 0, false},
		{"Q-2026-0000", 0, 0, 0, false}, {"Q-20x6-0007", 0, 0, 0, false}, {"Q-2026-0007-Rx", 0, 0, 0, false},
		// Aliases of a canonical number are not numbers.
		{"Q-2026-00007", 0, 0, 0, false}, {"Q-2026-+007", 0, 0, 0, false}, {"Q-2026-0007-R02", 0, 0, 0, false},
		{"Q-2026-0007-R+2", 0, 0, 0, false}, {"Q-+026-0007", 0, 0, 0, false}, {"Q-2026-012345", 0, 0, 0, false},
	} {
		y, s, r, ok := quote.ParseNumber(tt.in)
		if ok != tt.ok || y != tt.year || s != tt.seq || r != tt.rev {
			t.Errorf("ParseNumber(%q) = %d, %d, %d, %v; want %d, %d, %d, %v", tt.in, y, s, r, ok, tt.year, tt.seq, tt.rev, tt.ok)
		}
	}
}
