package advisor

import (
	"cmp"
	"math"
	"slices"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/serving"
)

// What an LLM answer adds to an option: the tokens served, the operating
// point of its serving, costs per million tokens split by the GPU time
// prompts and answers take, and what public token APIs charge.

// Serving is an LLM option's operating point (API.md pick.serving): the
// engine, formats and replica, the most each replica is sized to carry
// (Concurrency, OutputTokensPerSPerReplica), the load it carries at the
// planned peak and its latencies there (95th percentile, no network), the
// headroom between the two and the curve's knee, and the serving model's
// held-out error for the GPU's family. Of a plan of several places, it
// is the first place's.
type Serving struct {
	Engine string `json:"engine"`
	// EngineVersion is the engine with the versions the serving model's
	// figures of its family were measured on ("vLLM 0.5.1, 0.12.0").
	EngineVersion  string `json:"engine_version"`
	Precision      string `json:"precision"`
	KVPrecision    string `json:"kv_precision"`
	TensorParallel int    `json:"tensor_parallel"`
	// PipelineParallel is the replica's pipeline stages (1: none); a
	// replica spans TensorParallel × PipelineParallel GPUs.
	PipelineParallel           int     `json:"pipeline_parallel"`
	Concurrency                float64 `json:"concurrency"`
	OutputTokensPerSPerReplica float64 `json:"output_tokens_per_s_per_replica"`
	// TTFTMS and TPOTMS are a replica's at the planned peak: its place's
	// share of the peak requests a second over its replicas, read from
	// its curve (PeakConcurrency running at once,
	// PeakOutputTokensPerSPerReplica). PointTTFTMS and PointTPOTMS are
	// those of the operating point, the most it is sized to carry.
	TTFTMS                         float64 `json:"ttft_ms"`
	TPOTMS                         float64 `json:"tpot_ms"`
	PeakConcurrency                float64 `json:"peak_concurrency"`
	PeakOutputTokensPerSPerReplica float64 `json:"peak_output_tokens_per_s_per_replica"`
	PointTTFTMS                    float64 `json:"point_ttft_ms"`
	PointTPOTMS                    float64 `json:"point_tpot_ms"`
	// KneeConcurrency is the curve's knee (serving.Knee): past it a
	// doubling of the load adds under 5 % output while the latencies
	// grow; nil when the replica's memory fills before it. AtKnee is true
	// where the targets allow more load than the knee: the operating
	// point is held at it.
	KneeConcurrency *float64 `json:"knee_concurrency"`
	AtKnee          bool     `json:"at_knee"`
	// HeadroomPct is how much more load a replica takes at the planned
	// peak before it reaches its operating point (where a target would be
	// missed, or its knee), as a per cent of its load at the peak; nil
	// where the operating point misses a target anyway, or the replica
	// carries nothing at the peak (a failover region's standing by).
	// KneeHeadroomPct is the same up to the knee; nil without one.
	HeadroomPct     *float64 `json:"headroom_pct"`
	KneeHeadroomPct *float64 `json:"knee_headroom_pct"`
	// ErrorPct is the held-out median absolute error of the model for
	// this GPU family (of all held-out points when Unvalidated), and
	// ValidatedPoints how many held-out points it rests on.
	ErrorPct        float64 `json:"error_pct"`
	ValidatedPoints int     `json:"validated_points"`
	Unvalidated     bool    `json:"unvalidated"`
	// ErrorRangePct is where the real capacity is expected, as [low,
	// high] per cent of the stated one: the 2.5th to 97.5th percentile of
	// what the model missed on held-out campaigns of the engine family at
	// the question's load (see serving.BandFor). GPUsAtBandEdge is the
	// GPUs the answer needs if the capacity is at the low end.
	ErrorRangePct  [2]float64 `json:"error_range_pct"`
	GPUsAtBandEdge int        `json:"gpus_at_band_edge"`
	// Anchored is true where a measured figure at the request's own
	// lengths sets the level of the curve.
	Anchored bool `json:"anchored"`
	// FloorTPOTMS and FloorTTFTMS are the hardware's floors: every weight
	// read once per token at full bandwidth, the prompt's products at the
	// full tensor rate.
	FloorTPOTMS float64 `json:"floor_tpot_ms"`
	FloorTTFTMS float64 `json:"floor_ttft_ms"`
	// Curve is the replica's throughput against its latencies, from one
	// request at a time to its memory's most (per GPU, for the chart), and
	// Measured the catalog's figures of the GPU, format, engine family and
	// replica size with a time per token at the request's lengths (within
	// comparableSpan), per GPU.
	Curve    []CurvePoint `json:"curve"`
	Measured []CurvePoint `json:"measured"`
	// DefaultPrecision is the precision the model is sized in by default
	// on the option's GPU (the profile's default where the GPU runs it,
	// else 16-bit), QualityNote what the option's precision costs in
	// accuracy as its checkpoint's card reports (nil where the profile
	// lists none), and PrecisionAlternatives the pick's cheapest answer
	// on its GPU in each other published precision the GPU runs (the
	// pick's only; see withPrecisionAlternatives).
	DefaultPrecision      string                 `json:"default_precision"`
	QualityNote           *locale.Text           `json:"quality_note,omitempty"`
	PrecisionAlternatives []PrecisionAlternative `json:"precision_alternatives,omitempty"`
}

