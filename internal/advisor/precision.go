package advisor

import (
	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// An LLM question that names no precision is sized under every precision
// the model is published in that the offer's GPU runs (the profile's
// published_precisions), as the engines are weighed: each offer serves in
// the one with the most capacity at the targets, so the cheapest. A pick
// in fewer bits than the profile's default carries a quality risk with
// what the checkpoint's card reports of its accuracy.

// llmPrecisions lists the formats an offer's GPU serves the model in (the
// first n of the array): the one asked for (ok false when the GPU cannot
// run it); else the profile's default where the GPU runs it (FP8 needs
// its tensor cores), or FP16/BF16, first, so that it keeps a tie, and the
// published precision of the fewest bits the GPU runs, one on its own
// tensor cores (FP4) before weight-only INT4. The others are left out as
// dominated: on a GPU that runs FP8, 16-bit weights take twice the memory
// at no faster a rate; on one that runs FP4, INT4 weights take the same
// memory at the slower 16-bit rate, with a 16-bit KV cache. Weighing two
// precisions, not four, keeps an answer within 1.5× of one in a single
// precision (see BenchmarkRecommend).
func (e *engine) llmPrecisions(g *catalog.GPU) (precs [2]string, n int, ok bool) {
	h := g.ServingHardware()
	if p := e.req.Workload.Precision; p != "" {
		precs[0] = p
		return precs, 1, h.Supports(catalog.ServingFormat(p))
	}
	def := e.llmDefault(g)
	precs[0], n = def, 1
	low := ""
	for _, pub := range e.llm.Published {
		p := pub.Precision
		if !h.Supports(catalog.ServingFormat(p)) || catalog.PrecisionBits(p) >= catalog.PrecisionBits(def) {
			continue
		}
		if low == "" || catalog.PrecisionBits(p) < catalog.PrecisionBits(low) || p == catalog.PrecisionFP4 && low == catalog.PrecisionINT4 {
			low = p
		}
	}
	if low != "" {
		precs[1], n = low, 2
	}
	return precs, n, true
}

// llmDefault is the precision the model is sized in by default on a GPU:
// the profile's default where the GPU runs it (FP8 needs its tensor
// cores), else FP16/BF16.
func (e *engine) llmDefault(g *catalog.GPU) string {
	if def := e.llm.DefaultPrecision; g.ServingHardware().Supports(catalog.ServingFormat(def)) {
		return def
	}
	return catalog.PrecisionMixed
}

// qualityNote says what a precision costs in accuracy, as the profile's
// published checkpoint of it reports: the 16-bit model is the reference;
// another is said with the recovery its card reports, or with the caveat
// that the catalog holds none. ok is false where the profile lists no
// checkpoint of the precision.
func qualityNote(l *catalog.LLMProfile, precision string) (locale.Text, bool) {
	pub, ok := l.PublishedIn(precision)
	switch {
	case !ok:
		return locale.Text{}, false
	case precision == catalog.PrecisionMixed:
		return locale.New("quality.reference", pub.Repo), true
	case pub.RecoveryPct > 0:
		return locale.New("quality.recovery", locale.Word("precision."+precision), pub.Repo, locale.Pct1(pub.RecoveryPct), pub.Benchmark), true
	}
	return locale.New("quality.unreported", locale.Word("precision."+precision), pub.Repo), true
}

// qualityRisk says what serving in a precision of fewer bits than the
// profile's default costs in accuracy (the profile's quality note), or,
// for a profile that lists no checkpoint of it, that 4-bit weights lose
// some.
func (e *engine) qualityRisk(precision string, add func(string, locale.Text)) {
	if catalog.PrecisionBits(precision) >= catalog.PrecisionBits(e.llm.DefaultPrecision) && catalog.PrecisionBits(precision) > 4 {
		return
	}
	if note, ok := qualityNote(e.llm, precision); ok && precision != catalog.PrecisionMixed {
		add(RiskQuality, locale.New("risk.quality.published", locale.Word("precision."+precision), locale.Word("precision."+e.llm.DefaultPrecision), note))
	} else if catalog.PrecisionBits(precision) == 4 {
		add(RiskQuality, locale.New("risk.quality.4bit", locale.Word("precision."+precision)))
	}
}

// PrecisionAlternative is the cheapest answer on the pick's GPU in another
// precision the model is published in (API.md
// pick.serving.precision_alternatives): the GPUs it rents, its total in
// the answer's currency and what the precision costs in accuracy.
type PrecisionAlternative struct {
	Precision   string          `json:"precision"`
	GPUs        int             `json:"gpus"`
	Total       decimal.Decimal `json:"total"`
	QualityNote locale.Text     `json:"quality_note"`
}

// withPrecisionAlternatives gives an LLM pick the cheapest answer on its
// GPU in each other precision the model is published in that the GPU
// runs: the question asked again in that precision, on that GPU alone
// (its GPU family: the choice a buyer of it makes), so each is priced as
// an answer is. A precision nothing on the GPU serves within the
// question's limits is left out. Each is asked by the answer's engine
// (see newAskedEngine).
func withPrecisionAlternatives(cat *catalog.Catalog, req Request, res *Result, asker *engine) {
	if req.sub || res.Pick == nil || res.Pick.Serving == nil || len(res.Pick.Placements) == 0 {
		return
	}
	p, ok := cat.Profile(req.Workload.Profile)
	g, gok := cat.GPU(res.Pick.Placements[0].GPU)
	if !ok || !gok || p.LLM == nil || len(p.LLM.Published) == 0 {
		return
	}
	s := res.Pick.Serving
	s.PrecisionAlternatives = []PrecisionAlternative{}
	for _, pub := range p.LLM.Published {
		if pub.Precision == s.Precision || !g.ServingHardware().Supports(catalog.ServingFormat(pub.Precision)) {
			continue
		}
		alt := req
		alt.sub, alt.Workload.Precision, alt.GPUs = true, pub.Precision, []string{g.ID}
		r, err := recommend(cat, alt, asker)
		if err != nil || r.Pick == nil {
			continue
		}
		note, _ := qualityNote(p.LLM, pub.Precision)
		s.PrecisionAlternatives = append(s.PrecisionAlternatives, PrecisionAlternative{Precision: pub.Precision, GPUs: r.Pick.GPUs(), Total: r.Pick.Total, QualityNote: note})
	}
}

// SavingShare is how much less than the precision it is compared in a
// lower one must cost for an answer to say so on its card.
var SavingShare = decimal.RequireFromString("0.25")

// PrecisionSaving is a precision of fewer bits that costs at least
// SavingShare less than the one an LLM option is compared in, on the
// option's GPU: its GPUs, total and quality note (nil where the profile
// lists none), the precision it is compared with and that one's GPUs and
// total, and how much less it costs, per cent.
type PrecisionSaving struct {
	Precision    string
	GPUs         int
	Total        decimal.Decimal
	QualityNote  *locale.Text
	Against      string
	AgainstGPUs  int
	AgainstTotal decimal.Decimal
	LessPct      float64
}

// LowerPrecisionSaving is o's PrecisionSaving, the cheapest precision of
// fewer bits against the precision the question asked for (its
// Workload.Precision) or, where it asked for none, the model's default on
// the GPU; ok is false where no lower precision saves SavingShare, or
// the answer has no figure for the precision compared with.
func (r *Result) LowerPrecisionSaving(o *Option) (PrecisionSaving, bool) {
	s := o.Serving
	if s == nil || s.DefaultPrecision == "" {
		return PrecisionSaving{}, false
	}
	against := s.DefaultPrecision
	if p := r.Request.Workload.Precision; p != "" {
		against = p
	}
	type one struct {
		precision string
		gpus      int
		total     decimal.Decimal
		note      *locale.Text
	}
	opts := []one{{s.Precision, o.GPUs(), o.Total, s.QualityNote}}
	for _, a := range s.PrecisionAlternatives {
		opts = append(opts, one{a.Precision, a.GPUs, a.Total, &a.QualityNote})
	}
	var ref, low *one
	for i := range opts {
		switch p := &opts[i]; {
		case p.precision == against:
			ref = p
		case catalog.PrecisionBits(p.precision) < catalog.PrecisionBits(against) && (low == nil || p.total.LessThan(low.total)):
			low = p
		}
	}
	if ref == nil || low == nil || !ref.total.IsPositive() || low.total.GreaterThan(ref.total.Mul(decimal.NewFromInt(1).Sub(SavingShare))) {
		return PrecisionSaving{}, false
	}
	less := decimal.NewFromInt(1).Sub(low.total.Div(ref.total)).Mul(decimal.NewFromInt(100)).InexactFloat64()
	return PrecisionSaving{Precision: low.precision, GPUs: low.gpus, Total: low.total, QualityNote: low.note,
		Against: ref.precision, AgainstGPUs: ref.gpus, AgainstTotal: ref.total, LessPct: less}, true
}
