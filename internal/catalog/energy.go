package catalog

import "fmt"

// Energy is what the energy of an answer is worked out from, besides each
// GPU's board power (GPU.TDPW) and each region's grid (Region.Carbon): a
// node's rated power as its GPUs' board power times 1 + HostShare, the
// share of it a node draws on average per kind of work, and the PUE of a
// data centre whose provider publishes none. A GPU's draw is thus TDP ×
// (1 + HostShare) × Utilisation.
type Energy struct {
	// Utilisation is a node's average draw as a share of its rated power,
	// by workload kind ("training", "inference").
	Utilisation map[WorkloadKind]EnergyFigure `json:"utilisation"`
	// HostShare is what the rest of a GPU node (CPUs, memory, network,
	// fans) is rated to draw, as a share of its GPUs' board power.
	HostShare EnergyFigure `json:"host_share"`
	// IndustryPUE stands for a provider's own.
	IndustryPUE EnergyFigure `json:"industry_pue"`
}

// EnergyFigure is one sourced figure of Energy.
type EnergyFigure struct {
	Value float64 `json:"value"`
	Ref
}

// RegionCarbon is a region's grid: location-based emissions per kWh
// (annual average of the year stated), and the share of carbon-free
// energy where its source gives one.
type RegionCarbon struct {
	GCO2ePerKWh float64  `json:"gco2e_per_kwh"`
	CFEPct      *float64 `json:"cfe_pct,omitempty"`
	Year        int      `json:"year"`
	Ref
}

// PUE is a provider's power usage effectiveness, its own where it
// publishes one, else the industry average (industry true).
func (c *Catalog) PUE(provider string) (f EnergyFigure, industry bool, ok bool) {
	if p, found := c.Provider(provider); found && p.PUE != nil {
		return *p.PUE, false, true
	}
	if c.Energy == nil {
		return EnergyFigure{}, false, false
	}
	return c.Energy.IndustryPUE, true, true
}

// energy checks the energy section and the figures it needs
// elsewhere: utilisation shares within (0, 1], positive watts and PUE of
// at least 1, intensities within what grids emit.
func (v *validator) energy() {
	e := v.c.Energy
	if e == nil {
		return
	}
	c := v.col("energy")
	for _, k := range []WorkloadKind{KindTraining, KindInference} {
		u, ok := e.Utilisation[k]
		if !ok || u.Value <= 0 || u.Value > 1 {
			c.add("energy", "utilisation."+string(k), "needs a share of board power in (0, 1]")
			continue
		}
		v.ref(c, "energy", "utilisation."+string(k), u.Ref)
	}
	if e.HostShare.Value < 0 {
		c.add("energy", "host_share", "must not be negative")
	}
	v.ref(c, "energy", "host_share", e.HostShare.Ref)
	if e.IndustryPUE.Value < 1 {
		c.add("energy", "industry_pue", "a PUE is at least 1, got %v", e.IndustryPUE.Value)
	}
	v.ref(c, "energy", "industry_pue", e.IndustryPUE.Ref)
	rc := v.col("regions")
	for i, r := range v.c.Regions {
		if r.Carbon == nil {
			if r.CarbonNote == "" {
				rc.add(itemName("regions", i, r.Key()), "carbon", "give the grid's intensity or a carbon_note saying why there is none")
			}
			continue
		}
		if g := r.Carbon.GCO2ePerKWh; g < 0 || g > 2000 {
			rc.add(itemName("regions", i, r.Key()), "carbon.gco2e_per_kwh", "%v is outside what grids emit (0–2,000)", g)
		}
		v.ref(rc, itemName("regions", i, r.Key()), "carbon", r.Carbon.Ref)
	}
	gc := v.col("gpus")
	for i, g := range v.c.GPUs {
		switch {
		case g.TDPW < 0 || (g.TDPW > 0) != (g.TDPRef != nil):
			gc.add(itemName("gpus", i, g.ID), "tdp_w", "a board power needs its source (tdp_ref), and a source its power")
		case g.TDPRef != nil:
			v.ref(gc, itemName("gpus", i, g.ID), "tdp_ref", *g.TDPRef)
		}
	}
	pc := v.col("providers")
	for i, p := range v.c.Providers {
		if p.PUE != nil && p.PUE.Value < 1 {
			pc.add(itemName("providers", i, p.ID), "pue", "%s", fmt.Sprintf("a PUE is at least 1, got %v", p.PUE.Value))
		}
	}
}
