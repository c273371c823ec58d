package templates

import (
	"context"
	"net/url"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// ProvidersView is the providers page: the filter and the providers it
// selects.
type ProvidersView struct {
	// Frame is what the page frame shows of the request.
	Frame   Frame
	Catalog *catalog.Catalog
	Filter  catalog.ProviderFilter
	Rows    []catalog.ProviderSummary
	Ignored []string
}

// NewProvidersView lists the providers f selects.
func NewProvidersView(f0 Frame, c *catalog.Catalog, f catalog.ProviderFilter, ignored []string) ProvidersView {
	return ProvidersView{Frame: f0, Catalog: c, Filter: f, Rows: c.FindProviders(f), Ignored: ignored}
}

// OffersURL lists the offers of the providers the page shows: those of
// its headquarters scope (a kind has no offers filter).
func (v ProvidersView) OffersURL() string {
	return OfferFilter{OfferFilter: catalog.OfferFilter{HQ: v.Filter.HQ}}.URL("/catalog/offers")
}

// providerURL is an explorer page filtered to one provider.
func providerURL(path, id string) string {
	return withQuery(path, url.Values{KeyProvider: {id}})
}

// dateRange shows a span of dates: one date when both ends are the same,
// a dash when there is none.
func dateRange(r catalog.DateRange) string {
	switch {
	case r.Oldest == "":
		return "—"
	case r.Oldest == r.Newest:
		return r.Oldest
	}
	return r.Oldest + " – " + r.Newest
}

// qualityShares says what share of a provider's offers have primary,
// secondary or unstated price sources, leaving out the empty ones:
// "primary 80%", "secondary 20%".
func qualityShares(ctx context.Context, s catalog.ProviderSummary) []string {
	if s.Offers == 0 {
		return []string{"—"}
	}
	var parts []string
	for _, q := range []struct {
		key string
		n   int
	}{{"explorer.quality.primary", s.Primary}, {"explorer.quality.second", s.Secondary}, {"explorer.quality.unstated", s.Unstated}} {
		if q.n > 0 {
			parts = append(parts, locale.Tf(ctx, q.key, locale.Percent(100*float64(q.n)/float64(s.Offers))+"%"))
		}
	}
	return parts
}
