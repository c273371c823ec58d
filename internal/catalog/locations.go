package catalog

import "math"

// Location is where a group of users is: a country, spread over its largest
// cities in proportion to their population, or a single metro.
type Location struct {
	ID      string // ISO alpha-2 country code or metro id
	Name    string
	Country string
	Points  []Point
}

// How a user point's round trip to a metro was made.
const (
	// RouteMeasured: a measured metro pair, the user within localKM of it.
	RouteMeasured uint8 = iota
	// RouteMeasuredAccess: a measured metro pair plus a modelled access leg.
	RouteMeasuredAccess
	// RouteEstimated: the path itself is modelled.
	RouteEstimated
)

// Point is one place users are, with its share of the location's users and
// its round trip to every metro.
type Point struct {
	Name   string
	Weight float64 // the points of a location weigh 1 in all
	rtt    []float64
	basis  []uint8
}

// RTT is the round trip from the point to metro m (an index into Metros),
// and whether any of it is estimated rather than measured.
func (p Point) RTT(m int) (ms float64, estimated bool) { return p.rtt[m], p.basis[m] != RouteMeasured }

// Route is how the point's round trip to metro m was made (RouteMeasured,
// RouteMeasuredAccess or RouteEstimated).
func (p Point) Route(m int) uint8 { return p.basis[m] }

// Location returns a user location by country code or metro id.
func (c *Catalog) Location(id string) (*Location, bool) {
	l, ok := c.locations[id]
	return l, ok
}

// indexLocations precomputes every location's points and their round trips,
// so that a recommendation only looks numbers up.
//
// Each city of a country is routed on its own: it enters the network at
// whichever metro within accessKM gives the shortest path to the serving
// metro (an access leg for its distance plus the metro pair, which pays the
// base delay even when it is the serving metro itself), never across a
// filtered border. A city with no metro in reach is estimated from distance.
func (c *Catalog) indexLocations() {
	n := len(c.Metros)
	c.locations = make(map[string]*Location, len(c.Countries)+n)
	for i, m := range c.Metros {
		p := Point{Name: m.Name, Weight: 1, rtt: make([]float64, n), basis: make([]uint8, n)}
		for j := range n {
			p.rtt[j] = c.MetroRTT(i, j)
			p.basis[j] = RouteEstimated
			if !c.Pair(i, j).Estimated {
				p.basis[j] = RouteMeasured
			}
		}
		c.locations[m.ID] = &Location{ID: m.ID, Name: m.Name, Country: m.Country, Points: []Point{p}}
	}
	for _, ct := range c.Countries {
		var total float64
		for _, city := range ct.Cities {
			total += float64(city.Population)
		}
		loc := &Location{ID: ct.Code, Name: ct.Name, Country: ct.Code}
		for _, city := range ct.Cities {
			p := Point{Name: city.Name, Weight: float64(city.Population) / total,
				rtt: make([]float64, n), basis: make([]uint8, n)}
			c.pointRTTs(&p, city, ct.Code)
			loc.Points = append(loc.Points, p)
		}
		c.locations[ct.Code] = loc
	}
}

// entry is a metro a city may enter the network at, and its access leg.
type entry struct {
	metro    int
	km, legs float64
}

func (c *Catalog) pointRTTs(p *Point, city City, country string) {
	var entries []entry
	for i, m := range c.Metros {
		km := DistanceKM(city.Lat, city.Lon, m.Lat, m.Lon)
		if km <= accessKM && !crosses(c, country, m.Country) {
			entries = append(entries, entry{metro: i, km: km, legs: accessRTT(km)})
		}
	}
	for j, m := range c.Metros {
		if len(entries) == 0 {
			p.rtt[j] = c.estimateRTT(city.Lat, city.Lon, m.Lat, m.Lon, crosses(c, country, m.Country))
			p.basis[j] = RouteEstimated
			continue
		}
		best, via := math.Inf(1), entries[0]
		for _, e := range entries {
			if ms := e.legs + c.MetroRTT(e.metro, j); ms < best {
				best, via = ms, e
			}
		}
		p.rtt[j] = math.Round(best*10) / 10
		switch {
		case c.Pair(via.metro, j).Estimated:
			p.basis[j] = RouteEstimated
		case via.km > localKM:
			p.basis[j] = RouteMeasuredAccess
		default:
			p.basis[j] = RouteMeasured
		}
	}
}
