package advisor

import (
	"math"
	"sync"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/serving"
)

// Recommend answers a request from a catalog. It fills in defaults,
// validates the request (returning FieldErrors when it is invalid), sizes
// and prices every allowed offer under every allowed pricing model, and
// ranks what is feasible. When hard limits leave nothing, the result has no
// pick and Excluded says why.
func Recommend(cat *catalog.Catalog, req Request) (Result, error) {
	return recommend(cat, req, nil)
}

// recommend is Recommend, asked by a buyer (asker nil) or by an answer of
// itself (see withPrecisionAlternatives): such a question reads the LLM
// figures the asking answer worked out where they hold for it, and works
// in buffers kept with the asker's (see buffers.asked).
func recommend(cat *catalog.Catalog, req Request, asker *engine) (Result, error) {
	req = req.WithDefaults(cat)
	if err := req.Validate(cat); err != nil {
		return Result{}, err
	}
	req, notes := scaledShares(req)
	facts, err := factsOf(cat)
	if err != nil {
		return Result{}, err
	}
	e := newAskedEngine(cat, req, asker)
	defer e.release()
	e.facts = facts
	plans := e.feasiblePlans()
	if e.ranksByCarbon() {
		for _, p := range plans {
			e.carbonOf(p)
		}
	}
	e.rank(plans)
	e.passedOver = e.preferWithinQuota(plans)
	res := e.result(plans)
	res.NotesText = append([]locale.Text{}, notes...)
	e.keepNeighbourhood()
	withFailoverCost(cat, req, &res)
	withPrecisionAlternatives(cat, req, &res, e)
	judge(&res)
	withCheapestMeetingTarget(req, &res, e)
	return res, nil
}

// feasiblePlans sizes and prices every allowed offer under every allowed
// pricing model, and keeps the plans within the budget.
func (e *engine) feasiblePlans() []*plan {
	e.filterOffers()
	var plans []*plan
	if e.req.Workload.Kind == catalog.KindTraining {
		plans = e.trainingPlans()
	} else {
		plans = e.inferencePlans()
	}
	plans = e.withinBudget(plans)
	if e.llm != nil {
		e.atPlannedPeak(plans)
	}
	return plans
}

// engine is one recommendation: the answer's state (the request, the
// catalog and what the answer has found so far), its memos (figures it
// works out on demand and asks for again), the multi-region search's
// state, and its scratch buffers, reused from answer to answer.
type engine struct {
	cat *catalog.Catalog
	// facts is what the advisor knows of cat whatever the request.
	facts   *catalogFacts
	req     Request
	profile catalog.Profile
	// llm is the model served, for inference on an LLM profile, and
	// llmModel its shape as the serving model reads it.
	llm      *catalog.LLMProfile
	llmModel serving.Model
	// llmPerf stands for the figure of every LLM offer, whose throughput
	// is its serving's (see llmServing.throughput); apis the token API
	// prices every LLM option shows.
	llmPerf perf
	apis    []TokenAPIPrice
	money   money
	rate    float64
	excl    exclusions
	// sovereignOut says, once per provider in catalog order, why
	// eu_sovereign rules a provider out.
	sovereignOut []locale.Text
	usable       []*usable
	users        []userPoint
	// weights are the users' weights side by side, in e.users order, for
	// the loops over every point (of every set, in the multi-region
	// search), which read them far faster than from e.users.
	weights []float64
	// order is rank's order of the plans, and nearBest the near-best
	// rule's figures when no plan meets the target (see rank).
	order    func(a, b *plan) int
	nearBest nearBestRule
	// passedOver is the plan ranked first that asks more than a published
	// quota, when the pick was preferred for keeping within it.
	passedOver *plan
	// nearest is what each binding limit ruled out last, for an answer
	// where nothing fits.
	nearest nearestLimits

	// places is where the usable offers serve from (see servingPlaces).
	places *servingPlaces
	// shared is the set of usable offers e answers from when it shares
	// them (see filterCache), sharedKey its neighbourhood's key, and
	// keepsNeighbourhood whether e keeps what it works out for the
	// neighbourhood (see useNeighbourhood).
	shared             *filtered
	sharedKey          string
	keepsNeighbourhood bool
	memo               answerMemos
	search             regionSearch
	// buf holds the big working slices, from bufferPool unless the
	// answer was asked by another (see newAskedEngine).
	buf    *buffers
	pooled bool
}

