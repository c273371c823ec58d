package servingcurve

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/serving"
)

// Engines are the engine key's values; EngineAny takes the GPU's default
// (DefaultFamily).
var Engines = append([]string{EngineAny}, catalog.ServingEngines...)

// ErrNoModel is returned for a catalog without a fitted serving model.
var ErrNoModel = errors.New("servingcurve: the catalog has no fitted serving model")

// EngineAny is the engine key's default.
const EngineAny = "any"

// TPSizes are the tensor-parallel sizes a replica may have.
var TPSizes = []int{1, 2, 4, 8}

// Precisions are the precision key's values (bf16 and fp16 name mixed).
var Precisions = []string{catalog.PrecisionMixed, "bf16", "fp16", catalog.PrecisionFP8, catalog.PrecisionFP4, catalog.PrecisionINT4}

// DefaultFamily is the engine a GPU's curve is drawn for when none is
// asked: TensorRT-LLM where it runs (catalog.EngineServes), vLLM, which
// runs on every GPU, elsewhere.
func DefaultFamily(g catalog.GPU) string {
	if catalog.EngineServes(catalog.FamilyTRTLLM, g) {
		return catalog.FamilyTRTLLM
	}
	return catalog.FamilyVLLM
}

// Of validates q against the catalog and lays out its curve. Defaults:
// the profile's lengths and precision (FP16/BF16 where the GPU lacks the
// default's tensor cores), the GPU's engine (DefaultFamily) and the
// smallest tensor-parallel size whose memory holds a request, and no
// prefix cache. Bad keys are locale.FieldErrors naming each.
func Of(cat *catalog.Catalog, q Query) (Curve, error) {
	var fe locale.FieldErrors
	c := Curve{}
	profileOK, gpuOK := false, false
	switch p, ok := cat.Profile(q.Profile); {
	case q.Profile == "":
		fe.Add(KeyProfile, "invalid.profile.missing")
	case !ok:
		fe.Add(KeyProfile, "invalid.profile.unknown", q.Profile)
	case p.LLM == nil:
		fe.Add(KeyProfile, "invalid.profile.not_llm", p.Name)
	default:
		c.Profile, profileOK = p, true
	}
	switch g, ok := cat.GPU(q.GPU); {
	case q.GPU == "":
		fe.Add(KeyGPU, "invalid.gpu.missing")
	case !ok:
		fe.Add(KeyGPU, "invalid.gpu", q.GPU)
	default:
		c.GPU, gpuOK = g, true
	}
	c.Family = engineOf(&fe, q.Engine, c.GPU, gpuOK)
	tp := tpOf(&fe, q.TP)
	pp := ppOf(&fe, q.PP, tp, c.GPU, gpuOK)
	c.PrefixCachePct = prefixCacheOf(&fe, q.PrefixCachePct)
	if profileOK {
		lengthsOf(&fe, &c, q)
	}
	if profileOK && gpuOK {
		c.Precision = precisionOf(&fe, q.Precision, c.Profile, c.GPU)
	}
	if len(fe) > 0 {
		return Curve{}, fe
	}
	if cat.ServingFit == nil {
		return Curve{}, ErrNoModel
	}
	r, err := replicaOf(cat, &c, tp, pp)
	if err != nil {
		return Curve{}, err
	}
	build(cat, &c, r)
	return c, nil
}

// engineOf reads the engine key: a family name, or the GPU's default.
func engineOf(fe *locale.FieldErrors, engine string, g catalog.GPU, gpuOK bool) string {
	switch {
	case engine != "" && !slices.Contains(Engines, engine):
		fe.Add(KeyEngine, "invalid.one_of4", EngineAny, serving.FamilyVLLM, serving.FamilySGLang, serving.FamilyReference)
	case engine != "" && engine != EngineAny:
		return engine
	case gpuOK:
		return DefaultFamily(g)
	}
	return ""
}

// tpOf reads the tp key (0: the smallest that fits).
func tpOf(fe *locale.FieldErrors, s string) int {
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		fe.Add(KeyTP, "invalid.whole.got", s)
		return 0
	}
	if !slices.Contains(TPSizes, n) {
		fe.Add(KeyTP, "invalid.tp")
	}
	return n
}

// ppOf reads the pp key (empty: 1): 1, or 2 on a GPU linked by PCIe
// alone (the stages answers weigh, serving.Splits), within the GPUs one
// replica may span with the tp asked.
func ppOf(fe *locale.FieldErrors, s string, tp int, g catalog.GPU, gpuOK bool) int {
	if s == "" {
		return 1
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err != nil:
		fe.Add(KeyPP, "invalid.whole.got", s)
		return 1
	case n < 1 || n > serving.MaxStages:
		fe.Add(KeyPP, "invalid.pp")
		return 1
	case n > 1 && gpuOK && g.ServingHardware().Interconnect != serving.LinkPCIe:
		fe.Add(KeyPP, "invalid.pp.link", g.Name)
		return 1
	case tp*n > serving.MaxReplicaGPUs:
		fe.Add(KeyPP, "invalid.pp.gpus", serving.MaxReplicaGPUs)
		return 1
	}
	return n
}