// HeadroomTexts say what more load a replica takes at the planned peak:
// before a target is missed and before its knee, or, where the knee holds
// the operating point, before the knee; nil for an answer pinned before
// they were worked out.
func (s *Serving) HeadroomTexts() []locale.Text {
	if s.PeakOutputTokensPerSPerReplica == 0 {
		return nil
	}
	return headroom{toPoint: s.HeadroomPct, toKnee: s.KneeHeadroomPct, knee: s.KneeConcurrency, atKnee: s.AtKnee}.texts()
}

// OperatingTPOTMS is the operating point's time per output token:
// PointTPOTMS, or TPOTMS in an answer pinned before the two were told
// apart (whose TPOTMS is the operating point's).
func (s *Serving) OperatingTPOTMS() float64 {
	if s.PointTPOTMS > 0 {
		return s.PointTPOTMS
	}
	return s.TPOTMS
}

// KneeText is the sentence on the knee where it decides how much a
// replica is sized to carry (AtKnee): for the answer's card.
func (s *Serving) KneeText() (locale.Text, bool) {
	if !s.AtKnee || s.KneeHeadroomPct == nil || s.KneeConcurrency == nil {
		return locale.Text{}, false
	}
	return headroom{toKnee: s.KneeHeadroomPct, knee: s.KneeConcurrency, atKnee: true}.texts()[0], true
}

// CurvePoint is one point of a serving curve: output tokens a second per
// GPU at a time per output token (and, for the model's points, the
// running requests and time to first token).
type CurvePoint struct {
	OutputPerSPerGPU float64 `json:"output_per_s_per_gpu"`
	TPOTMS           float64 `json:"tpot_ms"`
	TTFTMS           float64 `json:"ttft_ms,omitempty"`
	Concurrency      float64 `json:"concurrency,omitempty"`
	// InputTokens, OutputTokens and Source are a measured point's lengths
	// and source.
	InputTokens  float64 `json:"input_tokens,omitempty"`
	OutputTokens float64 `json:"output_tokens,omitempty"`
	Source       string  `json:"source,omitempty"`
}

// TokenAPIPrice is what a public token API charges for the same model,
// in the answer's currency (API.md pick.token_apis[]).
type TokenAPIPrice struct {
	Provider    string          `json:"provider"`
	Model       string          `json:"model"`
	InputPer1M  decimal.Decimal `json:"input_per_1m"`
	OutputPer1M decimal.Decimal `json:"output_per_1m"`
	Currency    string          `json:"currency"`
	Quantised   bool            `json:"quantised,omitempty"`
	Source      string          `json:"source"`
	Date        string          `json:"date"`
}

