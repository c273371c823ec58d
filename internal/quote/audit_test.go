package quote_test

import (
	"strings"
	"testing"

	"gpuplace/internal/quote"
)

// Ensure a sales user reaches only the quotes they own, an admin every
// quote, and nobody in particular none.
func TestActorReaches(t *testing.T) {
	q := quote.Quote{Owner: "ann@example.com"}
	for _, tt := range []struct {
		a    quote.Actor
		want bool
	}{
		{quote.Actor{Email: "ann@example.com"}, true},
		{quote.Actor{Email: "ben@example.com"}, false},
		{quote.Actor{Email: "ben@example.com", Admin: true}, true},
		{quote.Actor{}, false},
	} {
		if got := tt.a.Reaches(q); got != tt.want {
			t.Errorf("%+v.Reaches(owned by ann) = %v, want %v", tt.a, got, tt.want)
		}
	}
	if (quote.Actor{}).Reaches(quote.Quote{}) {
		t.Error("the zero actor reaches a quote without an owner")
	}
}

// Ensure Changes names each changed field once with its values, shortens
// long text, and finds nothing between equal quotes.
func TestChanges(t *testing.T) {
	before := quote.Quote{Customer: quote.Customer{Name: "Ada"}, Currency: "USD", ValidDays: 30,
		Lines: []quote.Line{{Description: "GPU", Quantity: d("10"), Unit: "hour", UnitPrice: d("1.5")}}}
	before.Compute()
	if c := quote.Changes(before, before); len(c) != 0 {
		t.Errorf("Changes(q, q) = %+v, want none", c)
	}
	after := before
	after.Lines = []quote.Line{{Description: "GPU", Quantity: d("10"), Unit: "hour", UnitPrice: d("2")}, {Description: "Support", Quantity: d("1"), Unit: "month", UnitPrice: d("100")}}
	after.Notes = strings.Repeat("n", 200)
	after.Compute()
	got := quote.Changes(before, after)
	want := []quote.Change{
		{Field: "notes", From: "", To: strings.Repeat("n", 80) + "…"},
		{Field: "lines", From: "1", To: "2"},
		{Field: "lines[0].unit_price", From: "1.5", To: "2"},
		{Field: "total", From: "15.00", To: "120.00"},
	}
	if len(got) != len(want) {
		t.Fatalf("Changes = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("change %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
