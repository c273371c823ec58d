package advisor

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Result sizes: how many alternatives and chart points an answer carries.
const (
	MaxAlternatives = 5
	MaxCandidates   = 300
)

// result assembles the answer from the ranked plans.
func (e *engine) result(plans []*plan) Result {
	rate, _ := e.cat.Rate(e.req.Currency)
	res := Result{
		CatalogVersion: e.cat.Version.ID, Currency: e.req.Currency,
		Rate: rate.PerUSD, RateDate: rate.Date, Request: e.req,
		Alternatives: []Option{}, Excluded: e.excl.list(), Candidates: []Candidate{},
	}
	if len(plans) == 0 {
		res.NearestText = e.nearestTexts()
		return res
	}
	pick := plans[0]
	if e.req.sub {
		// Another precision's cheapest (see withPrecisionAlternatives)
		// reads the pick's GPUs and total alone.
		po := e.totalOption(pick)
		res.Pick = &po
		return res
	}
	po := e.option(pick)
	alts := distinctAlternatives(plans)
	po.Why = e.explainPick(pick, plans, alts)
	po.Why = append(po.Why, e.carbonNote(pick, plans)...)
	if q := e.passedOver; q != nil {
		x := e.overQuota(q)[0]
		po.Why = append(po.Why, locale.New("why.within_quota", describe(e.cat, q), e.costsThan(pick, q), providerName(e.cat, x.provider), locale.Pct(100*QuotaPreference)))
	}
	if a := po.AverageLoad; a != nil {
		// After the sentence on how the pick serves its peak.
		po.Why = slices.Insert(po.Why, 1, locale.New("why.llm.average", locale.Num(a.RPS), locale.Num(e.req.Workload.PeakRPS), a.Instances, a.OfInstances,
			locale.Money(a.Total.InexactFloat64()), e.req.Currency, locale.Money(a.CostPer1MOutputTokens.InexactFloat64()), e.req.Currency))
	}
	res.Pick = &po
	for _, a := range alts {
		o := e.option(a)
		o.Why = []locale.Text{e.lossReason(a, pick)}
		t := e.tradeOff(a, pick)
		o.TradeOffText = &t
		res.Alternatives = append(res.Alternatives, o)
	}
	res.Pricing = e.pricingComparison(pick)
	shown, opts := append([]*plan{pick}, alts...), []*Option{res.Pick}
	for i := range res.Alternatives {
		opts = append(opts, &res.Alternatives[i])
	}
	res.Candidates = e.candidates(plans, shown, opts)
	if b, ok := e.cat.Basis(e.profile.ID, e.req.Workload.Kind, e.req.Workload.Precision); ok {
		res.BasisLabel = b.Label
	}
	res.Basis = e.basis(shown)
	return res
}

// basis lists, once each, the figures behind the plans' GPUs: throughput
// per GPU, the whole instance's where the catalog has one, and for
// inference the service time.
func (e *engine) basis(plans []*plan) []BasisFigure {
	out := []BasisFigure{}
	seen := map[catalog.Figure]bool{}
	add := func(f *catalog.Figure) {
		if f == nil || seen[*f] {
			return
		}
		seen[*f] = true
		g, _ := e.cat.GPU(f.GPU)
		row := BasisFigure{
			GPU: f.GPU, GPUName: g.Name, Profile: e.profile.ID, GPUCount: f.Count, Engine: f.Engine,
			Precision: e.req.Workload.Precision, Format: f.Format, Scenario: f.Scenario,
			Value: math.Round(f.Value*1000) / 1000, Unit: f.Unit, Source: f.Source, Date: f.Date,
			Estimated: f.Estimated, Method: f.Method,
		}
		if f.Estimated && f.Via != "" {
			row.Unvalidated = f.Unvalidated
			if f.HeldOut > 0 {
				pct := f.ErrorPct
				row.ErrorPct = &pct
			}
		}
		out = append(out, row)
	}
	for _, p := range plans {
		for _, pl := range p.places {
			if s := pl.u.serving; s != nil {
				out = e.servingBasis(out, pl.u, s)
				continue
			}
			if pl.u.cpu != nil {
				out = e.cpuBasis(e.cpuServingBasis(out, pl.u), pl.u)
				continue
			}
			add(&pl.u.perf.figure)
			if pl.u.offer.GPUCount > 1 {
				add(pl.u.node)
			}
			add(pl.u.service)
			out = e.cpuBasis(out, pl.u)
		}
	}
	return out
}

