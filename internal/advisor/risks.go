package advisor

import (
	"slices"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// risks lists the caveats of a plan a buyer must see: spot interruptions
// and capacity loss, a price the source lists without confirmed capacity,
// a spot price left out as an outlier, and estimated figures the plan
// rests on. Each is said once.
func (e *engine) risks(p *plan) []Risk {
	out := []Risk{}
	add := func(kind string, t locale.Text) {
		if !slices.ContainsFunc(out, func(r Risk) bool { return r.Message.Equal(t) }) {
			out = append(out, Risk{Kind: kind, Message: t})
		}
	}
	training := e.req.Workload.Kind == catalog.KindTraining
	for _, pl := range p.places {
		o := pl.u.offer
		if pl.pricing == catalog.Spot {
			band, _ := spotBand(e.cat, o)
			if training {
				add(RiskSpot, locale.New("risk.spot.training", o.InstanceType, o.Region, band, locale.Count(p.interruptions), e.checkpointNote()))
			} else {
				add(RiskSpot, locale.New(counted("risk.spot.inference", pl.spares), o.InstanceType, o.Region, band, pl.spares, locale.Hours(pl.fallbackHours)))
			}
		}
		if o.Spot != nil && o.SpotOutlier() != "" && allowed(e.req.Pricing, catalog.Spot) {
			add(RiskPriceOutlier, locale.New("risk.price_outlier", o.InstanceType, o.Region, o.SpotOutlier()))
		}
		if o.ListedOnly {
			add(RiskCapacity, locale.New("risk.capacity", providerName(e.cat, o.Provider), o.InstanceType, o.Region))
		}
		if th := pl.u.perf.info; th.Estimated {
			add(RiskEstimate, locale.New("risk.estimate.throughput", pl.u.gpu.Name, th.Method))
		}
		if ref := priceRef(o, pl.pricing); ref.Estimated {
			add(RiskEstimate, locale.New("risk.estimate.price", o.InstanceType, o.Region, ref.Method))
		}
		e.unknownPriceRisks(p, pl, add)
	}
	return out
}

// unknownPriceRisks says where a plan pays a price its provider does not
// publish (the catalog's dearest known stands in) or a setup fee the
// source leaves open.
func (e *engine) unknownPriceRisks(p *plan, pl place, add func(string, locale.Text)) {
	o := pl.u.offer
	fb := e.cat.Fallbacks()
	if _, known := e.cat.EgressTiers(*pl.u.region); !known && pl.monthlyGB > 0 {
		add(RiskUnknownPrice, locale.New("risk.unknown.egress", providerName(e.cat, o.Provider), providerName(e.cat, fb.Provider)))
	}
	if _, known := e.cat.StoragePrice(o.Provider); !known && p.storageGBMonths > 0 {
		add(RiskUnknownPrice, locale.New("risk.unknown.storage", providerName(e.cat, o.Provider), providerName(e.cat, fb.StorageProvider)))
	}
	if pl.pricing == catalog.Monthly {
		if _, stated := o.Monthly.USDSetup(); !stated {
			add(RiskUnknownPrice, locale.New("risk.unknown.setup", o.InstanceType, providerName(e.cat, o.Provider)))
		}
	}
}
