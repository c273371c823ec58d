package web

import (
	"fmt"
	"net/http"
	"slices"

	"gpuplace/internal/api"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// handleAPICatalog handles GET /api/v1/catalog.
func (s *Server) handleAPICatalog(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, api.NewCatalogJSON(s.cat(r)))
}

// apiProvider is one provider of GET /api/v1/providers: where it is
// headquartered and with what source, whether that is in the EU/EEA, and
// what the catalog holds of it.
type apiProvider struct {
	ID        string      `json:"id"`
	Name      string      `json:"name"`
	ShortName string      `json:"short_name,omitempty"`
	Kind      string      `json:"kind"`
	HQCountry string      `json:"hq_country"`
	HQRef     catalog.Ref `json:"hq_ref"`
	EUEEA     bool        `json:"eu_eea"`
	Regions   int         `json:"regions"`
	Offers    int         `json:"offers"`
	// PricesAsOf spans the dates of every price of its offers.
	PricesAsOf    apiDateRange    `json:"prices_as_of"`
	SourceQuality apiQualityCount `json:"source_quality"`
	// EgressKnown is false when a region's internet egress price is
	// unknown (planned at the dearest the catalog knows).
	EgressKnown bool `json:"egress_known"`
	// NoPublicPrice: every region of it sells GPUs at no public price, so
	// it has no offers.
	NoPublicPrice bool `json:"no_public_price,omitempty"`
}

// apiDateRange is the oldest and newest of a set of dates (YYYY, YYYY-MM
// or YYYY-MM-DD as the sources state them).
type apiDateRange struct {
	Oldest string `json:"oldest"`
	Newest string `json:"newest"`
}

// apiQualityCount counts offers by the quality of their price source.
type apiQualityCount struct {
	Primary   int `json:"primary"`
	Secondary int `json:"secondary"`
	Unstated  int `json:"unstated"`
}

func newAPIProvider(s catalog.ProviderSummary) apiProvider {
	p := s.Provider
	return apiProvider{
		ID: p.ID, Name: p.Name, ShortName: p.ShortName, Kind: p.Kind, HQCountry: p.HQCountry, HQRef: p.HQRef,
		EUEEA: s.HQ.EUEEA, Regions: s.Regions, Offers: s.Offers,
		PricesAsOf:    apiDateRange{Oldest: s.PricesAsOf.Oldest, Newest: s.PricesAsOf.Newest},
		SourceQuality: apiQualityCount{Primary: s.Primary, Secondary: s.Secondary, Unstated: s.Unstated},
		EgressKnown:   s.EgressKnown, NoPublicPrice: s.NoPublicPrice,
	}
}

// handleAPIProviders handles GET /api/v1/providers?hq=eu|non_eu&kind=: the
// providers, in catalog order; an unknown hq or kind is 422.
func (s *Server) handleAPIProviders(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := catalog.ProviderFilter{HQ: q.Get("hq"), Kind: q.Get("kind")}
	var fe locale.FieldErrors
	for _, c := range []struct {
		field, value string
		allowed      []string
	}{{"hq", f.HQ, catalog.HQScopes}, {"kind", f.Kind, catalog.ProviderKinds}} {
		if c.value != "" && !slices.Contains(c.allowed, c.value) {
			fe.Add(c.field, fmt.Sprintf("invalid.one_of%d", len(c.allowed)), anys(c.allowed)...)
		}
	}
	if err := fe.OrNil(); err != nil {
		return err
	}
	out := []apiProvider{}
	for _, p := range s.cat(r).FindProviders(f) {
		out = append(out, newAPIProvider(p))
	}
	return writeJSON(w, http.StatusOK, map[string]any{"providers": out})
}

// anys passes strings as message arguments.
func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
