package advisor

import (
	"slices"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// risks lists the caveats of a plan a buyer must see: spot interruptions
// and capacity loss, a price the source lists without confirmed capacity,
// a spot price left out as an outlier, and estimated figures the plan
// rests on. Each is said once.
func (e *engine) risks(p *plan) []Risk {
	out := []Risk{}
	addRisk := func(r Risk) {
		if !slices.ContainsFunc(out, func(o Risk) bool { return o.Message.Equal(r.Message) }) {
			out = append(out, r)
		}
	}
	add := func(kind string, t locale.Text) { addRisk(Risk{Kind: kind, Message: t}) }
	training := e.req.Workload.Kind == catalog.KindTraining
	for _, pl := range p.places {
		o := pl.u.offer
		if pl.pricing == catalog.Spot {
			band, _ := spotBand(e.cat, o)
			if training {
				add(RiskSpot, locale.New("risk.spot.training", o.InstanceType, regionWord(pl.u.region), band, locale.Count(p.interruptions), e.checkpointNote()))
			} else {
				add(RiskSpot, locale.New(counted("risk.spot.inference", pl.spares), o.InstanceType, regionWord(pl.u.region), band, pl.spares, locale.Hours(pl.fallbackHours)))
			}
		}
		if o.Spot != nil && o.SpotOutlier() != "" && allowed(e.req.Pricing, catalog.Spot) {
			add(RiskPriceOutlier, locale.New("risk.price_outlier", o.InstanceType, regionWord(pl.u.region), o.SpotOutlier()))
		}
		if o.ListedOnly {
			add(RiskCapacity, locale.New(counted("risk.capacity.listed", pl.count), providerName(e.cat, o.Provider), o.InstanceType, regionWord(pl.u.region), pl.count))
		}
		if sv := pl.u.serving; sv != nil {
			e.servingRisks(pl, sv, add)
		} else {
			e.estimateRisks(p, pl, add)
		}
		if ref := priceRef(o, pl.pricing); ref.Estimated {
			add(RiskEstimate, locale.New("risk.estimate.price", o.InstanceType, regionWord(pl.u.region), buyerMethod(ref.Method)))
		}
		e.unknownPriceRisks(p, pl, add)
		e.staleRisks(pl, add)
	}
	e.regulatoryRisks(p, addRisk)
	e.capacityRisks(p, add)
	return out
}

// staleRisks says where a place's price, or the exchange rate it is
// converted at, is older than catalog.StaleMonths at the catalog's date.
func (e *engine) staleRisks(pl place, add func(string, locale.Text)) {
	o := pl.u.offer
	p, _ := o.Price(pl.pricing)
	if e.cat.Stale(p.Date) {
		add(RiskStaleData, locale.New("risk.stale.price", locale.Word("pricing."+string(pl.pricing)), o.InstanceType, regionWord(pl.u.region), p.Date, catalog.StaleMonths))
	}
	for _, code := range [2]string{p.Currency, e.req.Currency} {
		if r, ok := e.cat.Rate(code); ok && code != catalog.BaseCurrency && e.cat.Stale(r.Date) {
			add(RiskStaleData, locale.New("risk.stale.rate", code, r.Date, catalog.StaleMonths))
		}
	}
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

// servingRisks are the caveats of an LLM place: the serving model's error
// for its GPU family (or that none was validated), a peak load within that
// error of what the replicas serve, and what a precision below the
// profile's default costs in accuracy (see qualityRisk).
func (e *engine) servingRisks(pl place, s *llmServing, add func(string, locale.Text)) {
	g := pl.u.gpu.Name
	if s.validated {
		add(RiskEstimate, locale.New("risk.serving", g, engineName(s.engine()), locale.Pct(s.err.MedianPct), s.err.Points))
	} else {
		add(RiskEstimate, locale.New("risk.serving.unvalidated", g, engineName(s.engine()), locale.Pct(s.err.MedianPct)))
	}
	w := e.req.Workload
	peak := w.PeakRPS * pl.share * float64(w.OutputTokens)
	capacity := float64(pl.count) * pl.u.nodeTput
	if peak > 0 && capacity/peak-1 < s.err.MedianPct/100 {
		add(RiskEstimate, locale.New("risk.serving.margin", regionWord(pl.u.region), locale.Pct(100*peak/capacity), locale.Pct(s.err.MedianPct)))
	}
	e.qualityRisk(s.precision, add)
}

// estimateRisks says what an estimated figure behind a place is: its
// method and the error that method showed on the measured figures it was
// checked on, or that it is unvalidated; and, for training by a deadline,
// how the deadline holds at the edge of that error (or how much margin an
// unvalidated estimate leaves).
func (e *engine) estimateRisks(p *plan, pl place, add func(string, locale.Text)) {
	g := pl.u.deviceWord()
	f := pl.u.perf.figure
	switch c := pl.u.cpuServing; {
	case c != nil:
		add(RiskEstimate, locale.New("risk.cpu.estimate", g, len(c.Basis), c.Points, locale.Pct(c.ErrorPct), locale.Pct(c.WorstPct), c.FewestCores))
	case !f.Estimated:
	case f.Via == "":
		add(RiskEstimate, locale.New("risk.estimate.throughput", g, f.Method))
	case f.Unvalidated && f.HeldOut == 0:
		add(RiskEstimate, locale.New("risk.estimate.unchecked", g, f.Method))
	case f.Unvalidated:
		add(RiskEstimate, locale.New("risk.estimate.unvalidated", g, f.Method, f.HeldOut))
	default:
		add(RiskEstimate, locale.New("risk.estimate.band", g, f.Method, f.HeldOut, locale.Pct(f.ErrorPct), locale.Pct(f.WorstPct)))
	}
	if d := e.req.Workload.DeadlineHours; d > 0 && f.Estimated && f.Via != "" {
		if f.Unvalidated {
			add(RiskEstimate, locale.New("risk.estimate.deadline.unvalidated", locale.F1(p.hours), locale.Short(d), locale.Pct(100*(d-p.hours)/d)))
		} else {
			add(RiskEstimate, locale.New("risk.estimate.deadline", locale.Pct(f.ErrorPct), locale.F1(p.edgeHours), locale.Short(d)))
		}
	}
	if c := pl.u.cpuServing; c != nil && c.WorkerCores > pl.u.cores {
		add(RiskEstimate, locale.New(counted("risk.cpu.cores", pl.u.cores), pl.u.offer.InstanceType, pl.u.cores, c.WorkerCores, locale.F1(pl.u.computeMS),
			locale.F1(c.ServiceMS), locale.F1(float64(c.WorkerCores)/float64(pl.u.cores))))
	}
	if s := pl.u.service; s != nil && s.Estimated && s.Via != "" && pl.u.cpu == nil { // a CPU's comes with its throughput's method
		if s.Unvalidated {
			add(RiskEstimate, locale.New("risk.estimate.latency.unvalidated", g, s.Method))
		} else {
			add(RiskEstimate, locale.New("risk.estimate.latency", g, s.Method, locale.Pct(s.ErrorPct), s.HeldOut))
		}
	}
}

// currencyAssumed begins the method of a price whose source states no
// currency, before the currency the catalog reads it in.
const currencyAssumed = "currency not stated by the source; assumed "

// buyerMethod says a price's method as a buyer reads it. The catalog's
// method of a price whose source states no currency carries its
// maintainers' note on why ("(catalog has no currency field; …
// assumption)"): a buyer reads that the source states none and which
// currency the price is read in, and what the method says after the note.
func buyerMethod(m string) any {
	rest, ok := strings.CutPrefix(m, currencyAssumed)
	if !ok || len(rest) < 3 {
		return m
	}
	code, rest := rest[:3], rest[3:]
	if strings.HasPrefix(rest, " (") {
		depth := 0
		for i, r := range rest {
			switch r {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 && r == ')' {
				rest = rest[i+1:]
				break
			}
		}
	}
	if rest = strings.TrimLeft(rest, "; "); rest != "" {
		return locale.New("method.currency_assumed.more", code, rest)
	}
	return locale.New("method.currency_assumed", code)
}
