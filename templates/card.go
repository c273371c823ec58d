package templates

import (
	"context"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// PlacesLabel names an option's placements on one line: each region as
// the card names it with its instance type, joined by " + ".
func (v AdviceView) PlacesLabel(ctx context.Context, ps []advisor.Placement) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = locale.Tf(ctx, "results.cheapest.place", v.PlacementRegion(p), p.InstanceType)
	}
	return strings.Join(names, " + ")
}

// cheapestKey is the message of the card's line on the cheapest answer:
// the cheapest meeting the target, or, where the question set none, the
// cheapest.
func cheapestKey(o *advisor.Option) string {
	if o.Verdict.Target == "" {
		return "results.cheapest_any"
	}
	return "results.cheapest_meeting"
}

// BuyOrHostLine is the card's line on buying tokens or hosting: the
// hosted and the cheapest API's price of a million tokens, which costs
// less and by how much, and, where the API does, whether hosting ever
// costs less.
func BuyOrHostLine(ctx context.Context, currency string, b *advisor.BuyOrHost) string {
	line := locale.Tf(ctx, "results.buy_or_host."+b.Cheaper, catalog.MoneyOf(b.HostedPer1MTokens, currency).PerMillion(), locale.Percent(b.LessPct),
		apiName(ctx, b), catalog.MoneyOf(b.APIPer1MTokens, currency).PerMillion())
	switch {
	case b.HostingNever:
		line = locale.Tf(ctx, "word.join", line, locale.T(ctx, "results.buy_or_host.never"))
	case b.HostingFromTokensPerMonth != nil:
		line = locale.Tf(ctx, "word.join", line, locale.Tf(ctx, "results.buy_or_host.from", locale.From(ctx).Large(*b.HostingFromTokensPerMonth)))
	}
	return line
}

// apiName names the cheapest token API, with the precision it serves the
// model in where that is fewer bits than its weights.
func apiName(ctx context.Context, b *advisor.BuyOrHost) string {
	if b.APIQuantised {
		return locale.Tf(ctx, "results.buy_or_host.quantised", b.APIProvider)
	}
	return b.APIProvider
}
