package advisor

// Where the usable offers serve from, worked out from the offers alone.

import "slices"

// servingPlaces is where the usable offers serve from: the places, in
// order of their first offer; by place (its index in the catalog) its
// index among them plus one (0: none); and for each place its offers, in
// order, and their distinct service times, shortest first. Each usable
// offer's timeSlot is the index of its service time among its place's.
// It depends on the usable offers alone: questions that share those share
// it (see filtered).
type servingPlaces struct {
	ids    []int
	at     []int32
	offers [][]*usable
	times  [][]float64
}

// placeLists are the lists servingPlaces cuts its own from.
type placeLists struct {
	ids, counts []int
	at          []int32
	offers      [][]*usable
	times       [][]float64
	timesFlat   []float64
}

// placesOf works out where usables serve from, with its lists from l and
// the offers by place from flat (room for every usable offer), and sets
// each usable offer's timeSlot.
func placesOf(usables []*usable, placeCount int, l *placeLists, flat []*usable) servingPlaces {
	at := zeroed(&l.at, placeCount)
	ids := l.ids[:0]
	counts := l.counts[:0]
	for _, u := range usables {
		if at[u.metro] == 0 {
			ids = append(ids, u.metro)
			counts = append(counts, 0)
			at[u.metro] = int32(len(ids))
		}
		counts[at[u.metro]-1]++
	}
	l.ids, l.counts = ids, counts
	offers := grow(&l.offers, len(ids))
	times := grow(&l.times, len(ids))
	timesFlat := grow(&l.timesFlat, len(usables))
	start := 0
	for k, n := range counts {
		offers[k] = flat[start : start : start+n]
		times[k] = timesFlat[start : start : start+n]
		start += n
	}
	for _, u := range usables {
		k := at[u.metro] - 1
		offers[k] = append(offers[k], u)
		if !slices.Contains(times[k], u.computeMS) {
			times[k] = append(times[k], u.computeMS)
		}
	}
	for k := range times {
		slices.Sort(times[k])
	}
	for _, u := range usables {
		u.timeSlot = slices.Index(times[at[u.metro]-1], u.computeMS)
	}
	return servingPlaces{ids: ids, at: at, offers: offers, times: times}
}

// servingPlaces is where the answer's usable offers serve from, worked out
// on first use unless the question shares them (see filtered).
func (e *engine) servingPlaces() *servingPlaces {
	if e.places == nil {
		flat := take(&e.buf.metroOffers, len(e.usable))[:len(e.usable)]
		e.buf.metroOffers = flat
		sp := placesOf(e.usable, e.cat.PlaceCount(), &e.buf.placeLists, flat)
		e.places = &sp
	}
	return e.places
}
