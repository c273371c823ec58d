package advisor

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// regionPlace says where a region is, as far as its source says: "Tokyo
// (ap-northeast-1)", "Finland", "Stockholm, Sweden, or Oslo, Norway", or
// for a region whose country is not stated, the area it may be in.
func regionPlace(r *catalog.Region) locale.Text {
	if r.City != "" && len(r.Places) == 0 && !r.OwnID {
		return locale.New("where.city_region", locale.CityWord(r.City), r.ID)
	}
	return locale.New("where.place", placeWord(r))
}

// placeWord is what is known of a region's place, without its id: its
// city, else its country, else the area it may be in.
func placeWord(r *catalog.Region) locale.Arg {
	switch {
	case r.City != "":
		return locale.CityWord(r.City)
	case r.Located():
		return locale.Word("country." + r.Country)
	case r.Area != "":
		return locale.Word("where.area." + r.Area)
	}
	return locale.Word("where.unstated")
}

// offerPlace names an offer's region for an exclusion example: "AWS
// eu-west-1 (Dublin)", or "Safespring (Stockholm, Sweden, or Oslo,
// Norway)" where the id is the catalog's own.
func offerPlace(cat *catalog.Catalog, r *catalog.Region) locale.Text {
	if r.OwnID {
		return locale.New("excluded.where.own", cat.ProviderLabel(r.Provider), placeWord(r))
	}
	return locale.New("excluded.where", cat.ProviderLabel(r.Provider), r.ID, placeWord(r))
}

// providerRegion names a provider's region in a sentence: "AWS
// us-east-1", or where the id is the catalog's own, the provider and what
// is known of the place: "Safespring (Stockholm, Sweden, or Oslo,
// Norway)", never the made-up id.
func providerRegion(cat *catalog.Catalog, provider, id string) locale.Text {
	if r, ok := cat.Region(provider + ":" + id); ok && r.OwnID {
		return locale.New("excluded.where.own", cat.ProviderLabel(provider), placeWord(&r))
	}
	return locale.New("where.provider_region", cat.ProviderLabel(provider), id)
}

// shownRegion is regionWord of the region with that provider and id.
func shownRegion(cat *catalog.Catalog, provider, id string) any {
	if r, ok := cat.Region(provider + ":" + id); ok {
		return regionWord(&r)
	}
	return id
}

// regionWord names a region in a sentence: its id ("eu-west-1"), or where
// the id is the catalog's own (OwnID), what is known of its place.
func regionWord(r *catalog.Region) any {
	if !r.OwnID {
		return r.ID
	}
	return regionPlace(r)
}

// noPublicPrice counts, under their own reason, the regions the request
// allows that sell GPUs at no price anyone can read, where the buyer's
// users or countries are: they have no offers to exclude, but a buyer in
// China must hear why Alibaba Cloud is not in the answer.
func (e *engine) noPublicPrice(allowProvider, allowCountry map[string]bool) {
	wanted := map[string]bool{}
	for _, u := range e.req.Users {
		if loc, ok := e.cat.Location(u.Location); ok {
			wanted[loc.Country] = true
		}
	}
	for c := range allowCountry {
		wanted[c] = true
	}
	for i := range e.cat.Regions {
		r := &e.cat.Regions[i]
		if !r.NoPublicPrice || !wanted[r.Country] || (len(allowProvider) > 0 && !allowProvider[r.Provider]) ||
			(len(allowCountry) > 0 && !allowCountry[r.Country]) || !e.facts.verdict(e.req.GDPR, i).ok {
			continue
		}
		e.excl.add(reasonNoPublicPrice, func() locale.Text {
			return locale.New("excluded.no_public_price", providerName(e.cat, r.Provider), r.ID, regionPlace(r))
		})
	}
}
