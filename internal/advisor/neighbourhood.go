package advisor

// What questions share beyond their usable offers when they also ask for
// the same users, latency target and months: every place's latency
// figures and reach (sweepLatencies), the round trips to the metros
// (rttTo), the multi-region search's serving tables (servingTable) and
// its pool and routing (keptSearch).
// None depends on the load: a buyer editing the load, a what-if link and
// a script sweeping the traffic ask the same neighbourhood again.

import (
	"math"
	"slices"
	"strconv"
	"unsafe"
)

// SharedNeighbourhoods is how many neighbourhoods a set of usable offers
// keeps (see filterCache), the oldest going first, and
// SharedNeighbourhoodBytes how large one may be; they count towards
// SharedFilterBytes with the sets. A neighbourhood is kept the second
// time its key is asked among the last neighbourhoodMisses that missed.
const (
	SharedNeighbourhoods     = 2
	SharedNeighbourhoodBytes = 2 << 20
	neighbourhoodMisses      = 8
)

// neighbourhood is what an answer worked out for its users, target and
// months over a shared set of usable offers, read-only once kept: answers
// that take it copy the lists they add to (rtts, tableAt, tables).
type neighbourhood struct {
	key     string
	latency [][]latencyStats // by place (see answerMemos.latency)
	reach   [][]int32        // by place
	rtts    [][]float64      // by metro; nil where not worked out
	tables  []servingTable
	tableAt []int
	search  *keptSearch // nil: no search was run
	size    int         // about how many bytes it holds
}

// neighbourhoodKey is everything besides the usable offers that the
// latency figures, round trips and serving tables depend on: the users
// (their places and shares, as asked), the latency target and the months.
func (e *engine) neighbourhoodKey() string {
	w := &e.req.Workload
	b := make([]byte, 0, 32+16*len(e.req.Users))
	b = strconv.AppendInt(b, int64(w.ServiceMonths()), 10)
	b = append(b, ' ')
	b = strconv.AppendUint(b, math.Float64bits(w.LatencyMS), 16)
	for _, u := range e.req.Users {
		b = append(b, ' ')
		b = strconv.AppendQuote(b, u.Location)
		b = append(b, ':')
		b = strconv.AppendUint(b, math.Float64bits(u.Share), 16)
	}
	return string(b)
}

// useNeighbourhood starts e from the neighbourhood its shared usable
// offers keep under its key, if any.
func (e *engine) useNeighbourhood() {
	if e.shared == nil {
		return
	}
	e.sharedKey = e.neighbourhoodKey()
	n, missedBefore := e.facts.filters.neighbourhood(e.shared, e.sharedKey)
	if n == nil {
		// Kept on its second ask: a what-if's variations of the months
		// and the target each ask once.
		e.keepsNeighbourhood = missedBefore
		return
	}
	if n.latency != nil {
		e.memo.latency, e.memo.reach, e.memo.swept = n.latency, n.reach, true
	}
	if n.rtts != nil {
		e.memo.rtts = slices.Clone(n.rtts)
	}
	if n.tableAt != nil {
		e.search.tableAt = slices.Clone(n.tableAt)
		e.search.tables = append(make([]servingTable, 0, len(n.tables)+poolMetros), n.tables...)
	}
	e.search.kept = n.search
}

// keepNeighbourhood keeps, for the answers after it, what e worked out
// for its neighbourhood, in lists of its own (e's are in its buffers):
// only when e filtered from a shared set, did not start from a
// neighbourhood itself and its key was missed lately (see
// useNeighbourhood).
func (e *engine) keepNeighbourhood() {
	if !e.keepsNeighbourhood || !e.memo.swept && e.memo.rtts == nil && e.search.tableAt == nil && e.search.record == nil {
		return
	}
	n := &neighbourhood{key: e.sharedKey}
	if e.memo.swept {
		n.latency, n.reach = make([][]latencyStats, len(e.memo.latency)), make([][]int32, len(e.memo.reach))
		stats, points := 0, 0
		for id := range e.memo.latency {
			stats += len(e.memo.latency[id])
			points += len(e.memo.reach[id])
		}
		statSlab, pointSlab := make([]latencyStats, 0, stats), make([]int32, 0, points)
		for id, l := range e.memo.latency {
			statSlab, n.latency[id] = appendOwn(statSlab, l)
			pointSlab, n.reach[id] = appendOwn(pointSlab, e.memo.reach[id])
		}
		n.size += len(n.latency)*2*int(unsafe.Sizeof([]int32(nil))) + stats*int(unsafe.Sizeof(latencyStats{})) + points*4
	}
	if e.memo.rtts != nil {
		n.rtts = make([][]float64, len(e.memo.rtts))
		cols := 0
		for _, col := range e.memo.rtts {
			if col != nil {
				cols++
			}
		}
		slab := make([]float64, 0, cols*len(e.users))
		for m, col := range e.memo.rtts {
			if col != nil {
				slab, n.rtts[m] = appendOwn(slab, col)
			}
		}
		n.size += len(n.rtts)*int(unsafe.Sizeof([]float64(nil))) + len(slab)*8
	}
	if e.search.tableAt != nil {
		n.tableAt = slices.Clone(e.search.tableAt)
		n.tables = make([]servingTable, len(e.search.tables))
		for i := range e.search.tables {
			n.tables[i] = e.search.tables[i].own()
			n.size += n.tables[i].bytes()
		}
		n.size += len(n.tableAt) * 8
	}
	if k := e.search.record; k != nil {
		n.search = k
		n.size += k.bytes()
	}
	e.facts.filters.keepNeighbourhood(e.shared, n)
}

