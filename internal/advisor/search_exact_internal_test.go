package advisor

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// reducedCatalog is the catalog cut down to the offers of providers in
// the regions of at most metros metros (the first of them in the
// catalog's order that those providers serve from).
func reducedCatalog(tb testing.TB, full *catalog.Catalog, providers []string, metros int) *catalog.Catalog {
	tb.Helper()
	cut := *full
	keep := map[string]bool{}
	var kept []string
	cut.Regions = nil
	for _, r := range full.Regions {
		if !slices.Contains(providers, r.Provider) {
			continue
		}
		if !keep[r.Metro] {
			if len(kept) == metros {
				continue
			}
			keep[r.Metro] = true
			kept = append(kept, r.Metro)
		}
		cut.Regions = append(cut.Regions, r)
	}
	cut.Offers = nil
	for _, o := range full.Offers {
		if !slices.Contains(providers, o.Provider) {
			continue
		}
		if r, ok := full.Region(o.Provider + ":" + o.Region); ok && keep[r.Metro] {
			cut.Offers = append(cut.Offers, o)
		}
	}
	var buf bytes.Buffer
	if err := cut.Bundle(&buf); err != nil {
		tb.Fatal(err)
	}
	c, err := catalog.LoadBundle(&buf, fmt.Sprintf("reduced-%v-%d.json", providers, metros))
	if err != nil {
		tb.Fatalf("reduced catalog %v: %v", providers, err)
	}
	return c
}

// referenceCheapest prices every set of two to MaxRegions metros with
// usable offers, as a buyer could by trying each one (planOf), and returns
// the cheapest plan that meets the target (nil: none does).
func (e *engine) referenceCheapest() *plan {
	all, _ := e.metroOptions()
	var best *plan
	var try func(set []metroOption, from int)
	try = func(set []metroOption, from int) {
		if len(set) >= 2 {
			if p := e.planOf(set); p != nil && p.meets && (best == nil || p.costUSD < best.costUSD) {
				best = p
			}
		}
		if len(set) == MaxRegions {
			return
		}
		for i := from; i < len(all); i++ {
			try(append(set, *all[i]), i+1)
		}
	}
	try(nil, 0)
	return best
}

// exactQuestion is a random serving question over the locations given.
func exactQuestion(r *rand.Rand, locations []string) Request {
	var users []UserShare
	for _, i := range r.Perm(len(locations))[:2+r.IntN(min(4, len(locations)-1))] {
		users = append(users, UserShare{Location: locations[i], Share: float64(5 + r.IntN(60))})
	}
	profiles := []string{"resnet50", "bert-large"}
	peak := float64(5 + r.IntN(600))
	pricing := [][]catalog.PricingModel{nil, {catalog.OnDemand}, {catalog.OnDemand, catalog.Spot}, {catalog.Reserved1Y, catalog.Reserved3Y}}
	return Request{
		Workload: Workload{Kind: catalog.KindInference, Profile: profiles[r.IntN(len(profiles))], RPS: peak / 2, PeakRPS: peak,
			LatencyMS: float64(50 + 10*r.IntN(15)), Months: Months(1 + r.IntN(36))},
		Users:   users,
		Pricing: pricing[r.IntN(len(pricing))],
	}
}

