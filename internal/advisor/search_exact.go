package advisor

// The multi-region search made exact for cost: after the pool's sets
// (see multiRegionPlans), every set of two or three metros with usable
// offers that could meet the target for less than the cheapest plan found
// so far is routed and priced, the others ruled out by two bounds that
// hold for every load:
//
//   - reach: a user point is within the target only when the member it
//     is routed to keeps it there with its fastest offer (see routeSums),
//     so a set keeps at most the weight of the points some member's
//     fastest offer keeps; a set under MeetsTargetShare of it cannot
//     meet.
//   - cost: a member that serves anyone runs at least one replica of one
//     of its rows, so a set costs at least the sum of its members'
//     cheapest replica (floor); with the metros in order of that floor,
//     a set whose floors reach the cheapest cost found ends the loop.
//
// A set that passes both is routed and priced as the pool's sets are
// (placementPlan), and kept when it meets the target for no more than the
// cheapest so far, which lowers the bound for the sets after it. So the
// cheapest multi-region plan that meets the target is found among every
// set of up to MaxRegions metros, as the reference solver in the tests
// finds it by pricing every set; the plans that cost the same as it are
// kept too (those the pool did not try), so the ranking's rule for equal
// costs (the lower weighted latency, then the nearer, then the name; see
// rankOrder) decides among all of them, whatever the pool held.
//
// The search runs for placements whose members share the traffic (not
// for failover, whose members are sized to carry it all).

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// exactMetro is a metro the exact search may combine: its option, the
// floor of what it costs serving anyone, and the user points its fastest
// offer keeps within the target, as a bit set.
type exactMetro struct {
	option metroOption
	floor  float64
	reach  []uint64
	// weight is the weight of the points in reach.
	weight float64
}

// exactPlans returns the plans of the sets the pool did not try that meet
// the target for no more than the cheapest of plans that does (none for a
// failover placement).
func (e *engine) exactPlans(plans []*plan) []*plan {
	if e.req.MinRegions >= 2 {
		return nil
	}
	best := math.Inf(1)
	for _, p := range plans {
		if p.meets && p.costUSD < best {
			best = p.costUSD
		}
	}
	tried := map[[MaxRegions]int]bool{}
	for _, p := range plans {
		if len(p.places) >= 2 {
			tried[setKey(p)] = true
		}
	}
	all, _ := e.metroOptions()
	metros := e.exactMetros(all)
	if len(metros) < 2 {
		return nil
	}
	// The pool's placeMemos are by index in its pool: this search keeps
	// its own, by index in metros, and hands the pool's back after.
	poolMemos, poolSlab := e.search.placeMemos, e.search.memoSlab
	e.search.placeMemos, e.search.memoSlab = map[placeKey]int32{}, nil
	defer func() { e.search.placeMemos, e.search.memoSlab = poolMemos, poolSlab }()
	cands := make([]metroOption, len(metros))
	for i := range metros {
		cands[i] = metros[i].option
	}
	need := MeetsTargetShare/100 - shareSlack
	words := len(metros[0].reach)
	union := make([]uint64, 2*words)
	w := e.newWeigher(words)
	most := 0.0 // the most any metro reaches
	for i := range metros {
		most = max(most, metros[i].weight)
	}
	s := exactSearch{e: e, cands: cands, best: best, tried: tried}
	s.levels = s.newLevels(len(e.users))
	for a := range metros {
		if metros[a].floor+metros[min(a+1, len(metros)-1)].floor > s.best {
			break
		}
		s.set(0, a)
		for b := a + 1; b < len(metros); b++ {
			pair := metros[a].floor + metros[b].floor
			if pair > s.best {
				break
			}
			// A union weighs at most its parts: the bit sets are only
			// added up where the parts could reach the share.
			if metros[a].weight+metros[b].weight+most < need {
				continue
			}
			ab := union[:words]
			orInto(ab, metros[a].reach, metros[b].reach)
			abWeight := w.of(ab)
			s.routed = 1 // the pair's routing is worked out when needed
			if abWeight >= need {
				s.set(1, b)
				s.try(2)
			}
			if abWeight+most < need {
				continue
			}
			for c := b + 1; c < len(metros); c++ {
				if pair+metros[c].floor > s.best {
					break
				}
				if abWeight+metros[c].weight < need {
					continue
				}
				abc := union[words:]
				orInto(abc, ab, metros[c].reach)
				if w.of(abc) < need {
					continue
				}
				s.set(1, b)
				s.set(2, c)
				s.try(3)
			}
		}
	}
	return s.found
}

// exactSearch is the exact search's state: the metros it combines, the
// routing of the set being tried by level (a set of one, two, three
// metros; routed up to level routed − 1), the cheapest cost that meets
// so far and the plans found under it.
type exactSearch struct {
	e       *engine
	cands   []metroOption
	chosen  [MaxRegions]int
	members [MaxRegions]*servingTable
	levels  [MaxRegions]routing
	routed  int
	best    float64
	found   []*plan
	// tried are the sets of metros the pool priced (see setKey).
	tried map[[MaxRegions]int]bool
}

