package api

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// RegionJSON is a region of GET /api/v1/regions: the catalog's region with
// its key, its country's jurisdiction, how many offers it has and its
// grid's carbon intensity.
type RegionJSON struct {
	catalog.Region
	Key      string `json:"key"`
	EUEEA    bool   `json:"eu_eea"`
	Adequacy string `json:"adequacy,omitempty"`
	// Jurisdiction is the country's (catalog.Jurisdictions): mainland
	// China's is icp_required.
	Jurisdiction string `json:"jurisdiction"`
	Offers       int    `json:"offers"`
	// Carbon is the region's grid, null where there is no figure (its
	// carbon_note says why).
	Carbon *catalog.RegionCarbon `json:"carbon"`
}

// RegionsJSON is the body of GET /api/v1/regions.
type RegionsJSON struct {
	Regions []RegionJSON `json:"regions"`
}

// RegionQuery names one region by its key, as RegionJSON gives it.
type RegionQuery struct {
	Region string `json:"region" jsonschema:"the region's key, provider:region (aws:eu-central-1, gcp:europe-west4), as /api/v1/regions gives it"`
}

// Regions lists the catalog's regions, in catalog order, of one provider
// (empty: every provider).
func Regions(cat *catalog.Catalog, provider string) RegionsJSON {
	offers := offersByRegion(cat)
	out := RegionsJSON{Regions: []RegionJSON{}}
	for _, reg := range cat.Regions {
		if provider == "" || reg.Provider == provider {
			out.Regions = append(out.Regions, newRegionJSON(cat, reg, offers[reg.Key()]))
		}
	}
	return out
}

// Region says what the catalog holds of the region q names, as Regions
// lists it; an unknown key is a field error.
func Region(cat *catalog.Catalog, q RegionQuery) (RegionJSON, error) {
	reg, ok := cat.Region(q.Region)
	if !ok {
		return RegionJSON{}, locale.FieldErrors{locale.Invalid("region", "invalid.region", q.Region)}
	}
	return newRegionJSON(cat, reg, offersByRegion(cat)[reg.Key()]), nil
}

// offersByRegion counts the catalog's offers by region key.
func offersByRegion(cat *catalog.Catalog) map[string]int {
	count := map[string]int{}
	for _, o := range cat.Offers {
		count[o.RegionKey()]++
	}
	return count
}

func newRegionJSON(cat *catalog.Catalog, reg catalog.Region, offers int) RegionJSON {
	c, _ := cat.Country(reg.Country)
	return RegionJSON{Region: reg, Key: reg.Key(), EUEEA: c.EUEEA, Adequacy: c.Adequacy, Jurisdiction: c.Jurisdiction(),
		Offers: offers, Carbon: reg.Carbon}
}
