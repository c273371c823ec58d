package advisor

import (
	"cmp"
	"math"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Billing constants.
const (
	// KBPerGB counts decimal units, as providers bill transfer.
	KBPerGB = 1e6
	// unitPricePlaces is how many decimals a converted unit price keeps;
	// amounts are then rounded to the currency's minor unit (2 for USD, EUR
	// and CNY), half away from zero.
	unitPricePlaces = 4
	amountPlaces    = 2
)

// moneyText is an amount in a sentence as the pages write money: the
// currency's symbol before the figure ("$12,827", "€940.50"), or its code
// after it for a currency without one.
func moneyText(x float64, code string) locale.Text {
	if c, ok := catalog.CurrencyOf(code); ok && c.Symbol != "" {
		return locale.New("money.symbol", c.Symbol, locale.Money(x))
	}
	return locale.New("money.code", locale.Money(x), code)
}

// billedHours is what one instance is billed for to run hours: pay-as-you-go
// bills the hours; a reserved term is paid in full, term after term.
func billedHours(pricing catalog.PricingModel, hours float64) float64 {
	if t := float64(catalog.TermHours(pricing)); t > 0 {
		return t * max(1, math.Ceil(hours/t-1e-9))
	}
	return hours
}

// tierSpan is the gigabytes of one month's volume that fall in one tier.
type tierSpan struct {
	tier catalog.EgressTier
	gb   float64
}

// spreadOverTiers splits a month's volume over marginal tiers.
func spreadOverTiers(tiers []catalog.EgressTier, gb float64) []tierSpan {
	var out []tierSpan
	for _, t := range tiers {
		if gb <= t.FromGB {
			break
		}
		hi := gb
		if t.ToGB > 0 {
			hi = min(gb, t.ToGB)
		}
		out = append(out, tierSpan{t, hi - t.FromGB})
	}
	return out
}

// pow10 holds the powers of ten a float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// toFloat is d.InexactFloat64(), the float64 nearest to d, without its
// big.Rat: a price such as 0.0875 is a coefficient below 2^53 and a power of
// ten that are both exact floats, so one correctly rounded division (or
// multiplication) gives the same nearest float.
func toFloat(d decimal.Decimal) float64 {
	exp := d.Exponent()
	if d.NumDigits() <= 15 && exp >= -22 && exp <= 22 {
		c := float64(d.CoefficientInt64())
		if exp < 0 {
			return c / pow10[-exp]
		}
		return c * pow10[exp]
	}
	return d.InexactFloat64()
}

// floatTiers is tiers with float prices, for tieredCostUSD.
func floatTiers(tiers []catalog.EgressTier) []egressTier {
	out := make([]egressTier, len(tiers))
	for i, t := range tiers {
		out[i] = egressTier{fromGB: t.FromGB, toGB: t.ToGB, usdPerGB: toFloat(t.USDPerGB)}
	}
	return out
}

// tieredCostUSD prices a month's volume on marginal tiers (a region's,
// from catalogFacts.egress), as a float for ranking.
func tieredCostUSD(tiers []egressTier, gb float64) float64 {
	// The same spans as spreadOverTiers, without building the list.
	var sum float64
	for _, t := range tiers {
		if gb <= t.fromGB {
			break
		}
		hi := gb
		if t.toGB > 0 {
			hi = min(gb, t.toGB)
		}
		sum += (hi - t.fromGB) * t.usdPerGB
	}
	return sum
}

// egressTiers returns the internet egress tiers that apply in a region;
// where the provider's are unknown, the dearest known stand in (see
// catalog.EgressTiers and the plan's risks).
func egressTiers(cat *catalog.Catalog, r *catalog.Region) []catalog.EgressTier {
	t, _ := cat.EgressTiers(*r)
	return t
}

// money converts USD figures into the request's currency (at rate per
// USD) and rounds them.
type money struct {
	rate     decimal.Decimal
	currency string
	one      bool // rate is 1 (USD)
}

// unitPrice converts a USD unit price (at a rate of 1, the product is the
// price itself: no multiplication).
func (m money) unitPrice(usd decimal.Decimal) decimal.Decimal {
	if m.one {
		return usd.Round(unitPricePlaces)
	}
	return usd.Mul(m.rate).Round(unitPricePlaces)
}

// line builds an estimate line: amount = quantity × unit price, rounded.
func (m money) line(item string, desc locale.Text, qty float64, unit string, usd decimal.Decimal) Line {
	return m.lineAt(item, desc, qty, unit, m.unitPrice(usd))
}

// lineIn builds a line from a price stated in its own currency: kept as
// stated when the request is in that currency (a euro price stays the
// euro price), else converted from its USD figure.
func (m money) lineIn(item string, desc locale.Text, qty float64, unit string, usd, native decimal.Decimal, currency string) Line {
	if currency == m.currency && currency != "" {
		return m.lineAt(item, desc, qty, unit, native.Round(unitPricePlaces))
	}
	return m.line(item, desc, qty, unit, usd)
}

func (m money) lineAt(item string, desc locale.Text, qty float64, unit string, up decimal.Decimal) Line {
	q := decimal.NewFromFloat(qty).Round(3)
	return Line{Item: item, DescriptionText: desc, Quantity: q, Unit: unit, UnitPrice: up,
		Amount: q.Mul(up).Round(amountPlaces)}
}

// appendComputeLines appends the lines billing count instances of an
// offer for billed hours each under a pricing model: by the instance-hour,
// or for a monthly price by the month plus each server's setup fee (when
// the source states one).
func (m money) appendComputeLines(lines []Line, desc locale.Text, o *catalog.Offer, pricing catalog.PricingModel, count int, billed float64, usd decimal.Decimal) []Line {
	if pricing != catalog.Monthly {
		p, _ := o.Price(pricing)
		native, cur := p.Native()
		return append(lines, m.lineIn("compute", desc, float64(count)*billed, "hour", usd, native, cur))
	}
	mp := o.Monthly
	cur := cmp.Or(mp.Currency, catalog.BaseCurrency)
	lines = append(lines, m.lineIn("compute", desc, float64(count)*billed/catalog.HoursPerMonth, "month", mp.USDPerMonth(), mp.PerMonth, cur))
	if setup, ok := mp.USDSetup(); ok && setup.IsPositive() {
		lines = append(lines, m.lineIn("setup", locale.New("line.setup", o.InstanceType), float64(count), "server", setup, *mp.Setup, cur))
	}
	return lines
}

// setupUSD is what count servers of an offer pay once under a pricing
// model: the setup fee of a monthly price, where stated.
func setupUSD(o *catalog.Offer, pricing catalog.PricingModel, count int) float64 {
	if pricing != catalog.Monthly {
		return 0
	}
	if s, ok := o.Monthly.USDSetup(); ok {
		return float64(count) * toFloat(s)
	}
	return 0
}

// sum adds up the lines' amounts.
func sum(lines []Line) decimal.Decimal {
	total := decimal.Zero
	for _, l := range lines {
		total = total.Add(l.Amount)
	}
	return total
}
