package catalog

// Headquarters scopes a filter may ask for: where a provider is
// headquartered, whose law reaches its data wherever its regions are.
const (
	HQEU    = "eu"     // headquartered in the EU/EEA
	HQNonEU = "non_eu" // headquartered anywhere else
)

// HQScopes lists the headquarters scopes in display order.
var HQScopes = []string{HQEU, HQNonEU}

// HQ returns the country a provider is headquartered in.
func (c *Catalog) HQ(provider string) (Country, bool) {
	p, ok := c.Provider(provider)
	if !ok {
		return Country{}, false
	}
	return c.Country(p.HQCountry)
}

// HQScope is the headquarters scope of a provider headquartered in the
// country.
func (c Country) HQScope() string {
	if c.EUEEA {
		return HQEU
	}
	return HQNonEU
}

// inHQScope reports whether a provider's headquarters are in scope (one
// of HQScopes; "" takes every provider).
func (c *Catalog) inHQScope(provider, scope string) bool {
	if scope == "" {
		return true
	}
	hq, _ := c.HQ(provider)
	return hq.HQScope() == scope
}

// ProviderFilter selects providers by headquarters scope (HQScopes) and
// kind (ProviderKinds); empty fields mean all.
type ProviderFilter struct {
	HQ, Kind string
}

// DateRange spans the dates of a set of figures as the catalog states
// them (YYYY, YYYY-MM or YYYY-MM-DD): a year alone sorts before the dates
// inside it.
type DateRange struct {
	Oldest, Newest string
}

// add widens the range to take in date; an empty date is no date.
func (r *DateRange) add(date string) {
	if date == "" {
		return
	}
	if r.Oldest == "" || date < r.Oldest {
		r.Oldest = date
	}
	if date > r.Newest {
		r.Newest = date
	}
}

// ProviderSummary is one provider with what the catalog holds of it.
type ProviderSummary struct {
	Provider Provider
	// HQ is the country of its headquarters, HQSource where that is
	// stated.
	HQ       Country
	HQSource Source
	Regions  int
	Offers   int
	// PricesAsOf spans the dates of every price of its offers.
	PricesAsOf DateRange
	// Primary, Secondary and Unstated count its offers by the quality of
	// their price source (Offer.SourceQuality; empty is unstated).
	Primary, Secondary, Unstated int
	// EgressKnown is true when every region of the provider has a known
	// internet egress price (its own or the provider's): an unknown one
	// is planned at the dearest the catalog knows. EgressSource is the
	// source of the provider's egress prices.
	EgressKnown  bool
	EgressSource Source
	// NoPublicPrice is true when every region of the provider sells GPUs
	// at no price anyone can read (Region.NoPublicPrice): it has regions
	// and no offers.
	NoPublicPrice bool
}

// FindProviders lists the providers f selects, in catalog order.
func (c *Catalog) FindProviders(f ProviderFilter) []ProviderSummary {
	out := []ProviderSummary{}
	at := map[string]int{}
	for _, p := range c.Providers {
		if !c.inHQScope(p.ID, f.HQ) || (f.Kind != "" && p.Kind != f.Kind) {
			continue
		}
		hq, _ := c.Country(p.HQCountry)
		at[p.ID] = len(out)
		out = append(out, ProviderSummary{Provider: p, HQ: hq, HQSource: c.SourceOrID(p.HQRef.Source),
			EgressKnown: true, EgressSource: c.SourceOrID(p.EgressRef.Source), NoPublicPrice: true})
	}
	for _, r := range c.Regions {
		if i, ok := at[r.Provider]; ok {
			out[i].Regions++
			out[i].NoPublicPrice = out[i].NoPublicPrice && r.NoPublicPrice
			if _, known := c.EgressTiers(r); !known {
				out[i].EgressKnown = false
			}
		}
	}
	for _, o := range c.Offers {
		i, ok := at[o.Provider]
		if !ok {
			continue
		}
		s := &out[i]
		s.Offers++
		switch o.SourceQuality {
		case QualityPrimary:
			s.Primary++
		case QualitySecondary:
			s.Secondary++
		default:
			s.Unstated++
		}
		for _, pm := range PricingModels {
			if p, ok := o.Price(pm); ok {
				s.PricesAsOf.add(p.Date)
			}
		}
	}
	for i := range out {
		if out[i].Regions == 0 && len(out[i].Provider.Egress) == 0 {
			out[i].EgressKnown = false
		}
	}
	return out
}
