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
	// Every point of a user group routed to one place says the same: the
	// first says it (add keeps one of each).
	said := make([]bool, len(e.req.Users)*MaxRegions)
	for i, up := range e.users {
		k, _ := nearestPlace(p, rtts, i)
		at := up.group*MaxRegions + k
		if said[at] {
			continue
		}
		said[at] = true
		if from, ok := e.crossesFilter(up, p.places[k].u); ok {
			add(RiskRegulatory, locale.New("risk.regulatory.cross_border", locale.Word("country."+from), regionPlace(p.places[k].u.region)))
		}
	}
}

// crossesFilter reports whether a user point's path to a region crosses a
// filtered national border, and the filtered country it starts or ends in.
func (e *engine) crossesFilter(up userPoint, u *usable) (string, bool) {
	g := e.groupBorders()[up.group]
	if g.country == u.region.Country {
		return "", false
	}
	if g.filtered {
		return g.country, true
	}
	if e.facts.filteredBorder[u.facts.region] {
		return u.region.Country, true
	}
	return "", false
}

// groupBorder is a user group's country and whether its border is
// filtered.
type groupBorder struct {
	country  string
	filtered bool
}

// groupBorders works out, once per answer, each user group's groupBorder.
func (e *engine) groupBorders() []groupBorder {
	if e.memo.borders != nil {
		return e.memo.borders
	}
	out := make([]groupBorder, len(e.req.Users))
	for i, u := range e.req.Users {
		out[i].country = u.Location
		if loc, ok := e.cat.Location(u.Location); ok && loc.Country != "" {
			out[i].country = loc.Country
		}
		c, ok := e.cat.Country(out[i].country)
		out[i].filtered = ok && c.FilteredBorder
	}
	e.memo.borders = out
	return out
}