// cpuBasis adds, once, the CPU bound a place's throughput rests on when
// its vCPUs, not its GPUs, bind it.
func (e *engine) cpuBasis(out []BasisFigure, u *usable) []BasisFigure {
	b := u.cpuBound
	if b == nil || slices.ContainsFunc(out, func(r BasisFigure) bool { return r.Scenario == "cpu_bound" }) {
		return out
	}
	return append(out, BasisFigure{GPUName: "vCPU", Profile: e.profile.ID, GPUCount: 1, Engine: b.Work,
		Scenario: "cpu_bound", Value: b.PerVCPU, Unit: e.profile.Unit + "s/s per vCPU",
		Source: b.Source, Date: b.Date, Estimated: b.Estimated, Method: b.Method})
}

// servingBasis adds, once each, the figures an LLM place rests on: the
// serving model's operating point on its GPU, and the measured figure
// that anchors it, if one does.
func (e *engine) servingBasis(out []BasisFigure, u *usable, s *llmServing) []BasisFigure {
	f := s.throughput(e)
	errPct := round1(s.err.MedianPct)
	row := BasisFigure{GPU: u.gpu.ID, GPUName: u.gpu.Name, Profile: e.profile.ID, GPUCount: s.gpus, Engine: engineName(s.engine()),
		Precision: s.precision, Format: s.precision, Scenario: "serving_model", Value: math.Round(s.perGPU*1000) / 1000,
		Unit: "output tokens/s per GPU", Source: f.Source, Date: f.Date, Estimated: true, Method: f.Method,
		ErrorPct: &errPct, Unvalidated: !s.validated}
	if !slices.ContainsFunc(out, func(b BasisFigure) bool { return b.GPU == row.GPU && b.Value == row.Value && b.Method == row.Method }) {
		out = append(out, row)
	}
	if a := s.anchor; a != nil {
		m := fmt.Sprintf("%s, %s scenario, %g tokens in / %g out, %d GPU(s)", a.Engine, a.Scenario, a.InputTokens, a.OutputTokens, a.GPUs)
		if a.Method != "" {
			m += "; " + a.Method
		}
		row := BasisFigure{GPU: u.gpu.ID, GPUName: u.gpu.Name, Profile: e.profile.ID, GPUCount: a.GPUs, Engine: a.Engine, Precision: a.Precision,
			Format: a.Precision, Scenario: a.Scenario, Value: math.Round(a.PerGPU()*1000) / 1000, Unit: "output tokens/s per GPU",
			Source: a.Source, Date: a.Date, Estimated: a.Estimated, Method: m}
		if !slices.ContainsFunc(out, func(b BasisFigure) bool { return b.GPU == row.GPU && b.Value == row.Value && b.Method == row.Method }) {
			out = append(out, row)
		}
	}
	return out
}

// distinctAlternatives returns the best plans after the pick that place a
// different set of instances (the pick's other pricing models are compared
// in Result.Pricing instead), with at most SameTypeAlternatives of one
// provider's instance type in other regions, so the rows show choices.
func distinctAlternatives(plans []*plan) []*plan {
	rows := []*plan{plans[0]} // the pick and the alternatives so far
	var out []*plan
	for _, p := range plans[1:] {
		taken, sameType := false, 0
		for _, r := range rows {
			taken = taken || samePlaces(r, p, sameOffer)
			if samePlaces(r, p, sameTypeIn) {
				sameType++
			}
		}
		if taken || sameType >= SameTypeAlternatives {
			continue
		}
		rows = append(rows, p)
		out = append(out, p)
		if len(out) == MaxAlternatives {
			break
		}
	}
	return out
}

// SameTypeAlternatives is how many rows (the pick's included) one provider's
// instance type may take among the pick and its alternatives.
const SameTypeAlternatives = 3

