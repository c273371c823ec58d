package serving

import (
	"math"
	"slices"
	"strings"
)

// An answer's error band: the range the real capacity of a serving setup
// is expected in, relative to the model's, drawn from what the model
// missed on the campaigns held out of its validation fit in the same
// regime (engine family and load). A band is [low, high] in per cent: the
// real capacity lies between (1 + low/100) and (1 + high/100) times the
// stated one, low negative where the model may overstate it.

// Loads of a regime: interactive figures run at InteractiveTPOTMS a token
// or less; the rest run for throughput.
const (
	LoadInteractive = "interactive"
	LoadThroughput  = "throughput"
)

// LoadOf is the load regime of a time per output token.
func LoadOf(tpotMS float64) string {
	if tpotMS > 0 && tpotMS <= InteractiveTPOTMS {
		return LoadInteractive
	}
	return LoadThroughput
}

// BandTail is the share of held-out figures each end of a band leaves
// out: a band spans the 5th to the 95th percentile of the real-to-stated
// ratios.
const BandTail = 0.025

// MinBandPoints is the fewest held-out figures a band is drawn from: a
// regime with fewer takes the band of its load over every engine family,
// then of every figure.
const MinBandPoints = 10

// Band is the error band of one regime.
type Band struct {
	// Family and Load name the regime ("" for any).
	Family string `json:"family"`
	Load   string `json:"load"`
	// Points is how many held-out figures it is drawn from.
	Points  int     `json:"points"`
	LowPct  float64 `json:"low_pct"`
	HighPct float64 `json:"high_pct"`
}

// familyOf is the engine family of a miss's group ("architecture/family").
func familyOf(m Miss) string {
	_, f, _ := strings.Cut(m.Group, "/")
	return f
}

func loadOfMiss(m Miss) string {
	if m.Interactive {
		return LoadInteractive
	}
	return LoadThroughput
}

// BandFor is the band of a regime drawn from held-out misses: of the
// family at the load where it has MinBandPoints figures, else of the load,
// else of all.
func BandFor(points []Miss, family, load string) Band {
	for _, r := range [...]struct{ family, load string }{{family, load}, {"", load}, {"", ""}} {
		var ratios []float64
		for _, m := range points {
			if (r.family == "" || familyOf(m) == r.family) && (r.load == "" || loadOfMiss(m) == r.load) && m.Predicted > 0 {
				ratios = append(ratios, m.Measured/m.Predicted)
			}
		}
		if len(ratios) >= MinBandPoints || r.load == "" {
			return band(r.family, r.load, ratios)
		}
	}
	panic("unreachable")
}

func band(family, load string, ratios []float64) Band {
	b := Band{Family: family, Load: load, Points: len(ratios)}
	if len(ratios) == 0 {
		return b
	}
	slices.Sort(ratios)
	b.LowPct = 100 * (quantile(ratios, BandTail) - 1)
	b.HighPct = 100 * (quantile(ratios, 1-BandTail) - 1)
	return b
}

// Covers reports whether a real-to-stated ratio lies within the band.
func (b Band) Covers(ratio float64) bool {
	return ratio >= 1+b.LowPct/100 && ratio <= 1+b.HighPct/100
}

// BandCoverage checks the bands on figures they were not drawn from: for
// each held-out campaign, the band of each of its figures' regime is drawn
// from the other campaigns' figures, and counted when it covers the real
// ratio. It returns the figures covered and checked.
func BandCoverage(points []Miss) (covered, checked int) {
	for _, m := range points {
		if !(m.Predicted > 0) {
			continue
		}
		others := slices.DeleteFunc(slices.Clone(points), func(o Miss) bool { return o.Campaign == m.Campaign })
		if len(others) == 0 {
			continue
		}
		checked++
		if BandFor(others, familyOf(m), loadOfMiss(m)).Covers(m.Measured / m.Predicted) {
			covered++
		}
	}
	return covered, checked
}

// AtBandEdge is how many replicas a load needs when each serves only the
// band's low end of its stated capacity: needed is the load over one
// replica's stated capacity (fractional); the result is at least its
// ceiling.
func (b Band) AtBandEdge(needed float64) int {
	f := min(1+b.LowPct/100, 1)
	if f <= 0 {
		f = 1
	}
	return int(math.Ceil(needed/f - 1e-9))
}
