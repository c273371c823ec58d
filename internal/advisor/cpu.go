package advisor

// CPU servers serving light inference: sized from the catalog's per-core
// figures, competing with GPU offers on the same rules.

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// cpuServes reports whether CPU servers compete for this request: serving
// a profile that is not an LLM, unless the request asks for GPUs only.
func (e *engine) cpuServes() bool {
	return e.req.Accelerator != AcceleratorGPU && e.req.Workload.Kind == catalog.KindInference && e.llm == nil
}

// addCPUUsable adds a CPU server to the usable offers when it can serve:
// its family has a measured figure for the profile at the precision, its
// memory holds a replica and it is sold under an allowed pricing model.
// The caller has applied the filters every offer passes (provider, GDPR,
// country, location). Where CPU servers were asked for alone, each one
// that cannot serve is counted with its reason.
func (e *engine) addCPUUsable(pool *[]usable, n *cpuNode, o *catalog.Offer, of *offerFacts, r *catalog.Region, comp Compliance, where func() locale.Text) {
	w := e.req.Workload
	if !e.cpuServes() {
		if e.req.Accelerator == AcceleratorCPU {
			e.excl.add(reasonAccelerator, func() locale.Text { return locale.New("excluded.cpu.kind", where(), o.InstanceType, e.profile.Name) })
		}
		return
	}
	p := &e.cat.CPUs[of.cpu]
	if !n.known {
		e.cpuNodeOf(n, p, o)
	}
	if !n.ok {
		if e.req.Accelerator == AcceleratorCPU {
			e.excl.add(reasonBenchmark, func() locale.Text {
				return locale.New("excluded.cpu.benchmark", where(), o.InstanceType, p.Name, e.profile.Name, locale.Word("precision."+w.Precision))
			})
		}
		return
	}
	if need := e.profile.ServingMemoryGB(); o.MemoryGiB > 0 && o.MemoryGiB < need {
		e.excl.add(reasonMemory, func() locale.Text {
			return locale.New("excluded.cpu.memory", where(), o.InstanceType, locale.Short(o.MemoryGiB), e.profile.Name, locale.Short(need))
		})
		return
	}
	if !e.anyPricing(of.prices) {
		e.excl.add(reasonPricing, func() locale.Text {
			return locale.New("excluded.pricing", where(), o.InstanceType, pricingList(e.req.Pricing))
		})
		return
	}
	*pool = append(*pool, usable{offer: o, region: r, facts: of, metro: of.metro, cpu: p, cpuServing: &n.serving, cores: n.cores,
		compliance: comp, nodeTput: n.perf.perGPU, nodeEff: 1, cpuBound: n.bound, computeMS: n.computeMS, service: &n.service, perf: &n.perf})
	e.usable = append(e.usable, &(*pool)[len(*pool)-1])
}

// cpuNode is what the CPU servers of one kind of node (CPU model and
// vCPUs) share in an answer, worked out once (see cpuNodeOf).
type cpuNode struct {
	known, ok bool
	serving   catalog.CPUServing
	cores     int
	// perf is the instance's throughput (perGPU: the whole instance's),
	// service the figure behind computeMS, the service time planned.
	perf      perf
	service   catalog.Figure
	computeMS float64
	bound     *catalog.CPUBound
}

// cpuNodeOf works out how an instance of o's kind serves on CPU p: its
// family's per-core figure × its cores, the input's decoding on the same
// cores, and the service time on that many cores at the far edge of the
// estimate's error (an instance is not the server measured).
func (e *engine) cpuNodeOf(n *cpuNode, p *catalog.CPU, o *catalog.Offer) {
	w := e.req.Workload
	n.known = true
	s, ok := e.cat.CPUServing(p.ID, e.profile.ID, w.Precision)
	if !ok {
		return
	}
	n.ok, n.serving, n.cores = true, s, p.Cores(o.VCPUs)
	tput := s.PerCore * float64(n.cores)
	if cpu := e.profile.CPUFor(w.Kind); cpu != nil {
		// The same cores decode the input: each unit costs the time to
		// prepare it and the time to serve it.
		tput, n.bound = 1/(1/tput+1/(float64(o.VCPUs)*cpu.PerVCPU)), cpu
	}
	fig, service := cpuFigure(s)
	n.service, n.computeMS = service, s.ServiceMSOn(n.cores)*(1+band(fig))
	n.perf = perf{perGPU: tput, figure: fig, info: Throughput{PerGPU: tput, Unit: s.Unit, Source: s.Source, Date: s.Date,
		Estimated: true, Method: s.Method}}
}

