package catalog

import (
	"fmt"
	"slices"
)

// formatOfPrecision is the numeric format class a benchmark's precision
// is measured in.
var formatOfPrecision = map[string]string{PrecisionINT8: "int8", PrecisionMixed: "fp16", PrecisionFP32: "fp32"}

// methodologies checks the methodology table when the catalog has one:
// each entry's family and format are known ones, each benchmark's
// methodology is listed in the format of its precision, and a basis
// cross-walks only figures of its own engine family and format (a ratio
// measured in PyTorch AMP does not scale a TensorRT INT8 figure).
func (v *validator) methodologies() {
	if len(v.c.Methodologies) == 0 {
		return
	}
	c := v.col("methodologies")
	byID := map[string]Methodology{}
	for i, m := range v.c.Methodologies {
		item := itemName("methodologies", i, m.ID)
		if _, dup := byID[m.ID]; dup || m.ID == "" {
			c.add(item, "id", "missing or listed twice")
		}
		if !slices.Contains(MethodologyFamilies, m.Family) {
			c.add(item, "family", "must be one of %v, got %q", MethodologyFamilies, m.Family)
		}
		if !slices.Contains(MethodologyFormats, m.Format) {
			c.add(item, "format", "must be one of %v, got %q", MethodologyFormats, m.Format)
		}
		byID[m.ID] = m
	}
	bc := v.col("benchmarks")
	for i, b := range v.c.Benchmarks {
		if b.Methodology == "" {
			continue
		}
		m, ok := byID[b.Methodology]
		item := itemName("benchmarks", i, b.Methodology+":"+b.GPU)
		switch {
		case !ok:
			bc.add(item, "methodology", "not in methodologies.json: %q", b.Methodology)
		case b.Precision != PrecisionFP8 && m.Format != formatOfPrecision[b.Precision] && b.Profile != "gptj-6b":
			bc.add(item, "precision", "%s figures in methodology %q, whose format is %s", b.Precision, b.Methodology, m.Format)
		}
	}
	pc := v.col("profiles")
	for i, p := range v.c.Profiles {
		item := itemName("profiles", i, p.ID)
		for j, b := range p.Bases {
			for _, pair := range []struct {
				field, base string
				walk        []string
			}{{"crosswalk", b.Throughput, b.Crosswalk}, {"latency_crosswalk", b.Latency, b.LatencyCrosswalk}} {
				base, ok := byID[pair.base]
				if pair.base == "" || !ok {
					continue
				}
				for k, w := range pair.walk {
					m, ok := byID[w]
					if ok && (m.Family != base.Family || m.Format != base.Format) {
						pc.add(item, fmt.Sprintf("bases[%d].%s[%d]", j, pair.field, k),
							"%q is %s %s, the basis's %q is %s %s: a cross-walk compares figures of one engine family and format",
							w, m.Family, m.Format, pair.base, base.Family, base.Format)
					}
				}
			}
		}
	}
}
