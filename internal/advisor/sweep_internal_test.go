package advisor

import (
	"math"
	"slices"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure the one-pass sweep gives every place and service time the very
// figures (to the bit) that adding up the users one place at a time gives,
// and each place the points within the target at its fastest service time:
// ties between places are broken by their figures, so a last bit that
// moved would move the pick.
func TestSweepMatchesOnePlaceAtATime(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, req := range []Request{
		{Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80},
			Users: []UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}}},
		{Workload: Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 200, PeakRPS: 500},
			Users: []UserShare{{Location: "IN", Share: 30}, {Location: "BR", Share: 25}, {Location: "NG", Share: 20}, {Location: "ID", Share: 15}, {Location: "AU", Share: 10}}},
		{Workload: Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 10, PeakRPS: 20},
			Users: []UserShare{{Location: "US", Share: 50}, {Location: "DE", Share: 30}, {Location: "JP", Share: 20}}},
	} {
		e := filteredEngine(t, cat, req)
		target := e.req.Workload.LatencyMS
		places, sets := 0, 0
		for place := range cat.PlaceCount() {
			var times []float64
			for _, u := range e.usable {
				if u.metro == place {
					times = append(times, u.computeMS)
				}
			}
			if len(times) == 0 {
				continue
			}
			places++
			if place >= len(cat.Metros) {
				sets++
			}
			rtts := e.rttTo(place)
			fastest := math.Inf(1)
			for _, c := range times {
				fastest = min(fastest, c)
				weightedRTT, total, within := 0.0, 0.0, 0.0
				for j, rtt := range rtts {
					weightedRTT += e.users[j].weight * rtt
					total += e.users[j].weight
					if rtt+c <= target {
						within += e.users[j].weight
					}
				}
				weighted := weightedRTT + c*total
				got := e.statsFor(place, c)
				if math.Float64bits(got.weightedMS) != math.Float64bits(weighted) || math.Float64bits(got.within) != math.Float64bits(within*100) {
					t.Errorf("%v, place %d at %g ms: sweep %v/%v, one place at a time %v/%v", req.Users, place, c,
						got.weightedMS, got.within, weighted, within*100)
				}
			}
			var reach []int32
			for j, rtt := range rtts {
				if rtt+fastest <= target {
					reach = append(reach, int32(j))
				}
			}
			if got := e.reachOf(place); !slices.Equal(got, reach) {
				t.Errorf("%v, place %d: sweep reaches %v, one place at a time %v", req.Users, place, got, reach)
			}
		}
		if places < 10 || sets == 0 {
			t.Errorf("%v: %d places with usable offers, %d of them sets of candidate metros; want 10 and 1 at least", req.Users, places, sets)
		}
	}
}
