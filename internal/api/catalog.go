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
	// PriceDates is, per provider, the oldest and the median date of its
	// prices, as the sources state them.
	PriceDates map[string]PriceDatesJSON `json:"price_dates"`
}

// PriceDatesJSON is the oldest and the median date of a provider's
// prices.
type PriceDatesJSON struct {
	Oldest string `json:"oldest"`
	Median string `json:"median"`
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
	out.PriceDates = map[string]PriceDatesJSON{}
	for p, dates := range c.PriceDates() {
		out.PriceDates[p] = PriceDatesJSON{Oldest: dates[0], Median: dates[len(dates)/2]}
	}
	return out
}