// answerMemos are the figures an answer works out on demand and asks for
// again: none outlives the answer.
type answerMemos struct {
	// llmSizings keeps how each kind of offer serves the LLM, and
	// sizingOf the same by GPU kind (see llmSizingOf); llm the figures
	// the answer's questions to itself share (see llmMemo).
	llmSizings []*llmSizing
	sizingOf   []*llmSizing
	llm        *llmMemos
	// llmGPUs is, by GPU, what its sizings read (see llmOn).
	llmGPUs map[string]*llmGPU
	// peakSlab holds the replicas' loads at the planned peak (cut from
	// the buffers' peaks), lastPeak the last one worked out, and
	// peakStats the last latency figures of one metro serving everyone at
	// a time to the first token (see atPlannedPeak).
	peakSlab  []peakLoad
	lastPeak  lastPeak
	peakStats lastStats
	// borders is each user group's country and border (see groupBorders).
	borders []groupBorder
	// latency holds, by place, its latency figures for each service time
	// of its usable offers (see sweepLatencies, statsFor).
	latency [][]latencyStats
	// efficiencies caches catalog.Efficiency, which sorts on every call.
	efficiencies map[efficiencyKey]float64
	// clusterEff is efficiency at cluster scope by node count (0: not
	// yet; see clusterEfficiency).
	clusterEff []float64
	// rtts caches, by metro, every user point's round trip to it (rttTo),
	// the columns cut from rttSlab.
	rtts    [][]float64
	rttSlab []float64
	// swept says whether sweepLatencies has run; reach is, by place, the
	// user points its fastest usable offer keeps within the target.
	swept bool
	reach [][]int32
	// models are the request's pricing models (see pricingModels).
	models []pricingModel
}

// regionSearch is the multi-region search's state (see multiRegionPlans).
type regionSearch struct {
	// aloneUSD is, by metro, the cost of its cheapest plan serving
	// everyone from there (+Inf: none), once inferencePlans has priced
	// them; the search's alternatives compare it.
	aloneUSD []float64
	// tables holds the metros' serving tables (see servingTable); tableAt
	// is, by metro, 1 + the index of its table (0: none yet).
	tables     []servingTable
	tableAt    []int
	tableLists tableLists
	// placeMemos keeps memoPlace's answers, by key their index in memoSlab.
	placeMemos map[placeKey]int32
	memoSlab   []placeMemo
	// trial, when set, is the plan multiPlan hands out again for every set
	// the exact search prices (see exactSearch.try): the few it keeps are
	// copied out, the others never reach the heap.
	trial *plan
	// kept is what the search worked out for the neighbourhood e starts
	// from, if any (read-only); record what it works out for the one e
	// keeps (see keptSearch).
	kept, record *keptSearch
}

// buffers are an answer's big working slices: the usable offers and the
// single-region plans, a few MB for the embedded catalog. They are reused
// from answer to answer, which spares the garbage collector that much per
// answer; nothing in a Result points into them (results copy what they
// show).
type buffers struct {
	// the usable offers and what filterOffers works out per kind of node
	// (see offerLists).
	offers offerLists
	plans  []plan
	places []place
	ptrs   []*plan
	// the multi-region search's plans, their places and the metros'
	// serving tables (see multiPlan, servingTable).
	multi       []plan
	multiPlaces []place
	cands       []servingCand
	// the multi-region search's offers by metro (see searchMetros).
	metroOffers []*usable
	// ranking's lists (see sortTop): the plans' rank keys, a copy of them
	// for quickselect to reorder, the best plans by key and index, then
	// the best and the other plans.
	rankKeys  []uint64
	keys      []uint64
	best      []rankEntry
	top, rest []*plan
	// the multi-region search's memos and their index, and the latency
	// figures and round trips by metro (see memoPlace, statsFor, rttTo).
	memo      []placeMemo
	memoIndex map[placeKey]int32
	latency   []latencyStats
	// sweepLatencies' lists (see sweepBuffers), and servingPlaces'.
	sweep      sweepBuffers
	placeLists placeLists
	rtts       []float64
	aloneUSD   []float64
	// the serving tables' groups of rows (see dropDominated).
	dominance map[uint64]dominanceRow
	// an LLM answer's replicas at the planned peak (see atPlannedPeak).
	peaks []peakLoad
	// the user points each metro reaches (see sweepLatencies) and each
	// serving table's reach (see servingTable).
	reach, tableReach []int32
	// written is how many elements of each buffer holding pointers the
	// last answer wrote (see recycle).
	written struct {
		usable, usables, plans, places, ptrs, multi, multiPlaces, cands, metroOffers, top, rest, memo int
	}
	// the scratch buffers of the search (see scratch).
	scratch scratch
	// asked are the buffers of the questions the answer asks of itself
	// (see newAskedEngine).
	asked *buffers
	// an LLM answer's figures (see llmMemos), sizings and operating
	// points (see newSizing, newFitted).
	llm     llmMemos
	sizings slab[llmSizing]
	fits    slab[llmFitted]
	// gpus holds an LLM answer's llmGPU, and gpuAt their index by GPU
	// (see llmOn).
	gpus  slab[llmGPU]
	gpuAt map[string]*llmGPU
}