// samePlaces reports whether two plans place the same things, place by
// place, as same tells.
func samePlaces(a, b *plan, same func(x, y *catalog.Offer) bool) bool {
	return slices.EqualFunc(a.places, b.places, func(x, y place) bool { return same(x.u.offer, y.u.offer) })
}

// sameOffer reports whether two offers are one: the same provider, region
// and instance type (the offer's id).
func sameOffer(x, y *catalog.Offer) bool {
	return x.Provider == y.Provider && x.Region == y.Region && x.InstanceType == y.InstanceType
}

// sameTypeIn reports whether two offers are one provider's instance type,
// regions aside.
func sameTypeIn(x, y *catalog.Offer) bool {
	return x.Provider == y.Provider && x.InstanceType == y.InstanceType
}

func (e *engine) option(p *plan) Option {
	var lines []Line
	if e.req.Workload.Kind == catalog.KindTraining {
		lines = e.trainingLines(p)
	} else {
		lines = e.inferenceLines(p)
	}
	o := Option{
		Lines: lines, Total: sum(lines), Hours: decimal.NewFromFloat(p.hours).Round(2),
		Compliance: e.compliance(p), Throughput: p.places[0].u.perf.info, Score: p.score,
		EstimatedText: e.estimatedFigures(p), Risks: e.risks(p),
	}
	if w := e.req.Workload; w.Kind == catalog.KindTraining && w.DeadlineHours > 0 {
		in := p.hours <= w.DeadlineHours
		o.FinishesWithinDeadline = &in
	}
	if s := p.places[0].u.serving; s != nil {
		o.Throughput = s.throughput(e)
	}
	o.Throughput.PerGPU = math.Round(o.Throughput.PerGPU*100) / 100
	var users [MaxRegions][]string
	if e.req.Workload.Kind == catalog.KindInference {
		o.Latency, users = e.latencyTable(p)
		o.Failover = e.failover(p)
	}
	o.Carbon = e.carbon(p)
	for k := range p.places {
		o.Placements = append(o.Placements, e.placement(p, k, users[k]))
	}
	o.CostPerUnit = e.costPerUnit(o.Total)
	if e.llm != nil {
		e.llmFigures(&o, p)
	}
	return o
}

// totalOption is the part of option that a question an answer asks of
// itself reads: the lines, the total and the placements (without their
// users), so its GPUs.
func (e *engine) totalOption(p *plan) Option {
	var lines []Line
	if e.req.Workload.Kind == catalog.KindTraining {
		lines = e.trainingLines(p)
	} else {
		lines = e.inferenceLines(p)
	}
	o := Option{Lines: lines, Total: sum(lines)}
	for k := range p.places {
		o.Placements = append(o.Placements, e.placement(p, k, nil))
	}
	return o
}

// placement shows p's kth place; users are those it serves (inference).
func (e *engine) placement(p *plan, k int, users []string) Placement {
	pl := p.places[k]
	o, r := pl.u.offer, pl.u.region
	out := Placement{
		Provider: o.Provider, Region: o.Region, RegionName: r.Name, City: r.City, Metro: r.Metro, Country: r.Country,
		InstanceType: o.InstanceType, GPU: o.GPU, GPUCount: o.GPUCount,
		Nodes: 1, Replicas: 1, Pricing: pl.pricing, Users: []string{}, HourlyUSD: pl.priceUSD(),
		GPUFraction: share(o), VCPUs: o.VCPUs, MemoryGiB: o.MemoryGiB, ListedOnly: o.ListedOnly,
		PriceDate: priceRef(o, pl.pricing).Date, SourceQuality: o.SourceQuality,
	}
	if prov, ok := e.cat.Provider(o.Provider); ok {
		out.ProviderHQ = prov.HQCountry
	}
	if c := pl.u.cpu; c != nil {
		out.GPUFraction = 0
		out.CPU = &PlacementCPU{ID: c.ID, Model: c.Name, Generation: c.Family, Cores: pl.u.cores}
		if c.CoresPerSocket > 0 {
			out.CPU.Sockets = (pl.u.cores + c.CoresPerSocket - 1) / c.CoresPerSocket
		}
	} else {
		out.GPUName = pl.u.gpu.Name
	}
	if e.req.Workload.Kind == catalog.KindTraining {
		out.Nodes = pl.count
		for _, u := range e.req.Users {
			out.Users = append(out.Users, u.Location)
		}
	} else {
		out.Replicas = pl.count
		if s := pl.u.serving; s != nil {
			out.GPUsPerReplica = s.gpus
			out.Replicas = pl.count * o.GPUCount / s.gpus
			out.Instances = pl.count
		}
		if k := pl.u.copyGPUs; k > 1 {
			out.GPUsPerReplica = k
			out.Replicas = pl.count * (o.GPUCount / k)
			out.Instances = pl.count
		}
		out.Users = append(out.Users, users...)
	}
	return out
}