// BuyOrHost sets an LLM option's price of a million tokens beside the
// cheapest token API's (TokenAPIs' first), both at the question's mix of
// tokens in and out: whether buying the tokens or hosting the model costs
// less at the volume asked (the JSON's buy_or_host).
type BuyOrHost struct {
	// APIProvider and APIModel name the cheapest token API, APIQuantised
	// whether it serves the model in fewer bits than its weights.
	APIProvider  string `json:"api_provider"`
	APIModel     string `json:"api_model"`
	APIQuantised bool   `json:"api_quantised"`
	// APIPer1MTokens is what the API charges for a million tokens in and
	// out at the question's mix; HostedPer1MTokens what the option costs
	// for them (its CostPer1MTokensBlended).
	APIPer1MTokens    decimal.Decimal `json:"api_per_1m_tokens"`
	HostedPer1MTokens decimal.Decimal `json:"hosted_per_1m_tokens"`
	// Cheaper is CheaperHost or CheaperAPI (the API on a tie: it asks
	// nothing more of the buyer), and LessPct how much less it costs than
	// the other, per cent of the other's price.
	Cheaper string  `json:"cheaper"`
	LessPct float64 `json:"less_pct"`
	// Where the API costs less at the volume asked: HostingNever is true
	// where hosting never costs less, whatever the volume (the option's
	// HostingCheaperFromTokensPerMonth is nil), else
	// HostingFromTokensPerMonth is the monthly output tokens from which it
	// does (left out where that is not above the volume asked).
	HostingNever              bool     `json:"hosting_never"`
	HostingFromTokensPerMonth *float64 `json:"hosting_from_tokens_per_month,omitempty"`
}

// What BuyOrHost.Cheaper says.
const (
	CheaperAPI  = "api"
	CheaperHost = "host"
)

// buyOrHost compares the option's price of a million tokens with the
// cheapest token API's (o.TokenAPIs is cheapest first), for in tokens in
// and out out a request; nil without an API or a price per token.
func buyOrHost(o *Option, in, out int) *BuyOrHost {
	if len(o.TokenAPIs) == 0 || o.CostPer1MTokensBlended == nil || in+out <= 0 {
		return nil
	}
	a := o.TokenAPIs[0]
	api := a.InputPer1M.Mul(decimal.NewFromInt(int64(in))).Add(a.OutputPer1M.Mul(decimal.NewFromInt(int64(out)))).
		Div(decimal.NewFromInt(int64(in + out))).Round(perMillionPlaces)
	b := &BuyOrHost{APIProvider: a.Provider, APIModel: a.Model, APIQuantised: a.Quantised,
		APIPer1MTokens: api, HostedPer1MTokens: *o.CostPer1MTokensBlended, Cheaper: CheaperAPI}
	lo, hi := api, b.HostedPer1MTokens
	if b.HostedPer1MTokens.LessThan(api) {
		b.Cheaper, lo, hi = CheaperHost, b.HostedPer1MTokens, api
	}
	if hi.IsPositive() {
		b.LessPct = round1(decimal.NewFromInt(1).Sub(lo.Div(hi)).Mul(decimal.NewFromInt(100)).InexactFloat64())
	}
	switch from := o.HostingCheaperFromTokensPerMonth; {
	case b.Cheaper != CheaperAPI:
	case from == nil:
		b.HostingNever = true
	case o.Tokens != nil && *from > o.Tokens.PerMonth:
		v := *from
		b.HostingFromTokensPerMonth = &v
	}
	return b
}

// perMillionPlaces is how many decimals a price per million tokens keeps:
// input × millions in + output × millions out then adds up to the total
// within a cent for any volume an answer serves.
const perMillionPlaces = 6

// curvePointsShown is how many of a curve's points an answer carries.
const curvePointsShown = 16

