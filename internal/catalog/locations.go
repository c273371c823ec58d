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

// Point is one place users are, with its share of the location's users and
// its round trip to every metro.
type Point struct {
	Name   string
	Weight float64 // the points of a location weigh 1 in all
	rtt    []float64
	est    []bool
}

// RTT is the round trip from the point to metro m (an index into Metros),
// and whether it is estimated rather than measured.
func (p Point) RTT(m int) (ms float64, estimated bool) { return p.rtt[m], p.est[m] }

// Location returns a user location by country code or metro id.
func (c *Catalog) Location(id string) (*Location, bool) {
	l, ok := c.locations[id]
	return l, ok
}

// indexLocations precomputes every location's points and their round trips,
// so that a recommendation only looks numbers up.
//
// A user reaches a region through the nearest metro of their own country
// when the country has one (so measured metro pairs and known exceptions,
// such as mainland China's cross-border paths, apply), plus an access leg
// for the distance to it; in a country with no metro the whole path is
// estimated from distance.
func (c *Catalog) indexLocations() {
	n := len(c.Metros)
	c.locations = make(map[string]*Location, len(c.Countries)+n)
	byCountry := map[string][]int{}
	for i, m := range c.Metros {
		byCountry[m.Country] = append(byCountry[m.Country], i)
	}
	for i, m := range c.Metros {
		p := Point{Name: m.Name, Weight: 1, rtt: make([]float64, n), est: make([]bool, n)}
		for j := range n {
			p.rtt[j] = c.MetroRTT(i, j)
			p.est[j] = c.Pair(i, j).Estimated
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
				rtt: make([]float64, n), est: make([]bool, n)}
			c.pointRTTs(&p, city, byCountry[ct.Code])
			loc.Points = append(loc.Points, p)
		}
		c.locations[ct.Code] = loc
	}
}

func (c *Catalog) pointRTTs(p *Point, city City, home []int) {
	if len(home) == 0 {
		for j, m := range c.Metros {
			p.rtt[j] = EstimateRTT(DistanceKM(city.Lat, city.Lon, m.Lat, m.Lon))
			p.est[j] = true
		}
		return
	}
	via, viaKM := -1, math.Inf(1)
	for _, i := range home {
		m := c.Metros[i]
		if km := DistanceKM(city.Lat, city.Lon, m.Lat, m.Lon); km < viaKM {
			via, viaKM = i, km
		}
	}
	access := accessRTT(viaKM)
	for j := range c.Metros {
		if j == via {
			p.rtt[j] = math.Max(sameMetroRTTMS, access)
			p.est[j] = viaKM > localKM
			continue
		}
		p.rtt[j] = c.MetroRTT(via, j) + access
		p.est[j] = c.Pair(via, j).Estimated || viaKM > localKM
	}
}
