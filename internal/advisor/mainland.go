package advisor

// Regions in mainland China serve only users in mainland China unless the
// question asks otherwise (Request.ChinaRegions): a region there serves
// the public only after an ICP filing, on an account of its own, behind a
// filtered border — worth it for the users inside, not for users
// anywhere else, however near or cheap it is. The rule holds for every
// country whose regions serve the public only after a filing with the
// state (catalog.Country.ICPRequired; the catalog has one, CN).
//
// A region of such a country with none of the users in it is ruled out
// with the other offers (see filterEach). Where users are both inside
// and outside, its serving place is out of reach of the users outside: a
// round trip of +Inf (see rttTo, sweepLatencies), so that no single
// region there serves everyone, and the multi-region search routes the
// users outside to another member or makes no plan of the set.

import (
	"math"
	"slices"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// ownUsersOnly reports whether the answer holds regions of such countries
// to their own country's users: serving, under ChinaRegionsOwnUsers.
func (e *engine) ownUsersOnly() bool {
	return e.req.Workload.Kind == catalog.KindInference && e.req.ChinaRegions == ChinaRegionsOwnUsers
}

// usersIn reports whether any user group with a share is located in
// country code (as a country or one of its metros).
func (e *engine) usersIn(code string) bool {
	for i, b := range e.groupBorders() {
		if b.country == code && e.req.Users[i].Share > 0 {
			return true
		}
	}
	return false
}

// servesNobody reports whether region ri may serve none of the users: a
// region that serves only its own country's users, none of whom asks.
func (e *engine) servesNobody(ri int) bool {
	c := e.facts.ownCountry[ri]
	return c != "" && e.ownUsersOnly() && !e.usersIn(c)
}

// servesOnly is the country whose users alone a serving place may serve
// ("" for anyone's).
func (e *engine) servesOnly(place int) string {
	if place < 0 || place >= len(e.facts.placeOwnCountry) || !e.ownUsersOnly() {
		return ""
	}
	return e.facts.placeOwnCountry[place]
}

// outOfReach sets to +Inf, in a column of every user point's round trip
// to place (in e.users order), the round trips of the users it may not
// serve (see servesOnly).
func (e *engine) outOfReach(place int, col []float64) {
	c := e.servesOnly(place)
	if c == "" {
		return
	}
	borders := e.groupBorders()
	for j, up := range e.users {
		if borders[up.group].country != c {
			col[j] = math.Inf(1)
		}
	}
}

// mainlandKey is what the rule makes of the usable offers, for
// sharedFilterKey: under it, the countries of that kind whose users ask
// (their regions may serve); else whether it is off.
func (e *engine) mainlandKey() string {
	if !e.ownUsersOnly() {
		return ChinaRegionsAllow
	}
	var with []string
	for _, c := range e.cat.Countries {
		if c.ICPRequired && e.usersIn(c.Code) {
			with = append(with, c.Code)
		}
	}
	slices.Sort(with)
	return ChinaRegionsOwnUsers + ":" + strings.Join(with, ",")
}

// excludedMainland is the example of a region ruled out by the rule.
func excludedMainland(where locale.Text) locale.Text {
	return locale.New("excluded.china_regions", where)
}

// reachesAll reports whether a set of metros (chosen among cands, its
// routing adding up to sums) serves every user point from a member in
// its reach (see servesOnly), and, for a failover placement, has another
// member in reach of each user group to take it over when one fails.
func (e *engine) reachesAll(cands []metroOption, chosen []int, sums *routeSums) bool {
	restricted := false
	for k, c := range chosen {
		if math.IsInf(sums.rtt[k], 1) {
			return false // a point routed to a member out of its reach
		}
		restricted = restricted || e.servesOnly(cands[c].metro) != ""
	}
	if e.req.MinRegions < 2 || !restricted {
		return true
	}
	for g, b := range e.groupBorders() {
		if e.req.Users[g].Share <= 0 {
			continue
		}
		n := 0
		for _, c := range chosen {
			if only := e.servesOnly(cands[c].metro); only == "" || only == b.country {
				n++
			}
		}
		if n < 2 {
			return false
		}
	}
	return true
}
