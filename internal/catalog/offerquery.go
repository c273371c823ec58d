package catalog

import (
	"cmp"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

// Units an offer's price can be stated in.
const (
	UnitHour    = "hour"     // per instance-hour
	UnitGPUHour = "gpu_hour" // per GPU-hour
	UnitMonth   = "month"    // per instance-month (HoursPerMonth hours)
)

// Units lists the price units in display order.
var Units = []string{UnitHour, UnitGPUHour, UnitMonth}

// Offer sort keys; SortPrice (ascending) is the default order.
const SortPrice = "price"

// OfferSorts lists the keys offers can be sorted by.
var OfferSorts = []string{"gpu", "gpus", "provider", "region", "instance", "vcpus", "ram", "pricing", SortPrice}

// Accelerator values of an offer filter: GPU offers or CPU servers
// (empty: both).
const (
	AcceleratorGPU = "gpu"
	AcceleratorCPU = "cpu"
)

// Accelerators lists the accelerator filter's values.
var Accelerators = []string{AcceleratorGPU, AcceleratorCPU}

// OfferFilter selects and orders offer prices. Empty GPU, Provider, Region
// ("provider:region"), Pricing, HQ (one of HQScopes: where the provider
// is headquartered) and Accelerator (GPU offers or CPU servers) mean all;
// Unit, Currency and Sort default to UnitHour, BaseCurrency and
// SortPrice. Prices per GPU-hour list GPU offers only: a CPU server has
// no GPU to divide its price by.
type OfferFilter struct {
	GPU, Provider, Region string
	Accelerator           string
	Pricing               PricingModel
	HQ                    string
	Sort                  string
	Desc                  bool
	Unit, Currency        string
}

// WithDefaults fills the unit, currency and sort the filter left out.
func (f OfferFilter) WithDefaults() OfferFilter {
	f.Unit = cmp.Or(f.Unit, UnitHour)
	f.Currency = cmp.Or(f.Currency, BaseCurrency)
	f.Sort = cmp.Or(f.Sort, SortPrice)
	return f
}

// OfferPrice is one price of one offer, stated in a filter's unit and
// currency and rounded as shown (UnitPlaces).
type OfferPrice struct {
	Offer Offer
	GPU   GPU
	// CPU is a CPU server's processor (zero for GPU offers).
	CPU     CPU
	Region  Region
	Pricing PricingModel
	Band    string // spot interruption band, when known
	Price   decimal.Decimal
	// Own is the price as its source states it, in OwnCurrency and the
	// filter's unit: Price is Own when OwnCurrency is the filter's
	// currency, else Own's USD figure at the catalog's rate.
	Own         decimal.Decimal
	OwnCurrency string
	// Setup is a monthly price's one-off setup fee in the filter's
	// currency; nil for other pricing models and where the source does
	// not say (which is not free).
	Setup  *decimal.Decimal
	Ref    Ref
	Source Source
}

// FindOffers lists the prices f selects, one per offer and pricing model,
// in f's order. A currency without a rate states prices in BaseCurrency.
func (c *Catalog) FindOffers(f OfferFilter) []OfferPrice {
	f = f.WithDefaults()
	rate := decimal.NewFromInt(1)
	if r, ok := c.Rate(f.Currency); ok {
		rate = r.PerUSD
	} else {
		f.Currency = BaseCurrency
	}
	var out []OfferPrice
	for _, o := range c.Offers {
		if !f.accelerates(o) {
			continue
		}
		if (f.GPU != "" && o.GPU != f.GPU) || (f.Provider != "" && o.Provider != f.Provider) ||
			(f.Region != "" && o.RegionKey() != f.Region) || !c.inHQScope(o.Provider, f.HQ) {
			continue
		}
		g, _ := c.GPU(o.GPU)
		cpu, _ := c.CPU(o.CPU)
		reg, _ := c.Region(o.RegionKey())
		for _, pm := range PricingModels {
			p, ok := o.Price(pm)
			if !ok || (f.Pricing != "" && f.Pricing != pm) {
				continue
			}
			row := OfferPrice{Offer: o, GPU: g, CPU: cpu, Region: reg, Pricing: pm, Ref: p.Ref, Source: c.SourceOrID(p.Source)}
			row.Price, row.Own, row.OwnCurrency = offerPriceIn(o, pm, p, f, rate)
			switch pm {
			case Spot:
				row.Band = o.Spot.Band
			case Monthly:
				row.Setup = setupIn(o.Monthly, f.Currency, rate)
			}
			out = append(out, row)
		}
	}
	c.sortOffers(out, f.Sort, f.Desc)
	return out
}

// accelerates reports whether the filter keeps an offer by what it
// computes on: its accelerator filter, and GPU offers only per GPU-hour.
func (f OfferFilter) accelerates(o Offer) bool {
	switch {
	case f.Unit == UnitGPUHour || f.Accelerator == AcceleratorGPU:
		return !o.IsCPU()
	case f.Accelerator == AcceleratorCPU:
		return o.IsCPU()
	}
	return true
}

// offerPriceIn states one price of an offer in the filter's unit and
// currency, and as its source states it (own, in its own currency): the
// two are one when the currencies match (a euro price stays the euro
// price), else the price is its USD figure converted at rate (per USD). A
// monthly price per month is the monthly price itself.
func offerPriceIn(o Offer, pm PricingModel, p Price, f OfferFilter, rate decimal.Decimal) (price, own decimal.Decimal, ownCurrency string) {
	if pm == Monthly && f.Unit == UnitMonth {
		m := o.Monthly
		own, ownCurrency = m.PerMonth.Round(UnitPlaces(f.Unit)), cmp.Or(m.Currency, BaseCurrency)
		price = m.usdPerMonth.Mul(rate).Round(UnitPlaces(f.Unit))
	} else {
		amount, cur := p.Native()
		own, ownCurrency = StatePrice(amount, o.GPUShare(), f.Unit), cur
		price = StatePrice(p.USDPerHour.Mul(rate), o.GPUShare(), f.Unit)
	}
	if ownCurrency == f.Currency {
		price = own
	}
	return price, own, ownCurrency
}

// setupIn is a monthly price's setup fee in currency, at rate (per USD)
// unless the fee is stated in it; nil when the source does not say.
func setupIn(m *MonthlyPrice, currency string, rate decimal.Decimal) *decimal.Decimal {
	if m.Setup == nil {
		return nil
	}
	fee := m.usdSetup.Mul(rate)
	if cmp.Or(m.Currency, BaseCurrency) == currency {
		fee = *m.Setup
	}
	fee = fee.Round(2)
	return &fee
}

// Partition reports whether the offer sells a share of one GPU.
func (o Offer) Partition() bool { return o.GPUFraction > 0 && o.GPUFraction < 1 }

// GPUShare is how many GPUs' worth an offer sells: its GPU count, or for a
// partition the share of one GPU it gets.
func (o Offer) GPUShare() decimal.Decimal {
	if o.Partition() {
		return decimal.NewFromFloat(o.GPUFraction)
	}
	return decimal.NewFromInt(int64(max(o.GPUCount, 1)))
}

// SourceOrID returns a source by id; an unknown or empty id is its own
// title.
func (c *Catalog) SourceOrID(id string) Source {
	if s, ok := c.Source(id); ok {
		return s
	}
	return Source{ID: id, Title: id}
}

// UnitPlaces is how many decimal places a price in unit keeps: hourly
// prices are fractions of a cent, monthly ones whole cents.
func UnitPlaces(unit string) int32 {
	if unit == UnitMonth {
		return 2
	}
	return 4
}

// StatePrice turns an instance's hourly price into unit, rounded half away
// from zero to the unit's places. Per GPU-hour divides by the GPUs' worth
// the instance sells (Offer.GPUShare): a partition's price per GPU-hour is
// what a whole GPU's worth of it costs.
func StatePrice(perHour, gpus decimal.Decimal, unit string) decimal.Decimal {
	switch unit {
	case UnitGPUHour:
		if gpus.IsPositive() {
			perHour = perHour.Div(gpus)
		}
	case UnitMonth:
		perHour = perHour.Mul(decimal.NewFromInt(HoursPerMonth))
	}
	return perHour.Round(UnitPlaces(unit))
}

// sortOffers orders prices by key, then by price, GPU, region, instance
// and pricing model, so equal keys keep a stable, useful order.
func (c *Catalog) sortOffers(rows []OfferPrice, key string, desc bool) {
	providerName := func(id string) string {
		if p, ok := c.Provider(id); ok {
			return p.Label()
		}
		return id
	}
	pricingOrder := func(p PricingModel) int { return slices.Index(PricingModels, p) }
	first := func(a, b OfferPrice) int {
		switch key {
		case "gpu":
			return strings.Compare(a.GPU.Name, b.GPU.Name)
		case "gpus":
			return cmp.Compare(a.Offer.GPUCount, b.Offer.GPUCount)
		case "provider":
			return strings.Compare(providerName(a.Offer.Provider), providerName(b.Offer.Provider))
		case "region":
			return strings.Compare(a.Offer.RegionKey(), b.Offer.RegionKey())
		case "instance":
			return strings.Compare(a.Offer.InstanceType, b.Offer.InstanceType)
		case "vcpus":
			return cmp.Compare(a.Offer.VCPUs, b.Offer.VCPUs)
		case "ram":
			return cmp.Compare(a.Offer.MemoryGiB, b.Offer.MemoryGiB)
		case "pricing":
			return cmp.Compare(pricingOrder(a.Pricing), pricingOrder(b.Pricing))
		}
		return a.Price.Cmp(b.Price)
	}
	slices.SortStableFunc(rows, func(a, b OfferPrice) int {
		if n := first(a, b); n != 0 {
			if desc {
				return -n
			}
			return n
		}
		return cmp.Or(a.Price.Cmp(b.Price), strings.Compare(a.GPU.Name, b.GPU.Name),
			strings.Compare(a.Offer.RegionKey(), b.Offer.RegionKey()),
			strings.Compare(a.Offer.InstanceType, b.Offer.InstanceType),
			cmp.Compare(pricingOrder(a.Pricing), pricingOrder(b.Pricing)))
	})
}
