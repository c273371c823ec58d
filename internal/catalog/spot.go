package catalog

import (
	"fmt"
	"slices"
)

// Spot outlier rule: a spot price under minSpotShare of its on-demand price,
// or under peerFactor times the median spot share of the same instance
// type in the provider's other regions of its zone (or, with too few there,
// all its other regions), is not representative: a placeholder or a
// momentary low. Such prices are kept out of picks and badged.
const (
	minSpotShare = 0.15
	peerFactor   = 0.5
	minPeers     = 2
)

// indexSpotOutliers marks the offers whose spot price is an outlier.
func (c *Catalog) indexSpotOutliers() {
	type typeKey struct{ provider, instance string }
	type peer struct {
		offer int
		zone  string
		share float64
	}
	byType := map[typeKey][]peer{}
	for i := range c.Offers {
		o := &c.Offers[i]
		o.spotOutlier = ""
		if o.Spot == nil || o.OnDemand == nil || !o.OnDemand.USDPerHour.IsPositive() {
			continue
		}
		r, _ := c.Region(o.RegionKey())
		m, _ := c.Metro(r.Metro)
		share := o.Spot.USDPerHour.Div(o.OnDemand.USDPerHour).InexactFloat64()
		k := typeKey{o.Provider, o.InstanceType}
		byType[k] = append(byType[k], peer{i, ZoneOf(m.Lat, m.Lon), share})
	}
	for _, peers := range byType {
		for _, p := range peers {
			o := &c.Offers[p.offer]
			if p.share < minSpotShare {
				o.spotOutlier = fmt.Sprintf("spot is %.0f %% of on-demand, under the %.0f %% floor", p.share*100, minSpotShare*100)
				continue
			}
			var zone, all []float64
			for _, q := range peers {
				if q.offer == p.offer {
					continue
				}
				all = append(all, q.share)
				if q.zone == p.zone {
					zone = append(zone, q.share)
				}
			}
			ref, where := zone, "its zone"
			if len(ref) < minPeers {
				ref, where = all, "all regions"
			}
			if len(ref) < minPeers {
				continue
			}
			slices.Sort(ref)
			med := ref[len(ref)/2]
			if len(ref)%2 == 0 {
				med = (ref[len(ref)/2-1] + ref[len(ref)/2]) / 2
			}
			if p.share < peerFactor*med {
				o.spotOutlier = fmt.Sprintf("spot is %.0f %% of on-demand while the same instance's median in %s is %.0f %% (%d regions)",
					p.share*100, where, med*100, len(ref))
			}
		}
	}
}
