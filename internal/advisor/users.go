package advisor

import (
	"fmt"

	"gpuplace/internal/catalog"
)

// userPoint is one place users are, with its share of all users.
type userPoint struct {
	group  int     // index into Request.Users
	weight float64 // share of all users, 0..1
	point  catalog.Point
}

// userPoints spreads the request's user groups over their points, each
// weighted by the group's relative share and the point's population share.
func userPoints(cat *catalog.Catalog, users []UserShare) []userPoint {
	var total float64
	for _, u := range users {
		total += u.Share
	}
	n := 0
	for _, u := range users {
		if loc, ok := cat.Location(u.Location); ok && u.Share > 0 {
			n += len(loc.Points)
		}
	}
	out := make([]userPoint, 0, n)
	for i, u := range users {
		loc, ok := cat.Location(u.Location)
		if !ok || u.Share <= 0 {
			continue
		}
		for _, p := range loc.Points {
			out = append(out, userPoint{group: i, weight: u.Share / total * p.Weight, point: p})
		}
	}
	return out
}

// rttTo returns every user point's round trip to a metro, in e.users
// order, looked up once per metro and kept side by side for the loops that
// read them again and again.
func (e *engine) rttTo(metro int) []float64 {
	if e.memo.rtts == nil {
		e.memo.rtts = make([][]float64, e.cat.PlaceCount())
	}
	if col := e.memo.rtts[metro]; col != nil {
		return col
	}
	// Each metro's column has its place in one array from the buffers
	// (what an earlier answer left there is overwritten before use).
	n := len(e.users)
	if e.memo.rttSlab == nil {
		e.memo.rttSlab = grow(&e.buf.rtts, n*e.cat.PlaceCount())
	}
	col := e.memo.rttSlab[metro*n : (metro+1)*n : (metro+1)*n]
	place := [1]int{metro}
	for j := range e.users {
		// (PlaceRTT's worst, read straight from the point's round trips.)
		e.cat.PlaceWorstRTTs(e.users[j].point, place[:], col[j:j+1])
	}
	e.outOfReach(metro, col)
	e.memo.rtts[metro] = col
	return col
}

// latencyStats is what users see when one metro serves all of them.
type latencyStats struct {
	computeMS  float64 // the GPU service time they are for
	weightedMS float64
	within     float64 // percent of users within the target
}

// statsFor returns the latency figures of serving everyone from one metro
// with a GPU service time of computeMS, as sweepLatencies worked them out
// for every usable offer's metro and service time (a metro's offers have
// a handful of service times: a short list beats a map keyed by floats).
// Asking for another is a mistake in the advisor.
func (e *engine) statsFor(metro int, computeMS float64) latencyStats {
	e.sweepLatencies()
	for _, s := range e.memo.latency[metro] {
		if s.computeMS == computeMS {
			return s
		}
	}
	panic(fmt.Sprintf("advisor: latency figures asked for place %d at %g ms, which no usable offer serves from", metro, computeMS))
}

// statsOf is statsFor(u.metro, u.computeMS) for a usable offer, read by
// its service time's slot (see servingPlaces) instead of looked for.
func (e *engine) statsOf(u *usable) latencyStats {
	e.sweepLatencies()
	return e.memo.latency[u.metro][u.timeSlot]
}
