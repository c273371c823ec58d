package advisor

import (
	"math"

	"gpuplace/internal/catalog"
)

// RestartHours is the time a spot job loses per interruption to get a new
// instance, reload the last checkpoint and warm up again.
const RestartHours = 0.1

// bandMonthlyShare is the midpoint of each interruption band: the share of
// instances interrupted in a month. The open band ">20%" counts as 25 %.
var bandMonthlyShare = map[string]float64{
	catalog.BandUnder5: 0.025,
	catalog.Band5to10:  0.075,
	catalog.Band10to15: 0.125,
	catalog.Band15to20: 0.175,
	catalog.BandOver20: 0.25,
}

// spotBand returns an offer's interruption band and whether it is the
// provider's default rather than the offer's own figure.
func spotBand(cat *catalog.Catalog, o *catalog.Offer) (band string, isDefault bool) {
	if o.Spot != nil && o.Spot.Band != "" {
		return o.Spot.Band, false
	}
	p, _ := cat.Provider(o.Provider)
	if p.DefaultSpotBand != "" {
		return p.DefaultSpotBand, true
	}
	return catalog.BandOver20, true
}

// bandShare is the monthly interruption share of an offer's spot band.
func bandShare(cat *catalog.Catalog, o *catalog.Offer) float64 {
	band, _ := spotBand(cat, o)
	if p, ok := bandMonthlyShare[band]; ok {
		return p
	}
	return bandMonthlyShare[catalog.BandOver20]
}

// interruptionRate converts a monthly interruption share into a rate per
// instance-hour, treating interruptions as a Poisson process:
// λ = −ln(1 − p) ÷ 730 h.
func interruptionRate(band string) float64 {
	p, ok := bandMonthlyShare[band]
	if !ok {
		p = bandMonthlyShare[catalog.BandOver20]
	}
	return -math.Log(1-p) / catalog.HoursPerMonth
}

// spotWall is the expected wall time of a job needing hours of work when it
// is interrupted at rate lambda per hour and checkpoints every tau hours
// (tau = hours, or 0, for no checkpoints): the expected time to finish each
// of hours/tau segments is (e^{λτ} − 1)/λ, and each of the λ·W expected
// interruptions costs RestartHours more.
func spotWall(hours, tau, lambda float64) (wall, interruptions float64) {
	if tau <= 0 || tau > hours {
		tau = hours
	}
	if lambda <= 0 || hours <= 0 {
		return hours, 0
	}
	// hours/τ × (e^{λτ} − 1)/λ, written so that a tiny τ neither overflows
	// hours/τ nor underflows λτ.
	ratio := 1.0
	if x := lambda * tau; x > 0 {
		ratio = math.Expm1(x) / x
	}
	work := hours * ratio
	interruptions = lambda * work
	return work + interruptions*RestartHours, interruptions
}
