package advisor

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// complianceOf judges a region under a GDPR mode: whether personal data may
// be processed there, and why (or why not) in a sentence. Under
// eu_sovereign the provider's headquarters must be in the EU/EEA too: a
// region refused for that alone is ruled out for reasonSovereignty.
func complianceOf(cat *catalog.Catalog, mode GDPRMode, r *catalog.Region) (comp Compliance, ok bool, reason string) {
	c, _ := cat.Country(r.Country)
	country := locale.Word("country." + c.Code)
	var t locale.Text
	ok, reason = true, reasonGDPR
	switch j := c.Jurisdiction(); {
	case mode == GDPRNone:
		t = locale.New("gdpr.none")
	case r.CountryAssumed:
		t, ok, reason = locale.New("gdpr.country_assumed", r.Name, country), false, reasonCountryAssumed
	case mode == GDPREUSovereign && j == catalog.JurisdictionEU:
		t, ok = sovereignty(cat, r.Provider, country)
		if !ok {
			reason = reasonSovereignty
		}
	case j == catalog.JurisdictionEU:
		t = locale.New("gdpr.in_eu", country)
	case mode == GDPREUSovereign:
		t, ok = locale.New("gdpr.not_eu", country), false
	case mode == GDPREU:
		t, ok = locale.New("gdpr.not_eu", country), false
	case j == catalog.JurisdictionAdequacy && c.Adequacy == catalog.AdequacyPartial:
		t = locale.New("gdpr.partial", country, c.AdequacyNote, providerName(cat, r.Provider))
	case j == catalog.JurisdictionAdequacy:
		t = locale.New("gdpr.adequate", country, c.AdequacyNote)
	default:
		t, ok = locale.New("gdpr.neither", country), false
	}
	return Compliance{OK: ok, Text: t}, ok, reason
}

// sovereignty says whether a provider with a region in an EU/EEA country is
// headquartered in the EU/EEA too, and why in a sentence: one headquartered
// in the US answers to the US CLOUD Act wherever its data centre is.
func sovereignty(cat *catalog.Catalog, provider string, country locale.Arg) (locale.Text, bool) {
	p, _ := cat.Provider(provider)
	hq, _ := cat.Country(p.HQCountry)
	where := locale.Word("country." + hq.Code)
	switch {
	case hq.Jurisdiction() == catalog.JurisdictionEU:
		return locale.New("gdpr.sovereign", country, p.Label(), where), true
	case hq.Code == "US":
		return locale.New("gdpr.hq.us", p.Label()), false
	}
	return locale.New("gdpr.hq.outside", p.Label(), where), false
}

// countryNames names countries from the catalog, for English sentences.
func countryNames(cat *catalog.Catalog) func(string) string {
	return func(code string) string {
		if c, ok := cat.Country(code); ok {
			return c.Name
		}
		return code
	}
}

func providerName(cat *catalog.Catalog, id string) string {
	if p, ok := cat.Provider(id); ok {
		return p.Name
	}
	return id
}
