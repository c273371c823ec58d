package advisor

// How the multi-region search routes the user points to a set of metros,
// and what it adds up of them for the set's plan.

// routing is where a set of metros sends each user point: route[i] is the
// member serving point i (its index in the set), nearest[i] the round trip
// to it. It adds up what the set's plan needs of its points (see
// routeSums).
type routing struct {
	route   []int
	nearest []float64
	sums    routeSums
}

// routeSums is what the routing of the user points to a set of metros
// adds up: by member, shares are the points' weights, keep how many of
// the member's service times keep the most of them within the target (see
// narrowKeep) and rtt their weighted round trips; reached is the weight
// of the points each member's fastest service time keeps within the
// target. None of it depends on the load: a set's plan is sized and
// priced from it alone (see placementPlan).
type routeSums struct {
	shares  [MaxRegions]float64
	keep    [MaxRegions]int32
	rtt     [MaxRegions]float64
	reached float64
}

// routeFirst routes every point to the one metro of a set of one (a set
// the search only grows: its shares and keep are not needed).
func (e *engine) routeFirst(r *routing, rtt []float64) {
	copy(r.nearest, rtt)
	clear(r.route)
}

// routeNext routes the set prev plus one more member k (round trips rtt):
// a point goes to the new member only when it is strictly nearer, so each
// point goes to the first member with the lowest round trip. The sums
// (see routeSums) add up the points in point order, each member's keep
// worked out in the same pass from its serving table (members).
//
// The loop is the search's innermost (every point of every set): it reads
// the points' weights side by side (e.weights) and adds up into locals,
// which the compiler keeps out of *r; the sums come out in the same order,
// so to the same bits.
func (e *engine) routeNext(r, prev *routing, rtt []float64, k int, members *[MaxRegions]*servingTable) {
	var s routeSums
	var reach [MaxRegions][]int32
	for m := 0; m <= k; m++ {
		reach[m], s.keep[m] = members[m].reach, int32(len(members[m].byService))
	}
	n := len(rtt)
	route, nearest := r.route[:n], r.nearest[:n]
	prevRoute, prevNearest, weights := prev.route[:n], prev.nearest[:n], e.weights[:n]
	// Points next to each other are mostly of one place and routed alike:
	// the member being added up to (cur) keeps its sums in registers until
	// the route changes, so adding a point does not wait on the last
	// store.
	cur, curReach := 0, reach[0]
	share, kept, rtts, reached := 0.0, s.keep[0], 0.0, 0.0
	for i, t := range rtt {
		m, near := prevRoute[i], prevNearest[i]
		if t < near {
			m, near = k, t
		}
		route[i], nearest[i] = m, near
		if m != cur {
			s.shares[cur], s.keep[cur], s.rtt[cur] = share, kept, rtts
			cur, curReach = m, reach[m]
			share, kept, rtts = s.shares[m], s.keep[m], s.rtt[m]
		}
		w := weights[i]
		share += w
		rtts += w * near
		if at := curReach[i]; at > 0 {
			reached += w
			kept = narrowKeep(kept, at)
		}
	}
	s.shares[cur], s.keep[cur], s.rtt[cur], s.reached = share, kept, rtts, reached
	r.sums = s
}