// compliance is the verdict for all of a plan's regions: each passed the
// GDPR filter, so the reasons are joined without repeats.
func (e *engine) compliance(p *plan) Compliance {
	var t *locale.Text
	var seen []locale.Text
	for _, pl := range p.places {
		if r := pl.u.compliance; !slices.ContainsFunc(seen, r.Text.Equal) {
			seen = append(seen, r.Text)
			if t == nil {
				t = &r.Text
			} else {
				joined := locale.New("gdpr.all", *t, r.Text)
				t = &joined
			}
		}
	}
	return Compliance{OK: true, Text: *t}
}

// costPerUnit spreads the total over epochs (training) or millions of
// requests (inference).
func (e *engine) costPerUnit(total decimal.Decimal) CostPerUnit {
	w := e.req.Workload
	if w.Kind == catalog.KindTraining {
		return CostPerUnit{Unit: "epoch", Amount: total.Div(decimal.NewFromInt(int64(w.Epochs))).Round(amountPlaces)}
	}
	millions := w.RPS * 3600 * e.serviceHours() / 1e6
	return CostPerUnit{Unit: "1M requests", Amount: total.Div(decimal.NewFromFloat(millions)).Round(amountPlaces)}
}

// latencyTable reports, per user group, the round trip and service time
// from the region that serves it (each point goes to its nearest region,
// as the search routed it; an LLM place's service time is a replica's at
// the planned peak, see atPlannedPeak). It also lists, in order, the user
// locations each place serves: every one when it is the only place; else
// those with a user point routed to it.
func (e *engine) latencyTable(p *plan) (*Latency, [MaxRegions][]string) {
	w := e.req.Workload
	lat := &Latency{TargetMS: w.LatencyMS, WeightedMS: round1(p.metric), ShareWithinTarget: round1(p.within),
		Groups: make([]LatencyGroup, 0, len(e.req.Users))}
	type acc struct {
		weight, rtt, best, compute, within float64
		estimated, ranged, crossBorder     bool
		byPlace                            [MaxRegions]float64 // weight served by each place
		served                             [MaxRegions]bool    // a point routed to each place
	}
	groups := make([]acc, len(e.req.Users))
	rtts := e.rttsOf(p)
	for i, up := range e.users {
		k, rtt := nearestPlace(p, rtts, i)
		pl := p.places[k]
		est := e.cat.PlaceRoute(up.point, pl.u.metro) != catalog.RouteMeasured
		// A place of one metro has one round trip: the best is the
		// worst, which the routing read (rttTo).
		best, ranged := rtts[k][i], len(e.cat.PlaceMetros(pl.u.metro)) > 1
		if ranged {
			_, best, _ = e.cat.PlaceRTT(up.point, pl.u.metro)
		}
		g := &groups[up.group]
		g.weight += up.weight
		g.rtt += up.weight * rtt
		g.best += up.weight * best
		g.ranged = g.ranged || ranged
		_, crosses := e.crossesFilter(up, pl.u)
		g.crossBorder = g.crossBorder || crosses
		ms := pl.serviceMS()
		g.compute += up.weight * ms
		if rtt+ms <= w.LatencyMS {
			g.within += up.weight
		}
		g.estimated = g.estimated || est
		g.byPlace[k] += up.weight
		g.served[k] = true
	}
	// The lists are cut from one array, sized first.
	serves := func(k, i int) bool { return len(p.places) == 1 || groups[i].served[k] }
	var users [MaxRegions][]string
	var counts [MaxRegions]int
	total := 0
	for i := range e.req.Users {
		for k := range p.places {
			if serves(k, i) {
				counts[k]++
				total++
			}
		}
	}
	all := make([]string, 0, total)
	for k := range p.places {
		users[k] = all[len(all) : len(all) : len(all)+counts[k]]
		all = all[:len(all)+counts[k]]
	}
	for i, u := range e.req.Users {
		for k := range p.places {
			if serves(k, i) {
				users[k] = append(users[k], u.Location)
			}
		}
	}
	for i, u := range e.req.Users {
		g := groups[i]
		if g.weight == 0 {
			continue
		}
		main := 0 // the place serving most of the group, the first of equals
		for k, wt := range g.byPlace[:len(p.places)] {
			if wt > g.byPlace[main] {
				main = k
			}
		}
		loc, _ := e.cat.Location(u.Location)
		rtt, compute := g.rtt/g.weight, g.compute/g.weight
		group := LatencyGroup{
			Location: u.Location, Name: loc.Name, Share: u.Share, Region: p.places[main].u.facts.regionKey,
			RTTMS: round1(rtt), ComputeMS: round1(compute), TotalMS: round1(rtt + compute),
			WithinTarget: round1(100 * g.within / g.weight), Estimated: g.estimated, CrossBorder: g.crossBorder,
		}
		if g.ranged {
			group.RTTRangeMS = &[2]float64{round1(g.best / g.weight), round1(rtt)}
		}
		lat.Groups = append(lat.Groups, group)
	}
	return lat, users
}

