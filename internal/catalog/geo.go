package catalog

import (
	"fmt"
	"gpuplace/internal/locale"
	"math"
	"slices"
)

// The distance model for latency the catalog has no measurement of. Light in
// fibre covers about 200 km per ms one way, so 100 km per ms of round trip,
// and real routes are longer than the great circle; how much longer depends
// on the corridor (a transatlantic cable runs nearly straight, a route from
// the Gulf to Israel goes round by Europe). So the model is fitted per
// corridor on the catalog's measured pairs: RTT = BaseRTTMS + slope × km,
// the slope being the one that leaves the corridor's measured pairs a
// median residual of zero (a median fit: half the pairs are slower than
// the model, half faster). Every path pays BaseRTTMS for switching and the
// last mile, a user next to the serving data centre included.
const (
	EarthRadiusKM = 6371.0
	// BaseRTTMS is the fixed part of every round trip.
	BaseRTTMS = 10.0
	// AccessMSPerKM prices a user's access leg to a nearby metro: light in
	// fibre (100 km per ms of round trip) over a route 1.5 times the great
	// circle, the factor the first distance model used.
	AccessMSPerKM = 1.5 / 100
	// minCorridorPairs is how many measured pairs a corridor needs for a
	// slope of its own; with fewer it takes the slope of all pairs.
	minCorridorPairs = 3
	// fitMinKM leaves pairs this close out of the slope fit: over a few
	// hundred km the base dominates and the ratio says little.
	fitMinKM = 300.0
	// localKM is how close a user must be to a metro to count as in it:
	// closer than this, the access leg is not called an estimate.
	localKM = 100.0
	// accessKM is how far a user's access leg may reach to a metro used as
	// the entry to a measured path.
	accessKM = 2000.0
)

// Zones group metros and cities into the regions between which latency
// corridors run. A zone is told from coordinates alone (see ZoneOf), so
// every city of the world falls in one.
const (
	ZoneNorthAmerica = "north_america"
	ZoneSouthAmerica = "south_america"
	ZoneEurope       = "europe"
	ZoneMiddleEast   = "middle_east"
	ZoneAfrica       = "africa"
	ZoneAsia         = "asia"
	ZoneOceania      = "oceania"
)

// Zones lists every zone ZoneOf returns.
var Zones = []string{ZoneNorthAmerica, ZoneSouthAmerica, ZoneEurope, ZoneMiddleEast, ZoneAfrica, ZoneAsia, ZoneOceania}

// ZoneOf places a coordinate in a zone: the Americas west of 25° W (north
// of 12° N is North America), Oceania east of 100° E and south of 10° S,
// Asia east of 60° E, Europe north of 35° N up to 45° E, the Middle East
// east of 25° E and north of 12° N, and Africa for the rest.
func ZoneOf(lat, lon float64) string {
	switch {
	case lon < -25 && lat > 12:
		return ZoneNorthAmerica
	case lon < -25:
		return ZoneSouthAmerica
	case lon >= 100 && lat < -10:
		return ZoneOceania
	case lon >= 60:
		return ZoneAsia
	case lat >= 35 && lon < 45:
		return ZoneEurope
	case lon >= 25 && lat >= 12:
		return ZoneMiddleEast
	}
	return ZoneAfrica
}

// Corridor names the corridor between two zones, in a fixed order:
// "europe–north_america".
func Corridor(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + "–" + b
}

// CorridorFit is one corridor's slope and the measured pairs behind it.
type CorridorFit struct {
	Corridor string
	// MSPerKM is the fitted slope; Pairs counts the measured pairs of the
	// corridor (the slope is the overall one when Pairs < minCorridorPairs).
	MSPerKM float64
	Pairs   int
	Own     bool // fitted on the corridor's own pairs
}

// DistanceModel estimates a round trip from distance, per corridor.
type DistanceModel struct {
	Overall   float64 // slope of all measured pairs, ms per km
	Corridors map[string]CorridorFit
}

// fitPoint is one measured pair for the fit.
type fitPoint struct {
	corridor string
	km, rtt  float64
}

