package advisor

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// regionPlace says where a region is, as far as its source says: "Tokyo
// (ap-northeast-1)", "Finland", "Stockholm, Sweden, or Oslo, Norway", or
// for a region whose country is not stated, its name.
func regionPlace(r *catalog.Region) locale.Text {
	switch {
	case r.City != "" && len(r.Places) == 0:
		return locale.New("where.city_region", r.City, r.ID)
	case r.City != "":
		return locale.New("where.place", r.City)
	case r.Located():
		return locale.New("where.place", locale.Word("country."+r.Country))
	}
	return locale.New("where.place", r.Name)
}

// offerPlace names an offer's region for an exclusion example, with what
// is known of where it is: its city, else its country, else its name.
func offerPlace(o *catalog.Offer, r *catalog.Region) locale.Text {
	switch {
	case r.City != "":
		return locale.New("excluded.where", o.Provider, o.Region, r.City)
	case r.Located():
		return locale.New("excluded.where", o.Provider, o.Region, locale.Word("country."+r.Country))
	}
	return locale.New("excluded.where", o.Provider, o.Region, r.Name)
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
