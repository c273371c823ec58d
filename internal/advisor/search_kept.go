package advisor

// What the multi-region search works out that does not depend on the
// load, kept with a neighbourhood (see neighbourhood): the greedy pick of
// its pool, the routing of every set of metros over the pool and the
// bounds of the metros its alternatives price.

import (
	"slices"
	"unsafe"
)

// keptSearch is what the multi-region search worked out for a
// neighbourhood that depends on neither the load nor the pricing: the
// metros its greedy pick took (by index among metroOptions') and the user
// groups it took them for; and, for the whole pool it then searched
// (pool, by metro: the greedy pick and its alternatives, which the load
// can change), every set of metros that may make a plan (see mayPlan)
// with what its routing added up. minRegions is the request's: it decides
// which sets may make a plan. bounds are, by metro, the bounds of the
// metros the search's alternatives priced (see metroBound; nil: none).
type keptSearch struct {
	picked     []int32
	groups     []userGroup
	pool       []int
	minRegions int
	sets       []routedSet
	bounds     map[int]*metroBound
}

// routedSet is a set of metros, by index in the pool, and what its
// routing added up.
type routedSet struct {
	chosen [MaxRegions]int8
	n      int8
	sums   routeSums
}

// recordSearch is where the search records what it works out for the
// neighbourhood e keeps (nil when e keeps none, or starts from one).
func (e *engine) recordSearch() *keptSearch {
	if !e.keepsNeighbourhood {
		return nil
	}
	e.search.record = &keptSearch{}
	return e.search.record
}

// routed starts the record of the sets routed over pool cands (room for
// sets of them), for a request of minRegions.
func (k *keptSearch) routed(cands []metroOption, minRegions, sets int) {
	k.pool = make([]int, len(cands))
	for i, c := range cands {
		k.pool[i] = c.metro
	}
	k.minRegions, k.sets = minRegions, make([]routedSet, 0, sets)
}

// add records the set chosen and what its routing added up.
func (k *keptSearch) add(chosen []int, sums *routeSums) {
	s := routedSet{n: int8(len(chosen)), sums: *sums}
	for j, c := range chosen {
		s.chosen[j] = int8(c)
	}
	k.sets = append(k.sets, s)
}

// routes reports whether k holds the sets of pool cands for a request of
// minRegions.
func (k *keptSearch) routes(cands []metroOption, minRegions int) bool {
	return k.pool != nil && k.minRegions == minRegions &&
		slices.EqualFunc(k.pool, cands, func(metro int, c metroOption) bool { return metro == c.metro })
}

// bytes is about how many bytes k holds.
func (k *keptSearch) bytes() int {
	n := int(unsafe.Sizeof(*k)) + 4*len(k.picked) + 8*len(k.pool) + len(k.sets)*int(unsafe.Sizeof(routedSet{}))
	for _, g := range k.groups {
		n += int(unsafe.Sizeof(g)) + 4*len(g.points)
	}
	for _, b := range k.bounds {
		n += 16
		if b != nil {
			n += b.bytes()
		}
	}
	return n
}
