package advisor

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shopspring/decimal"
)

// Ensure toFloat gives exactly InexactFloat64's float for prices of every shape.
func TestToFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := []decimal.Decimal{
		decimal.Zero, decimal.RequireFromString("0.0875"), decimal.RequireFromString("98.32"),
		decimal.RequireFromString("1e-30"), decimal.RequireFromString("123456789012345678901234567890"),
		decimal.RequireFromString("-0.1"), decimal.RequireFromString("1e22"), decimal.RequireFromString("1e23"),
	}
	for range 20000 {
		cases = append(cases, decimal.New(r.Int64N(1e16)-5e15, int32(r.IntN(50)-25)))
	}
	for _, d := range cases {
		if got, want := toFloat(d), d.InexactFloat64(); got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("toFloat(%s) = %v, want %v", d, got, want)
		}
	}
}

// Ensure sortTop puts the same plans first, in the same order, as a full sort.
func TestSortTop(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	compare := func(a, b *plan) int {
		return cmp.Or(cmp.Compare(a.costUSD, b.costUSD), cmp.Compare(a.label, b.label))
	}
	buf := new(buffers) // reused from size to size, as answers reuse it
	for _, n := range []int{0, 1, rankedPlans - 1, rankedPlans, rankedPlans + 1, 5000, rankedPlans + 2} {
		plans := make([]*plan, n)
		for i := range plans {
			// Few distinct costs, so the labels often decide.
			plans[i] = &plan{costUSD: float64(r.IntN(50)), label: string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))}
		}
		want := slices.Clone(plans)
		slices.SortFunc(want, compare)
		got := slices.Clone(plans)
		keys := make([]uint64, n)
		for i, p := range got {
			keys[i] = orderedBits(p.costUSD)
		}
		sortTop(got, keys, buf, compare)
		k := min(n, rankedPlans)
		if !slices.Equal(got[:k], want[:k]) {
			t.Errorf("sortTop(%d plans) first %d differ from a full sort", n, k)
		}
		slices.SortFunc(got, compare)
		if !slices.Equal(got, want) {
			t.Errorf("sortTop(%d plans) lost or duplicated plans", n)
		}
	}
}

// Ensure the service times cheapestPlace weighs are exactly those that keep
// the most weight within the target, summing each service time over the
// routed points.
func TestKeepingMost(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		points := 1 + r.IntN(60)
		weight := make([]float64, points)
		rtt := make([]float64, points)
		for i := range points {
			weight[i] = (0.01 + r.Float64()) / float64(points)
			rtt[i] = float64(r.IntN(120)) + r.Float64()
		}
		var routed []int
		for i := range points {
			if r.IntN(3) > 0 {
				routed = append(routed, i)
			}
		}
		tb := &servingTable{}
		for range 1 + r.IntN(8) {
			ms := float64(r.IntN(40)) + 0.5*float64(r.IntN(2))
			if !slices.Contains(tb.computeMS, ms) {
				tb.computeMS = append(tb.computeMS, ms)
			}
		}
		tb.byService = make([]int, len(tb.computeMS))
		tb.rank = make([]int, len(tb.computeMS))
		for s := range tb.byService {
			tb.byService[s] = s
		}
		slices.SortFunc(tb.byService, func(a, b int) int { return cmp.Compare(tb.computeMS[a], tb.computeMS[b]) })
		for p, s := range tb.byService {
			tb.rank[s] = p
		}
		target := float64(20 + r.IntN(100))
		for _, x := range rtt {
			n := 0
			for _, ms := range tb.computeMS {
				if x+ms <= target {
					n++
				}
			}
			if got := tb.servicesWithin(x, target); got != n {
				t.Fatalf("trial %d: servicesWithin(%v, %v) = %d, want %d", trial, x, target, got, n)
			}
			tb.reach = append(tb.reach, int32(n))
		}
		within := make([]float64, len(tb.computeMS))
		for s, ms := range tb.computeMS {
			for _, i := range routed {
				if rtt[i]+ms <= target {
					within[s] += weight[i]
				}
			}
		}
		best := slices.Max(within)
		keep := tb.keepingMost(routed)
		for s, ms := range tb.computeMS {
			if weighed := tb.rank[s] < keep; weighed != (within[s] == best) {
				t.Fatalf("trial %d: %v ms weighed %v, but keeps %v of the best %v", trial, ms, weighed, within[s], best)
			}
		}
	}
}

// keepingMost is narrowKeep over a list of user points: what the search's
// routing works out, in its own pass, for the points it sends a member.
func (t *servingTable) keepingMost(routed []int) int {
	keep := int32(len(t.byService))
	for _, i := range routed {
		keep = narrowKeep(keep, t.reach[i])
	}
	return int(keep)
}

// Ensure the search's routing counts, for every member of every pair and
// triple of metros in the pool of a question with users on six continents,
// the service times that keep the most of its points as keepingMost counts
// them for the points routed to it.
func TestRoutingKeepsAsKeepingMost(t *testing.T) {
	e := filteredEngine(t, embeddedCatalog(t), sixContinents())
	cands := e.searchMetros()
	n := len(e.users)
	var levels [MaxRegions]routing
	for d := range levels {
		levels[d] = routing{route: make([]int, n), nearest: make([]float64, n)}
	}
	check := func(r *routing, members *[MaxRegions]*servingTable, size int) {
		for m := range size {
			var routed []int
			for i, to := range r.route {
				if to == m {
					routed = append(routed, i)
				}
			}
			if got, want := int(r.sums.keep[m]), members[m].keepingMost(routed); got != want {
				t.Fatalf("member %d of %d: routing keeps %d service times, keepingMost %d", m, size, got, want)
			}
		}
	}
	sets := 0
	var members [MaxRegions]*servingTable
	for a := range cands {
		members[0] = e.servingTable(cands[a])
		e.routeFirst(&levels[0], e.rttTo(cands[a].metro))
		for b := a + 1; b < len(cands); b++ {
			members[1] = e.servingTable(cands[b])
			e.routeNext(&levels[1], &levels[0], e.rttTo(cands[b].metro), 1, &members)
			check(&levels[1], &members, 2)
			for c := b + 1; c < len(cands); c++ {
				members[2] = e.servingTable(cands[c])
				e.routeNext(&levels[2], &levels[1], e.rttTo(cands[c].metro), 2, &members)
				check(&levels[2], &members, 3)
				sets++
			}
		}
	}
	if sets < 20 {
		t.Fatalf("only %d triples: the pool has %d metros", sets, len(cands))
	}
}
