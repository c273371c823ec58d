package catalog

import "github.com/shopspring/decimal"

// PricingModel is how an offer is billed.
type PricingModel string

// Pricing models an offer may be billed under.
const (
	OnDemand   PricingModel = "on_demand"
	Spot       PricingModel = "spot"
	Reserved1Y PricingModel = "reserved_1y"
	Reserved3Y PricingModel = "reserved_3y"
	// Monthly bills whole months of a rented server plus a setup fee.
	Monthly PricingModel = "monthly"
)

// PricingModels lists every pricing model, in display order.
var PricingModels = []PricingModel{OnDemand, Spot, Reserved1Y, Reserved3Y, Monthly}

// PricingModelNames are the pricing models as requests write them, in
// display order.
func PricingModelNames() []string {
	out := make([]string, len(PricingModels))
	for i, m := range PricingModels {
		out[i] = string(m)
	}
	return out
}

// Billing hours: a month is a twelfth of a 365-day year.
const (
	HoursPerYear  = 8760
	HoursPerMonth = HoursPerYear / 12
)

// Price returns the offer's price per instance-hour under a pricing model,
// and false when the offer has no price under it. A monthly price is
// stated per hour of its month (per month ÷ HoursPerMonth), for ranking and
// tables; it is billed by TermHours. A spot price the catalog marks as an
// outlier (SpotOutlier) is still returned: whether to plan with it is the
// caller's choice.
func (o *Offer) Price(pricing PricingModel) (Price, bool) {
	switch pricing {
	case OnDemand:
		if o.OnDemand != nil {
			return *o.OnDemand, true
		}
	case Monthly:
		if m := o.Monthly; m != nil {
			p := Price{USDPerHour: m.usdPerHour, Ref: m.Ref}
			if m.Currency != "" && m.Currency != BaseCurrency {
				p.PerHour, p.Currency = m.perHour, m.Currency
			}
			return p, true
		}
	case Spot:
		if o.Spot != nil {
			return o.Spot.Price, true
		}
	case Reserved1Y:
		if o.Reserved1Y != nil {
			return *o.Reserved1Y, true
		}
	case Reserved3Y:
		if o.Reserved3Y != nil {
			return *o.Reserved3Y, true
		}
	}
	return Price{}, false
}

// USDPerHour is Price(pricing).USDPerHour, without copying the price's
// source: the advisor reads it for every offer it weighs.
func (o *Offer) USDPerHour(pricing PricingModel) (decimal.Decimal, bool) {
	switch pricing {
	case OnDemand:
		if o.OnDemand != nil {
			return o.OnDemand.USDPerHour, true
		}
	case Monthly:
		if o.Monthly != nil {
			return o.Monthly.usdPerHour, true
		}
	case Spot:
		if o.Spot != nil {
			return o.Spot.USDPerHour, true
		}
	case Reserved1Y:
		if o.Reserved1Y != nil {
			return o.Reserved1Y.USDPerHour, true
		}
	case Reserved3Y:
		if o.Reserved3Y != nil {
			return o.Reserved3Y.USDPerHour, true
		}
	}
	return decimal.Decimal{}, false
}

// TermHours is the length of a pricing model's commitment: a reserved term
// is paid in full; pay-as-you-go models have none (0).
func TermHours(pricing PricingModel) int {
	switch pricing {
	case Reserved1Y:
		return HoursPerYear
	case Reserved3Y:
		return 3 * HoursPerYear
	case Monthly:
		return HoursPerMonth
	}
	return 0
}

// FirstPrice returns the offer's first price in PricingModels order: the
// on-demand price where it has one.
func (o Offer) FirstPrice() (Price, PricingModel) {
	for _, pm := range PricingModels {
		if p, ok := o.Price(pm); ok {
			return p, pm
		}
	}
	return Price{}, ""
}
