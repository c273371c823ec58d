package advisor

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// regulatoryRisks says what law and filters stand between a plan's users
// and its places: a place inside a country whose border is filtered
// (mainland China) serves the public only after an ICP filing, on an
// account of its own where the provider sells it apart, behind the
// filter; a user group served across the filter is named with what
// crossing costs it (users inside served from outside: their personal
// data leaves the country under PIPL's rules; users outside served from
// inside: their data is held there); and a language model served to the
// public inside needs the generative-AI service filing. Each risk names
// the catalog's source of its fact where the catalog has one.
func (e *engine) regulatoryRisks(p *plan, add func(Risk)) {
	serving := e.req.Workload.Kind == catalog.KindInference
	for _, pl := range p.places {
		c, _ := e.cat.Country(pl.u.region.Country)
		if serving && c.ICPRequired {
			add(Risk{Kind: RiskRegulatory, Message: locale.New("risk.regulatory.icp", regionPlace(pl.u.region), locale.Word("country."+c.Code)), Source: refSource(c.ICPRef)})
		}
		if pr, _ := e.cat.Provider(pl.u.offer.Provider); pr.SeparateAccount {
			add(Risk{Kind: RiskRegulatory, Message: locale.New("risk.regulatory.account", providerName(e.cat, pr.ID)), Source: refSource(pr.AccountRef)})
		}
		if c.FilteredBorder {
			add(Risk{Kind: RiskRegulatory, Message: locale.New("risk.regulatory.border", regionPlace(pl.u.region), locale.Word("country."+c.Code))})
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
		u := p.places[k].u
		from, ok := e.crossesFilter(up, u)
		if !ok {
			continue
		}
		group := e.groupWord(up.group)
		if from == e.groupBorders()[up.group].country {
			// The users are inside the filter, served from outside.
			c, _ := e.cat.Country(from)
			add(Risk{Kind: RiskRegulatory, Message: locale.New("risk.regulatory.cross_border", group, regionPlace(u.region)), Source: refSource(c.DataExportRef)})
		} else {
			add(Risk{Kind: RiskRegulatory, Message: locale.New("risk.regulatory.cross_border.in", group, regionPlace(u.region), locale.Word("country."+from))})
		}
	}
	e.generativeAIRisk(add)
}

// generativeAIRisk says, for a language model served to users in a
// country where serving the public needs a filing with the state
// (mainland China), that the service needs the generative-AI service
// filing with the Cyberspace Administration of China and the model its
// registration, wherever it is served from: the Interim Measures apply
// to services offered to the public inside.
func (e *engine) generativeAIRisk(add func(Risk)) {
	if e.llm == nil {
		return
	}
	for i, b := range e.groupBorders() {
		if e.req.Users[i].Share <= 0 {
			continue
		}
		if c, ok := e.cat.Country(b.country); ok && c.ICPRequired {
			add(Risk{Kind: RiskRegulatory, Message: locale.New("risk.regulatory.generative_ai", locale.Word("country."+c.Code), e.profile.Name)})
			return
		}
	}
}

// refSource is a reference's source, "" for none.
func refSource(r *catalog.Ref) string {
	if r == nil {
		return ""
	}
	return r.Source
}

// groupWord names user group i in a sentence: its country, or the city
// of its metro.
func (e *engine) groupWord(i int) locale.Arg {
	loc, ok := e.cat.Location(e.req.Users[i].Location)
	switch {
	case !ok:
		return locale.Arg{Value: e.req.Users[i].Location}
	case loc.ID == loc.Country:
		return locale.Word("country." + loc.Country)
	}
	return locale.CityWord(loc.Name)
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
