package advisor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure nthSmallest finds the n-th smallest key of lists random, sorted,
// reversed, all equal and few-valued, at every rank a test picks.
func TestNthSmallest(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	shapes := map[string]func(i, n int) uint64{
		"random":    func(int, int) uint64 { return r.Uint64() },
		"sorted":    func(i, _ int) uint64 { return uint64(i) },
		"reversed":  func(i, n int) uint64 { return uint64(n - i) },
		"equal":     func(int, int) uint64 { return 7 },
		"few":       func(int, int) uint64 { return uint64(r.IntN(3)) },
		"organpipe": func(i, n int) uint64 { return uint64(min(i, n-i)) },
	}
	for name, shape := range shapes {
		for _, n := range []int{1, 2, 3, 10, 301, 4509} {
			keys := make([]uint64, n)
			for i := range keys {
				keys[i] = shape(i, n)
			}
			sorted := slices.Sorted(slices.Values(keys))
			for _, k := range []int{0, n / 3, n / 2, n - 1, min(n-1, rankedPlans-1)} {
				if got := nthSmallest(slices.Clone(keys), k); got != sorted[k] {
					t.Errorf("%s, %d keys: nthSmallest(%d) = %d, want %d", name, n, k, got, sorted[k])
				}
			}
		}
	}
}

// Ensure orderedBits orders floats as cmp.Compare does: NaN first, −0
// with 0.
func TestOrderedBits(t *testing.T) {
	xs := []float64{math.NaN(), math.Inf(-1), -1e300, -2.5, -1, -5e-324, math.Copysign(0, -1), 0, 5e-324, 1, 2.5, 1e300, math.Inf(1)}
	for i, x := range xs {
		for j, y := range xs {
			want := 0
			if i < j && !(x == 0 && y == 0) {
				want = -1
			} else if i > j && !(x == 0 && y == 0) {
				want = 1
			}
			a, b := orderedBits(x), orderedBits(y)
			got := 0
			if a < b {
				got = -1
			} else if a > b {
				got = 1
			}
			if got != want {
				t.Errorf("orderedBits(%v) against orderedBits(%v): %d, want %d", x, y, got, want)
			}
		}
	}
}

// Ensure a plan with a smaller rank key comes first in rank's order, for
// every objective, when plans meet the latency target and when none does,
// and for training; and that the best plans come out as a full sort would
// put them.
func TestRankKeysFollowRankOrder(t *testing.T) {
	cat := embeddedCatalog(t)
	facts, err := factsOf(cat)
	if err != nil {
		t.Fatal(err)
	}
	inference := func(latency float64, objective string) Request {
		return Request{Workload: Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: latency},
			Users:     []UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}},
			Objective: objective}
	}
	requests := map[string]Request{
		"cost, some meet":       inference(80, ObjectiveCost),
		"latency, some meet":    inference(80, ObjectiveLatency),
		"balanced, some meet":   inference(80, ObjectiveBalanced),
		"cost, none meets":      inference(15, ObjectiveCost),
		"latency, none meets":   inference(15, ObjectiveLatency),
		"balanced, none meets":  inference(15, ObjectiveBalanced),
		"training, cost":        {Workload: Workload{Kind: catalog.KindTraining, Profile: "resnet50"}, Users: []UserShare{{Location: "DE", Share: 1}}},
		"training, latency":     {Workload: Workload{Kind: catalog.KindTraining, Profile: "resnet50"}, Users: []UserShare{{Location: "DE", Share: 1}}, Objective: ObjectiveLatency},
		"training, balanced":    {Workload: Workload{Kind: catalog.KindTraining, Profile: "resnet50"}, Users: []UserShare{{Location: "DE", Share: 1}}, Objective: ObjectiveBalanced},
		"inference, spot, gdpr": {Workload: Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 20, PeakRPS: 40, LatencyMS: 60}, Users: []UserShare{{Location: "DE", Share: 100}}, Pricing: []catalog.PricingModel{catalog.OnDemand, catalog.Spot}, GDPR: "eu"},
	}
	r := rand.New(rand.NewPCG(9, 10))
	for name, req := range requests {
		t.Run(name, func(t *testing.T) {
			req = req.WithDefaults(cat)
			if err := req.Validate(cat); err != nil {
				t.Fatal(err)
			}
			e := newEngine(cat, req)
			defer e.release()
			e.facts = facts
			plans := e.feasiblePlans()
			want := slices.Clone(plans)
			e.rank(plans)
			inference := req.Workload.Kind == catalog.KindInference
			noneMeets := inference && !anyMeets(plans)
			keys := e.rankKeys(plans, inference, noneMeets)
			for range 200000 {
				i, j := r.IntN(len(plans)), r.IntN(len(plans))
				if keys[i] < keys[j] && e.order(plans[i], plans[j]) >= 0 {
					t.Fatalf("plan %s has the smaller key but does not come before %s", plans[i].name(), plans[j].name())
				}
			}
			slices.SortFunc(want, e.order)
			k := min(len(plans), rankedPlans)
			if !slices.Equal(plans[:k], want[:k]) {
				t.Errorf("the best %d of %d plans differ from a full sort", k, len(plans))
			}
			t.Logf("%d plans, none meets the target: %v", len(plans), noneMeets)
		})
	}
}