// cpuFigure states a CPU serving figure, its throughput a core and its
// service time, as the catalog's figures are stated, so that the answer's
// risks and bands treat them as any estimate.
func cpuFigure(s catalog.CPUServing) (throughput, service catalog.Figure) {
	throughput = catalog.Figure{Value: s.PerCore, Unit: s.Unit, Scenario: catalog.ScenarioServer, Ref: s.Ref,
		ErrorPct: s.ErrorPct, WorstPct: s.WorstPct, HeldOut: s.Points, Unvalidated: s.Points < catalog.MinHeldOut, Via: viaCPUShare}
	service = throughput
	service.Value, service.Unit, service.Statistic = s.ServiceMS, "ms", "p99"
	return throughput, service
}

// viaCPUShare names the per-core share as an estimate method.
const viaCPUShare = "cpu-share"

// Scenarios of a CPU server's basis rows besides catalog.ScenarioServer
// (its throughput a core): the service time of one request, and each
// measured server the estimate is the median of.
const (
	ScenarioServerP99      = "server_p99"
	ScenarioMeasuredServer = "measured_server"
)

// cpuServingBasis adds, once each, the figures a CPU place rests on: its
// throughput a core and its service time (the estimate) and the measured
// servers they are the median of.
func (e *engine) cpuServingBasis(out []BasisFigure, u *usable) []BasisFigure {
	s, p := u.cpuServing, u.cpu
	if slices.ContainsFunc(out, func(r BasisFigure) bool { return r.CPU == p.ID && r.Scenario == catalog.ScenarioServer }) {
		return out
	}
	errPct := round1(s.ErrorPct)
	est := func(r BasisFigure) BasisFigure {
		r.CPU, r.CPUName, r.Profile, r.Precision, r.Format = p.ID, p.Name, e.profile.ID, e.req.Workload.Precision, e.req.Workload.Precision
		r.Engine, r.Source, r.Date, r.Estimated = s.Basis[0].Engine, s.Source, s.Date, true
		r.Method = cmp.Or(r.Method, s.Method)
		r.ErrorPct, r.Unvalidated = &errPct, s.Points < catalog.MinHeldOut
		return r
	}
	// CPUs of one family share its estimate: their rows are one, naming
	// each CPU.
	shared := false
	for i := range out {
		if r := &out[i]; r.CPU != "" && r.Estimated && r.Profile == e.profile.ID && sameFamily(e, r.CPU, p) {
			if !slices.Contains(strings.Split(r.CPUName, ", "), p.Name) {
				r.CPUName += ", " + p.Name
			}
			shared = true
		}
	}
	if shared {
		return out // (with the family's measured servers)
	}
	out = append(out, est(BasisFigure{Scenario: catalog.ScenarioServer, Value: math.Round(s.PerCore*1000) / 1000, Unit: s.Unit + "s/s per core"}),
		est(BasisFigure{Scenario: ScenarioServerP99, Value: math.Round(s.ServiceMS*1000) / 1000, Unit: "ms", Method: "the same servers' p99"}))
	for _, f := range s.Basis {
		measured, _ := e.cat.CPU(f.CPU)
		row := BasisFigure{CPU: f.CPU, CPUName: measured.Name, Profile: f.Profile, Engine: f.Engine, Submitter: f.Submitter, System: f.System,
			Path: f.Path, Precision: f.Precision, Format: f.Precision, Scenario: ScenarioMeasuredServer, Value: f.Throughput,
			Unit: fmt.Sprintf("%ss/s, %d sockets", f.Unit, f.Sockets), Source: f.Source, Date: f.Date}
		if !slices.ContainsFunc(out, func(r BasisFigure) bool { return r == row }) {
			out = append(out, row)
		}
	}
	return out
}

// sameFamily reports whether CPU model id is of p's family.
func sameFamily(e *engine, id string, p *catalog.CPU) bool {
	return e.cat.FamilyOf(id) == p.Family
}

// deviceWord names what an offer computes on where an estimate is said:
// its GPU model, or its CPU's family (one family's CPUs share one
// estimate, said once for all of them).
func (u *usable) deviceWord() any {
	if u.cpu != nil {
		return locale.Word("cpu.family." + u.cpu.Family)
	}
	return u.gpu.Name
}

// deviceName names what an offer computes on: its GPU model or its CPU.
func (u *usable) deviceName() string {
	if u.cpu != nil {
		return u.cpu.Name
	}
	return u.gpu.Name
}
