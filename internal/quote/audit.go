package quote

import (
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"
)

// Actions recorded in a quote's history.
const (
	ActionCreated    = "created"
	ActionEdited     = "edited"
	ActionStatus     = "status"
	ActionRevised    = "revised"
	ActionReassigned = "reassigned"
)

// Change is one field of a quote that changed, with its values before and
// after as text (long text shortened).
type Change struct {
	Field string `json:"field"`
	From  string `json:"from"`
	To    string `json:"to"`
}

// Event is one entry of a quote's history: who did what to which
// revision, when.
type Event struct {
	// Number is the revision the event is about (for ActionRevised, the
	// new revision).
	Number  string
	At      time.Time
	Actor   string
	Action  string
	Changes []Change
}

// maxChangeText is how much of a long text value a change keeps.
const maxChangeText = 80

// Changes lists the fields a person edits that differ between two
// versions of a quote, in the builder's order, with the total when it
// moved.
func Changes(before, after Quote) []Change {
	var out []Change
	add := func(field, from, to string) {
		if from != to {
			out = append(out, Change{Field: field, From: shorten(from), To: shorten(to)})
		}
	}
	add("customer_name", before.Customer.Name, after.Customer.Name)
	add("company", before.Customer.Company, after.Customer.Company)
	add("email", before.Customer.Email, after.Customer.Email)
	add("reference", before.Reference, after.Reference)
	add("currency", before.Currency, after.Currency)
	add("valid_days", strconv.Itoa(before.ValidDays), strconv.Itoa(after.ValidDays))
	add("discount_pct", before.DiscountPct.String(), after.DiscountPct.String())
	add("lang", before.Lang, after.Lang)
	add("notes", before.Notes, after.Notes)
	add("terms", before.Terms, after.Terms)
	add("lines", strconv.Itoa(len(before.Lines)), strconv.Itoa(len(after.Lines)))
	for i := range min(len(before.Lines), len(after.Lines)) {
		b, a := before.Lines[i], after.Lines[i]
		f := fmt.Sprintf("lines[%d].", i)
		add(f+"description", b.Description, a.Description)
		add(f+"quantity", b.Quantity.String(), a.Quantity.String())
		add(f+"unit", b.Unit, a.Unit)
		add(f+"unit_price", b.UnitPrice.String(), a.UnitPrice.String())
		add(f+"discount_pct", b.DiscountPct.String(), a.DiscountPct.String())
	}
	add("total", before.Total.StringFixed(2), after.Total.StringFixed(2))
	return out
}

// shorten keeps the first maxChangeText characters of s.
func shorten(s string) string {
	if utf8.RuneCountInString(s) <= maxChangeText {
		return s
	}
	r := []rune(s)
	return string(r[:maxChangeText]) + "…"
}
