package catalog

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

func (v *validator) egress(c collector, item, field string, tiers []EgressTier) {
	if len(tiers) == 0 {
		c.add(item, field, "at least one tier is required")
		return
	}
	next := 0.0
	for j, t := range tiers {
		f := fmt.Sprintf("%s[%d]", field, j)
		if t.FromGB != next {
			c.add(item, f+".from_gb", "tiers must be contiguous from 0: expected %v, got %v", next, t.FromGB)
		}
		last := j == len(tiers)-1
		switch {
		case last && t.ToGB != 0:
			c.add(item, f+".to_gb", "the last tier must be open-ended (0)")
		case !last && t.ToGB <= t.FromGB:
			c.add(item, f+".to_gb", "must be above from_gb %v, got %v", t.FromGB, t.ToGB)
		}
		if t.USDPerGB.IsNegative() {
			c.add(item, f+".usd_per_gb", "must not be negative, got %s", t.USDPerGB)
		}
		next = t.ToGB
	}
}

func (v *validator) providers() {
	c := v.col("providers")
	v.providerIDs = map[string]bool{}
	for i, p := range v.c.Providers {
		item := itemName("providers", i, p.ID)
		unique(c, v.providerIDs, item, "id", p.ID)
		if p.Name == "" {
			c.add(item, "name", "required")
		}
		if !v.countryIDs[p.HQCountry] {
			c.add(item, "hq_country", "unknown headquarters country %q", p.HQCountry)
		}
		v.ref(c, item, "hq_ref", p.HQRef)
		if p.AccountRef != nil {
			v.ref(c, item, "account_ref", *p.AccountRef)
		}
		if !slices.Contains(ProviderKinds, p.Kind) {
			c.add(item, "kind", "must be one of %v, got %q", ProviderKinds, p.Kind)
		}
		if len(p.Egress) > 0 || !p.EgressRef.Estimated {
			// No tiers is an unknown price, which its source must say.
			v.egress(c, item, "egress", p.Egress)
		}
		v.ref(c, item, "egress_ref", p.EgressRef)
		if p.InterRegionUSDPerGB.IsNegative() {
			c.add(item, "inter_region_usd_per_gb", "must not be negative")
		}
		if p.InterRegionRef != nil {
			v.ref(c, item, "inter_region_ref", *p.InterRegionRef)
		}
		if p.StorageUSDPerGBMonth != nil && p.StorageUSDPerGBMonth.IsNegative() {
			c.add(item, "storage_usd_per_gb_month", "must not be negative")
		}
		v.ref(c, item, "storage_ref", p.StorageRef)
		for j, q := range p.Quotas {
			f := fmt.Sprintf("quotas[%d]", j)
			if !slices.Contains([]string{QuotaVCPUs, QuotaInstances}, q.Unit) {
				c.add(item, f+".unit", "must be %q or %q, got %q", QuotaVCPUs, QuotaInstances, q.Unit)
			}
			if !slices.Contains([]string{QuotaAccountRegion, QuotaOrganization}, q.Scope) {
				c.add(item, f+".scope", "must be %q or %q, got %q", QuotaAccountRegion, QuotaOrganization, q.Scope)
			}
			for _, pm := range q.Pricing {
				if !slices.Contains(PricingModels, pm) {
					c.add(item, f+".pricing", "unknown pricing model %q", pm)
				}
			}
			if q.Limit < 0 || len(q.InstanceTypes)+len(q.Prefixes) == 0 {
				c.add(item, f, "needs a limit of 0 or more and the instance types or prefixes it covers")
			}
			v.ref(c, item, f, q.Ref)
		}
		if p.DefaultSpotBand != "" {
			if !spotBands[p.DefaultSpotBand] {
				c.add(item, "default_spot_band", "unknown band %q", p.DefaultSpotBand)
			}
			v.ref(c, item, "spot_band_ref", p.SpotBandRef)
		}
	}
}