// appendOwn appends s to slab and returns slab and s's copy in it, capped
// at its length (an empty s as it is, nil or not, with no room).
func appendOwn[T any](slab, s []T) ([]T, []T) {
	if len(s) == 0 {
		return slab, s[:0:0]
	}
	from := len(slab)
	slab = append(slab, s...)
	return slab, slab[from:len(slab):len(slab)]
}

// own returns a copy of t whose lists are its own (t's are cut from an
// answer's buffers).
func (t *servingTable) own() servingTable {
	c := *t
	c.cands = slices.Clone(t.cands)
	c.computeMS = slices.Clone(t.computeMS)
	c.byService = slices.Clone(t.byService)
	c.rank = slices.Clone(t.rank)
	c.regions = slices.Clone(t.regions)
	c.cheap = slices.Clone(t.cheap)
	c.reach = slices.Clone(t.reach)
	return c
}

// bytes is about how many bytes t's lists hold.
func (t *servingTable) bytes() int {
	return int(unsafe.Sizeof(*t)) + len(t.cands)*int(unsafe.Sizeof(servingCand{})) +
		(len(t.computeMS)+len(t.byService)+len(t.rank)+len(t.regions))*8 + (len(t.cheap)+len(t.reach))*4
}

// neighbourhood returns the neighbourhood set f keeps under key, or nil;
// on a miss it also reports whether key was missed lately (see
// neighbourhoodMisses), and notes it.
func (c *filterCache) neighbourhood(f *filtered, key string) (n *neighbourhood, missedBefore bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := slices.IndexFunc(f.neighbourhoods, func(n *neighbourhood) bool { return n.key == key }); i >= 0 {
		return f.neighbourhoods[i], false
	}
	if slices.Contains(f.missed, key) {
		return nil, true
	}
	if len(f.missed) == neighbourhoodMisses {
		f.missed = f.missed[1:]
	}
	f.missed = append(f.missed, key)
	return nil, false
}

// keepNeighbourhood keeps n with set f while f is kept, unless it is over
// SharedNeighbourhoodBytes or one of its key is kept already: first
// letting go of f's oldest while it has SharedNeighbourhoods, then of the
// oldest sets before f and of f's own oldest while they would all be
// over SharedFilterBytes.
func (c *filterCache) keepNeighbourhood(f *filtered, n *neighbourhood) {
	if n.size > SharedNeighbourhoodBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !slices.Contains(c.kept, f) || slices.ContainsFunc(f.neighbourhoods, func(k *neighbourhood) bool { return k.key == n.key }) {
		return
	}
	dropOwn := func() {
		c.bytes -= f.neighbourhoods[0].size
		f.nbBytes -= f.neighbourhoods[0].size
		f.neighbourhoods[0] = nil
		f.neighbourhoods = f.neighbourhoods[1:]
	}
	if len(f.neighbourhoods) == SharedNeighbourhoods {
		dropOwn()
	}
	for c.bytes+n.size > SharedFilterBytes && c.kept[0] != f {
		c.dropOldest()
	}
	for c.bytes+n.size > SharedFilterBytes && len(f.neighbourhoods) > 0 {
		dropOwn()
	}
	if c.bytes+n.size > SharedFilterBytes {
		return
	}
	f.neighbourhoods = append(f.neighbourhoods, n)
	f.nbBytes += n.size
	c.bytes += n.size
}
