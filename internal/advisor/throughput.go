package advisor

import (
	"gpuplace/internal/catalog"
)

// perf is a GPU's throughput for one workload on the profile's basis, with
// where it came from.
type perf struct {
	perGPU float64 // units per second on one GPU
	info   Throughput
	figure catalog.Figure
}

// perfFor finds the throughput of gpu for a workload on the profile's basis
// for the kind and precision: measured, or derived and labelled (see
// catalog.Catalog.Throughput).
func perfFor(cat *catalog.Catalog, gpu catalog.GPU, profile string, kind catalog.WorkloadKind, precision string) (perf, bool) {
	f, ok := cat.Throughput(gpu.ID, profile, kind, precision, 1)
	if !ok {
		return perf{}, false
	}
	return perf{perGPU: f.Value, figure: f, info: Throughput{
		PerGPU: f.Value, Unit: f.Unit, Source: f.Source, Date: f.Date, Estimated: f.Estimated, Method: f.Method,
	}}, true
}

// nodeInterconnect is how an offer's GPUs talk to each other, for the
// scaling tables: NVSwitch scales as NVLink; unknown falls back to the GPU
// model's own.
func nodeInterconnect(o *catalog.Offer, g *catalog.GPU) string {
	switch o.Interconnect {
	case catalog.InterconnectNVLink, catalog.InterconnectNVSwitch:
		return catalog.InterconnectNVLink
	case catalog.InterconnectPCIe:
		return catalog.InterconnectPCIe
	}
	return g.Interconnect
}
