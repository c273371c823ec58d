package api

import "gpuplace/internal/catalog"

// CatalogJSON is the catalog's version, sources and counts: the body of
// GET /api/v1/catalog and of `gpuplace catalog stats`.
type CatalogJSON struct {
	Version  string           `json:"version"`
	Created  string           `json:"created"`
	Currency string           `json:"currency"`
	Sources  []catalog.Source `json:"sources"`
	Counts   catalog.Counts   `json:"counts"`
	Rates    []RateJSON       `json:"rates"`
}

// RateJSON is one exchange rate of the catalog.
type RateJSON struct {
	Currency string `json:"currency"`
	PerUSD   string `json:"per_usd"`
	Date     string `json:"date"`
	Source   string `json:"source"`
}

// NewCatalogJSON summarises a catalog.
func NewCatalogJSON(c *catalog.Catalog) CatalogJSON {
	out := CatalogJSON{
		Version: c.Version.ID, Created: c.Version.Created, Currency: c.Version.Currency,
		Sources: c.Version.Sources, Counts: c.Counts(),
	}
	for _, r := range c.Currencies {
		out.Rates = append(out.Rates, RateJSON{Currency: r.Code, PerUSD: r.PerUSD.String(), Date: r.Date, Source: r.Source})
	}
	return out
}
