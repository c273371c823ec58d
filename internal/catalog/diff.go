package catalog

import (
	"cmp"
	"slices"

	"github.com/shopspring/decimal"
)

// Diff is what changed in the offers from one catalog version to another.
type Diff struct {
	From, To string
	Added    []Offer
	Removed  []Offer
	// Changed lists offers whose first price (on-demand, else monthly) or
	// spot price moved, the largest relative move first.
	Changed []OfferChange
	// Rebanded lists the offers whose prices stayed and whose spot
	// interruption band changed.
	Rebanded  []string
	Unchanged int
	// Warnings lists the rows of the new version an operator should check
	// before activating it, in offer order.
	Warnings []DiffWarning
}

// OfferChange is one offer in both versions with different prices.
type OfferChange struct {
	Old, New Offer
	// OldPrice and NewPrice are the first price of each (USD per hour);
	// MovePct is the change in percent (+12.5 = 12.5 % dearer).
	OldPrice, NewPrice decimal.Decimal
	MovePct            decimal.Decimal
	// ByRate is whether the exchange rate alone explains the move: every
	// price is the same amount in the same currency (not USD) as before,
	// and the catalog converts it at a rate of another date.
	ByRate bool
}

// Kinds of import warning.
const (
	// WarnMove: a price moved more than MaxMovePct against the active
	// version, and no rate move explains it.
	WarnMove = "move"
	// WarnSpotLow: a spot price under MinSpotPct of on-demand.
	WarnSpotLow = "spot_low"
	// WarnVanished: an offer of the active version is not in this one.
	WarnVanished = "vanished"
	// WarnNoBenchmark: an added offer has a GPU that no offer of the
	// active version has and that no measured figure in this version
	// covers (no benchmark, no LLM serving point): answers cannot size it.
	WarnNoBenchmark = "no_benchmark"
	// WarnRepo: an LLM profile of both versions names another model
	// repository, the one launch files load: its row is the profile's,
	// its detail both repositories.
	WarnRepo = "repo"
)

// Thresholds of the import warnings, in percent.
var (
	MaxMovePct = decimal.NewFromInt(50)
	MinSpotPct = decimal.NewFromInt(15)
)

// DiffWarning flags one offer row of an import (or, for WarnRepo, one
// profile, named in Offer): Pct is the move, or the
// spot price's share of on-demand; Detail what else the warning names (a
// vanished offer's price, a GPU's name).
type DiffWarning struct {
	Offer  string
	Kind   string
	Pct    decimal.Decimal
	Detail string
}

// Arg is what a warning's sentence states: its detail, else its percent.
func (w DiffWarning) Arg() string {
	if w.Detail != "" {
		return w.Detail
	}
	return w.Pct.String()
}

// Flagged is whether activating the new version needs an explicit
// confirm: it has rows to check.
func (d Diff) Flagged() bool { return len(d.Warnings) > 0 }

var hundred = decimal.NewFromInt(100)

// DiffOffers compares the offers of two catalogs and flags the rows of the
// new one that look wrong.
func DiffOffers(from, to *Catalog) Diff {
	d := Diff{From: from.Version.ID, To: to.Version.ID}
	old := map[string]Offer{}
	offered := map[string]bool{} // the GPUs the active version offers
	for _, o := range from.Offers {
		old[o.ID()] = o
		offered[o.GPU] = true
	}
	measured := measuredGPUs(to)
	seen := map[string]bool{}
	for _, n := range to.Offers {
		seen[n.ID()] = true
		o, ok := old[n.ID()]
		switch {
		case !ok:
			d.Added = append(d.Added, n)
			if !n.IsCPU() && !offered[n.GPU] && !measured[n.GPU] {
				name := n.GPU
				if g, ok := to.GPU(n.GPU); ok {
					name = g.Name
				}
				d.Warnings = append(d.Warnings, DiffWarning{Offer: n.ID(), Kind: WarnNoBenchmark, Detail: name})
			}
		case moved(o, n):
			ch := OfferChange{Old: o, New: n, OldPrice: firstUSD(o), NewPrice: firstUSD(n), ByRate: sameNative(o, n)}
			if ch.OldPrice.IsPositive() {
				ch.MovePct = ch.NewPrice.Sub(ch.OldPrice).Div(ch.OldPrice).Mul(hundred).Round(1)
			}
			d.Changed = append(d.Changed, ch)
			if pct := largestMove(o, n); pct.Abs().GreaterThan(MaxMovePct) && !ch.ByRate {
				d.Warnings = append(d.Warnings, DiffWarning{Offer: n.ID(), Kind: WarnMove, Pct: pct})
			}
		case spotBand(o) != spotBand(n):
			d.Rebanded = append(d.Rebanded, n.ID())
			continue
		default:
			d.Unchanged++
			continue // what the active version already had is not checked again
		}
		if pct, ok := spotShare(n); ok && pct.LessThan(MinSpotPct) {
			d.Warnings = append(d.Warnings, DiffWarning{Offer: n.ID(), Kind: WarnSpotLow, Pct: pct})
		}
	}
	for _, o := range from.Offers {
		if !seen[o.ID()] {
			d.Removed = append(d.Removed, o)
			d.Warnings = append(d.Warnings, DiffWarning{Offer: o.ID(), Kind: WarnVanished, Detail: o.FirstPriceText()})
		}
	}
	d.Warnings = append(d.Warnings, repoMoves(from, to)...)
	slices.SortStableFunc(d.Changed, func(a, b OfferChange) int {
		return cmp.Or(b.MovePct.Abs().Cmp(a.MovePct.Abs()), cmp.Compare(a.New.ID(), b.New.ID()))
	})
	return d
}

