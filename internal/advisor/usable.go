package advisor

// The offers an answer can use: each allowed offer with its prices, the
// throughput of its instance and why the others were ruled out.

import (
	"math"
	"slices"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// usable is an offer that passed every filter, with its figures.
type usable struct {
	offer  *catalog.Offer
	region *catalog.Region
	// facts is what the catalog's facts say of the offer: its region's
	// index and key, its prices (see offerFacts).
	facts *offerFacts
	metro int
	gpu   *catalog.GPU // shared by the offers with that GPU (nil: a CPU server)
	// cpu is a CPU server's processor and how it serves the profile (nil
	// for GPU offers); cores its physical cores.
	cpu        *catalog.CPU
	cpuServing *catalog.CPUServing
	cores      int
	perf       *perf
	nodeTput   float64 // units/s of one instance (all its GPUs)
	nodeEff    float64
	computeMS  float64 // inference: service time of one request
	// node is the catalog's figure for the whole instance, when it has
	// one; service the latency figure behind computeMS.
	node    *catalog.Figure
	service *catalog.Figure
	// proximity is training's tie-breaker: the round trip from the data's
	// region, or else the users' weighted round trip, to the offer's metro.
	proximity  float64
	compliance Compliance
	// serving is how the offer serves an LLM (LLM profiles only).
	serving *llmServing
	// copyGPUs is how many GPUs one copy of a model too large for one GPU
	// spans (inference on the throughput path; 0 when it fits one).
	copyGPUs int
	// cpuBound is the profile's CPU bound when the instance's vCPUs, not
	// its GPUs, bound its throughput (nodeTput is then theirs).
	cpuBound *catalog.CPUBound
	// timeSlot is the index of computeMS among its place's service times
	// (see servingPlaces).
	timeSlot int
}

// offerPrices is an offer's price per instance-hour under each of
// catalog.PricingModels, and whether it has one to plan with.
type offerPrices struct {
	usd  [5]decimal.Decimal
	sold [5]bool
}

// pricesOf looks up an offer's prices under every pricing model. A spot
// price the catalog marks as an outlier is no price to plan with.
func pricesOf(o *catalog.Offer) offerPrices {
	var p offerPrices
	for k, pm := range catalog.PricingModels {
		p.usd[k], p.sold[k] = o.USDPerHour(pm)
	}
	if p.sold[1] && o.SpotOutlier() != "" {
		p.usd[1], p.sold[1] = decimal.Decimal{}, false
	}
	return p
}

// pricingIndex is pm's index in catalog.PricingModels, or -1.
func pricingIndex(pm catalog.PricingModel) int {
	switch pm {
	case catalog.OnDemand:
		return 0
	case catalog.Spot:
		return 1
	case catalog.Reserved1Y:
		return 2
	case catalog.Reserved3Y:
		return 3
	case catalog.Monthly:
		return 4
	}
	return -1
}

// hourly is the offer's price per instance-hour under pm (see pricesOf).
func (u *usable) hourly(pm catalog.PricingModel) (decimal.Decimal, bool) {
	if k := pricingIndex(pm); k >= 0 && u.facts.prices.sold[k] {
		return u.facts.prices.usd[k], true
	}
	return decimal.Decimal{}, false
}

// sold reports whether the offer has a price to plan with under pm.
func (u *usable) sold(pm catalog.PricingModel) bool {
	k := pricingIndex(pm)
	return k >= 0 && u.facts.prices.sold[k]
}

// hourlyFloat is the offer's price under a pricing model as a float, for
// ranking (0 where the offer has no such price).
func (u *usable) hourlyFloat(pm catalog.PricingModel) float64 {
	if k := pricingIndex(pm); k >= 0 {
		return u.facts.hourlyUSD[k]
	}
	return 0
}

// filterOffers keeps the offers the request allows and counts the rest by
// reason, in a fixed order so the output is deterministic. What depends only
// on the catalog (and the GDPR mode) comes from its facts (see factsOf);
// what depends on an offer's kind of node (throughput, service time) and
// the request is worked out once per answer and shared. Questions that
// filter alike share their usable offers (see sharedFilterKey).
func (e *engine) filterOffers() {
	allowProvider := setOf(e.req.Providers)
	allowCountry := setOf(e.req.Countries)
	switch key, ok := e.sharedFilterKey(); {
	case !ok:
		e.filterEach(&e.buf.offers, allowProvider, allowCountry)
	case e.facts.filters.use(e, key):
	default:
		e.filterEach(new(offerLists), allowProvider, allowCountry)
		e.facts.filters.keep(e, key)
	}
	e.useNeighbourhood()
	e.noPublicPrice(allowProvider, allowCountry)
}

// offerLists are filterOffers' lists: the usable offers (usables points
// into usable) and, by GPU and by kind of node, the figures they share
// and point to.
type offerLists struct {
	usable   []usable
	usables  []*usable
	perfs    []perfOK
	services []serviceOK
	nodes    []nodeFacts
	// addCPUUsable's, by kind of CPU server node.
	cpuNodes []cpuNode
}

// filterEach is filterOffers' pass over the offers, its lists in l.
func (e *engine) filterEach(l *offerLists, allowProvider, allowCountry map[string]bool) {
	facts := e.facts
	w := e.req.Workload
	allowGPU := setOf(e.req.GPUs)
	// By GPU and by kind of node, what the offers share, worked out on
	// first use (the lists come from l, emptied here).
	perfs := zeroed(&l.perfs, len(e.cat.GPUs))
	services := zeroed(&l.services, len(e.cat.GPUs))
	nodes := zeroed(&l.nodes, len(facts.nodes))
	cpuNodes := zeroed(&l.cpuNodes, len(facts.nodes))
	ruledOut := map[string]bool{}
	// What the profile needs of every GPU offer, read once.
	need, cpu := e.profile.MemoryFor(w.Kind), e.profile.CPUFor(w.Kind)
	// One allocation for all the usable offers; e.usable points into it.
	pool := take(&l.usable, len(e.cat.Offers))
	e.usable = take(&l.usables, len(e.cat.Offers))
	only := e.onlyOffers(allowGPU)
	n := len(e.cat.Offers)
	if only != nil {
		n = len(only)
	}
	// The allowed GPUs by index, and the regions' verdicts under the
	// request's GDPR mode.
	allowGPUAt := make([]bool, len(e.cat.GPUs))
	for gi := range e.cat.GPUs {
		allowGPUAt[gi] = allowGPU[e.cat.GPUs[gi].ID]
	}
	verdicts := facts.regions[slices.Index(GDPRModes, e.req.GDPR)]
	cpuServes := e.cpuServes()
	for k := range n {
		i := k
		if only != nil {
			i = int(only[k])
		}
		// The offer and its facts are read only where the brief cannot
		// tell (see offerBrief).
		o, of, b := &e.cat.Offers[i], &facts.offers[i], &facts.briefs[i]
		r := &e.cat.Regions[b.region]
		where := func() locale.Text { return offerPlace(e.cat, r) }
		if len(allowProvider) > 0 && !allowProvider[o.Provider] {
			e.excl.add(reasonProvider, func() locale.Text { return locale.New("excluded.provider", where(), e.cat.ProviderLabel(o.Provider)) })
			continue
		}
		if b.cpu && !cpuServes && e.req.Accelerator != AcceleratorCPU {
			continue // CPU servers do not compete for this request
		}
		if e.req.Accelerator == AcceleratorCPU && !b.cpu {
			e.excl.add(reasonAccelerator, func() locale.Text { return locale.New("excluded.accelerator.cpu", where(), o.InstanceType) })
			continue
		}
		if len(allowGPU) > 0 && !b.cpu && !allowGPUAt[b.gpu] {
			g := &e.cat.GPUs[b.gpu]
			e.excl.add(reasonGPU, func() locale.Text { return locale.New("excluded.gpu", where(), o.InstanceType, g.Name) })
			continue
		}
		rf := &verdicts[b.region]
		if !rf.ok {
			e.excl.add(rf.reason, func() locale.Text { return locale.New("excluded.gdpr", where(), rf.comp.Text) })
			if rf.reason == reasonSovereignty && !ruledOut[o.Provider] {
				ruledOut[o.Provider] = true
				e.sovereignOut = append(e.sovereignOut, rf.comp.Text)
			}
			continue
		}
		if len(allowCountry) > 0 && !allowCountry[r.Country] {
			e.excl.add(reasonCountry, func() locale.Text { return locale.New("excluded.country", where(), locale.Word("country."+r.Country)) })
			continue
		}
		if e.servesNobody(of.region) {
			e.excl.add(reasonChinaRegions, func() locale.Text { return excludedMainland(where()) })
			continue
		}
		if w.Kind == catalog.KindInference && !b.located && !e.req.AllowUnlocated {
			e.excl.add(reasonLocationUnknown, func() locale.Text { return locale.New("excluded.location_unknown", where(), r.Name) })
			continue
		}
		if b.cpu {
			e.addCPUUsable(&pool, &cpuNodes[of.node], o, of, r, rf.comp, where)
			continue
		}
		g := &e.cat.GPUs[b.gpu]
		if t := e.profile.Training; w.Kind == catalog.KindTraining && t != nil && t.MinVCPUsPerGPU > 0 && o.VCPUs > 0 &&
			float64(o.VCPUs) < t.MinVCPUsPerGPU*float64(o.GPUCount) {
			e.excl.add(reasonVCPUs, func() locale.Text {
				return locale.New(counted("excluded.vcpus", o.GPUCount), where(), o.InstanceType, o.VCPUs, o.GPUCount, locale.Short(t.MinVCPUsPerGPU), e.profile.Name)
			})
			continue
		}
		if w.Kind == catalog.KindTraining && o.GPUFraction > 0 && o.GPUFraction < 1 {
			e.excl.add(reasonPartition, func() locale.Text {
				return locale.New("excluded.partition", where(), o.InstanceType, locale.Pct(o.GPUFraction*100), g.Name)
			})
			continue
		}
		if e.llm != nil {
			e.addLLMUsable(&pool, o, of, b, r, g, rf.comp, where)
			continue
		}
		if mem := instanceMemory(g, o); mem < need {
			e.excl.add(reasonMemory, func() locale.Text {
				return locale.New("excluded.memory", where(), o.InstanceType, locale.Short(mem), e.profile.Name, locale.Short(need))
			})
			continue
		}
		if w.Precision == catalog.PrecisionINT8 && !g.HasInt8TensorCores() {
			e.excl.add(reasonPrecision, func() locale.Text {
				return locale.New("excluded.int8", where(), o.InstanceType, g.Name)
			})
			continue
		}
		pk := &perfs[of.gpu]
		if !pk.known {
			pk.perf, pk.ok = perfFor(e.cat, *g, e.profile.ID, w.Kind, w.Precision)
			pk.known = true
		}
		if !pk.ok {
			e.excl.add(reasonBenchmark, func() locale.Text {
				return locale.New("excluded.benchmark", where(), o.InstanceType, locale.Word("kind."+string(w.Kind)), g.Name)
			})
			continue
		}
		if !e.anyPricing(of.prices) {
			if o.Spot != nil && o.SpotOutlier() != "" && allowed(e.req.Pricing, catalog.Spot) {
				e.excl.add(reasonPriceOutlier, func() locale.Text {
					return locale.New("excluded.price_outlier", where(), o.InstanceType, o.SpotOutlier())
				})
				continue
			}
			e.excl.add(reasonPricing, func() locale.Text {
				return locale.New("excluded.pricing", where(), o.InstanceType, pricingList(e.req.Pricing))
			})
			continue
		}
		pool = append(pool, usable{offer: o, region: r, facts: of, metro: of.metro, gpu: g, perf: &pk.perf, compliance: rf.comp,
			proximity: e.proximityOf(of.metro)})
		u := &pool[len(pool)-1]
		nf := &nodes[of.node]
		if !nf.known {
			nk := facts.nodes[of.node]
			nf.tput, nf.eff, nf.node = e.nodeThroughput(pk.perf, *g, nk.interconnect, o.GPUCount)
			if w.Kind == catalog.KindInference {
				// A model too large for one GPU runs as copies of k GPUs
				// each (tensor parallel inside the instance): the GPUs
				// left over serve nothing, and each copy runs at the
				// catalog's node scaling for k GPUs.
				if k := e.copyGPUs(*g, o); k > 1 {
					nf.copyGPUs = k
					nf.tput = pk.perf.perGPU * float64(o.GPUCount/k*k) * e.efficiency(catalog.ScopeNode, nk.interconnect, k)
				}
				sv := &services[of.gpu]
				if !sv.known {
					sv.ms, sv.fig, sv.has = e.serviceTime(g)
					sv.known = true
				}
				if nf.computeMS, nf.service = sv.ms, nil; sv.has {
					nf.service = &sv.fig
				}
				// A partition serves as its share of the GPU: that share
				// of the throughput, each request that much slower.
				nf.tput, nf.computeMS = nf.tput*nk.share, nf.computeMS/nk.share
			}
			nf.known = true
		}
		u.nodeTput, u.nodeEff, u.computeMS = nf.tput, nf.eff, nf.computeMS
		u.service, u.node, u.copyGPUs = nf.service, nf.node, nf.copyGPUs
		// The input pipeline runs on the instance's vCPUs: it serves or
		// trains no faster than they prepare the input.
		if cpu != nil && o.VCPUs > 0 {
			if c := float64(o.VCPUs) * cpu.PerVCPU; c < u.nodeTput {
				u.nodeTput, u.cpuBound = c, cpu
			}
		}
		e.usable = append(e.usable, u)
	}
	e.countExcludedKinds()
	l.usable, l.usables = pool, e.usable
}

// onlyOffers lists, in catalog order, the offers a question that counts
// no exclusions (another precision's cheapest, see
// withPrecisionAlternatives) and allows only some GPUs need look at: the
// offers of those GPUs and, where they may serve, the CPU servers (nil:
// every offer). The others would only be counted as excluded.
func (e *engine) onlyOffers(allowGPU map[string]bool) []int32 {
	if !e.excl.off || len(allowGPU) == 0 {
		return nil
	}
	var only []int32
	if e.cpuServes() || e.req.Accelerator == AcceleratorCPU {
		only = slices.Clone(e.facts.cpuOffers)
	}
	for gi := range e.cat.GPUs {
		if allowGPU[e.cat.GPUs[gi].ID] {
			only = append(only, e.facts.gpuOffers[gi]...)
		}
	}
	slices.Sort(only)
	return only
}

// proximityOf is how far a metro is from the work's data or users, for
// training's tie-breaks: the round trip from the dataset's region when it
// has one, else the users' weighted round trip, else 0.
func (e *engine) proximityOf(metro int) float64 {
	if e.req.Workload.Kind != catalog.KindTraining {
		return 0
	}
	if r, ok := e.cat.Region(e.req.Data.Location); ok {
		return e.cat.MetroPlaceRTT(e.cat.MetroIndex(r.Metro), metro)
	}
	var sum float64
	for j, rtt := range e.rttTo(metro) {
		sum += e.weights[j] * rtt
	}
	return sum
}

// pricingWords maps each pricing model to the message id of its name,
// made once: answers name pricing models in hundreds of lines.
var pricingWords = func() map[catalog.PricingModel]string {
	m := make(map[catalog.PricingModel]string, len(catalog.PricingModels))
	for _, pm := range catalog.PricingModels {
		m[pm] = "pricing." + string(pm)
	}
	return m
}()

// pricingWord is a pricing model's name, said in the reader's language.
func pricingWord(pm catalog.PricingModel) locale.Arg {
	if id, ok := pricingWords[pm]; ok {
		return locale.Word(id)
	}
	return locale.Word("pricing." + string(pm))
}

// pricingList names pricing models as a phrase: "on-demand or spot".
func pricingList(list []catalog.PricingModel) locale.Text {
	if len(list) == 1 {
		return locale.New("word.one", pricingWord(list[0]))
	}
	rest := pricingList(list[1:])
	return locale.New("word.or", pricingWord(list[0]), rest)
}

type perfOK struct {
	perf      perf
	ok, known bool
}

// serviceOK is a GPU's service time and the figure behind it (see
// serviceTime), once known.
type serviceOK struct {
	known bool
	ms    float64
	fig   catalog.Figure
	has   bool
}

// nodeFacts is what the offers of one kind of node share in an answer:
// an instance's throughput, scaling efficiency and service time, and the
// figures behind them.
type nodeFacts struct {
	known                bool
	tput, eff, computeMS float64
	service              *catalog.Figure
	node                 *catalog.Figure
	copyGPUs             int
}

// nodeThroughput is one instance's throughput and scaling efficiency: the
// catalog's figure for that many GPUs on the basis when it has one
// (measured or cross-walked), else per-GPU × count × the efficiency of the
// instance's interconnect. Serving replicas on the GPUs of one instance do
// not talk to each other: no scaling loss for inference.
func (e *engine) nodeThroughput(p perf, g catalog.GPU, interconnect string, count int) (float64, float64, *catalog.Figure) {
	w := e.req.Workload
	if w.Kind == catalog.KindInference {
		return p.perGPU * float64(count), 1, nil
	}
	if count > 1 {
		if f, ok := e.cat.Throughput(g.ID, e.profile.ID, w.Kind, w.Precision, count); ok {
			return f.Value, f.Value / (p.perGPU * float64(count)), &f
		}
	}
	eff := e.efficiency(catalog.ScopeNode, interconnect, count)
	return p.perGPU * float64(count) * eff, eff, nil
}

// serviceTime is the time one request takes on a GPU: the basis's latency
// figure (measured or derived) and true, or the profile's own service time
// and false where the catalog has no latency basis.
//
// An estimated latency is taken at the far edge of its method's error band
// (its held-out median error): a latency target must still be met if the
// estimate is off by that much.
func (e *engine) serviceTime(g *catalog.GPU) (float64, catalog.Figure, bool) {
	if f, ok := e.cat.ServiceLatency(g.ID, e.profile.ID, e.req.Workload.Precision); ok {
		return f.Value * (1 + band(f)), f, true
	}
	return e.profile.Inference.ComputeMS, catalog.Figure{}, false
}

func (e *engine) anyPricing(p offerPrices) bool {
	for _, pm := range e.req.Pricing {
		if k := pricingIndex(pm); k >= 0 && p.sold[k] {
			return true
		}
	}
	return false
}

// soldUnder is anyPricing for an offer's brief (offerBrief.sold).
func (e *engine) soldUnder(sold uint8) bool {
	for _, pm := range e.req.Pricing {
		if k := pricingIndex(pm); k >= 0 && sold&(1<<k) != 0 {
			return true
		}
	}
	return false
}

// copyGPUs is how many of an offer's GPUs one copy of the model needs: 1
// when it fits one GPU (or partition), else the fewest whose memory holds
// it.
func (e *engine) copyGPUs(g catalog.GPU, o *catalog.Offer) int {
	per, need := g.MemoryGB*share(o), e.profile.ServingMemoryGB()
	if per <= 0 || need <= per {
		return 1
	}
	return int(math.Ceil(need/per - 1e-9))
}

// instanceMemory is the GPU memory one instance offers a model: all of its
// GPUs', assuming a model too large for one GPU is sharded across them; a
// partition's share of its GPU's.
func instanceMemory(g *catalog.GPU, o *catalog.Offer) float64 {
	return g.MemoryGB * float64(o.GPUCount) * share(o)
}

// band is the error band an estimated figure is planned with: its method's
// held-out median error, as a fraction (0 for a measured figure, or one
// whose method is unvalidated: it has no band to apply, and its answer
// says so).
func band(f catalog.Figure) float64 {
	if !f.Estimated || f.Unvalidated {
		return 0
	}
	return min(f.ErrorPct/100, maxBand)
}

// maxBand caps an error band: a method that misses by more is no figure
// to size on, and its answer says how much it missed by.
const maxBand = 0.9

// share is the part of its GPUs an offer sells: 1, or a partition's
// fraction.
func share(o *catalog.Offer) float64 {
	if o.GPUFraction > 0 {
		return o.GPUFraction
	}
	return 1
}
