package catalog_test

import (
	"math"
	"slices"
	"testing"

	"gpuplace/internal/catalog"
)

// pointOf returns a country's city point by name.
func pointOf(t *testing.T, c *catalog.Catalog, country, city string) catalog.Point {
	t.Helper()
	loc, ok := c.Location(country)
	if !ok {
		t.Fatalf("no location %s", country)
	}
	for _, p := range loc.Points {
		if p.Name == city {
			return p
		}
	}
	t.Fatalf("%s has no city %s", country, city)
	return catalog.Point{}
}

// Ensure the distance model, fitted per corridor on the measured pairs,
// leaves small residuals, and report them. The first release's single
// model (10 ms + 1.5 × km ÷ 100 km/ms) was off by a median +17 ms across
// the Atlantic, +27 across the Pacific and +50 between the US and
// Australia.
func TestDistanceModelResiduals(t *testing.T) {
	c := loadReal(t)
	m := c.Distance()
	type acc struct{ res []float64 }
	by := map[string]*acc{}
	var all []float64
	for _, p := range c.Latency {
		if p.Estimated {
			continue
		}
		a, _ := c.Metro(p.From)
		b, _ := c.Metro(p.To)
		if a.Country == "CN" || b.Country == "CN" {
			continue
		}
		if c.Pair(c.MetroIndex(p.From), c.MetroIndex(p.To)).OutlierMS != 0 {
			continue
		}
		est, _ := m.Estimate(a.Lat, a.Lon, b.Lat, b.Lon)
		k := catalog.Corridor(catalog.ZoneOf(a.Lat, a.Lon), catalog.ZoneOf(b.Lat, b.Lon))
		if by[k] == nil {
			by[k] = &acc{}
		}
		by[k].res = append(by[k].res, p.RTTMS-est)
		all = append(all, math.Abs(p.RTTMS-est))
	}
	keys := make([]string, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		r := by[k].res
		var mae float64
		for _, x := range r {
			mae += math.Abs(x)
		}
		mae /= float64(len(r))
		f := m.Corridors[k]
		t.Logf("%-28s pairs %3d  slope %.2f ms/100 km (own fit %v)  median residual %+6.1f ms  mean |residual| %5.1f ms",
			k, len(r), f.MSPerKM*100, f.Own, med(r), mae)
		if f.Own && math.Abs(med(r)) > 2 {
			t.Errorf("%s: median residual %.1f ms, want within ±2 ms of a median fit", k, med(r))
		}
	}
	overall := med(all)
	t.Logf("all corridors: %d pairs, median |residual| %.1f ms", len(all), overall)
	if overall > 12 {
		t.Errorf("median |residual| = %.1f ms, want ≤ 12 ms", overall)
	}
	for _, k := range []string{
		catalog.Corridor(catalog.ZoneEurope, catalog.ZoneNorthAmerica),
		catalog.Corridor(catalog.ZoneAsia, catalog.ZoneNorthAmerica),
		catalog.Corridor(catalog.ZoneNorthAmerica, catalog.ZoneOceania),
	} {
		if !m.Corridors[k].Own {
			t.Errorf("%s has no fit of its own", k)
		}
	}
}

func med(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Ensure a measured pair far from what its neighbours show is flagged and
// replaced by the neighbour path: London–Tel Aviv is measured at 210 ms
// while Amsterdam–Tel Aviv is 66.5 ms and Paris–Tel Aviv 52.5 ms.
func TestLatencyOutliers(t *testing.T) {
	c := loadReal(t)
	p := c.Pair(c.MetroIndex("lon"), c.MetroIndex("tlv"))
	if p.OutlierMS != 210 || !p.Estimated || p.RTTMS > 100 {
		t.Errorf("lon–tlv = %+v, want the 210 ms measurement flagged and a neighbour path under 100 ms", p)
	}
	var flagged []string
	for a := range c.Metros {
		for b := a + 1; b < len(c.Metros); b++ {
			if q := c.Pair(a, b); q.OutlierMS != 0 {
				flagged = append(flagged, q.From+"–"+q.To)
				t.Logf("outlier %s–%s: %s", q.From, q.To, q.Method)
			}
		}
	}
	// Outliers are exceptions: a rule that flags many measurements would
	// be replacing the data with the model.
	if len(flagged) > 10 {
		t.Errorf("%d measured pairs flagged as outliers, want a handful: %v", len(flagged), flagged)
	}
	if q := c.Pair(c.MetroIndex("ams"), c.MetroIndex("tlv")); q.Estimated || q.RTTMS != 66.5 {
		t.Errorf("ams–tlv = %+v, want the measured 66.5 ms kept", q)
	}
}

// Ensure users are placed where they live: southern China's cities reach
// Hong Kong sooner than Seoul, and users near Frankfurt pay at least the
// base delay to it whether or not their city is a metro.
func TestUsersWhereTheyLive(t *testing.T) {
	c := loadReal(t)
	hkg, sel, fra := c.MetroIndex("hkg"), c.MetroIndex("sel"), c.MetroIndex("fra")
	for _, city := range []string{"Shenzhen", "Guangzhou"} {
		p := pointOf(t, c, "CN", city)
		toHK, _ := p.RTT(hkg)
		toSeoul, _ := p.RTT(sel)
		if toHK >= toSeoul {
			t.Errorf("%s → Hong Kong %.1f ms, → Seoul %.1f ms: want Hong Kong nearer", city, toHK, toSeoul)
		}
	}
	for _, city := range []string{"Munich", "Berlin", "Frankfurt"} {
		p := pointOf(t, c, "DE", city)
		ms, est := p.RTT(fra)
		if ms < catalog.BaseRTTMS {
			t.Errorf("%s → Frankfurt %.1f ms, want at least the base delay %v ms", city, ms, catalog.BaseRTTMS)
		}
		if !est {
			t.Errorf("%s → Frankfurt is called measured; the same-metro base delay is modelled", city)
		}
	}
	munich, _ := pointOf(t, c, "DE", "Munich").RTT(fra)
	berlin, _ := pointOf(t, c, "DE", "Berlin").RTT(fra)
	if munich > 30 || berlin > 30 {
		t.Errorf("Munich %.1f ms, Berlin %.1f ms to Frankfurt: want both within 30 ms", munich, berlin)
	}
	// A chained route (access leg + measured pair) is not "measured".
	tyo := c.MetroIndex("tyo")
	if p := pointOf(t, c, "DE", "Munich"); p.Route(tyo) == catalog.RouteMeasured {
		t.Errorf("Munich → Tokyo is called measured; it adds an access leg to a measured pair")
	}
}
