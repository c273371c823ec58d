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
//     cheapest replica's billed hours (floor); with the metros in order
//     of that floor, a set whose floors pass the cheapest cost found ends
//     the loop.
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
	defer func() { e.search.placeMemos, e.search.memoSlab, e.search.trial = poolMemos, poolSlab, nil }()
	cands := make([]metroOption, len(metros))
	for i := range metros {
		cands[i] = metros[i].option
	}
	need := MeetsTargetShare/100 - shareSlack
	words := len(metros[0].reach)
	union := make([]uint64, 2*words)
	w := e.newWeigher(words)
	// The metros by the weight they reach, the most first.
	byWeight := make([]int, len(metros))
	for i := range byWeight {
		byWeight[i] = i
	}
	slices.SortStableFunc(byWeight, func(i, j int) int { return cmp.Compare(metros[j].weight, metros[i].weight) })
	most := metros[byWeight[0]].weight // the most any metro reaches
	// Each pair's reach: the weight of its union where it could matter (a
	// third member could bring it to the share), else the sum of its
	// parts, which bounds it.
	n := len(metros)
	pairWeight := make([]float64, n*n)
	for i := range metros {
		for j := i + 1; j < n; j++ {
			pw := metros[i].weight + metros[j].weight
			if pw+most >= need {
				orInto(union[:words], metros[i].reach, metros[j].reach)
				pw = w.of(union[:words])
			}
			pairWeight[i*n+j], pairWeight[j*n+i] = pw, pw
		}
	}
	s := exactSearch{e: e, cands: cands, best: best, tried: tried}
	s.levels = s.newLevels(len(e.users))
	for a := range metros {
		if metros[a].floor+metros[min(a+1, len(metros)-1)].floor > s.best {
			break
		}
		s.chosen[0] = a
		for b := a + 1; b < len(metros); b++ {
			pair := metros[a].floor + metros[b].floor
			if pair > s.best {
				break
			}
			// A union weighs at most its parts.
			abWeight := pairWeight[a*n+b]
			if abWeight+most < need {
				continue
			}
			ab := union[:words]
			orInto(ab, metros[a].reach, metros[b].reach)
			s.chosen[1] = b
			if abWeight >= need {
				s.try(2)
			}
			// The third member, most reaching first: the first that
			// cannot bring the pair's reach to the share ends the loop.
			for _, c := range byWeight {
				if abWeight+metros[c].weight < need {
					break
				}
				if c <= b || pair+metros[c].floor > s.best ||
					pairWeight[a*n+c]+metros[b].weight < need || pairWeight[b*n+c]+metros[a].weight < need {
					continue
				}
				abc := union[words:]
				orInto(abc, ab, metros[c].reach)
				if w.of(abc) < need {
					continue
				}
				s.chosen[2] = c
				s.try(3)
			}
		}
	}
	return s.found
}

// exactSearch is the exact search's state: the metros it combines, the
// set being tried (chosen) and its routing by level (a set of one, two,
// three metros), worked out only for the sets that pass the bounds: the
// first routed levels are of the members in routedAs; the cheapest cost
// that meets so far and the plans found under it.
type exactSearch struct {
	e        *engine
	cands    []metroOption
	chosen   [MaxRegions]int
	members  [MaxRegions]*servingTable
	levels   [MaxRegions]routing
	routed   int
	routedAs [MaxRegions]int
	best     float64
	found    []*plan
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

// route routes the users to the first n members chosen, level by level,
// working out again only the levels whose members changed since.
func (s *exactSearch) route(n int) {
	e := s.e
	for d := range n {
		if s.routed > d && s.routedAs[d] == s.chosen[d] {
			continue
		}
		c := s.chosen[d]
		s.members[d] = e.servingTable(s.cands[c])
		if d == 0 {
			e.routeFirst(&s.levels[0], e.rttTo(s.cands[c].metro))
		} else {
			e.routeNext(&s.levels[d], &s.levels[d-1], e.rttTo(s.cands[c].metro), d, &s.members)
		}
		s.routedAs[d], s.routed = c, d+1
	}
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
	s.route(n)
	e := s.e
	if e.search.trial == nil {
		e.search.trial = &plan{places: make([]place, 0, MaxRegions)}
	}
	trial := e.search.trial
	p := e.placementPlan(s.cands, s.chosen[:n], &s.levels[n-1].sums)
	if p == nil || !p.meets || p.costUSD > s.best {
		return
	}
	if p == trial {
		kept := *trial
		kept.places = slices.Clone(trial.places)
		p = &kept
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
// reach as a bit set over the user points: those its fastest offer keeps
// within the target, as its serving table counts them (see
// servingTable.reach), worked out without the table, which only the
// metros of the sets tried need.
func (e *engine) exactMetros(all []*metroOption) []exactMetro {
	words := (len(e.users) + 63) / 64
	models := e.pricingModels()
	target := e.req.Workload.LatencyMS
	out := make([]exactMetro, 0, len(all))
	for _, m := range all {
		// A replica's billed hours at its price (its set-up fee, never
		// negative, left out: the floor stays under every row's unit).
		floor := math.Inf(1)
		for _, u := range m.offers {
			f := u.facts
			for _, pm := range models {
				if f.prices.sold[pm.k] {
					floor = min(floor, pm.billed*f.hourlyUSD[pm.k])
				}
			}
		}
		if math.IsInf(floor, 1) {
			continue
		}
		reach := make([]uint64, words)
		for j, rtt := range e.rttTo(m.metro) {
			if rtt+m.minCompute <= target {
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