// llmGPUs returns the buffers' index of llmGPU by GPU, empty.
func (b *buffers) llmGPUs() map[string]*llmGPU {
	if b.gpuAt == nil {
		b.gpuAt = map[string]*llmGPU{}
	}
	clear(b.gpuAt)
	return b.gpuAt
}

// newBuffers returns empty buffers.
func newBuffers() *buffers {
	b := new(buffers)
	b.llm.curveSlab.size, b.sizings.size, b.fits.size, b.gpus.size = 16, 32, 256, 32
	return b
}

var bufferPool = sync.Pool{New: func() any { return newBuffers() }}

// take returns *buf emptied, with room for n elements: appending up to n
// never moves it, so pointers into it stay put.
func take[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, 0, n)
	}
	return (*buf)[:0]
}

// newPlan returns a plan of one place, from the buffers while they have
// room (they never grow: pointers into them stay put), else from the heap.
func (e *engine) newPlan(pl place) *plan {
	b := e.buf
	if len(b.plans) < cap(b.plans) && len(b.places) < cap(b.places) {
		b.places = append(b.places, pl)
		k := len(b.places)
		b.plans = append(b.plans, plan{places: b.places[k-1 : k : k]})
		return &b.plans[len(b.plans)-1]
	}
	return &plan{places: []place{pl}}
}

// release gives the buffers back to the pool (see recycle).
func (e *engine) release() {
	b, w := e.buf, &e.buf.written
	e.buf, e.usable = nil, nil
	recycle(&b.offers.usable, &w.usable)
	recycle(&b.offers.usables, &w.usables)
	recycle(&b.plans, &w.plans)
	recycle(&b.places, &w.places)
	recycle(&b.ptrs, &w.ptrs)
	recycle(&b.multi, &w.multi)
	recycle(&b.multiPlaces, &w.multiPlaces)
	recycle(&b.cands, &w.cands)
	recycle(&b.metroOffers, &w.metroOffers)
	recycle(&b.top, &w.top)
	recycle(&b.rest, &w.rest)
	// The slab may have grown during the answer: the grown one is kept,
	// and the index emptied (a cleared map keeps its room).
	b.memo = e.search.memoSlab
	recycle(&b.memo, &w.memo)
	clear(b.memoIndex)
	e.search.memoSlab, e.search.placeMemos = nil, nil
	b.llm.free()
	b.sizings.free()
	b.fits.free()
	b.gpus.free()
	clear(b.gpuAt)
	if e.pooled {
		bufferPool.Put(b)
	}
}

// zeroed returns (*buf)[:n] with every element zero, reallocating *buf
// when it is too small.
func zeroed[T any](buf *[]T, n int) []T {
	s := grow(buf, n)
	clear(s)
	return s
}

// recycle empties a buffer for the next answer. The elements this answer
// wrote stay until the next answer overwrites them (every answer writes
// its elements whole); those an earlier, larger answer wrote beyond them
// are cleared. So a buffer points only into the catalog of the last answer
// that used it, and a replaced catalog is collected once every buffer has
// served an answer on the new one, or the pool has dropped it (after two
// collections) — without clearing every element after every answer, which
// took a tenth of a 20,000-offer answer.
func recycle[T any](buf *[]T, written *int) {
	s := *buf
	if n := min(*written, cap(s)); n > len(s) {
		clear(s[len(s):n])
	}
	*written, *buf = len(s), s[:0]
}

type efficiencyKey struct {
	scope, interconnect string
	count               int
}

// clusterEfficiency is the catalog's scaling efficiency of n nodes (see
// efficiency), kept by n: training asks it for every offer and count.
func (e *engine) clusterEfficiency(n int) float64 {
	if n < 1 || n > MaxNodes {
		return e.efficiency(catalog.ScopeCluster, "", n)
	}
	if e.memo.clusterEff == nil {
		e.memo.clusterEff = make([]float64, MaxNodes+1)
	}
	if e.memo.clusterEff[n] == 0 {
		e.memo.clusterEff[n] = e.efficiency(catalog.ScopeCluster, "", n)
	}
	return e.memo.clusterEff[n]
}