// fitDistanceModel fits the slopes on measured pairs. With no usable pair
// the slope is AccessMSPerKM.
func fitDistanceModel(points []fitPoint) DistanceModel {
	by := map[string][]fitPoint{}
	var all []fitPoint
	count := map[string]int{}
	for _, p := range points {
		count[p.corridor]++
		if p.km < fitMinKM {
			continue
		}
		by[p.corridor] = append(by[p.corridor], p)
		all = append(all, p)
	}
	m := DistanceModel{Overall: AccessMSPerKM, Corridors: map[string]CorridorFit{}}
	if len(all) > 0 {
		m.Overall = medianFit(all)
	}
	for c, n := range count {
		f := CorridorFit{Corridor: c, MSPerKM: m.Overall, Pairs: n}
		if len(by[c]) >= minCorridorPairs {
			f.MSPerKM, f.Own = medianFit(by[c]), true
		}
		m.Corridors[c] = f
	}
	return m
}

// medianFit returns the slope that leaves the points a median residual
// (RTT − BaseRTTMS − slope × km) of zero. The median residual falls as the
// slope rises, so the slope is found by bisection between the points'
// smallest and largest (RTT − BaseRTTMS) ÷ km.
func medianFit(points []fitPoint) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range points {
		r := (p.rtt - BaseRTTMS) / p.km
		lo, hi = min(lo, r), max(hi, r)
	}
	res := make([]float64, len(points))
	medianAt := func(slope float64) float64 {
		for i, p := range points {
			res[i] = p.rtt - BaseRTTMS - slope*p.km
		}
		return median(res)
	}
	for range 64 {
		mid := (lo + hi) / 2
		if medianAt(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// median of xs (which it sorts).
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// slope returns the ms per km between two zones and its fit.
func (m DistanceModel) slope(za, zb string) CorridorFit {
	c := Corridor(za, zb)
	if f, ok := m.Corridors[c]; ok {
		return f
	}
	return CorridorFit{Corridor: c, MSPerKM: m.Overall}
}

// Estimate is the modelled round trip between two points, and how it was
// made.
func (m DistanceModel) Estimate(lat1, lon1, lat2, lon2 float64) (float64, string) {
	km, f := m.fit(lat1, lon1, lat2, lon2)
	return BaseRTTMS + f.MSPerKM*km, estimateMethod(km, f)
}

// EstimateRTT is Estimate's round trip without its sentence: a catalog's
// users' places take it for thousands of pairs whose sentence no answer
// shows.
func (m DistanceModel) EstimateRTT(lat1, lon1, lat2, lon2 float64) float64 {
	km, f := m.fit(lat1, lon1, lat2, lon2)
	return BaseRTTMS + f.MSPerKM*km
}

// fit is the great-circle distance between two points and the corridor
// fit the model prices it with.
func (m DistanceModel) fit(lat1, lon1, lat2, lon2 float64) (float64, CorridorFit) {
	return DistanceKM(lat1, lon1, lat2, lon2), m.slope(ZoneOf(lat1, lon1), ZoneOf(lat2, lon2))
}

func estimateMethod(km float64, f CorridorFit) string {
	fit := fmt.Sprintf("median of its %d measured pairs", f.Pairs)
	if !f.Own {
		fit = fmt.Sprintf("too few measured pairs (%d): the slope of all pairs", f.Pairs)
	}
	return fmt.Sprintf("distance: %s km great-circle; %s corridor: %.0f ms + %.2f ms per 100 km (%s)",
		locale.For(locale.EN).Grouped(math.Round(km/10)*10, 0), f.Corridor, BaseRTTMS, f.MSPerKM*100, fit)
}

// DistanceKM is the great-circle distance between two points (haversine).
func DistanceKM(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLon := (lon2 - lon1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * EarthRadiusKM * math.Asin(min(1, math.Sqrt(a)))
}

// accessRTT is the round trip over a user's access leg of km to a metro,
// added to the metro's own path (which pays the base).
func accessRTT(km float64) float64 { return km * AccessMSPerKM }
