package catalog

import (
	"fmt"
	"math"
	"strings"
)

// The distance model for latency the catalog has no measurement of: light in
// fibre covers about 200 km per ms one way, so 100 km per ms of round trip;
// real routes are longer than the great circle (RouteFactor) and every path
// pays for switching and the last mile (BaseRTTMS).
const (
	EarthRadiusKM  = 6371.0
	RouteFactor    = 1.5
	KMPerRTTMS     = 100.0
	BaseRTTMS      = 10.0
	sameMetroRTTMS = 1.0
	// localKM is how close a user must be to a metro to count as in it:
	// closer than this, the access leg is not called an estimate.
	localKM = 100.0
)

// DistanceKM is the great-circle distance between two points (haversine).
func DistanceKM(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLon := (lon2 - lon1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * EarthRadiusKM * math.Asin(math.Min(1, math.Sqrt(a)))
}

// EstimateRTT is the modelled round-trip time over km of great-circle
// distance between two metros.
func EstimateRTT(km float64) float64 {
	return BaseRTTMS + km*RouteFactor/KMPerRTTMS
}

// accessRTT is the modelled round trip from a user to a metro km away: the
// same route model without the fixed part, which the metro pair already pays.
func accessRTT(km float64) float64 {
	return km * RouteFactor / KMPerRTTMS
}

// EstimateMethod describes EstimateRTT for a distance, for labelling.
func EstimateMethod(km float64) string {
	return fmt.Sprintf("distance: %s km great-circle × %.1f route factor ÷ %.0f km/ms + %.0f ms",
		GroupDigits(fmt.Sprintf("%.0f", math.Round(km/10)*10)), RouteFactor, KMPerRTTMS, BaseRTTMS)
}

// GroupDigits puts thousands separators into a string of digits:
// "1281167" → "1,281,167". Figures in the catalog's methods, the advisor's
// sentences and the pages are all written this way.
func GroupDigits(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
