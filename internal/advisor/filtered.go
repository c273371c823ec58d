package advisor

// The usable offers that questions which filter alike share: the same
// workload, filters and pricing models over the same catalog give the same
// usable offers and the same exclusions, whatever the load, the users
// (but for whether some are in mainland China: see mainlandKey) or the
// months, so the pass over every offer runs once for all of them.

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// SharedFilters is how many sets of usable offers a catalog keeps for the
// questions that filter alike, and SharedFilterBytes how large they may
// be together with their neighbourhoods (see SharedNeighbourhoods), the
// oldest going first. A set is about 0.5 MB for the
// embedded catalog, 2 MB for one of 10,000 offers; a catalog whose
// offers would not fit in SharedFilterBytes as one set (over about 19,000
// offers) keeps none, and its questions filter for themselves.
const (
	SharedFilters     = 4
	SharedFilterBytes = 4 << 20
)

// usableBytes is about what a set holds for each usable offer: the offer,
// and its pointers in the set and in its places (see servingPlaces).
const usableBytes = int(unsafe.Sizeof(usable{}) + 3*unsafe.Sizeof((*usable)(nil)))

// sharedFilterKey is everything in the request that the pass over the
// offers (filterEach) reads, and whether its usable offers depend on
// nothing else and could be kept. They depend on nothing else for serving
// a model that is not an LLM: an LLM's operating point depends on its
// users' round trips, and training's tie-breaker on the users and the
// data's region. Of the users, the pass reads only which countries whose
// regions serve only their own users have some (see mainlandKey). The
// pricing models keep their order, which the exclusions' sentences name.
func (e *engine) sharedFilterKey() (string, bool) {
	r, w := &e.req, &e.req.Workload
	if e.facts.filters == nil || len(e.cat.Offers)*usableBytes > SharedFilterBytes ||
		w.Kind != catalog.KindInference || e.llm != nil || e.excl.counts != nil || len(e.sovereignOut) > 0 {
		return "", false
	}
	var b strings.Builder
	field := func(s string) {
		b.WriteString(strconv.Quote(s))
		b.WriteByte(' ')
	}
	list := func(l []string) {
		b.WriteString(strconv.Itoa(len(l)))
		b.WriteByte(':')
		for _, s := range l {
			field(s)
		}
	}
	field(string(w.Kind))
	field(w.Profile)
	field(w.Precision)
	field(r.Accelerator)
	field(string(r.GDPR))
	field(strconv.FormatBool(r.AllowUnlocated))
	field(e.mainlandKey())
	list(r.Providers)
	list(r.GPUs)
	list(r.Countries)
	b.WriteString(strconv.Itoa(len(r.Pricing)))
	for _, pm := range r.Pricing {
		field(string(pm))
	}
	return b.String(), true
}

// filtered is what the pass over the offers found for one key: the usable
// offers (read-only: answers only read them), the exclusions it counted
// and where the offers serve from.
type filtered struct {
	key          string
	usable       []*usable
	counts       map[string]int
	examples     map[string]locale.Text
	sovereignOut []locale.Text
	// places is where the usable offers serve from (read-only too).
	places servingPlaces
	// soldPlans is how many single-region plans they make (see
	// engine.soldPlans).
	soldPlans int
	// size is about how many bytes the set holds: each usable offer, and
	// its pointers here and in places.
	size int
	// neighbourhoods are the last SharedNeighbourhoods kept for answers
	// from this set, oldest first, and their sizes added up; missed the
	// neighbourhood keys last asked for that none was kept under (see
	// useNeighbourhood).
	neighbourhoods []*neighbourhood
	nbBytes        int
	missed         []string
}

// filterCache keeps the last SharedFilters sets of usable offers of one
// catalog, by key (see sharedFilterKey).
type filterCache struct {
	mu    sync.Mutex
	kept  []*filtered // oldest first
	bytes int         // their sizes added up
}

// use gives e the usable offers and exclusions kept under key, and
// reports whether there were any.
func (c *filterCache) use(e *engine, key string) bool {
	c.mu.Lock()
	i := slices.IndexFunc(c.kept, func(f *filtered) bool { return f.key == key })
	var f *filtered
	if i >= 0 {
		f = c.kept[i]
	}
	c.mu.Unlock()
	if f == nil {
		return false
	}
	e.usable = f.usable
	e.excl = exclusions{counts: maps.Clone(f.counts), examples: maps.Clone(f.examples)}
	e.sovereignOut = f.sovereignOut
	e.places = &f.places
	e.shared = f
	return true
}

// keep keeps e's usable offers and exclusions under key, once filterEach
// has found them in lists of their own. The usable offers are copied into
// a slice of their own length: the pass allocates room for every offer.
func (c *filterCache) keep(e *engine, key string) {
	own := make([]usable, len(e.usable))
	ptrs := make([]*usable, len(e.usable))
	for i, u := range e.usable {
		own[i] = *u
		ptrs[i] = &own[i]
	}
	f := &filtered{key: key, usable: ptrs, sovereignOut: slices.Clip(e.sovereignOut),
		counts: maps.Clone(e.excl.counts), examples: maps.Clone(e.excl.examples),
		places:    placesOf(ptrs, e.cat.PlaceCount(), new(placeLists), make([]*usable, len(ptrs))),
		soldPlans: countSold(ptrs, e.pricingModels()), size: len(ptrs) * usableBytes}
	e.usable, e.places, e.shared = slices.Clip(ptrs), &f.places, f
	c.add(f)
}

// add keeps f, unless a set of its key is kept already, first letting go
// of the oldest sets while there are SharedFilters of them or f would
// take them over SharedFilterBytes.
func (c *filterCache) add(f *filtered) {
	if f.size > SharedFilterBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if slices.ContainsFunc(c.kept, func(k *filtered) bool { return k.key == f.key }) {
		return // another answer kept the same meanwhile
	}
	for len(c.kept) == SharedFilters || c.bytes+f.size > SharedFilterBytes {
		c.dropOldest()
	}
	c.kept = append(c.kept, f)
	c.bytes += f.size
}

// dropOldest lets go of the oldest set kept and its neighbourhoods.
func (c *filterCache) dropOldest() {
	c.bytes -= c.kept[0].size + c.kept[0].nbBytes
	c.kept[0] = nil
	c.kept = c.kept[1:]
}
