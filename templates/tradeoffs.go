package templates

import (
	"cmp"
	"context"
	"net/url"
	"slices"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// TradeOff is a link to the same question asked for another goal: the
// cheapest, the fastest, the one without spot.
type TradeOff struct {
	Label, URL string
}

// TradeOffs are the questions worth a click from this answer: ranked by
// cost, by latency (or duration), and without spot capacity where the
// answer allows it — each only where it asks something else.
func TradeOffs(ctx context.Context, r *advisor.Result, query string) []TradeOff {
	q, err := url.ParseQuery(query)
	if err != nil || r.Pick == nil {
		return nil
	}
	var out []TradeOff
	link := func(key string, set func(url.Values)) {
		v := url.Values{}
		for k, vs := range q {
			v[k] = slices.Clone(vs)
		}
		set(v)
		if lang := locale.LinkLang(ctx); lang != "" {
			v.Set("lang", lang)
		}
		out = append(out, TradeOff{Label: locale.T(ctx, key), URL: "/advice?" + v.Encode()})
	}
	objective := cmp.Or(r.Request.Objective, advisor.DefaultObjective)
	if objective != advisor.ObjectiveCost {
		link("trade.link.cheapest", func(v url.Values) { v.Set("objective", advisor.ObjectiveCost) })
	}
	if objective != advisor.ObjectiveLatency {
		key := "trade.link.fastest"
		if r.Request.Workload.Kind == catalog.KindTraining {
			key = "trade.link.quickest"
		}
		link(key, func(v url.Values) { v.Set("objective", advisor.ObjectiveLatency) })
	}
	if slices.Contains(r.Request.Pricing, catalog.Spot) {
		var safer []string
		for _, p := range r.Request.Pricing {
			if p != catalog.Spot {
				safer = append(safer, string(p))
			}
		}
		if len(safer) > 0 {
			link("trade.link.no_spot", func(v url.Values) { v.Set("pricing", strings.Join(safer, ",")) })
		}
	}
	return out
}
