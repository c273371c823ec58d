package catalog

// figures checks every figure and name against the bounds of figures.go:
// an offer's counts, memory and prices per GPU-hour, a GPU's memory, and
// the names pages and launch files print.
func (v *validator) figures() {
	oc := v.col("offers")
	for i, o := range v.c.Offers {
		item := itemName("offers", i, o.ID())
		if msg := countRange(o.GPUCount, 0, MaxGPUsPerInstance); msg != "" {
			oc.add(item, "gpu_count", "%s", msg)
		}
		if msg := countRange(o.VCPUs, 0, MaxVCPUs); msg != "" {
			oc.add(item, "vcpus", "%s", msg)
		}
		if msg := sizeRange(o.MemoryGiB, MaxMemoryGiB); msg != "" {
			oc.add(item, "memory_gib", "%s", msg)
		}
		for _, pm := range PricingModels {
			if p, ok := o.Price(pm); ok && p.USDPerHour.IsPositive() {
				if msg := priceRange(p.USDPerHour, o.GPUCount, o.GPUFraction); msg != "" {
					oc.add(item, string(pm), "%s", msg)
				}
			}
		}
	}
	gc := v.col("gpus")
	for i, g := range v.c.GPUs {
		if msg := sizeRange(g.MemoryGB, MaxGPUMemoryGB); msg != "" {
			gc.add(itemName("gpus", i, g.ID), "memory_gb", "%s", msg)
		}
	}
	name := func(section, item, field, s string) {
		if msg := nameText(s); msg != "" {
			v.col(section).add(item, field, "%s", msg)
		}
	}
	for i, s := range v.c.Version.Sources {
		name("version", itemName("sources", i, s.ID), "title", s.Title)
	}
	for i, g := range v.c.GPUs {
		name("gpus", itemName("gpus", i, g.ID), "name", g.Name)
	}
	for i, p := range v.c.CPUs {
		name("cpus", itemName("cpus", i, p.ID), "name", p.Name)
	}
	for i, p := range v.c.Profiles {
		name("profiles", itemName("profiles", i, p.ID), "name", p.Name)
	}
	for i, p := range v.c.Providers {
		name("providers", itemName("providers", i, p.ID), "name", p.Name)
		name("providers", itemName("providers", i, p.ID), "short_name", p.ShortName)
	}
	for i, r := range v.c.Regions {
		name("regions", itemName("regions", i, r.Key()), "name", r.Name)
		name("regions", itemName("regions", i, r.Key()), "city", r.City)
	}
	for i, m := range v.c.Metros {
		name("metros", itemName("metros", i, m.ID), "name", m.Name)
	}
}