// llmFigures adds what an LLM answer gives: the tokens served, the time
// to first token and per output token as users see them, the operating
// point, the cost of a million output and input tokens, and token APIs.
func (e *engine) llmFigures(o *Option, p *plan) {
	w := e.req.Workload
	perMonth := w.RPS * float64(w.OutputTokens) * 3600 * catalog.HoursPerMonth
	o.Tokens = &Tokens{OutputPerS: round1(w.RPS * float64(w.OutputTokens)), PerMonth: math.Round(perMonth)}
	months := float64(w.ServiceMonths())
	outM := perMonth * months / 1e6
	inM := w.RPS * float64(w.InputTokens) * 3600 * catalog.HoursPerMonth * months / 1e6
	if outM > 0 && inM > 0 {
		// The total splits by the GPU time prompts take (PromptShare),
		// weighed by each place's compute cost.
		var share, weight float64
		for _, pl := range p.places {
			c := e.computeCost(&pl)
			share += c * pl.u.serving.point.PromptShare
			weight += c
		}
		if weight > 0 {
			share /= weight
		}
		in := o.Total.Mul(decimal.NewFromFloat(share)).Div(decimal.NewFromFloat(inM)).Round(perMillionPlaces)
		out := o.Total.Sub(in.Mul(decimal.NewFromFloat(inM))).Div(decimal.NewFromFloat(outM)).Round(perMillionPlaces)
		blended := o.Total.Div(decimal.NewFromFloat(inM + outM)).Round(perMillionPlaces)
		o.CostPerUnit = CostPerUnit{Unit: "1M output tokens", Amount: out}
		o.CostPer1MInputTokens, o.CostPer1MTokensBlended = &in, &blended
	}
	if o.Latency != nil {
		// The latencies at the planned peak (see atPlannedPeak).
		o.Latency.TTFTMS = o.Latency.WeightedMS
		var tpot float64
		for k := range p.places {
			tpot = max(tpot, p.places[k].tpotMS())
		}
		o.Latency.TPOTMS = round1(tpot)
	}
	o.Serving = e.servingOption(p.places[0])
	o.Serving.GPUsAtBandEdge = e.gpusAtBandEdge(p)
	o.TokenAPIs = e.tokenAPIs()
	o.HostingCheaperFromTokensPerMonth = e.hostingBreakEven(p, o.TokenAPIs)
	o.BuyOrHost = buyOrHost(o, w.InputTokens, w.OutputTokens)
	o.AverageLoad = e.averageLoad(o, p)
}

// AverageLoad is what an LLM answer sized for its peak would cost with
// its instances scaled to the average load: Instances of OfInstances
// carry it; Total is the answer's total less the compute of the others,
// and CostPer1MOutputTokens its output share (split as the answer's).
type AverageLoad struct {
	RPS                   float64         `json:"rps"`
	Instances             int             `json:"instances"`
	OfInstances           int             `json:"of_instances"`
	Total                 decimal.Decimal `json:"total"`
	CostPer1MOutputTokens decimal.Decimal `json:"cost_per_1m_output_tokens"`
}

// averageLoad is the option's AverageLoad, nil when the peak is the
// average or the average needs every instance.
func (e *engine) averageLoad(o *Option, p *plan) *AverageLoad {
	w := e.req.Workload
	if w.PeakRPS <= w.RPS || o.Total.IsZero() {
		return nil
	}
	var need, of int
	var saved, all float64 // USD
	for _, pl := range p.places {
		n := int(math.Ceil(w.RPS * pl.share * float64(w.OutputTokens) / pl.u.nodeTput))
		n = max(1, min(n, pl.count))
		need, of = need+n, of+pl.count
		c := e.computeCost(&pl)
		saved += c * float64(pl.count-n) / float64(pl.count)
		all += c
	}
	if need == of || all <= 0 {
		return nil
	}
	// The share of the compute lines the idle instances would have cost:
	// the lines as billed (unit prices rounded), not the ranking's floats.
	compute := decimal.Zero
	for _, l := range o.Lines {
		if l.Item == "compute" {
			compute = compute.Add(l.Amount)
		}
	}
	total := o.Total.Sub(compute.Mul(decimal.NewFromFloat(saved / all))).Round(2)
	return &AverageLoad{RPS: w.RPS, Instances: need, OfInstances: of, Total: total,
		CostPer1MOutputTokens: o.CostPerUnit.Amount.Mul(total).Div(o.Total).Round(perMillionPlaces)}
}

