package catalog

import (
	"fmt"
	"math"
	"slices"
)

// Outlier rule for measured pairs: a measured round trip more than
// outlierFactor times the shortest path through a neighbour of either end
// (a metro within neighbourKM whose own legs are measured) is not trusted;
// the neighbour path stands in for it, labelled as an estimate.
const (
	// EstimateSource is the source id of the catalog's own modelled figures.
	EstimateSource = "gpuplace-estimate"
	outlierFactor  = 1.5
	neighbourKM    = 1500.0
)

// indexLatency fills the metro matrix. Measured pairs come first, except
// those far from what their neighbours show (outliers); the distance model
// is fitted per corridor on the measured pairs that remain and estimates
// every pair the data lacks, scaled across a filtered border (see
// Country.FilteredBorder).
func (c *Catalog) indexLatency() {
	n := len(c.Metros)
	c.rtt = make([]float64, n*n)
	c.pair = make([]int, n*n)
	for i := range c.pair {
		c.pair[i] = missingPair
	}
	for k, p := range c.Latency {
		a, b := c.metros[p.From], c.metros[p.To]
		c.rtt[a*n+b], c.rtt[b*n+a] = p.RTTMS, p.RTTMS
		c.pair[a*n+b], c.pair[b*n+a] = k, k
	}
	outliers := c.flagOutliers()
	var points []fitPoint
	for k, p := range c.Latency {
		a, b := c.metros[p.From], c.metros[p.To]
		if p.Estimated || outliers[k] != nil || c.crossesFilteredBorder(a, b) {
			continue
		}
		ma, mb := c.Metros[a], c.Metros[b]
		points = append(points, fitPoint{
			corridor: Corridor(ZoneOf(ma.Lat, ma.Lon), ZoneOf(mb.Lat, mb.Lon)),
			km:       DistanceKM(ma.Lat, ma.Lon, mb.Lat, mb.Lon), rtt: p.RTTMS,
		})
	}
	c.distance = fitDistanceModel(points)
	c.borderFactor = c.fitBorderFactor()
	for k, o := range outliers {
		if o != nil {
			a, b := c.metros[c.Latency[k].From], c.metros[c.Latency[k].To]
			c.setDerived(a, b, *o)
		}
	}
	for a := range n {
		for b := a; b < n; b++ {
			if c.pair[a*n+b] == missingPair {
				c.setDerived(a, b, c.estimatePair(a, b))
			}
		}
	}
}

// setDerived puts a derived pair into both cells of the matrix.
func (c *Catalog) setDerived(a, b int, p LatencyPair) {
	n := len(c.Metros)
	c.derived = append(c.derived, p)
	c.rtt[a*n+b], c.rtt[b*n+a] = p.RTTMS, p.RTTMS
	c.pair[a*n+b], c.pair[b*n+a] = -len(c.derived), -len(c.derived)
}

// estimatePair models the round trip between metros a and b.
func (c *Catalog) estimatePair(a, b int) LatencyPair {
	ma, mb := c.Metros[a], c.Metros[b]
	p := LatencyPair{From: ma.ID, To: mb.ID, Statistic: "estimate",
		Ref: Ref{Source: EstimateSource, Date: c.Version.Created, Estimated: true}}
	if a == b {
		p.RTTMS, p.Method = BaseRTTMS, fmt.Sprintf("same metro: the base delay of %.0f ms", BaseRTTMS)
		return p
	}
	p.RTTMS, p.Method = c.estimate(ma.Lat, ma.Lon, mb.Lat, mb.Lon, c.crossesFilteredBorder(a, b))
	if c.crossesFilteredBorder(a, b) {
		if ms, method, ok := c.viaGateway(a, b); ok {
			p.RTTMS, p.Method = ms, method
		}
	}
	return p
}

// viaGateway models a path across a filtered border that leaves the
// country through a neighbouring hub: traffic crosses such a border at a
// few gateways, not along the great circle. For the end inside the
// country it takes the foreign metros within neighbourKM that have a
// measured path to the other end, and returns the shortest of the
// estimated leg to such a hub (scaled across the border) plus the measured
// path on from it. A far end that is itself a neighbour is reached
// directly; with no such hub, ok is false.
func (c *Catalog) viaGateway(a, b int) (float64, string, bool) {
	inside, outside := a, b
	if !c.filtered(c.Metros[a].Country) {
		inside, outside = b, a
	}
	mi, mo := c.Metros[inside], c.Metros[outside]
	if DistanceKM(mi.Lat, mi.Lon, mo.Lat, mo.Lon) <= neighbourKM {
		return 0, "", false
	}
	n := len(c.Metros)
	best, via := math.Inf(1), -1
	var leg float64
	for h, mh := range c.Metros {
		k := c.pair[h*n+outside]
		if h == outside || c.filtered(mh.Country) || k == missingPair || k < 0 || c.Latency[k].Estimated ||
			DistanceKM(mi.Lat, mi.Lon, mh.Lat, mh.Lon) > neighbourKM {
			continue
		}
		l := c.estimateRTT(mi.Lat, mi.Lon, mh.Lat, mh.Lon, true)
		if ms := l + c.rtt[h*n+outside]; ms < best {
			best, via, leg = ms, h, l
		}
	}
	if via < 0 {
		return 0, "", false
	}
	method := fmt.Sprintf("across a filtered national border through the nearest gateway hub: %s–%s estimated at %.1f ms "+
		"(distance model × %.2f) plus the measured %s–%s %.1f ms", mi.ID, c.Metros[via].ID, leg, c.borderFactor,
		c.Metros[via].ID, mo.ID, c.rtt[via*n+outside])
	return math.Round(best*10) / 10, method, true
}

