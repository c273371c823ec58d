package advisor_test

import (
	"slices"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// consistencyRequest is a generated serving question ranked by cost, with
// no budget, carbon price or failover floor, of a model sized from
// benchmarks (not an LLM, whose targets move with the load): the
// questions whose pick is the cheapest plan that meets the target.
func consistencyRequest(g *requestGen) (advisor.Request, bool) {
	req := g.request(false)
	if p, ok := g.cat.Profile(req.Workload.Profile); !ok || p.LLM != nil {
		return req, false
	}
	req.Objective, req.Budget, req.CarbonPrice, req.MinRegions = advisor.ObjectiveCost, nil, 0, 0
	return req, true
}

// placements names a pick's offers and pricing models, in its order.
func placements(o *advisor.Option) []string {
	var out []string
	for _, p := range o.Placements {
		out = append(out, p.Provider+":"+p.Region+":"+p.InstanceType+"|"+string(p.Pricing))
	}
	return out
}

// Ensure more load never gives a cheaper pick: a generated question asked
// again at a higher peak (its average with it), whose pick still meets
// the target, costs at least as much. Every plan costs at least as much
// at more load, and whether a plan meets the target does not depend on
// the load, so the cheapest that meets cannot cost less; a search that
// misses the cheapest plan at one load breaks it.
func TestMoreLoadNeverCheaper(t *testing.T) {
	cat := realCatalog(t)
	g := newRequestGen(cat, 4242)
	tried := 0
	for tried < propertyRequests() {
		req, ok := consistencyRequest(g)
		if !ok {
			continue
		}
		tried++
		low, err := advisor.Recommend(cat, req)
		if err != nil || low.Pick == nil || !low.Pick.Verdict.Meets {
			continue
		}
		more := req
		f := 1 + g.r.Float64()
		more.Workload.PeakRPS *= f
		more.Workload.RPS *= f
		high, err := advisor.Recommend(cat, more)
		if err != nil || high.Pick == nil || !high.Pick.Verdict.Meets {
			continue
		}
		if high.Pick.Total.LessThan(low.Pick.Total) {
			t.Errorf("%s at peak %.1f within %.0f ms for %v: %s (%v) at ×%.2f the load, %s (%v) at the load asked",
				req.Workload.Profile, req.Workload.PeakRPS, req.Workload.LatencyMS, req.Users,
				high.Pick.Total, placements(high.Pick), f, low.Pick.Total, placements(low.Pick))
		}
	}
}

// Ensure ruling out what the pick does not use leaves the pick as it is:
// a generated question asked again without one pricing model, provider or
// GPU that its pick does not use picks the same offers under the same
// pricing models (in whatever order) for the same total.
func TestRemovingWhatThePickDoesNotUse(t *testing.T) {
	cat := realCatalog(t)
	g := newRequestGen(cat, 5656)
	tried := 0
	for tried < propertyRequests() {
		req, ok := consistencyRequest(g)
		if !ok {
			continue
		}
		tried++
		res, err := advisor.Recommend(cat, req)
		if err != nil || res.Pick == nil || !res.Pick.Verdict.Meets {
			continue
		}
		used := map[string]bool{}
		for _, p := range res.Pick.Placements {
			used["pricing:"+string(p.Pricing)] = true
			used["provider:"+p.Provider] = true
			used["gpu:"+p.GPU] = true
		}
		less := req
		switch g.r.IntN(3) {
		case 0:
			models := req.WithDefaults(cat).Pricing // the models the question allows
			var kept []catalog.PricingModel
			for _, m := range models {
				if used["pricing:"+string(m)] || len(kept) < len(models)-1 && !slices.Contains(kept, m) && g.r.IntN(2) == 0 {
					kept = append(kept, m)
				}
			}
			if len(kept) == len(models) || len(kept) == 0 {
				continue
			}
			less.Pricing = kept
		case 1:
			less.Providers = without(g.providers, used, "provider:", req.Providers, g)
		case 2:
			if used["gpu:"] {
				continue // a CPU server: a list of GPUs would rule out every one
			}
			less.GPUs = without(g.gpus, used, "gpu:", req.GPUs, g)
		}
		if less.Providers == nil && less.GPUs == nil && len(less.Pricing) == len(req.Pricing) {
			continue
		}
		again, err := advisor.Recommend(cat, less)
		if err != nil || again.Pick == nil {
			t.Errorf("%v without what its pick does not use: %v", req.Users, err)
			continue
		}
		if a, b := placements(again.Pick), placements(res.Pick); !slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))) || !again.Pick.Total.Equal(res.Pick.Total) {
			t.Errorf("%s within %.0f ms for %v: %v (%s); without what it does not use (pricing %v, providers %d, GPUs %d): %v (%s)",
				req.Workload.Profile, req.Workload.LatencyMS, req.Users, placements(res.Pick), res.Pick.Total,
				less.Pricing, len(less.Providers), len(less.GPUs), placements(again.Pick), again.Pick.Total)
		}
	}
}

// without is the allowed list (all of them when allowed is empty) less
// one entry that the pick does not use (nil: none to leave out).
func without(all []string, used map[string]bool, prefix string, allowed []string, g *requestGen) []string {
	if len(allowed) == 0 {
		allowed = all
	}
	var unused []string
	for _, id := range allowed {
		if !used[prefix+id] {
			unused = append(unused, id)
		}
	}
	if len(unused) == 0 {
		return nil
	}
	drop := unused[g.r.IntN(len(unused))]
	return slices.DeleteFunc(slices.Clone(allowed), func(id string) bool { return id == drop })
}
