package quote_test

import (
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// Ensure the money rule rounds each line half away from zero after both
// discounts, and the total is the sum of the rounded lines. Every expected
// figure is worked out by hand in its comment.
func TestCompute(t *testing.T) {
	tests := []struct {
		name, currency, quoteDisc string
		qty, price, lineDisc      string
		wantGross, wantAmount     string
	}{
		// 3 × 1.005 = 3.015: exactly half a cent, rounds up to 3.02.
		{"half cent up", "USD", "0", "3", "1.005", "0", "3.02", "3.02"},
		// 3 × 1.0049 = 3.0147 → 3.01.
		{"below half", "USD", "0", "3", "1.0049", "0", "3.01", "3.01"},
		// 0.125 → 0.13 gross; less 10 %: 0.1125 → 0.11.
		{"line discount", "EUR", "0", "1", "0.125", "10", "0.13", "0.11"},
		// 100 × 2.50 = 250; × 0.90 × 0.85 = 191.25 exactly.
		{"both discounts", "USD", "15", "100", "2.50", "10", "250.00", "191.25"},
		// 1 × 2.335 = 2.335 → 2.34 in CNY (two places, half up).
		{"CNY half fen", "CNY", "0", "1", "2.335", "0", "2.34", "2.34"},
		// 0.5 × 0.01 = 0.005 → 0.01.
		{"half of a cent", "EUR", "0", "0.5", "0.01", "0", "0.01", "0.01"},
		// 2.5 × 0.999 = 2.4975 → 2.50 gross; × (100 − 33.33)/100 = 1.66508325 → 1.67.
		{"odd percent", "EUR", "0", "2.5", "0.999", "33.33", "2.50", "1.67"},
		// 8760 × 0.526 = 4607.76; less 5 % on the quote: 4377.372 → 4377.37.
		{"a year of g4dn", "USD", "5", "8760", "0.526", "0", "4607.76", "4377.37"},
		// Everything discounted away: 100 %.
		{"free", "USD", "100", "3", "9.99", "0", "29.97", "0.00"},
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
		})
	}
	// Total = sum of rounded lines: 3.02 + 0.11 + 191.25 = 194.38, while
	// the unrounded amounts would give 3.015 + 0.1125 + 191.25 = 194.3775.
	q := quote.Quote{Currency: "USD", Lines: []quote.Line{
		{Quantity: d("3"), UnitPrice: d("1.005")},
		{Quantity: d("1"), UnitPrice: d("0.125"), DiscountPct: d("10")},
		{Quantity: d("100"), UnitPrice: d("2.125")},
	}}
	q.Compute()
	// 100 × 2.125 = 212.5 → 212.50; so lines 3.02 + 0.11 + 212.50 = 215.63.
	if got := q.Total.StringFixed(2); got != "215.63" {
		t.Errorf("total = %s, want 215.63", got)
	}
	// Subtotal = gross lines: 3.02 + 0.13 + 212.50 = 215.65.
	if got := q.Subtotal.StringFixed(2); got != "215.65" {
		t.Errorf("subtotal = %s, want 215.65", got)
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
