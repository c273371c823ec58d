package advisor

import (
	"fmt"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// Recommend answers a request from a catalog. It fills in defaults,
// validates the request (returning FieldErrors when it is invalid), sizes
// and prices every allowed offer under every allowed pricing model, and
// ranks what is feasible. When hard limits leave nothing, the result has no
// pick and Excluded says why.
func Recommend(cat *catalog.Catalog, req Request) (Result, error) {
	req = req.WithDefaults(cat)
	if err := req.Validate(cat); err != nil {
		return Result{}, err
	}
	e := newEngine(cat, req)
	e.filterOffers()
	var plans []*plan
	if req.Workload.Kind == catalog.KindTraining {
		plans = e.trainingPlans()
	} else {
		plans = e.inferencePlans()
	}
	plans = e.withinBudget(plans)
	e.rank(plans)
	return e.result(plans), nil
}

// engine holds what one recommendation computes once and reuses.
type engine struct {
	cat     *catalog.Catalog
	req     Request
	profile catalog.Profile
	money   money
	rate    float64
	excl    exclusions
	usable  []*usable
	users   []userPoint
	// latency caches a metro's latency figures by GPU service time.
	latency map[latencyKey]latencyStats
}

func newEngine(cat *catalog.Catalog, req Request) *engine {
	r, _ := cat.Rate(req.Currency)
	p, _ := cat.Profile(req.Workload.Profile)
	e := &engine{cat: cat, req: req, profile: p, money: money{rate: r.PerUSD},
		rate: r.PerUSD.InexactFloat64(), latency: map[latencyKey]latencyStats{}}
	e.users = userPoints(cat, req.Users)
	return e
}

// usable is an offer that passed every filter, with its figures.
type usable struct {
	offer      *catalog.Offer
	region     *catalog.Region
	metro      int
	gpu        catalog.GPU
	perf       perf
	nodeTput   float64 // units/s of one instance (all its GPUs)
	nodeEff    float64
	computeMS  float64 // inference: service time of one request
	compliance Compliance
}

// filterOffers keeps the offers the request allows and counts the rest by
// reason, in a fixed order so the output is deterministic.
func (e *engine) filterOffers() {
	w := e.req.Workload
	allowProvider := setOf(e.req.Providers)
	allowGPU := setOf(e.req.GPUs)
	perfs := map[string]perfOK{}
	for i := range e.cat.Offers {
		o := &e.cat.Offers[i]
		r, _ := e.cat.Region(o.RegionKey())
		where := fmt.Sprintf("%s %s (%s)", o.Provider, o.Region, r.City)
		if len(allowProvider) > 0 && !allowProvider[o.Provider] {
			e.excl.add(reasonProvider, "%s: provider %s is not in the allowed list", where, o.Provider)
			continue
		}
		g, _ := e.cat.GPU(o.GPU)
		if len(allowGPU) > 0 && !allowGPU[o.GPU] {
			e.excl.add(reasonGPU, "%s %s: %s is not in the allowed GPUs", where, o.InstanceType, g.Name)
			continue
		}
		comp, ok := complianceOf(e.cat, e.req.GDPR, &r)
		if !ok {
			e.excl.add(reasonGDPR, "%s: %s", where, comp.Reason)
			continue
		}
		if mem := instanceMemory(g, o.GPUCount); mem < e.profile.MemoryGB {
			e.excl.add(reasonMemory, "%s %s: %g GB of GPU memory, %s needs %g GB", where, o.InstanceType, mem, e.profile.Name, e.profile.MemoryGB)
			continue
		}
		pk, seen := perfs[g.ID]
		if !seen {
			pk.perf, pk.ok = perfFor(e.cat, g, e.profile.ID, w.Kind, w.Precision)
			perfs[g.ID] = pk
		}
		if !pk.ok {
			e.excl.add(reasonBenchmark, "%s %s: no %s benchmark for %s", where, o.InstanceType, w.Kind, g.Name)
			continue
		}
		if !e.anyPricing(o) {
			e.excl.add(reasonPricing, "%s %s: not offered as %s", where, o.InstanceType, joinPricing(e.req.Pricing))
			continue
		}
		u := &usable{offer: o, region: &e.cat.Regions[e.regionIndex(o)], metro: e.cat.MetroIndex(r.Metro),
			gpu: g, perf: pk.perf, compliance: comp}
		u.nodeTput, u.nodeEff = e.nodeThroughput(pk.perf, g, o.GPUCount)
		if w.Kind == catalog.KindInference {
			u.computeMS = e.computeMS(u)
		}
		e.usable = append(e.usable, u)
	}
}

type perfOK struct {
	perf perf
	ok   bool
}

func (e *engine) regionIndex(o *catalog.Offer) int {
	for i := range e.cat.Regions {
		if e.cat.Regions[i].Provider == o.Provider && e.cat.Regions[i].ID == o.Region {
			return i
		}
	}
	panic("advisor: offer region missing from a validated catalog: " + o.RegionKey())
}

// nodeThroughput is one instance's throughput: the catalog's measurement
// for that many GPUs when it has one, else per-GPU × count × efficiency.
func (e *engine) nodeThroughput(p perf, g catalog.GPU, count int) (float64, float64) {
	w := e.req.Workload
	if count > 1 {
		if b, ok := e.cat.Benchmark(g.ID, e.profile.ID, w.Kind, w.Precision, count); ok {
			return b.Throughput, b.Throughput / (p.perGPU * float64(count))
		}
	}
	if w.Kind == catalog.KindInference {
		// Serving replicas on the GPUs of one instance do not talk to
		// each other: no scaling loss.
		return p.perGPU * float64(count), 1
	}
	return nodeThroughput(e.cat, p, g, count)
}

// computeMS is the service time of one request on the offer's GPU: the
// profile's figure on its reference GPU, scaled by measured throughput.
func (e *engine) computeMS(u *usable) float64 {
	in := e.profile.Inference
	ref, _ := e.cat.GPU(in.ReferenceGPU)
	refPerf, ok := perfFor(e.cat, ref, e.profile.ID, catalog.KindInference, e.req.Workload.Precision)
	if !ok || u.perf.perGPU <= 0 {
		return in.ComputeMS
	}
	return in.ComputeMS * refPerf.perGPU / u.perf.perGPU
}

func (e *engine) anyPricing(o *catalog.Offer) bool {
	for _, p := range e.req.Pricing {
		if _, ok := hourly(o, p); ok {
			return true
		}
	}
	return false
}

// instanceMemory is the GPU memory one instance offers a model: all of its
// GPUs', assuming a model too large for one GPU is sharded across them.
func instanceMemory(g catalog.GPU, count int) float64 { return g.MemoryGB * float64(count) }

// withinBudget drops plans over the budget and counts their offers.
func (e *engine) withinBudget(plans []*plan) []*plan {
	if e.req.Budget == nil {
		return plans
	}
	budget := e.req.Budget.InexactFloat64()
	kept := plans[:0]
	over := map[*catalog.Offer]string{}
	fits := map[*catalog.Offer]bool{}
	var order []*catalog.Offer
	for _, p := range plans {
		o := p.places[0].u.offer
		if p.costUSD*e.rate <= budget {
			kept = append(kept, p)
			fits[o] = true
			continue
		}
		if _, ok := over[o]; !ok {
			order = append(order, o)
			over[o] = fmt.Sprintf("%s: %s %s is over the budget of %s %s", p.label, decimal.NewFromFloat(p.costUSD*e.rate).StringFixed(2), e.req.Currency, e.req.Budget.StringFixed(2), e.req.Currency)
		}
	}
	for _, o := range order {
		if !fits[o] {
			e.excl.add(reasonBudget, "%s", over[o])
		}
	}
	return kept
}

func setOf(list []string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, s := range list {
		m[s] = true
	}
	return m
}