// servingOption is a place's operating point as the answer shows it.
func (e *engine) servingOption(pl place) *Serving {
	s := pl.u.serving
	peak := e.peakOf(&pl)
	out := &Serving{Engine: engineName(s.engine()), EngineVersion: e.cat.EngineVersion(s.engine()), Precision: s.precision, KVPrecision: precisionOfFormat(s.kv()), TensorParallel: s.tp, PipelineParallel: s.pp,
		Concurrency: round1(s.point.Concurrency), OutputTokensPerSPerReplica: round1(s.perGPU * float64(s.gpus)),
		TTFTMS: round1(peak.ttftMS), TPOTMS: round1(peak.tpotMS), PeakConcurrency: round1(peak.concurrency),
		PeakOutputTokensPerSPerReplica: round1(peak.rps * float64(e.req.Workload.OutputTokens)), PointTTFTMS: round1(s.ttftMS), PointTPOTMS: round1(s.tpotMS),
		AtKnee: s.atKnee, ErrorPct: round1(s.err.MedianPct), ValidatedPoints: s.err.Points,
		Unvalidated: !s.validated, ErrorRangePct: [2]float64{round1(s.band.LowPct), round1(s.band.HighPct)}, Anchored: s.anchor != nil, FloorTPOTMS: round1(s.floorTPOT), FloorTTFTMS: round1(s.floorTTFT),
		Curve: []CurvePoint{}, Measured: []CurvePoint{}, DefaultPrecision: e.llmDefault(pl.u.gpu)}
	if knee, ok := s.kneePoint(); ok {
		c := round1(knee.Concurrency)
		out.KneeConcurrency = &c
	}
	h := peak.headroom(s)
	out.HeadroomPct, out.KneeHeadroomPct = h.toPoint, h.toKnee
	if note, ok := qualityNote(e.llm, s.precision); ok {
		out.QualityNote = &note
	}
	// (Only the points shown are worked out.)
	n := s.curve.Len()
	step := max(1, n/curvePointsShown)
	for i := 0; i < n; i += step {
		// The last point (the replica's memory full) is always shown.
		if i+step >= n {
			i = n - 1
		}
		pt := s.curve.Point(i)
		out.Curve = append(out.Curve, CurvePoint{OutputPerSPerGPU: round1(pt.OutputPerS * s.anchorRatio / float64(s.gpus)), TPOTMS: round1(pt.TPOTMS),
			TTFTMS: round1(pt.TTFTMS), Concurrency: round1(pt.Concurrency)})
	}
	w := e.req.Workload
	for _, i := range e.cat.ServingIndex(e.profile.ID, pl.u.gpu.ID, s.precision) {
		if sp := &e.cat.Serving[i]; sp.TPOTMS > 0 && comparable(sp, s, float64(w.InputTokens), float64(w.OutputTokens)) {
			out.Measured = append(out.Measured, CurvePoint{OutputPerSPerGPU: round1(sp.PerGPU()), TPOTMS: round1(sp.TPOTMS),
				TTFTMS: round1(sp.TTFTMS), Concurrency: sp.Concurrency, InputTokens: sp.InputTokens, OutputTokens: sp.OutputTokens, Source: sp.Source})
		}
	}
	return out
}

// comparableSpan is how far (as a ratio) a measured figure's lengths may
// be from the request's for the chart to set it beside the curve.
const comparableSpan = 1.25

// comparable reports whether a measured figure stands beside a serving's
// curve: the same engine family, replica size and KV cache, at prompt
// and answer lengths within comparableSpan of the request's, and whole
// prompts (the figures were measured without a prefix cache).
func comparable(sp *catalog.ServingPoint, s *llmServing, in, out float64) bool {
	if s.replica.Cached > 0 || sp.Family != s.engine() || sp.TP != s.tp || max(sp.PP, 1) != s.pp || sp.InputTokens == 0 || precisionOfFormat(s.kv()) != cmp.Or(sp.KVPrecision, precisionOfFormat(s.kv())) {
		return false
	}
	return math.Abs(math.Log(sp.InputTokens/in)) <= math.Log(comparableSpan) && math.Abs(math.Log(sp.OutputTokens/out)) <= math.Log(comparableSpan)
}

// precisionOfFormat is the catalog precision a serving format is.
func precisionOfFormat(format string) string {
	switch format {
	case serving.FormatFP8:
		return catalog.PrecisionFP8
	case serving.FormatFP4:
		return catalog.PrecisionFP4
	case serving.FormatINT4:
		return catalog.PrecisionINT4
	}
	return catalog.PrecisionMixed
}

