package advisor

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Ensure firstBy gives what a stable sort by key puts first: keys drawn
// from a few values (many ties), with infinities and NaN (cmp.Compare's
// order), in random order, for k below, at and above the plans' count.
func TestFirstByAsAStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 6))
	values := []float64{math.Inf(-1), -1, 0, 0.5, 2, 2, 7, math.Inf(1), math.NaN()}
	for round := range 200 {
		ps := make([]*plan, r.IntN(120))
		for i := range ps {
			ps[i] = &plan{costUSD: values[r.IntN(len(values))]}
		}
		want := slices.Clone(ps)
		slices.SortStableFunc(want, func(a, b *plan) int { return cmp.Compare(a.costUSD, b.costUSD) })
		for _, k := range []int{0, 1, 5, 40, len(ps), len(ps) + 3} {
			got := firstBy(ps, k, func(q *plan) float64 { return q.costUSD })
			if w := want[:min(k, len(want))]; !slices.Equal(got, w) {
				t.Fatalf("round %d, %d plans, k %d: firstBy gave another list than a stable sort's first k", round, len(ps), k)
			}
		}
	}
}