func (v *validator) regions() {
	c := v.col("regions")
	v.regionIDs = map[string]bool{}
	metroCountry := map[string]string{}
	for _, m := range v.c.Metros {
		metroCountry[m.ID] = m.Country
	}
	for i, r := range v.c.Regions {
		item := itemName("regions", i, r.Key())
		unique(c, v.regionIDs, item, "id", r.Key())
		if !v.providerIDs[r.Provider] {
			c.add(item, "provider", "unknown provider %q", r.Provider)
		}
		if !v.metroIDs[r.Metro] {
			c.add(item, "metro", "unknown metro %q", r.Metro)
		}
		if !v.countryIDs[r.Country] {
			c.add(item, "country", "unknown country %q", r.Country)
		} else if mc, ok := metroCountry[r.Metro]; ok && mc != r.Country {
			c.add(item, "country", "region is in %s but its metro %s is in %s", r.Country, r.Metro, mc)
		}
		v.regionPlaces(c, item, r)
		if r.Egress != nil {
			v.egress(c, item, "egress", r.Egress)
			if r.EgressRef == nil {
				c.add(item, "egress_ref", "region egress prices need a source")
			} else {
				v.ref(c, item, "egress_ref", *r.EgressRef)
			}
		}
		v.ref(c, item, "", r.Ref)
	}
}

// regionPlaces checks where a region whose city is not stated may be: its
// places are known metros, its area known zones, and a region whose
// country is not stated says its area.
func (v *validator) regionPlaces(c collector, item string, r Region) {
	for _, m := range r.Places {
		if !v.metroIDs[m] {
			c.add(item, "places", "unknown metro %q", m)
		}
	}
	if r.CountryAssumed && r.Area == "" && len(r.Places) == 0 {
		c.add(item, "area", "a region whose country is not stated needs the area or places it may be in")
	}
	if r.Area == "" || r.Area == AreaGlobal {
		return
	}
	for _, z := range strings.Split(r.Area, ",") {
		if !slices.Contains(Zones, z) {
			c.add(item, "area", "unknown zone %q (zones: %s, or %s)", z, strings.Join(Zones, ", "), AreaGlobal)
		}
	}
}

func (v *validator) offers() {
	c := v.col("offers")
	seen := map[string]bool{}
	for i, o := range v.c.Offers {
		item := itemName("offers", i, o.ID())
		unique(c, seen, item, "instance_type", o.ID())
		if !v.regionIDs[o.RegionKey()] {
			c.add(item, "region", "unknown region %q", o.RegionKey())
		}
		v.offerDevice(c, item, o)
		if o.SourceQuality != "" && o.SourceQuality != QualityPrimary && o.SourceQuality != QualitySecondary {
			c.add(item, "source_quality", "must be primary, secondary or empty, got %q", o.SourceQuality)
		}
		v.fabric(c, item, o)
		v.offerPrices(c, item, o)
	}
}

// fraction checks the share of a partitioned GPU: within (0, 1], on an
// offer of one GPU.
func (v *validator) fraction(c collector, item string, o Offer) {
	f := o.GPUFraction
	switch {
	case f == 0:
	case !(f > 0 && f <= 1):
		c.add(item, "gpu_fraction", "must be within (0, 1], got %v", f)
	case f < 1 && o.GPUCount != 1:
		c.add(item, "gpu_fraction", "a partition is of one GPU: gpu_count must be 1, got %d", o.GPUCount)
	}
}

// offerPrices checks an offer's prices: an hourly on-demand price or a
// monthly one at least, and no discounted price above on-demand.
func (v *validator) offerPrices(c collector, item string, o Offer) {
	if o.OnDemand == nil && o.Monthly == nil {
		c.add(item, "on_demand", "an offer needs an on-demand or a monthly price")
	}
	if o.OnDemand != nil {
		v.price(c, item, "on_demand", *o.OnDemand)
	}
	if o.Monthly != nil {
		v.monthly(c, item, *o.Monthly)
	}
	above := func(field string, p Price) {
		if o.OnDemand != nil && p.USDPerHour.GreaterThan(o.OnDemand.USDPerHour) {
			c.add(item, field, "%s is above on-demand %s", p.USDPerHour, o.OnDemand.USDPerHour)
		}
	}
	if s := o.Spot; s != nil {
		v.price(c, item, "spot", s.Price)
		above("spot.usd_per_hour", s.Price)
		if s.Band != "" && !spotBands[s.Band] {
			c.add(item, "spot.band", "unknown band %q", s.Band)
		}
		if s.BandRef != nil {
			v.ref(c, item, "spot.band_ref", *s.BandRef)
		}
	}
	for _, r := range []struct {
		field string
		p     *Price
	}{{"reserved_1y", o.Reserved1Y}, {"reserved_3y", o.Reserved3Y}} {
		if r.p != nil {
			v.price(c, item, r.field, *r.p)
			above(r.field+".usd_per_hour", *r.p)
		}
	}
}