// tokenAPIs are the catalog's token API prices for the model, in the
// answer's currency, cheapest blended price first (for the request's
// tokens in and out); worked out once per answer, shared by its options
// (read only).
func (e *engine) tokenAPIs() []TokenAPIPrice {
	if e.apis != nil {
		return e.apis
	}
	w := e.req.Workload
	out := []TokenAPIPrice{}
	for _, t := range e.cat.TokenAPIsFor(e.profile.ID) {
		from, ok1 := e.cat.Rate(t.Currency)
		to, ok2 := e.cat.Rate(e.req.Currency)
		if !ok1 || !ok2 {
			continue
		}
		conv := func(d decimal.Decimal) decimal.Decimal {
			return d.Div(from.PerUSD).Mul(to.PerUSD).Round(perMillionPlaces)
		}
		out = append(out, TokenAPIPrice{Provider: t.Provider, Model: t.Model, InputPer1M: conv(t.InputPer1M), OutputPer1M: conv(t.OutputPer1M),
			Currency: e.req.Currency, Quantised: t.Quantised, Source: t.Source, Date: t.Date})
	}
	in, outTok := decimal.NewFromInt(int64(w.InputTokens)), decimal.NewFromInt(int64(w.OutputTokens))
	keys := make([]decimal.Decimal, len(out))
	idx := make([]int, len(out))
	for i, a := range out {
		keys[i], idx[i] = a.InputPer1M.Mul(in).Add(a.OutputPer1M.Mul(outTok)), i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return keys[a].Cmp(keys[b]) })
	sorted := make([]TokenAPIPrice, len(out))
	for k, i := range idx {
		sorted[k] = out[i]
	}
	e.apis = sorted
	return sorted
}

// hostingBreakEven is the monthly volume of output tokens (with the
// request's input tokens in proportion) from which hosting the plan's
// first place costs less than the cheapest token API, or nil when it never
// does. One replica costs its share of the place's compute a month; it
// serves up to its operating point's tokens; the API charges per token. So
// hosting wins from the volume at which one replica's month costs what the
// API charges for it, if that is within what the replica serves.
func (e *engine) hostingBreakEven(p *plan, apis []TokenAPIPrice) *float64 {
	if len(apis) == 0 {
		return nil
	}
	w := e.req.Workload
	pl := p.places[0]
	s := pl.u.serving
	replicas := float64(pl.count*pl.u.offer.GPUCount) / float64(s.gpus)
	months := float64(w.ServiceMonths())
	monthly := e.computeCost(&pl) / months / replicas * e.rate              // one replica, a month
	perReplica := s.perGPU * float64(s.gpus) * 3600 * catalog.HoursPerMonth // output tokens a month at the operating point
	a := apis[0]
	perOutput := (a.InputPer1M.InexactFloat64()*float64(w.InputTokens)/float64(w.OutputTokens) + a.OutputPer1M.InexactFloat64()) / 1e6
	if !(perOutput > 0) || monthly >= perReplica*perOutput {
		return nil
	}
	// Three significant figures: the serving model's error is wider.
	v := roundSignificant(monthly/perOutput, 3)
	return &v
}

// roundSignificant rounds x to n significant figures.
func roundSignificant(x float64, n int) float64 {
	if x == 0 {
		return 0
	}
	scale := math.Pow(10, float64(n)-math.Ceil(math.Log10(math.Abs(x))))
	return math.Round(x*scale) / scale
}

// gpusAtBandEdge is how many GPUs a plan needs if each replica serves
// only its band's low end of the stated capacity: each place's instances
// for its share of the peak at that capacity, never fewer than it has.
func (e *engine) gpusAtBandEdge(p *plan) int {
	w := e.req.Workload
	gpus := 0
	for _, pl := range p.places {
		s := pl.u.serving
		needed := w.PeakRPS * pl.share * float64(w.OutputTokens) / pl.u.nodeTput
		gpus += max(pl.count, s.band.AtBandEdge(needed)) * pl.u.offer.GPUCount
	}
	return gpus
}
