package web

import (
	"net/http"
	"strings"

	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
)

// apiQuote is a quote in the API.
type apiQuote struct {
	Number         string         `json:"number"`
	Status         string         `json:"status"`
	Owner          string         `json:"owner"`
	Customer       quote.Customer `json:"customer"`
	Reference      string         `json:"reference"`
	Currency       string         `json:"currency"`
	ValidUntil     string         `json:"valid_until"`
	DiscountPct    string         `json:"discount_pct"`
	Lines          []quote.Line   `json:"lines"`
	Subtotal       string         `json:"subtotal"`
	Total          string         `json:"total"`
	CatalogVersion string         `json:"catalog_version"`
	DataDates      string         `json:"data_dates"`
	Link           string         `json:"link"`
	Created        string         `json:"created"`
	Rule           string         `json:"rule"`
}

func (s *Server) apiQuoteOf(r *http.Request, q quote.Quote) apiQuote {
	return apiQuote{Number: q.Number(), Status: q.StatusAt(s.now()), Owner: q.Owner, Customer: q.Customer, Reference: q.Reference,
		Currency: q.Currency, ValidUntil: q.ValidUntil().Format("2006-01-02"), DiscountPct: q.DiscountPct.String(),
		Lines: q.Lines, Subtotal: q.Subtotal.StringFixed(2), Total: q.Total.StringFixed(2), CatalogVersion: q.CatalogVersion,
		DataDates: q.DataDates, Link: s.linkURL("/s/" + q.LinkID), Created: q.CreatedAt.UTC().Format("2006-01-02T15:04:05Z"),
		Rule: locale.For(locale.EN).T("quote.rule")}
}

// handleAPIQuotes handles GET /api/v1/quotes?q=&status=&page=.
func (s *Server) handleAPIQuotes(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	page, err := pageOf(q)
	if err != nil {
		return err
	}
	f := quote.Filter{Actor: actorOf(r), Search: strings.TrimSpace(q.Get("q")), Status: q.Get("status"), Page: page, PerPage: quotesPerPage}
	if err := f.Validate(); err != nil {
		return err
	}
	list, total, err := s.store.Quotes(r.Context(), f)
	if err != nil {
		return err
	}
	out := []apiQuote{}
	for _, qt := range list {
		out = append(out, s.apiQuoteOf(r, qt))
	}
	return writeJSON(w, http.StatusOK, map[string]any{"total": total, "quotes": out})
}

// handleAPIQuote handles GET /api/v1/quotes/{id}.
func (s *Server) handleAPIQuote(w http.ResponseWriter, r *http.Request) error {
	q, err := s.quoteOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, s.apiQuoteOf(r, q))
}
