package catalog

import "github.com/shopspring/decimal"

// Some providers do not publish an egress or storage price the catalog
// has. Such a price is never read as free: a plan that needs it is priced
// at the dearest price the catalog knows, an upper bound, and says so.

// fallbackGB is the monthly volume the dearest egress is judged at.
const fallbackGB = 10 * 1024

// Fallback says which known price stands in for an unknown one.
type Fallback struct {
	// Provider is the provider whose price stands in.
	Provider string
	Egress   []EgressTier
	Storage  decimal.Decimal
	// StorageProvider is the provider whose storage price stands in.
	StorageProvider string
}

// indexFallbacks finds the dearest known egress (at fallbackGB a month)
// and storage prices.
func (c *Catalog) indexFallbacks() {
	best := -1.0
	for _, p := range c.Providers {
		if len(p.Egress) > 0 {
			if cost := tierCost(p.Egress, fallbackGB); cost > best {
				best, c.fallback.Provider, c.fallback.Egress = cost, p.ID, p.Egress
			}
		}
		if s := p.StorageUSDPerGBMonth; s != nil && s.GreaterThan(c.fallback.Storage) {
			c.fallback.Storage, c.fallback.StorageProvider = *s, p.ID
		}
	}
}

func tierCost(tiers []EgressTier, gb float64) float64 {
	sum := 0.0
	for _, t := range tiers {
		if gb <= t.FromGB {
			break
		}
		hi := gb
		if t.ToGB > 0 {
			hi = min(gb, t.ToGB)
		}
		sum += (hi - t.FromGB) * t.USDPerGB.InexactFloat64()
	}
	return sum
}

// EgressTiers returns the internet egress tiers of a region: its own, else
// its provider's. When the provider's are unknown it returns the dearest
// provider's tiers and false.
func (c *Catalog) EgressTiers(r Region) ([]EgressTier, bool) {
	if r.Egress != nil {
		return r.Egress, true
	}
	p, _ := c.Provider(r.Provider)
	if len(p.Egress) > 0 {
		return p.Egress, true
	}
	return c.fallback.Egress, false
}

// StoragePrice returns a provider's object storage price per GB-month; when
// it is unknown, the dearest known price and false.
func (c *Catalog) StoragePrice(provider string) (decimal.Decimal, bool) {
	p, _ := c.Provider(provider)
	if p.StorageUSDPerGBMonth != nil {
		return *p.StorageUSDPerGBMonth, true
	}
	return c.fallback.Storage, false
}

// Fallbacks returns the known prices that stand in for unknown ones.
func (c *Catalog) Fallbacks() Fallback { return c.fallback }