// prefixCacheOf reads the prefix_cache_pct key: a number from 0 to
// MaxPrefixCachePct (empty: 0).
func prefixCacheOf(fe *locale.FieldErrors, s string) float64 {
	if s == "" {
		return 0
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	switch {
	case err != nil || math.IsNaN(x) || math.IsInf(x, 0):
		fe.Add(KeyPrefixCache, "invalid.number.got", s)
	case x < 0:
		fe.Add(KeyPrefixCache, "invalid.negative")
	case x > MaxPrefixCachePct:
		fe.Add(KeyPrefixCache, "invalid.max", locale.Short(MaxPrefixCachePct))
	default:
		return x
	}
	return 0
}

// lengthsOf reads the token keys: whole numbers from 1 to the model's
// context, together within it.
func lengthsOf(fe *locale.FieldErrors, c *Curve, q Query) {
	l := c.Profile.LLM
	c.InputTokens = tokensOf(fe, KeyInputTokens, q.InputTokens, l.DefaultInputTokens, l.ContextTokens)
	c.OutputTokens = tokensOf(fe, KeyOutputTokens, q.OutputTokens, l.DefaultOutputTokens, l.ContextTokens)
	if !fe.Has(KeyInputTokens) && !fe.Has(KeyOutputTokens) && c.InputTokens+c.OutputTokens > l.ContextTokens {
		fe.Add(KeyOutputTokens, "invalid.context", c.Profile.Name, l.ContextTokens)
	}
}

func tokensOf(fe *locale.FieldErrors, key, s string, def, most int) int {
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err != nil:
		fe.Add(key, "invalid.whole.got", s)
	case n < 1:
		fe.Add(key, "invalid.min", locale.Short(1))
	case n > most:
		fe.Add(key, "invalid.max", locale.Short(float64(most)))
	}
	return n
}

// precisionOf reads the precision key: one the serving model sizes and
// the GPU runs; empty, the profile's default where the GPU runs it, else
// FP16/BF16.
func precisionOf(fe *locale.FieldErrors, s string, p catalog.Profile, g catalog.GPU) string {
	h := g.ServingHardware()
	switch s {
	case "":
		if d := p.LLM.DefaultPrecision; h.Supports(catalog.ServingFormat(d)) {
			return d
		}
		return catalog.PrecisionMixed
	case "bf16", "fp16":
		s = catalog.PrecisionMixed
	}
	if !slices.Contains(Precisions, s) {
		fe.Add(KeyPrecision, "invalid.precision.llm", p.Name, strings.Join(Precisions, ", "))
	} else if !h.Supports(catalog.ServingFormat(s)) {
		fe.Add(KeyPrecision, "invalid.precision.gpu", g.Name, catalog.PrecisionLabel(s))
	}
	return s
}

// replicaOf makes the curve's replica of pp stages: at tp GPUs a stage,
// or at the smallest size whose memory holds one request (0). A model
// that does not fit is a field error on tp when it was asked, else on gpu.
func replicaOf(cat *catalog.Catalog, c *Curve, tp, pp int) (*serving.Replica, error) {
	setup := serving.Setup{Hardware: c.GPU.ServingHardware(), Model: c.Profile.LLM.ServingModel(c.Profile.ID),
		Format: catalog.ServingFormat(c.Precision), PP: pp, Share: 1, Family: c.Family, Cached: c.PrefixCachePct / 100}
	sizes := TPSizes
	if tp > 0 {
		sizes = []int{tp}
	}
	in, out := float64(c.InputTokens), float64(c.OutputTokens)
	for _, n := range sizes {
		if n*pp > serving.MaxReplicaGPUs {
			break
		}
		setup.TP = n
		r, err := cat.ServingFit.Params.NewReplica(setup)
		if err == nil && r.MaxBatch(in, out) >= 1 {
			c.TP, c.PP = n, pp
			return r, nil
		}
	}
	label := catalog.PrecisionLabel(c.Precision)
	if tp > 0 {
		return nil, locale.FieldErrors{locale.Invalid(KeyTP, "invalid.tp.memory", c.Profile.Name, label, tp, c.GPU.Name)}
	}
	return nil, locale.FieldErrors{locale.Invalid(KeyGPU, "invalid.gpu.memory", c.Profile.Name, label, TPSizes[len(TPSizes)-1], c.GPU.Name)}
}
