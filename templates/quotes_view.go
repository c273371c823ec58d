package templates

import (
	"net/url"
	"strconv"
	"time"

	"gpuplace/internal/quote"
)

// LoginView is the sign-in form.
type LoginView struct {
	// Frame is what the page frame shows of the request.
	Frame Frame
	Email string
	Next  string
	// Error is a message key, "" when there is none.
	Error string
}

// QuoteListView is one page of the quote list.
type QuoteListView struct {
	// Frame is what the page frame shows of the request.
	Frame  Frame
	Quotes []quote.Quote
	Filter quote.Filter
	Total  int
	Now    time.Time
}

// Pages is the number of pages the list has.
func (v QuoteListView) Pages() int { return max(1, (v.Total+v.Filter.PerPage-1)/v.Filter.PerPage) }

// PageURL links to page n of the same search.
func (v QuoteListView) PageURL(n int) string {
	q := url.Values{}
	if v.Filter.Search != "" {
		q.Set("q", v.Filter.Search)
	}
	if v.Filter.Status != "" {
		q.Set("status", v.Filter.Status)
	}
	q.Set("page", strconv.Itoa(n))
	return "/quotes?" + q.Encode()
}

// QuoteFormView is the quote builder: the values as typed and their errors.
type QuoteFormView struct {
	// Frame is what the page frame shows of the request.
	Frame Frame
	// Action is where the form posts; Title its heading key.
	Action string
	Title  string
	Values url.Values
	Errors map[string][]string
	// Currency is fixed for the form (lines are in it); CurrencyLinks
	// reload the builder in another currency.
	Currency      string
	CurrencyLinks map[string]string
	// NoSeller is set while no admin has said who quotes are from: the
	// builder asks for it.
	NoSeller bool
}

// Rows returns the line rows to show: those in the form, then three empty
// rows for manual lines.
func (v QuoteFormView) Rows() []QuoteRow {
	at := func(list []string, i int) string {
		if i < len(list) {
			return list[i]
		}
		return ""
	}
	var rows []QuoteRow
	for i, d := range v.Values["line_description"] {
		rows = append(rows, QuoteRow{
			Index: i, Description: d, Quantity: at(v.Values["line_quantity"], i), Unit: at(v.Values["line_unit"], i),
			UnitPrice: at(v.Values["line_unit_price"], i), Discount: at(v.Values["line_discount"], i),
			Engine: at(v.Values["line_engine"], i) == "1",
		})
	}
	for range 3 {
		rows = append(rows, QuoteRow{Index: len(rows)})
	}
	return rows
}

// QuoteRow is one line row of the builder.
type QuoteRow struct {
	Index                                            int
	Description, Quantity, Unit, UnitPrice, Discount string
	Engine                                           bool
}

// QuoteView is a quote's page, or its print view.
type QuoteView struct {
	// Frame is what the page frame shows of the request.
	Frame Frame
	Quote quote.Quote
	// Seller is who the quote is from; Link the URL of the recommendation
	// it was made from.
	Seller quote.Seller
	Link   string
	// Origin is set when the app has no configured public address: the
	// address the page was opened at, which the quote's links use.
	Origin    string
	Revisions []quote.Quote
	// Events is the quote's history, oldest first.
	Events []quote.Event
	// Owners lists whom an admin may give the quote to; empty for sales
	// users, who cannot.
	Owners []string
	Now    time.Time
}

// Status is the quote's status now (expired included).
func (v QuoteView) Status() string { return v.Quote.StatusAt(v.Now) }

// EngineValue is the row's line_engine value: "1" for a line from the
// answer, else "0".
func (r QuoteRow) EngineValue() string {
	if r.Engine {
		return "1"
	}
	return "0"
}