// monthly checks a monthly price: positive, with its setup fee stated
// (null when the source does not say) and a currency the catalog rates.
func (v *validator) monthly(c collector, item string, m MonthlyPrice) {
	if !m.PerMonth.IsPositive() {
		c.add(item, "monthly.per_month", "must be > 0, got %s", m.PerMonth)
	}
	switch {
	case !m.setupStated:
		c.add(item, "monthly.setup", "required: the one-off setup fee, 0 when there is none, or null when the source does not say")
	case m.Setup != nil && m.Setup.IsNegative():
		c.add(item, "monthly.setup", "must not be negative, got %s", m.Setup)
	}
	v.currency(c, item, "monthly.currency", m.Currency)
	v.ref(c, item, "monthly", m.Ref)
}

// currency checks the currency a figure is stated in: empty (USD) or one
// the catalog has a rate for.
func (v *validator) currency(c collector, item, field, code string) {
	if code == "" {
		return
	}
	if _, ok := v.rates[code]; !ok {
		c.add(item, field, "no rate for currency %q in currencies", code)
	}
}

var (
	interconnects = map[string]bool{"": true, InterconnectNVLink: true, InterconnectNVSwitch: true, InterconnectPCIe: true, InterconnectSingle: true}
	networks      = map[string]bool{"": true, NetworkEFA: true, NetworkInfiniBand: true, NetworkGPUDirect: true, NetworkEthernet: true}
)

// fabric checks an offer's interconnect and network and their source.
func (v *validator) fabric(c collector, item string, o Offer) {
	if !interconnects[o.Interconnect] {
		c.add(item, "interconnect", "must be one of nvlink, nvswitch, pcie, single or empty, got %q", o.Interconnect)
	}
	if !networks[o.Network] {
		c.add(item, "network", "must be one of efa, infiniband, gpudirect, ethernet or empty, got %q", o.Network)
	}
	if o.NetworkGbps < 0 || o.NetworkGbps != o.NetworkGbps {
		c.add(item, "network_gbps", "must not be negative, got %v", o.NetworkGbps)
	}
	switch {
	case o.FabricRef != nil:
		v.ref(c, item, "fabric_ref", *o.FabricRef)
	case o.Interconnect != "" || o.Network != "":
		c.add(item, "fabric_ref", "an interconnect or network needs its source")
	}
}

func (v *validator) price(c collector, item, field string, p Price) {
	switch {
	case p.Currency == "" || p.Currency == BaseCurrency:
		if !p.USDPerHour.IsPositive() {
			c.add(item, field+".usd_per_hour", "must be > 0, got %s", p.USDPerHour)
		}
		if !p.PerHour.IsZero() {
			c.add(item, field+".per_hour", "a USD price is usd_per_hour; per_hour is for other currencies")
		}
	default:
		v.currency(c, item, field+".currency", p.Currency)
		if !p.PerHour.IsPositive() {
			c.add(item, field+".per_hour", "must be > 0, got %s", p.PerHour)
		}
	}
	v.ref(c, item, field, p.Ref)
}

func (v *validator) currencies() {
	c := v.col("currencies")
	seen := map[string]bool{}
	for i, r := range v.c.Currencies {
		item := itemName("currencies", i, r.Code)
		unique(c, seen, item, "code", r.Code)
		if !isCurrency(r.Code) {
			c.add(item, "code", "unknown currency %q (known: %v)", r.Code, Currencies)
		}
		if !r.PerUSD.IsPositive() {
			c.add(item, "per_usd", "must be > 0, got %s", r.PerUSD)
		}
		if r.Code == "USD" && !r.PerUSD.Equal(decimal.NewFromInt(1)) {
			c.add(item, "per_usd", "USD is the base currency: its rate must be 1")
		}
		v.ref(c, item, "", r.Ref)
	}
	// The base currency is required; a request in a currency the catalog
	// has no rate for is told so (older catalogs lack the newer currencies).
	if !seen[BaseCurrency] {
		c.add("currencies", "", "no rate for %s", BaseCurrency)
	}
}

func isCurrency(code string) bool {
	_, ok := CurrencyOf(code)
	return ok
}