// estimate is the distance model between two points, scaled when the path
// crosses a filtered border, and how it was made.
func (c *Catalog) estimate(lat1, lon1, lat2, lon2 float64, filtered bool) (float64, string) {
	ms, method := c.distance.Estimate(lat1, lon1, lat2, lon2)
	if filtered && c.borderFactor != 1 {
		method += fmt.Sprintf("; × %.2f across a filtered national border, the worse end of the %d pairs across it the catalog has (%.2f to %.2f, median %.2f): paths across it vary and lose packets at peak hours",
			c.borderFactor, len(c.borderRatios), slices.Min(c.borderRatios), slices.Max(c.borderRatios), median(c.borderRatios))
	}
	return c.scaledRTT(ms, filtered), method
}

// estimateRTT is estimate's round trip without its sentence, for the
// callers that do not show it.
func (c *Catalog) estimateRTT(lat1, lon1, lat2, lon2 float64, filtered bool) float64 {
	return c.scaledRTT(c.distance.EstimateRTT(lat1, lon1, lat2, lon2), filtered)
}

// scaledRTT is a modelled round trip of ms scaled when the path crosses a
// filtered border, to a tenth of a millisecond.
func (c *Catalog) scaledRTT(ms float64, filtered bool) float64 {
	if filtered && c.borderFactor != 1 {
		ms *= c.borderFactor
	}
	return math.Round(ms*10) / 10
}

// Distance returns the fitted distance model.
func (c *Catalog) Distance() DistanceModel { return c.distance }

// filtered reports whether a country's border filters traffic.
func (c *Catalog) filtered(code string) bool {
	i, ok := c.countries[code]
	return ok && c.Countries[i].FilteredBorder
}

// crossesFilteredBorder reports whether the path between metros a and b
// crosses into or out of a country with a filtered border.
func (c *Catalog) crossesFilteredBorder(a, b int) bool {
	return crosses(c, c.Metros[a].Country, c.Metros[b].Country)
}

func crosses(c *Catalog, ca, cb string) bool {
	return ca != cb && (c.filtered(ca) || c.filtered(cb))
}

// fitBorderFactor is the worse end of the ratios of the data's pairs
// across a filtered border to the distance model's estimate for them (1
// when there are none): paths across such a border vary and lose packets
// at peak hours, so an estimate across it is judged on the worse end of
// what was measured, and says the spread.
func (c *Catalog) fitBorderFactor() float64 {
	var ratios []float64
	defer func() {
		c.borderRatios = ratios
	}()
	for _, p := range c.Latency {
		a, b := c.metros[p.From], c.metros[p.To]
		if !c.crossesFilteredBorder(a, b) {
			continue
		}
		ma, mb := c.Metros[a], c.Metros[b]
		est := c.distance.EstimateRTT(ma.Lat, ma.Lon, mb.Lat, mb.Lon)
		ratios = append(ratios, p.RTTMS/est)
	}
	if len(ratios) == 0 {
		return 1
	}
	return slices.Max(ratios)
}

// flagOutliers returns, by index into Latency, the stand-in for each
// measured pair that is an outlier (nil for the others).
func (c *Catalog) flagOutliers() []*LatencyPair {
	n := len(c.Metros)
	measured := func(a, b int) (float64, bool) {
		k := c.pair[a*n+b]
		if k == missingPair || k < 0 || c.Latency[k].Estimated {
			return 0, false
		}
		return c.Latency[k].RTTMS, true
	}
	out := make([]*LatencyPair, len(c.Latency))
	for k, p := range c.Latency {
		if p.Estimated {
			continue
		}
		a, b := c.metros[p.From], c.metros[p.To]
		best, via, end := math.Inf(1), -1, -1
		// A neighbour x of one end, with both legs measured: end–x–other.
		for _, ends := range [2][2]int{{a, b}, {b, a}} {
			near, far := ends[0], ends[1]
			mn := c.Metros[near]
			for x := range n {
				if x == near || x == far {
					continue
				}
				mx := c.Metros[x]
				if DistanceKM(mn.Lat, mn.Lon, mx.Lat, mx.Lon) > neighbourKM {
					continue
				}
				leg, ok1 := measured(near, x)
				rest, ok2 := measured(x, far)
				if ok1 && ok2 && leg+rest < best {
					best, via, end = leg+rest, x, near
				}
			}
		}
		if via < 0 || p.RTTMS <= outlierFactor*best {
			continue
		}
		other := a
		if end == a {
			other = b
		}
		out[k] = &LatencyPair{From: p.From, To: p.To, RTTMS: math.Round(best*10) / 10, Statistic: "estimate",
			OutlierMS: p.RTTMS,
			Ref: Ref{Source: p.Source, Date: p.Date, Estimated: true, Method: fmt.Sprintf(
				"measured %.1f ms is more than %.1f × the path through a neighbour, so not trusted: %s–%s %.1f ms + %s–%s %.1f ms (both measured)",
				p.RTTMS, outlierFactor, c.Metros[end].Name, c.Metros[via].Name, c.rtt[end*n+via],
				c.Metros[via].Name, c.Metros[other].Name, c.rtt[via*n+other])}}
	}
	return out
}
