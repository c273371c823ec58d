package catalog

// Jurisdictions a country's data protection falls under, as the GDPR sees
// it.
const (
	JurisdictionEU       = "eu"       // in the EU/EEA
	JurisdictionAdequacy = "adequacy" // outside, with an EU adequacy decision
	JurisdictionNeither  = "neither"
	// JurisdictionICP: mainland China, where serving the public needs an
	// ICP filing and personal data leaves only under PIPL's rules.
	JurisdictionICP = "icp_required"
)

// Jurisdictions lists the jurisdictions in display order.
var Jurisdictions = []string{JurisdictionEU, JurisdictionAdequacy, JurisdictionNeither, JurisdictionICP}

// Jurisdiction says whether the country is in the EU/EEA, has an EU
// adequacy decision (full or partial), or neither.
func (c Country) Jurisdiction() string {
	switch {
	case c.EUEEA:
		return JurisdictionEU
	case c.Adequacy != AdequacyNone:
		return JurisdictionAdequacy
	case c.ICPRequired:
		return JurisdictionICP
	}
	return JurisdictionNeither
}
