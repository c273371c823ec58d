package advisor

import (
	"math"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Carbon is an option's energy and emissions: each GPU's board power at
// the workload kind's utilisation plus its host's share, over the hours
// it runs, times the data centre's PUE; emissions are that energy times
// the grid's location-based intensity.
type Carbon struct {
	KWh float64 `json:"kwh"`
	// KgCO2e and the figures after it are null where a region's grid has
	// no figure (Note says which).
	KgCO2e        *float64 `json:"kg_co2e"`
	KgCO2ePerUnit *float64 `json:"kg_co2e_per_unit"`
	// Unit is what KgCO2ePerUnit is per: "1M requests", "1M output
	// tokens" or "job".
	Unit string `json:"unit"`
	// GCO2ePerKWh is the grid's intensity, energy-weighted over the
	// option's regions; Year the oldest of their figures; Source the
	// first region's source.
	GCO2ePerKWh *float64    `json:"gco2e_per_kwh"`
	Year        int         `json:"year,omitempty"`
	Source      string      `json:"source,omitempty"`
	Note        locale.Text `json:"note,omitzero"`
}

// carbonOf works out p's energy and emissions into p.kwh and p.kgCO2e
// (NaN when a region has no grid figure, or the catalog no energy
// section).
func (e *engine) carbonOf(p *plan) {
	p.kwh, p.kgCO2e, p.carbonKnown = 0, 0, true
	en := e.cat.Energy
	if en == nil {
		p.kwh, p.kgCO2e = math.NaN(), math.NaN()
		return
	}
	util := en.Utilisation[e.req.Workload.Kind].Value
	hours := p.hours
	if e.req.Workload.Kind == catalog.KindInference {
		hours = e.serviceHours()
	}
	for _, pl := range p.places {
		o := pl.u.offer
		pue := pl.u.facts.pue
		var kwh float64
		if c := pl.u.cpu; c != nil {
			// A CPU server draws its cores' share of its sockets' power.
			kwh = float64(pl.count*pl.u.cores) / float64(max(c.CoresPerSocket, 1)) * c.TDPW * util * hours * pue / 1000
			if c.TDPW == 0 || c.CoresPerSocket == 0 {
				kwh = math.NaN() // no stated power for this CPU
			}
		} else {
			g := pl.u.gpu
			gpus := float64(pl.count*o.GPUCount) * share(o)
			kwh = gpus * g.TDPW * (1 + en.HostShare.Value) * util * hours * pue / 1000
			if g.TDPW == 0 {
				kwh = math.NaN() // no board power for this GPU
			}
		}
		p.kwh += kwh
		if c := pl.u.region.Carbon; c != nil {
			p.kgCO2e += kwh * c.GCO2ePerKWh / 1000
		} else {
			p.kgCO2e = math.NaN()
		}
	}
}

// ranksByCarbon is whether the ranking weighs emissions (the carbon and
// balanced objectives, a carbon price): then every plan's are worked out
// before ranking, else only those of the plans an answer shows.
func (e *engine) ranksByCarbon() bool {
	return e.req.Objective == ObjectiveCarbon || e.req.Objective == ObjectiveBalanced || e.req.CarbonPrice != 0
}

// carbon shows p's Carbon, per unit of the work.
func (e *engine) carbon(p *plan) *Carbon {
	if e.cat.Energy == nil {
		return nil
	}
	if !p.carbonKnown {
		e.carbonOf(p)
	}
	c := &Carbon{KWh: round1(p.kwh), Unit: "job"}
	w := e.req.Workload
	units := 1.0
	if w.Kind == catalog.KindInference {
		c.Unit, units = "1M requests", w.RPS*3600*e.serviceHours()/1e6
		if e.llm != nil {
			c.Unit, units = "1M output tokens", w.RPS*float64(w.OutputTokens)*3600*e.serviceHours()/1e6
		}
	}
	for _, pl := range p.places {
		r := pl.u.region
		if math.IsNaN(p.kwh) {
			c.KWh, c.Note = 0, locale.New("carbon.no_power", pl.u.deviceName())
			return c
		}
		if r.Carbon == nil {
			c.Note = locale.New("carbon.no_data", regionPlace(r))
			return c
		}
		if c.Source == "" {
			c.Source = r.Carbon.Source
		}
		if c.Year == 0 || r.Carbon.Year < c.Year {
			c.Year = r.Carbon.Year
		}
	}
	kg, intensity := round3(p.kgCO2e), math.Round(p.kgCO2e*1000/p.kwh*10)/10
	c.KgCO2e, c.GCO2ePerKWh = &kg, &intensity
	if units > 0 {
		per := round3(p.kgCO2e / units)
		c.KgCO2ePerUnit = &per
	}
	return c
}

// round3 rounds to three significant figures.
func round3(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	scale := math.Pow(10, 2-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*scale) / scale
}

// carbonNote says, under the carbon objective, what the pick emits and
// what its lower emissions cost against the cheapest option that competes
// ("−82 % CO2e for +4 % cost").
func (e *engine) carbonNote(p *plan, plans []*plan) []locale.Text {
	if e.req.Objective != ObjectiveCarbon || math.IsNaN(p.kgCO2e) {
		return nil
	}
	cheapest := p
	for _, q := range plans {
		if competesLike(q, p) && q.costUSD < cheapest.costUSD {
			cheapest = q
		}
	}
	out := []locale.Text{locale.New("why.carbon", locale.Short(round3(p.kgCO2e)), locale.Short(math.Round(p.kgCO2e*1000/p.kwh)))}
	if cheapest != p && !math.IsNaN(cheapest.kgCO2e) && cheapest.kgCO2e > 0 {
		out = append(out, locale.New("why.carbon.vs_cost", describe(e.cat, cheapest), locale.Pct(100*(1-p.kgCO2e/cheapest.kgCO2e)),
			e.costsThan(p, cheapest), locale.Short(round3(cheapest.kgCO2e))))
	}
	return out
}

// competesLike reports whether q competes as p does: both meet the
// target, or both are near-best (training plans all compete).
func competesLike(q, p *plan) bool { return q.meets == p.meets && q.nearBest == p.nearBest }
