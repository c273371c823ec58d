package advisor

import "math"

// sweepPlace is one serving place of the usable offers as sweepLatencies
// adds it up: its offers' distinct service times, shortest first, and for
// each the weight of the points within the target; the points' weighted
// round trip; and the points its fastest offer keeps within the target,
// in order.
type sweepPlace struct {
	times, within []float64
	weightedRTT   float64
	reach         []int32
}

// sweepBuffers are sweepLatencies' lists, kept with the answer's buffers:
// by place, its figures and its reach; the places swept, their figures
// (sweepPlace) and sums; and the round trips of one point to them.
type sweepBuffers struct {
	latency   [][]latencyStats
	reach     [][]int32
	places    []sweepPlace
	sums, row []float64
}

// sweepLatencies works out statsFor's figures for every place the usable
// offers serve from and every service time among its offers, and each
// place's reach (see reachOf), in one pass over the user points: each
// point's round trips to all those places are read at once, from its own
// row of them. Looked up one place at a time, every point's row was read
// again for each place (a fifth of an answer for 200 user places).
//
// A place's weighted latency at a service time is its weighted round trip
// plus the service time (the weights add up to one, up to rounding), and
// a point within the target at one service time is within it at every
// shorter one (adding a shorter time never rounds past a longer one): the
// times are tried shortest first, up to the first that leaves the point
// out, which is the first for most places, far from most points. Each
// figure adds its terms in point order, whatever the place's other
// service times: two places whose round trips are the same get the same
// figures to the bit, and tie.
//
// It runs once per answer, on first use.
func (e *engine) sweepLatencies() {
	if e.memo.swept {
		return
	}
	e.memo.swept = true
	b := &e.buf.sweep
	e.memo.latency = zeroed(&b.latency, e.cat.PlaceCount())
	e.memo.reach = zeroed(&b.reach, e.cat.PlaceCount())
	// The places and their service times (see servingPlaces), each with
	// its sums cut from one array.
	sps := e.servingPlaces()
	ids := sps.ids
	if len(ids) == 0 {
		return
	}
	places := zeroed(&b.places, len(ids))
	n := len(e.usable)
	sums := zeroed(&b.sums, n)
	users := len(e.users)
	reach := take(&e.buf.reach, len(ids)*users)[:len(ids)*users]
	e.buf.reach = reach
	start := 0
	for k := range places {
		sp := &places[k]
		sp.times = sps.times[k]
		t := len(sp.times)
		sp.within = sums[start : start+t : start+t]
		start += t
		sp.reach = reach[k*users : k*users : (k+1)*users]
	}
	target := e.req.Workload.LatencyMS
	row := grow(&b.row, len(ids))
	// The places that serve only their own country's users (see
	// servesOnly), by their index among ids: out of reach of the others.
	var only []int
	for k, id := range ids {
		if e.servesOnly(id) != "" {
			only = append(only, k)
		}
	}
	total := 0.0 // the weights added up: one, up to rounding
	for j, up := range e.users {
		e.cat.PlaceWorstRTTs(up.point, ids, row)
		for _, k := range only {
			if e.groupBorders()[up.group].country != e.servesOnly(ids[k]) {
				row[k] = math.Inf(1)
			}
		}
		w := e.weights[j]
		total += w
		for k, rtt := range row {
			sp := &places[k]
			sp.weightedRTT += w * rtt
			for i, t := range sp.times {
				if !(rtt+t <= target) {
					break
				}
				sp.within[i] += w
				if i == 0 {
					sp.reach = append(sp.reach, int32(j))
				}
			}
		}
	}
	slab := take(&e.buf.latency, n)
	for k, id := range ids {
		sp := &places[k]
		e.memo.reach[id] = sp.reach
		from := len(slab)
		for i, t := range sp.times {
			slab = append(slab, latencyStats{computeMS: t, weightedMS: sp.weightedRTT + t*total, within: sp.within[i] * 100})
		}
		e.memo.latency[id] = slab[from:len(slab):len(slab)]
	}
	e.buf.latency = slab
}

// reachOf is the user points that a place's fastest usable offer keeps
// within the target, in order (see sweepLatencies).
func (e *engine) reachOf(place int) []int32 {
	e.sweepLatencies()
	return e.memo.reach[place]
}