// newLevels makes the routing's room for n user points by level.
func (s *exactSearch) newLevels(n int) [MaxRegions]routing {
	var l [MaxRegions]routing
	for d := range l {
		l[d] = routing{route: make([]int, n), nearest: make([]float64, n)}
	}
	return l
}

// set puts candidate c at level d of the set, routing the users to the
// set of d + 1 metros when it changes.
func (s *exactSearch) set(d, c int) {
	if s.routed > d && s.chosen[d] == c {
		return
	}
	e := s.e
	s.chosen[d], s.members[d] = c, e.servingTable(s.cands[c])
	if d == 0 {
		e.routeFirst(&s.levels[0], e.rttTo(s.cands[c].metro))
	} else {
		e.routeNext(&s.levels[d], &s.levels[d-1], e.rttTo(s.cands[c].metro), d, &s.members)
	}
	s.routed = d + 1
}

// try prices the set of the first n levels, unless the pool did, and
// keeps its plan when it meets the target for no more than the cheapest
// so far (the plans found before that cost more are dropped).
func (s *exactSearch) try(n int) {
	var key [MaxRegions]int
	for k, c := range s.chosen[:n] {
		key[k] = s.cands[c].metro + 1
	}
	if s.tried[sortedKey(key)] {
		return
	}
	p := s.e.placementPlan(s.cands, s.chosen[:n], &s.levels[n-1].sums)
	if p == nil || !p.meets || p.costUSD > s.best {
		return
	}
	if p.costUSD < s.best {
		s.best = p.costUSD
		s.found = slices.DeleteFunc(s.found, func(q *plan) bool { return q.costUSD > p.costUSD })
	}
	s.found = append(s.found, p)
}

// setKey names a plan's set of metros: each place's metro + 1, in order,
// 0 for none.
func setKey(p *plan) [MaxRegions]int {
	var key [MaxRegions]int
	for k := range p.places[:min(len(p.places), MaxRegions)] {
		key[k] = p.places[k].u.metro + 1
	}
	return sortedKey(key)
}

// sortedKey is a set's key in increasing order, so that every order of
// its members names it alike.
func sortedKey(key [MaxRegions]int) [MaxRegions]int {
	slices.Sort(key[:])
	return key
}

// exactMetros is every metro with usable offers as the exact search
// combines them, cheapest floor first (then by metro), with each one's
// reach as a bit set over the user points.
func (e *engine) exactMetros(all []*metroOption) []exactMetro {
	words := (len(e.users) + 63) / 64
	out := make([]exactMetro, 0, len(all))
	for _, m := range all {
		t := e.servingTable(*m)
		if len(t.cands) == 0 {
			continue
		}
		floor := math.Inf(1)
		for i := range t.cands {
			floor = min(floor, t.cands[i].unit)
		}
		reach := make([]uint64, words)
		for j, r := range t.reach {
			if r > 0 {
				reach[j/64] |= 1 << (j % 64)
			}
		}
		out = append(out, exactMetro{option: *m, floor: floor, reach: reach, weight: e.weightOf(reach)})
	}
	slices.SortStableFunc(out, func(a, b exactMetro) int {
		return cmp.Or(cmp.Compare(a.floor, b.floor), cmp.Compare(a.option.metro, b.option.metro))
	})
	return out
}

// orInto sets dst to the union of two bit sets.
func orInto(dst, a, b []uint64) {
	for i := range dst {
		dst[i] = a[i] | b[i]
	}
}

// weigher adds up the weights of the user points in a bit set a byte at
// a time: by word and byte of the set, the weight of each of the 256
// subsets of its eight points.
type weigher struct {
	bytes [][256]float64
}

// newWeigher makes the weigher of bit sets of words words.
func (e *engine) newWeigher(words int) weigher {
	w := weigher{bytes: make([][256]float64, 8*words)}
	for k := range w.bytes {
		t := &w.bytes[k]
		for v := 1; v < 256; v++ {
			low := bits.TrailingZeros8(uint8(v))
			j := k*8 + low
			t[v] = t[v&(v-1)]
			if j < len(e.weights) {
				t[v] += e.weights[j]
			}
		}
	}
	return w
}

// of is the weight of the points in set.
func (w weigher) of(set []uint64) float64 {
	sum := 0.0
	for i, word := range set {
		t := w.bytes[8*i : 8*i+8]
		for k := 0; word != 0; k, word = k+1, word>>8 {
			sum += t[k][word&0xff]
		}
	}
	return sum
}

// weightOf adds up the weights of the user points in a bit set.
func (e *engine) weightOf(set []uint64) float64 {
	sum := 0.0
	for w, word := range set {
		for word != 0 {
			j := w*64 + bits.TrailingZeros64(word)
			sum += e.weights[j]
			word &= word - 1
		}
	}
	return sum
}
