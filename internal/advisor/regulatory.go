package advisor

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// regulatoryRisks says what law and filters stand between a plan's users
// and its places: users in a country whose border is filtered (mainland
// China) served from outside it cross the filter and their personal data
// leaves the country under PIPL's rules; a place inside it serves the
// public only after an ICP filing, on an account of its own where the
// provider sells it apart.
func (e *engine) regulatoryRisks(p *plan, add func(string, locale.Text)) {
	serving := e.req.Workload.Kind == catalog.KindInference
	for _, pl := range p.places {
		c, _ := e.cat.Country(pl.u.region.Country)
		if serving && c.ICPRequired {
			add(RiskRegulatory, locale.New("risk.regulatory.icp", regionPlace(pl.u.region), locale.Word("country."+c.Code)))
		}
		if pr, _ := e.cat.Provider(pl.u.offer.Provider); pr.SeparateAccount {
			add(RiskRegulatory, locale.New("risk.regulatory.account", providerName(e.cat, pr.ID)))
		}
	}
	if !serving {
		return
	}
	rtts := e.rttsOf(p)
	for i, up := range e.users {
		k, _ := nearestPlace(p, rtts, i)
		if from, ok := e.crossesFilter(up, p.places[k].u.region); ok {
			add(RiskRegulatory, locale.New("risk.regulatory.cross_border", locale.Word("country."+from), regionPlace(p.places[k].u.region)))
		}
	}
}

// crossesFilter reports whether a user point's path to a region crosses a
// filtered national border, and the filtered country it starts or ends in.
func (e *engine) crossesFilter(up userPoint, r *catalog.Region) (string, bool) {
	user := e.req.Users[up.group].Location
	if loc, ok := e.cat.Location(user); ok && loc.Country != "" {
		user = loc.Country
	}
	for _, code := range [2]string{user, r.Country} {
		if c, ok := e.cat.Country(code); ok && c.FilteredBorder && user != r.Country {
			return code, true
		}
	}
	return "", false
}
