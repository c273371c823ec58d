package advisor

import (
	"fmt"

	"gpuplace/internal/catalog"
)

// complianceOf judges a region under a GDPR mode: whether personal data may
// be processed there, and why (or why not) in a sentence.
func complianceOf(cat *catalog.Catalog, mode string, r *catalog.Region) (Compliance, bool) {
	c, _ := cat.Country(r.Country)
	switch {
	case mode == GDPRNone:
		return Compliance{OK: true, Reason: "No data-residency requirement was set."}, true
	case c.EUEEA:
		return Compliance{OK: true, Reason: c.Name + " is in the EU/EEA."}, true
	case mode == GDPREU:
		return Compliance{Reason: c.Name + " is not in the EU/EEA"}, false
	case c.Adequacy == catalog.AdequacyFull:
		return Compliance{OK: true, Reason: fmt.Sprintf("%s has an EU adequacy decision (%s).", c.Name, c.AdequacyNote)}, true
	case c.Adequacy == catalog.AdequacyPartial:
		return Compliance{OK: true, Reason: fmt.Sprintf("%s has an EU adequacy decision of limited scope (%s): check that %s is covered.",
			c.Name, c.AdequacyNote, providerName(cat, r.Provider))}, true
	default:
		return Compliance{Reason: c.Name + " is neither in the EU/EEA nor covered by an EU adequacy decision"}, false
	}
}

func providerName(cat *catalog.Catalog, id string) string {
	if p, ok := cat.Provider(id); ok {
		return p.Name
	}
	return id
}