// repoMoves flags the LLM profiles of both catalogs whose model
// repository changed, in to's order.
func repoMoves(from, to *Catalog) []DiffWarning {
	var out []DiffWarning
	for _, n := range to.Profiles {
		o, ok := from.Profile(n.ID)
		if ok && o.LLM != nil && n.LLM != nil && o.LLM.Repo != n.LLM.Repo {
			out = append(out, DiffWarning{Offer: n.ID, Kind: WarnRepo, Detail: o.LLM.Repo + " → " + n.LLM.Repo})
		}
	}
	return out
}

// spotBand is an offer's spot interruption band ("" without one).
func spotBand(o Offer) string {
	if o.Spot == nil {
		return ""
	}
	return o.Spot.Band
}

// measuredGPUs is the GPUs c has a measured figure for: a benchmark or an
// LLM serving point.
func measuredGPUs(c *Catalog) map[string]bool {
	out := map[string]bool{}
	for _, b := range c.Benchmarks {
		out[b.GPU] = true
	}
	for _, p := range c.Serving {
		out[p.GPU] = true
	}
	return out
}

// sameNative reports whether every price of an offer is the same amount
// in the same currency, not the base currency, in both versions: a move
// of its USD figures is then the exchange rate's.
func sameNative(o, n Offer) bool {
	for _, pm := range PricingModels {
		a, okA := o.Price(pm)
		b, okB := n.Price(pm)
		if okA != okB {
			return false
		}
		if !okA {
			continue
		}
		amtA, curA := a.Native()
		amtB, curB := b.Native()
		if curA == BaseCurrency || curA != curB || !amtA.Equal(amtB) {
			return false
		}
	}
	return true
}

// moved reports whether any price of an offer differs between versions.
func moved(o, n Offer) bool {
	for _, pm := range PricingModels {
		a, okA := o.Price(pm)
		b, okB := n.Price(pm)
		if okA != okB || !a.USDPerHour.Equal(b.USDPerHour) {
			return true
		}
	}
	return false
}

// largestMove is the largest move, in percent, of any price an offer has
// in both versions (on-demand, spot, reserved, monthly): a price list
// that moves only spot prices moves prices all the same.
func largestMove(o, n Offer) decimal.Decimal {
	var most decimal.Decimal
	for _, pm := range PricingModels {
		a, okA := o.USDPerHour(pm)
		b, okB := n.USDPerHour(pm)
		if !okA || !okB || !a.IsPositive() {
			continue
		}
		if pct := b.Sub(a).Div(a).Mul(hundred).Round(1); pct.Abs().GreaterThan(most.Abs()) {
			most = pct
		}
	}
	return most
}

// firstUSD is an offer's first price in USD per hour.
func firstUSD(o Offer) decimal.Decimal {
	p, _ := o.FirstPrice()
	return p.USDPerHour
}

// spotShare is an offer's spot price as a percentage of its on-demand one.
func spotShare(o Offer) (decimal.Decimal, bool) {
	if o.Spot == nil || o.OnDemand == nil || !o.OnDemand.USDPerHour.IsPositive() {
		return decimal.Decimal{}, false
	}
	return o.Spot.USDPerHour.Div(o.OnDemand.USDPerHour).Mul(hundred).Round(1), true
}
