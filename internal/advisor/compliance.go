package advisor

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// complianceOf judges a region under a GDPR mode: whether personal data may
// be processed there, and why (or why not) in a sentence.
func complianceOf(cat *catalog.Catalog, mode string, r *catalog.Region) (Compliance, bool) {
	c, _ := cat.Country(r.Country)
	country := locale.Word("country." + c.Code)
	var t locale.Text
	ok := true
	switch j := c.Jurisdiction(); {
	case mode == GDPRNone:
		t = locale.New("gdpr.none")
	case j == catalog.JurisdictionEU:
		t = locale.New("gdpr.in_eu", country)
	case mode == GDPREU:
		t, ok = locale.New("gdpr.not_eu", country), false
	case j == catalog.JurisdictionAdequacy && c.Adequacy == catalog.AdequacyPartial:
		t = locale.New("gdpr.partial", country, c.AdequacyNote, providerName(cat, r.Provider))
	case j == catalog.JurisdictionAdequacy:
		t = locale.New("gdpr.adequate", country, c.AdequacyNote)
	default:
		t, ok = locale.New("gdpr.neither", country), false
	}
	return Compliance{OK: ok, Text: t}, ok
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
