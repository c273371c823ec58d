package web

import (
	"net/http"

	"gpuplace/internal/catalog"
)

// apiCatalog is the answer of GET /api/v1/catalog.
type apiCatalog struct {
	Version  string           `json:"version"`
	Created  string           `json:"created"`
	Currency string           `json:"currency"`
	Sources  []catalog.Source `json:"sources"`
	Counts   catalog.Counts   `json:"counts"`
	Rates    []apiRate        `json:"rates"`
}

type apiRate struct {
	Currency string `json:"currency"`
	PerUSD   string `json:"per_usd"`
	Date     string `json:"date"`
	Source   string `json:"source"`
}

// CatalogSummary is the catalog's version, sources and counts, as
// GET /api/v1/catalog and "gpuplace catalog stats" show them.
func CatalogSummary(c *catalog.Catalog) any {
	out := apiCatalog{
		Version: c.Version.ID, Created: c.Version.Created, Currency: c.Version.Currency,
		Sources: c.Version.Sources, Counts: c.Counts(),
	}
	for _, r := range c.Currencies {
		out.Rates = append(out.Rates, apiRate{Currency: r.Code, PerUSD: r.PerUSD.String(), Date: r.Date, Source: r.Source})
	}
	return out
}

// handleAPICatalog handles GET /api/v1/catalog.
func (s *Server) handleAPICatalog(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, CatalogSummary(s.cat(r)))
}
