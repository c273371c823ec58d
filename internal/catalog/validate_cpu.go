package catalog

import (
	"slices"
	"strings"
)

// cpus checks the CPU models and their figures: known families, core
// counts, and figures of known CPUs and profiles in the profile's unit,
// a Server figure with its latency within its bound.
func (v *validator) cpus() {
	c := v.col("cpus")
	v.cpuIDs = map[string]bool{}
	for i, p := range v.c.CPUs {
		item := itemName("cpus", i, p.ID)
		unique(c, v.cpuIDs, item, "id", p.ID)
		v.cpuIDs[p.ID] = true
		if p.Name == "" {
			c.add(item, "name", "required")
		}
		if !slices.Contains(CPUFamilies, p.Family) {
			c.add(item, "family", "unknown family %q (families: %s)", p.Family, strings.Join(CPUFamilies, ", "))
		}
		if p.CoresPerSocket < 0 {
			c.add(item, "cores_per_socket", "must be ≥ 1, or 0 where its source states none; got %d", p.CoresPerSocket)
		}
		if p.ThreadsPerCore != 1 && p.ThreadsPerCore != 2 {
			c.add(item, "threads_per_core", "must be 1 or 2, got %d", p.ThreadsPerCore)
		}
		if p.TDPW < 0 || (p.TDPW > 0) != (p.TDPRef != nil) {
			c.add(item, "tdp_w", "a TDP needs its tdp_ref, and no tdp_ref stands without one")
		}
		if p.TDPRef != nil {
			v.ref(c, item, "tdp_ref", *p.TDPRef)
		}
		v.ref(c, item, "", p.Ref)
	}
	f := v.col("cpu_figures")
	cores := map[string]int{}
	for _, p := range v.c.CPUs {
		cores[p.ID] = p.CoresPerSocket
	}
	units := map[string]string{}
	for _, p := range v.c.Profiles {
		units[p.ID] = p.Unit
	}
	for i, x := range v.c.CPUFigures {
		item := itemName("cpu_figures", i, x.CPU+"/"+x.Profile+"/"+x.Submitter)
		switch {
		case !v.cpuIDs[x.CPU]:
			f.add(item, "cpu", "unknown CPU %q", x.CPU)
		case cores[x.CPU] < 1:
			f.add(item, "cpu", "CPU %q states no cores per socket: its figures cannot be shared by core", x.CPU)
		}
		unit, ok := units[x.Profile]
		switch {
		case !ok:
			f.add(item, "profile", "unknown profile %q", x.Profile)
		case x.Unit != unit:
			f.add(item, "unit", "the profile counts %ss, got %q", unit, x.Unit)
		}
		if !slices.Contains(Precisions, x.Precision) {
			f.add(item, "precision", "unknown precision %q", x.Precision)
		}
		if x.Scenario != ScenarioOffline && x.Scenario != ScenarioServer {
			f.add(item, "scenario", "must be %s or %s, got %q", ScenarioOffline, ScenarioServer, x.Scenario)
		}
		if !(x.Throughput > 0) {
			f.add(item, "throughput", "must be > 0, got %v", x.Throughput)
		}
		if x.Sockets < 1 {
			f.add(item, "sockets", "must be ≥ 1, got %d", x.Sockets)
		}
		if x.LatencyMS < 0 || x.TargetMS < 0 || (x.LatencyMS > 0 && x.TargetMS > 0 && x.LatencyMS > x.TargetMS) {
			f.add(item, "latency_ms", "a p99 latency within its bound target_ms, got %v ms over %v", x.LatencyMS, x.TargetMS)
		}
		if x.Path == "" {
			f.add(item, "path", "required: the result's file in the source")
		}
		v.ref(f, item, "", x.Ref)
	}
}

// offerDevice checks what an offer computes on: GPUs of a known model, or
// a known CPU and no GPU.
func (v *validator) offerDevice(c collector, item string, o Offer) {
	if o.CPU != "" {
		if !v.cpuIDs[o.CPU] {
			c.add(item, "cpu", "unknown CPU %q", o.CPU)
		}
		if o.GPU != "" || o.GPUCount != 0 || o.GPUFraction != 0 {
			c.add(item, "gpu", "a CPU server has no GPU: gpu empty, gpu_count 0, got %q × %d", o.GPU, o.GPUCount)
		}
		if o.VCPUs < 1 {
			c.add(item, "vcpus", "a CPU server needs its vCPUs, got %d", o.VCPUs)
		}
		return
	}
	if !v.gpuIDs[o.GPU] {
		c.add(item, "gpu", "unknown GPU %q", o.GPU)
	}
	if o.GPUCount < 1 {
		c.add(item, "gpu_count", "must be ≥ 1, got %d", o.GPUCount)
	}
	v.fraction(c, item, o)
}