// Ensure the multi-region pick is the cheapest plan that meets the target
// among every set of up to MaxRegions metros: on catalogs cut down to
// three providers and sixteen metros (more than the pool holds) (every pricing model), over at least
// 2,000 generated questions, and on the whole catalog over fewer, the
// cheapest meeting plan the search finds costs what a reference solver
// finds by pricing every set, and the answer picks it. Questions that a
// single region meets (no multi-region search, see inferencePlans) and
// those no set meets are counted, not compared.
func TestExactMultiRegionAgainstReference(t *testing.T) {
	full := embeddedCatalog(t)
	r := rand.New(rand.NewPCG(56, 2026))
	triples := [][]string{
		{"aws", "gcp", "azure"}, {"aws", "lambda", "ovhcloud"}, {"gcp", "scaleway", "hyperstack"},
		{"azure", "nebius", "infomaniak"}, {"aws", "gcp", "lambda"}, {"gcp", "azure", "ovhcloud"},
	}
	locations := []string{"US", "DE", "JP", "BR", "IN", "AU", "FR", "SG", "GB", "KR", "CA", "ZA", "MX", "ES", "TW", "SE", "PL"}
	questions, perCatalog := 2000, 350
	if raceOn {
		questions, perCatalog = 100, 25
	}
	compared, single, none := 0, 0, 0
	check := func(cat *catalog.Catalog, req Request) {
		t.Helper()
		e := filteredEngine(t, cat, req)
		plans := e.inferencePlans()
		var found *plan
		for _, p := range plans {
			if p.meets && len(p.places) == 1 {
				single++
				return
			}
			if p.meets && (found == nil || p.costUSD < found.costUSD) {
				found = p
			}
		}
		ref := e.referenceCheapest()
		switch {
		case ref == nil && found == nil:
			none++
			return
		case ref == nil || found == nil:
			t.Errorf("%v: the search finds %v, the reference %v", req.Users, found != nil, ref != nil)
			return
		}
		compared++
		if math.Abs(found.costUSD-ref.costUSD) > 0.005 {
			t.Errorf("%s peak %.0f within %.0f ms %v: the search's cheapest meeting plan costs %.2f (%s), the reference's %.2f (%s)",
				req.Workload.Profile, req.Workload.PeakRPS, req.Workload.LatencyMS, req.Users, found.costUSD, planName(found), ref.costUSD, planName(ref))
			return
		}
		if req.Objective == "" || req.Objective == ObjectiveCost {
			res, err := Recommend(cat, req)
			if err != nil || res.Pick == nil {
				t.Errorf("%v: Recommend: %v", req.Users, err)
				return
			}
			// The pick is the reference's plan, or one that costs the same
			// (ties go to the pool's first, then the exact search's).
			// A plan within the providers' published quotas is preferred
			// when it costs at most QuotaPreference more, and says so.
			quota := slices.ContainsFunc(res.Pick.Why, func(w locale.Text) bool { return w.ID == "why.within_quota" })
			if picked := pickedPlan(plans, res.Pick); !quota && (picked == nil || math.Abs(picked.costUSD-ref.costUSD) > 0.005) {
				var names []string
				for _, pp := range res.Pick.Placements {
					names = append(names, pp.Provider+":"+pp.Region+":"+pp.InstanceType+"|"+string(pp.Pricing))
				}
				t.Errorf("%v: the pick %v (%s) is not the cheapest meeting plan, %s at %.2f", req.Users, names, res.Pick.Total, pricedName(ref), ref.costUSD)
			}
		}
	}
	asked := 0
	for asked < questions {
		cat := reducedCatalog(t, full, triples[r.IntN(len(triples))], 16)
		for range perCatalog {
			check(cat, exactQuestion(r, locations))
			asked++
		}
	}
	whole := 24
	if raceOn {
		whole = 1
	}
	for range whole {
		check(full, exactQuestion(r, locations[:8]))
	}
	t.Logf("%d questions: %d compared with the reference, %d met by a single region, %d met by no set", asked+whole, compared, single, none)
	if compared < asked/10 {
		t.Errorf("only %d of %d questions needed a multi-region plan that meets: the test compares too few", compared, asked)
	}
}

// pickedPlan is the plan among plans whose places are the pick's
// placements (nil: none).
func pickedPlan(plans []*plan, pick *Option) *plan {
	for _, p := range plans {
		if len(p.places) != len(pick.Placements) {
			continue
		}
		same := true
		for _, pl := range p.places {
			same = same && slices.ContainsFunc(pick.Placements, func(pp Placement) bool {
				return pl.u.offer.Provider == pp.Provider && pl.u.offer.Region == pp.Region && pl.u.offer.InstanceType == pp.InstanceType && pl.pricing == pp.Pricing
			})
		}
		if same {
			return p
		}
	}
	return nil
}

// pricedName names a plan's offers with their pricing models.
func pricedName(p *plan) string {
	s := ""
	for i, pl := range p.places {
		if i > 0 {
			s += " + "
		}
		s += pl.u.offer.ID() + "|" + string(pl.pricing)
	}
	return s
}
