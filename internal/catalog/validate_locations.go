package catalog

import "fmt"

func (v *validator) countries() {
	c := v.col("countries")
	v.countryIDs = map[string]bool{}
	for i, ct := range v.c.Countries {
		item := itemName("countries", i, ct.Code)
		unique(c, v.countryIDs, item, "code", ct.Code)
		if ct.Code != "" && !countryPattern.MatchString(ct.Code) {
			c.add(item, "code", "must be an ISO 3166-1 alpha-2 code, got %q", ct.Code)
		}
		if ct.Name == "" {
			c.add(item, "name", "required")
		}
		coordinates(c, item, ct.Lat, ct.Lon)
		positive(c, item, "population", float64(ct.Population))
		switch ct.Adequacy {
		case AdequacyNone:
		case AdequacyFull, AdequacyPartial:
			if ct.AdequacyNote == "" {
				c.add(item, "adequacy_note", "an adequacy decision needs its scope stated")
			}
		default:
			c.add(item, "adequacy", "must be %q, %q or empty, got %q", AdequacyFull, AdequacyPartial, ct.Adequacy)
		}
		if len(ct.Cities) == 0 {
			c.add(item, "cities", "at least one city is required")
		}
		for j, city := range ct.Cities {
			cityItem := fmt.Sprintf("%s cities[%d] %s", item, j, city.Name)
			coordinates(c, cityItem, city.Lat, city.Lon)
			positive(c, cityItem, "population", float64(city.Population))
		}
		v.ref(c, item, "", ct.Ref)
		if ct.ICPRef != nil {
			v.ref(c, item, "icp_ref", *ct.ICPRef)
		}
		if ct.DataExportRef != nil {
			v.ref(c, item, "data_export_ref", *ct.DataExportRef)
		}
	}
}

func (v *validator) metros() {
	c := v.col("metros")
	v.metroIDs = map[string]bool{}
	for i, m := range v.c.Metros {
		item := itemName("metros", i, m.ID)
		unique(c, v.metroIDs, item, "id", m.ID)
		if v.countryIDs[m.ID] || (m.ID != "" && !idPattern.MatchString(m.ID)) {
			c.add(item, "id", "must be lower case and must not look like a country code, got %q", m.ID)
		}
		if !v.countryIDs[m.Country] {
			c.add(item, "country", "unknown country %q", m.Country)
		}
		coordinates(c, item, m.Lat, m.Lon)
	}
}

func (v *validator) latency() {
	c := v.col("latency")
	seen := map[string]bool{}
	for i, p := range v.c.Latency {
		item := itemName("latency", i, p.From+"-"+p.To)
		if !v.metroIDs[p.From] {
			c.add(item, "from", "unknown metro %q", p.From)
		}
		if !v.metroIDs[p.To] {
			c.add(item, "to", "unknown metro %q", p.To)
		}
		if p.From == p.To {
			c.add(item, "to", "a pair needs two different metros")
		}
		positive(c, item, "rtt_ms", p.RTTMS)
		if p.LowMS != 0 || p.HighMS != 0 {
			if !(p.LowMS > 0 && p.LowMS <= p.RTTMS && p.RTTMS <= p.HighMS) {
				c.add(item, "low_ms", "range %v–%v must be positive and contain rtt_ms %v", p.LowMS, p.HighMS, p.RTTMS)
			}
		}
		key := pairKey(p.From, p.To)
		if seen[key] {
			c.add(item, "", "duplicate pair %s", key)
		}
		seen[key] = true
		v.ref(c, item, "", p.Ref)
	}
}

func pairKey(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "-" + b
}
