package catalog

import (
	"slices"
	"strings"
)

// Areas a region whose source states no country may be in
// (Region.Area): every metro of the zones named.
const (
	AreaGlobal = "global"
)

// Where a region serves from, for latency. A region whose source states
// its city is at its metro. One whose source states only its country, or
// names several places, may be at any of its Places; one whose source
// states no country (CountryAssumed) anywhere in its Area. Such a region's
// round trips are a range over those places, and a latency target is
// judged on the worse end.
//
// Serving places are numbered as the advisor counts them: metros first
// (their index in Metros), then each region's set of candidate metros.

// PlaceCount is how many serving places the catalog has: its metros and
// its regions' candidate sets.
func (c *Catalog) PlaceCount() int { return len(c.Metros) + len(c.placeSets) }

// RegionPlace is the serving place of a region (an index into Regions):
// its metro, or its set of candidate metros; −1 when it has neither.
func (c *Catalog) RegionPlace(region int) int {
	if c.regionPlace == nil { // a catalog built by hand, not indexed
		return c.MetroIndex(c.Regions[region].Metro)
	}
	return c.regionPlace[region]
}

// PlaceMetros lists the metros a serving place may be: one for a metro.
func (c *Catalog) PlaceMetros(place int) []int {
	if place < len(c.single) {
		return c.single[place : place+1]
	}
	if place < len(c.Metros) {
		return []int{place}
	}
	return c.placeSets[place-len(c.Metros)]
}

// PlaceRTT is the round trip from a user point to a serving place: the
// worse and the better end over the metros it may be, and whether any of
// it is estimated.
func (c *Catalog) PlaceRTT(p Point, place int) (worst, best float64, estimated bool) {
	best = -1
	for _, m := range c.PlaceMetros(place) {
		ms, est := p.RTT(m)
		worst = max(worst, ms)
		if best < 0 || ms < best {
			best = ms
		}
		estimated = estimated || est
	}
	return worst, max(best, 0), estimated || place >= len(c.Metros)
}

// PlaceWorstRTTs writes into out, for each of places, the worse end of
// the round trip from p to it (PlaceRTT's worst), reading p's round trips
// once for them all.
func (c *Catalog) PlaceWorstRTTs(p Point, places []int, out []float64) {
	for k, place := range places {
		if place < len(c.Metros) {
			out[k] = p.rtt[place]
			continue
		}
		worst := 0.0
		for _, m := range c.placeSets[place-len(c.Metros)] {
			worst = max(worst, p.rtt[m])
		}
		out[k] = worst
	}
}

// Located reports whether a region's source states where it is well
// enough to answer a latency question: its country at least.
func (r Region) Located() bool { return !r.CountryAssumed }

// indexPlaces gives every region its serving place, building the sets of
// candidate metros of those whose city is not stated.
func (c *Catalog) indexPlaces() {
	c.single = make([]int, len(c.Metros))
	for i := range c.single {
		c.single[i] = i
	}
	c.placeSets = nil
	c.regionPlace = make([]int, len(c.Regions))
	for i, r := range c.Regions {
		metros := c.candidateMetros(r)
		switch {
		case len(metros) == 0:
			c.regionPlace[i] = c.MetroIndex(r.Metro)
		case len(metros) == 1:
			c.regionPlace[i] = metros[0]
		default:
			k := slices.IndexFunc(c.placeSets, func(s []int) bool { return slices.Equal(s, metros) })
			if k < 0 {
				k = len(c.placeSets)
				c.placeSets = append(c.placeSets, metros)
			}
			c.regionPlace[i] = len(c.Metros) + k
		}
	}
}

// candidateMetros lists, sorted, the metros a region may be at when its
// city is not stated: its Places, or every metro of its Area's zones.
func (c *Catalog) candidateMetros(r Region) []int {
	var out []int
	for _, id := range r.Places {
		if m := c.MetroIndex(id); m >= 0 {
			out = append(out, m)
		}
	}
	if r.Area != "" {
		zones := strings.Split(r.Area, ",")
		for m, mt := range c.Metros {
			if r.Area == AreaGlobal || slices.Contains(zones, ZoneOf(mt.Lat, mt.Lon)) {
				out = append(out, m)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// MetroPlaceRTT is the round trip between a metro and a serving place,
// at the place's worse end.
func (c *Catalog) MetroPlaceRTT(metro, place int) float64 {
	var worst float64
	for _, m := range c.PlaceMetros(place) {
		worst = max(worst, c.MetroRTT(metro, m))
	}
	return worst
}

// PlaceRoute is how a user point's round trip to a serving place was
// made: RouteEstimated for a place whose city is not stated.
func (c *Catalog) PlaceRoute(p Point, place int) uint8 {
	if place >= len(c.Metros) {
		return RouteEstimated
	}
	return p.Route(place)
}