// rttsOf is, for each of p's places, every user point's round trip to it
// (see rttTo).
func (e *engine) rttsOf(p *plan) (rtts [MaxRegions][]float64) {
	for k, pl := range p.places {
		rtts[k] = e.rttTo(pl.u.metro)
	}
	return rtts
}

// nearestPlace is the place user point i is routed to: the lowest round
// trip (the first of equals), rtts being rttsOf(p).
func nearestPlace(p *plan, rtts [MaxRegions][]float64, i int) (int, float64) {
	best, bestRTT := 0, math.Inf(1)
	for k := range p.places {
		if rtt := rtts[k][i]; rtt < bestRTT {
			best, bestRTT = k, rtt
		}
	}
	return best, bestRTT
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// candidates lays the best plans out for the cost-versus-latency chart and
// marks the Pareto front: no other plan is both cheaper and faster. Each
// says whether it meets the target. The plans shown as options (shown,
// with their options opts) read as their options do: their total and
// their verdict.
func (e *engine) candidates(plans, shown []*plan, opts []*Option) []Candidate {
	top := plans[:min(len(plans), MaxCandidates)]
	nameAll(top)
	out := make([]Candidate, len(top))
	for i, p := range top {
		c := Candidate{Label: p.name(), Total: math.Round(p.costUSD*e.rate*100) / 100, Metric: round1(p.metric), Pick: i == 0}
		c.Verdict, c.ShareWithinTarget = e.candidateVerdict(p)
		if k := slices.Index(shown, p); k >= 0 {
			// Shown as an option: the option's total, the sum of its
			// rounded lines, which the plan's unrounded cost can miss by
			// a few cents, and the option's verdict.
			c.Total = opts[k].Total.InexactFloat64()
			if v := verdictOf(e.req.Workload, opts[k]); v.Target != "" {
				c.Verdict = v.Kind()
			}
		}
		out[i] = c
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ca, cb := &out[a], &out[b]
		if c := cmp.Compare(ca.Total, cb.Total); c != 0 {
			return c
		}
		return cmp.Compare(ca.Metric, cb.Metric)
	})
	best := math.Inf(1)
	for _, i := range idx {
		if out[i].Metric < best {
			out[i].Pareto = true
			best = out[i].Metric
		}
	}
	return out
}
