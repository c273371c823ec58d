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
	// Changed lists offers whose on-demand or spot price moved, the
	// largest relative on-demand move first.
	Changed   []OfferChange
	Unchanged int
}

// OfferChange is one offer in both versions with different prices.
type OfferChange struct {
	Old, New Offer
	// MovePct is the on-demand change in percent (+12.5 = 12.5 % dearer).
	MovePct decimal.Decimal
}

// DiffOffers compares the offers of two catalogs.
func DiffOffers(from, to *Catalog) Diff {
	d := Diff{From: from.Version.ID, To: to.Version.ID}
	old := map[string]Offer{}
	for _, o := range from.Offers {
		old[o.ID()] = o
	}
	seen := map[string]bool{}
	hundred := decimal.NewFromInt(100)
	for _, n := range to.Offers {
		seen[n.ID()] = true
		o, ok := old[n.ID()]
		switch {
		case !ok:
			d.Added = append(d.Added, n)
		case !o.OnDemand.USDPerHour.Equal(n.OnDemand.USDPerHour) || !spotPrice(o).Equal(spotPrice(n)):
			move := n.OnDemand.USDPerHour.Sub(o.OnDemand.USDPerHour).Div(o.OnDemand.USDPerHour).Mul(hundred).Round(1)
			d.Changed = append(d.Changed, OfferChange{Old: o, New: n, MovePct: move})
		default:
			d.Unchanged++
		}
	}
	for _, o := range from.Offers {
		if !seen[o.ID()] {
			d.Removed = append(d.Removed, o)
		}
	}
	slices.SortStableFunc(d.Changed, func(a, b OfferChange) int {
		return cmp.Or(b.MovePct.Abs().Cmp(a.MovePct.Abs()), cmp.Compare(a.New.ID(), b.New.ID()))
	})
	return d
}

func spotPrice(o Offer) decimal.Decimal {
	if o.Spot == nil {
		return decimal.Zero
	}
	return o.Spot.USDPerHour
}
