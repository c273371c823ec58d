package catalog

import "github.com/shopspring/decimal"

// usdPlaces is how many decimals a price converted into USD keeps.
const usdPlaces = 6

// statePricesInUSD gives every price stated in another currency its USD
// figure at the catalog's rate (per USD). A currency without a rate is
// left for validation to report.
func (c *Catalog) statePricesInUSD() {
	rates := map[string]decimal.Decimal{}
	for _, r := range c.Currencies {
		if r.PerUSD.IsPositive() {
			rates[r.Code] = r.PerUSD
		}
	}
	inUSD := func(amount decimal.Decimal, currency string) decimal.Decimal {
		if currency == "" || currency == BaseCurrency {
			return amount
		}
		if r, ok := rates[currency]; ok {
			return amount.Div(r).Round(usdPlaces)
		}
		return decimal.Zero
	}
	hourly := func(p *Price) {
		if p != nil && p.Currency != "" && p.Currency != BaseCurrency {
			p.USDPerHour = inUSD(p.PerHour, p.Currency)
		}
	}
	for i := range c.Offers {
		o := &c.Offers[i]
		hourly(o.OnDemand)
		hourly(o.Reserved1Y)
		hourly(o.Reserved3Y)
		if o.Spot != nil {
			hourly(&o.Spot.Price)
		}
		if m := o.Monthly; m != nil {
			m.usdPerMonth = inUSD(m.PerMonth, m.Currency)
			hours := decimal.NewFromInt(HoursPerMonth)
			m.usdPerHour, m.perHour = m.usdPerMonth.Div(hours), m.PerMonth.Div(hours)
			if m.Setup != nil {
				m.usdSetup = inUSD(*m.Setup, m.Currency)
			}
		}
	}
}