// efficiency is cat.Efficiency, computed once per scope, interconnect and
// count.
func (e *engine) efficiency(scope, interconnect string, count int) float64 {
	k := efficiencyKey{scope, interconnect, count}
	if eff, ok := e.memo.efficiencies[k]; ok {
		return eff
	}
	eff := e.cat.Efficiency(scope, interconnect, count)
	e.memo.efficiencies[k] = eff
	return eff
}

func newEngine(cat *catalog.Catalog, req Request) *engine {
	return newEngineIn(cat, req, bufferPool.Get().(*buffers), true)
}

// newAskedEngine is newEngine for a question asked by a buyer (asker nil)
// or by an answer of itself. The latter works in buffers kept with the
// asker's, not from the pool: the small answers of such questions then
// never clear what a large one wrote before them (see recycle), and it
// reads the LLM figures the asker worked out where they hold for it.
func newAskedEngine(cat *catalog.Catalog, req Request, asker *engine) *engine {
	if asker == nil {
		return newEngine(cat, req)
	}
	if asker.buf.asked == nil {
		asker.buf.asked = newBuffers()
	}
	e := newEngineIn(cat, req, asker.buf.asked, false)
	if m := asker.memo.llm; m != nil && sharesLLMFigures(&e.req, m.req) {
		e.memo.llm = m
	}
	return e
}

// newEngineIn is newEngine working in buf, put back in the pool on
// release when pooled.
func newEngineIn(cat *catalog.Catalog, req Request, buf *buffers, pooled bool) *engine {
	r, _ := cat.Rate(req.Currency)
	p, _ := cat.Profile(req.Workload.Profile)
	e := &engine{cat: cat, req: req, profile: p, money: money{rate: r.PerUSD, currency: req.Currency, one: r.PerUSD.Equal(decimal.New(1, 0))},
		rate: r.PerUSD.InexactFloat64(),
		memo: answerMemos{efficiencies: map[efficiencyKey]float64{}}, buf: buf, pooled: pooled}
	if e.buf.memoIndex == nil {
		e.buf.memoIndex = map[placeKey]int32{}
	}
	e.search.memoSlab, e.search.placeMemos = e.buf.memo[:0], e.buf.memoIndex
	e.excl.off = req.sub
	e.users = userPoints(cat, req.Users)
	e.weights = make([]float64, len(e.users))
	for i, u := range e.users {
		e.weights[i] = u.weight
	}
	if req.Workload.Kind == catalog.KindInference && p.LLM != nil {
		e.llm = p.LLM
		e.llmModel = p.LLM.ServingModel("")
	}
	return e
}

// withinBudget drops plans over the budget and counts their offers.
func (e *engine) withinBudget(plans []*plan) []*plan {
	if e.req.Budget == nil {
		return plans
	}
	budget := e.req.Budget.InexactFloat64()
	kept := plans[:0]
	// The first plan over the budget of each offer: its sentence is made
	// only for the exclusion's example.
	over := map[*catalog.Offer]*plan{}
	fits := map[*catalog.Offer]bool{}
	var order []*catalog.Offer
	for _, p := range plans {
		o := p.places[0].u.offer
		if e.fitsBudget(p, budget) {
			kept = append(kept, p)
			fits[o] = true
			continue
		}
		e.nearest.overBudget(p)
		if _, ok := over[o]; !ok {
			order = append(order, o)
			over[o] = p
		}
	}
	for _, o := range order {
		if !fits[o] {
			e.excl.add(reasonBudget, func() locale.Text {
				p := over[o]
				return locale.New("excluded.budget", describe(e.cat, p), locale.Money(p.costUSD*e.rate), e.req.Currency, locale.Money(e.req.Budget.InexactFloat64()), e.req.Currency)
			})
		}
	}
	return kept
}

// fitsBudget reports whether a plan's total is within the budget. The total
// a buyer sees is the sum of lines rounded one by one, which can differ from
// the float cost by a few cents: near the budget, that total decides.
func (e *engine) fitsBudget(p *plan, budget float64) bool {
	c := p.costUSD * e.rate
	if margin := 1 + 1e-4*math.Abs(c); math.Abs(c-budget) > margin {
		return c <= budget
	}
	var lines []Line
	if e.req.Workload.Kind == catalog.KindTraining {
		lines = e.trainingLines(p)
	} else {
		lines = e.inferenceLines(p)
	}
	return !sum(lines).GreaterThan(*e.req.Budget)
}

func setOf(list []string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, s := range list {
		m[s] = true
	}
	return m
}
