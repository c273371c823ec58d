package catalog

import (
	"cmp"
	"fmt"
	"gpuplace/internal/locale"
	"math"
	"slices"
)

// Figure is a GPU's performance on one basis: the throughput of count GPUs
// (Unit per second) or the latency of one request (ms), measured or derived.
// A derived figure is Estimated and its Method says how it was made.
type Figure struct {
	GPU         string  `json:"gpu"`
	Count       int     `json:"gpu_count"`
	Value       float64 `json:"value"`
	Unit        string  `json:"unit"`
	Methodology string  `json:"methodology"`
	Engine      string  `json:"engine"`
	Format      string  `json:"format"`
	Scenario    string  `json:"scenario"`
	Statistic   string  `json:"statistic,omitempty"`
	System      string  `json:"system,omitempty"`
	Ref
	// Via names an estimate's method ("crosswalk:<methodology>", "tflops",
	// "same-chip", "nearest-latency"); ErrorPct and WorstPct are the
	// median and the worst absolute error it showed on the measured
	// figures of this basis it was checked on (HeldOut of them), each set
	// aside and derived again; Unvalidated marks a method checked on fewer
	// than MinHeldOut.
	Via         string  `json:"-"`
	ErrorPct    float64 `json:"error_pct,omitempty"`
	WorstPct    float64 `json:"worst_pct,omitempty"`
	HeldOut     int     `json:"held_out,omitempty"`
	Unvalidated bool    `json:"unvalidated,omitempty"`
}

// MinHeldOut is the fewest held-out figures an estimate method must have
// been checked on to be called validated.
const MinHeldOut = 3

func figureOf(b Benchmark) Figure {
	v := b.Throughput
	if b.LatencyMS != 0 {
		v = b.LatencyMS
	}
	return Figure{GPU: b.GPU, Count: b.GPUCount, Value: v, Unit: b.Unit, Methodology: b.Methodology,
		Engine: b.Engine, Format: b.Format, Scenario: b.Scenario, Statistic: b.Statistic, System: b.System, Ref: b.Ref}
}

type figureKey struct {
	gpu, profile string
	kind         WorkloadKind
	precision    string
	count        int
	latency      bool
}

type figureOK struct {
	f  Figure
	ok bool
}

// indexBases sets each profile's bases (a profile without bases of its own
// compares each kind and precision of its benchmarks as they are) and
// resolves every GPU's figures on them once, so lookups are reads.
func (c *Catalog) indexBases() {
	c.bases = map[string][]Basis{}
	for _, p := range c.Profiles {
		if len(p.Bases) > 0 {
			c.bases[p.ID] = p.Bases
			continue
		}
		seen := map[string]bool{}
		for _, b := range c.Benchmarks {
			if b.Profile != p.ID || b.Methodology != "" || seen[string(b.Kind)+"/"+b.Precision] {
				continue
			}
			seen[string(b.Kind)+"/"+b.Precision] = true
			c.bases[p.ID] = append(c.bases[p.ID], Basis{Kind: b.Kind, Precision: b.Precision,
				Default: b.Precision == PrecisionMixed, Label: "figures as measured"})
		}
	}
	c.methodPrec = map[string]string{}
	for _, b := range c.Benchmarks {
		c.methodPrec[b.Methodology+"/"+b.Profile+"/"+string(b.Kind)] = b.Precision
	}
	counts := map[int]bool{1: true}
	for _, o := range c.Offers {
		counts[o.GPUCount] = true
	}
	c.figures = map[figureKey]figureOK{}
	for _, p := range c.Profiles {
		for _, b := range c.bases[p.ID] {
			// Every GPU's throughput before any latency: a GPU without a
			// latency figure takes that of the GPU nearest in throughput,
			// read from these (see gpuThroughput).
			for _, g := range c.GPUs {
				for n := range counts {
					f, ok := c.resolveThroughput(b, g, p.ID, n, "")
					c.figures[figureKey{g.ID, p.ID, b.Kind, b.Precision, n, false}] = figureOK{f, ok}
				}
			}
			if b.Kind != KindInference {
				continue
			}
			for _, g := range c.GPUs {
				f, ok := c.resolveLatency(b, g, p.ID, "")
				c.figures[figureKey{g.ID, p.ID, b.Kind, b.Precision, 1, true}] = figureOK{f, ok}
			}
		}
	}
	c.checkMethods()
}

// Bases returns a profile's bases.
func (c *Catalog) Bases(profile string) []Basis { return c.bases[profile] }

// Basis returns a profile's basis for a kind and precision.
func (c *Catalog) Basis(profile string, kind WorkloadKind, precision string) (Basis, bool) {
	i := slices.IndexFunc(c.bases[profile], func(b Basis) bool { return b.Kind == kind && b.Precision == precision })
	if i < 0 {
		return Basis{}, false
	}
	return c.bases[profile][i], true
}

// DefaultPrecision is the precision a request of a kind gets when it names
// none: the profile's default basis, else mixed.
func (c *Catalog) DefaultPrecision(profile string, kind WorkloadKind) string {
	for _, b := range c.bases[profile] {
		if b.Kind == kind && b.Default {
			return b.Precision
		}
	}
	return PrecisionMixed
}

// Throughput returns the throughput of count GPUs of a model on a profile's
// basis: measured, the same chip's, or derived by a cross-walk (and, for
// one GPU, scaled by tensor TFLOPS from the nearest measured GPU as a last
// resort). ok is false when nothing can be said; for count > 1 the caller
// then scales one GPU's figure by the node's efficiency.
func (c *Catalog) Throughput(gpu, profile string, kind WorkloadKind, precision string, count int) (Figure, bool) {
	r := c.figures[figureKey{gpu, profile, kind, precision, count, false}]
	return r.f, r.ok
}

// ServiceLatency returns a request's service time (ms) on one GPU for an
// inference basis: measured, the same chip's, derived by a cross-walk, or
// the measured latency of the GPU nearest in throughput.
func (c *Catalog) ServiceLatency(gpu, profile, precision string) (Figure, bool) {
	r := c.figures[figureKey{gpu, profile, KindInference, precision, 1, true}]
	return r.f, r.ok
}

// lookup finds the figure of one methodology: of the basis precision for
// the legacy methodology "", of the methodology's own otherwise.
func (c *Catalog) lookup(methodology, gpu, profile string, kind WorkloadKind, precision string, count int, latency bool) (Benchmark, bool) {
	if methodology != "" {
		precision = c.methodPrecision(methodology, profile, kind)
	}
	// A GPU without INT8 tensor cores runs an INT8 engine at about its
	// FP16 speed: its figure neither stands nor scales another's.
	if g, ok := c.GPU(gpu); precision == PrecisionINT8 && ok && !g.HasInt8TensorCores() {
		return Benchmark{}, false
	}
	return c.measured(methodology, gpu, profile, kind, precision, count, latency)
}

// methodPrecision is the precision of a methodology's figures of a profile
// and kind (one, by validation).
func (c *Catalog) methodPrecision(methodology, profile string, kind WorkloadKind) string {
	return c.methodPrec[methodology+"/"+profile+"/"+string(kind)]
}

func (c *Catalog) resolveThroughput(b Basis, g GPU, profile string, count int, skip string) (Figure, bool) {
	if b.Precision == PrecisionINT8 && !g.HasInt8TensorCores() {
		return Figure{}, false
	}
	if f, ok := c.sameChip(b, g, profile, skip, func(a GPU) (Figure, bool) { return c.resolveThroughput(b, a, profile, count, skip) }); ok {
		return f, true
	}
	if f, ok := c.resolve(b.Throughput, b.Crosswalk, b, g, profile, count, false, skip); ok {
		return f, true
	}
	if count == 1 {
		return c.scaleByTFLOPS(b, g, profile, skip)
	}
	return Figure{}, false
}

func (c *Catalog) resolveLatency(b Basis, g GPU, profile string, skip string) (Figure, bool) {
	if b.Latency == "" || (b.Precision == PrecisionINT8 && !g.HasInt8TensorCores()) {
		return Figure{}, false
	}
	if f, ok := c.sameChip(b, g, profile, skip, func(a GPU) (Figure, bool) { return c.resolveLatency(b, a, profile, skip) }); ok {
		return f, true
	}
	if f, ok := c.resolve(b.Latency, b.LatencyCrosswalk, b, g, profile, 1, true, skip); ok {
		return f, true
	}
	return c.nearestLatency(b, g, profile, skip)
}

// sameChip gives a GPU without a measurement of its own on the basis the
// figure of the GPU on the same chip (see GPU.SameChipAs), however that
// one's is found.
func (c *Catalog) sameChip(b Basis, g GPU, profile, skip string, of func(GPU) (Figure, bool)) (Figure, bool) {
	alias, ok := c.GPU(g.SameChipAs)
	if !ok || alias.ID == skip {
		return Figure{}, false
	}
	if _, own := c.lookup(b.Throughput, g.ID, profile, b.Kind, b.Precision, 1, false); own && g.ID != skip {
		return Figure{}, false
	}
	f, ok := of(alias)
	if !ok {
		return Figure{}, false
	}
	method := fmt.Sprintf("%s: the figure of %s", g.SameChipNote, alias.Name)
	if f.Estimated {
		method += " (" + f.Method + ")"
	}
	f.GPU, f.System, f.Estimated, f.Method, f.Via = g.ID, "", true, method, "same-chip"
	return f, true
}

// resolve finds a GPU's figure on methodology m: measured there, or
// derived from a cross-walk methodology. skip names a GPU whose
// measurement on m is set aside (to check the cross-walks on it).
func (c *Catalog) resolve(m string, crosswalk []string, b Basis, g GPU, profile string, count int, latency bool, skip string) (Figure, bool) {
	if g.ID != skip {
		if x, ok := c.lookup(m, g.ID, profile, b.Kind, b.Precision, count, latency); ok {
			return figureOf(x), true
		}
	}
	for _, cw := range crosswalk {
		if f, ok := c.crosswalk(m, cw, b, g, profile, count, latency, skip); ok {
			return f, true
		}
	}
	return Figure{}, false
}

// crosswalk derives g's figure on m from cw, where g is measured: the
// figure on m of the GPU measured in both that is nearest to g in cw, times
// g's ratio to it in cw.
func (c *Catalog) crosswalk(m, cw string, b Basis, g GPU, profile string, count int, latency bool, skip string) (Figure, bool) {
	x, ok := c.lookup(cw, g.ID, profile, b.Kind, b.Precision, count, latency)
	if !ok {
		return Figure{}, false
	}
	xv := figureOf(x).Value
	var ref, refCW Benchmark
	best := math.Inf(1)
	for _, r := range c.GPUs {
		if r.ID == g.ID || r.ID == skip {
			continue
		}
		rb, ok1 := c.lookup(m, r.ID, profile, b.Kind, b.Precision, count, latency)
		rc, ok2 := c.lookup(cw, r.ID, profile, b.Kind, b.Precision, count, latency)
		if !ok1 || !ok2 {
			continue
		}
		d := math.Abs(math.Log(xv / figureOf(rc).Value))
		if d < best || (d == best && r.ID < ref.GPU) {
			best, ref, refCW = d, rb, rc
		}
	}
	if math.IsInf(best, 1) {
		return Figure{}, false
	}
	ratio := xv / figureOf(refCW).Value
	f := figureOf(ref)
	f.GPU, f.Value = g.ID, f.Value*ratio
	f.System, f.Via = "", "crosswalk:"+cw
	f.Ref = Ref{Source: x.Source, Date: x.Date, Estimated: true, Method: fmt.Sprintf(
		"cross-walk: %s's %s %s here × %.3g, %s's ratio to it in %s (%s ÷ %s %s; %s)",
		c.gpuName(ref.GPU), fmtFigure(figureOf(ref).Value), ref.Unit, ratio, c.gpuName(g.ID), c.sourceTitle(x.Source),
		fmtFigure(xv), fmtFigure(figureOf(refCW).Value), x.Unit, describeBench(x))}
	return f, true
}

// scaleByTFLOPS is the last resort for one GPU's throughput: the measured
// GPU nearest in tensor (or FP32) TFLOPS, scaled by the TFLOPS ratio.
func (c *Catalog) scaleByTFLOPS(b Basis, g GPU, profile, skip string) (Figure, bool) {
	tf := func(x GPU) float64 {
		if b.Precision == PrecisionFP32 {
			return x.FP32TFLOPS
		}
		return x.FP16TensorTFLOPS
	}
	var best Benchmark
	var bestGPU GPU
	bestD := math.Inf(1)
	for _, r := range c.GPUs {
		if r.ID == g.ID || r.ID == skip || tf(r) <= 0 || tf(g) <= 0 {
			continue
		}
		x, ok := c.lookup(b.Throughput, r.ID, profile, b.Kind, b.Precision, 1, false)
		if !ok {
			continue
		}
		if d := math.Abs(math.Log(tf(g) / tf(r))); d < bestD || (d == bestD && r.ID < bestGPU.ID) {
			best, bestGPU, bestD = x, r, d
		}
	}
	if math.IsInf(bestD, 1) {
		return Figure{}, false
	}
	name := "FP16 tensor"
	if b.Precision == PrecisionFP32 {
		name = "FP32"
	}
	// These bases are convolutional and transformer models whose
	// throughput follows arithmetic at their batch sizes: the TFLOPS
	// ratio, never memory bandwidth (which bounds LLM decoding, sized by
	// the serving model instead).
	f := figureOf(best)
	ratio := tf(g) / tf(bestGPU)
	f.Method = fmt.Sprintf("no figure of this GPU in any source: scaled from %s (measured %s %s) by %s TFLOPS %g ÷ %g",
		bestGPU.Name, fmtFigure(best.Throughput), best.Unit, name, tf(g), tf(bestGPU))
	f.GPU, f.Value, f.System, f.Via = g.ID, best.Throughput*ratio, "", "tflops"
	f.Estimated = true
	return f, true
}

// nearestLatency is the last resort for a service time: the measured
// latency of the GPU nearest in throughput on the same basis, unscaled,
// since a single request's latency follows launch overheads as much as
// GPU speed.
func (c *Catalog) nearestLatency(b Basis, g GPU, profile, skip string) (Figure, bool) {
	own, ok := c.gpuThroughput(b, g, profile, skip)
	if !ok {
		return Figure{}, false
	}
	var best Benchmark
	bestD := math.Inf(1)
	for _, r := range c.GPUs {
		if r.ID == g.ID || r.ID == skip {
			continue
		}
		lat, ok1 := c.lookup(b.Latency, r.ID, profile, b.Kind, b.Precision, 1, true)
		tp, ok2 := c.gpuThroughput(b, r, profile, skip)
		if !ok1 || !ok2 {
			continue
		}
		if d := math.Abs(math.Log(own.Value / tp.Value)); d < bestD || (d == bestD && r.ID < best.GPU) {
			best, bestD = lat, d
		}
	}
	if math.IsInf(bestD, 1) {
		return Figure{}, false
	}
	f := figureOf(best)
	f.GPU, f.System, f.Estimated, f.Via = g.ID, "", true, "nearest-latency"
	f.Method = fmt.Sprintf("no latency figure of this GPU: that of %s, the measured GPU nearest in throughput, unscaled (one request's latency follows launch overheads as much as GPU speed)",
		c.gpuName(best.GPU))
	return f, true
}

// gpuThroughput is resolveThroughput for one GPU. With nothing set aside
// (skip empty) it is the figure indexBases stored, once stored: finding
// each GPU's nearest in throughput resolves every other GPU's, which was
// a third of loading a catalog.
func (c *Catalog) gpuThroughput(b Basis, g GPU, profile, skip string) (Figure, bool) {
	if skip == "" {
		if r, ok := c.figures[figureKey{g.ID, profile, b.Kind, b.Precision, 1, false}]; ok {
			return r.f, r.ok
		}
	}
	return c.resolveThroughput(b, g, profile, 1, skip)
}

// CrosswalkCheck is one held-out check of the derivations: a GPU measured
// on a basis, its measurement set aside, derived again.
type CrosswalkCheck struct {
	GPU       string
	Latency   bool
	Measured  float64
	Derived   float64
	Method    string
	Error     float64 // Derived ÷ Measured − 1
	Estimated bool    // false when nothing could be derived
}

// CheckCrosswalks derives, for every GPU measured on a basis (one GPU),
// its figure as if it were not measured, and compares.
func (c *Catalog) CheckCrosswalks(profile string, b Basis) []CrosswalkCheck {
	var out []CrosswalkCheck
	for _, g := range c.GPUs {
		for _, latency := range []bool{false, true} {
			m := b.Throughput
			if latency {
				m = b.Latency
			}
			if m == "" {
				continue
			}
			x, ok := c.lookup(m, g.ID, profile, b.Kind, b.Precision, 1, latency)
			if !ok {
				continue
			}
			var f Figure
			var fok bool
			if latency {
				f, fok = c.resolveLatency(b, g, profile, g.ID)
			} else {
				f, fok = c.resolveThroughput(b, g, profile, 1, g.ID)
			}
			ck := CrosswalkCheck{GPU: g.ID, Latency: latency, Measured: figureOf(x).Value, Estimated: fok}
			if fok {
				ck.Derived, ck.Method, ck.Error = f.Value, f.Method, f.Value/ck.Measured-1
			}
			out = append(out, ck)
		}
	}
	slices.SortFunc(out, func(a, b CrosswalkCheck) int { return cmp.Compare(a.GPU, b.GPU) })
	return out
}

func (c *Catalog) gpuName(id string) string {
	if g, ok := c.GPU(id); ok {
		return g.Name
	}
	return id
}

func (c *Catalog) sourceTitle(id string) string {
	if s, ok := c.Source(id); ok {
		return s.Title
	}
	return id
}

// describeBench says how a figure was measured: "TensorRT 8.6, INT8,
// offline".
func describeBench(b Benchmark) string {
	parts := []string{}
	for _, s := range []string{b.Engine, b.Format, b.Scenario} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	if b.BatchSize > 0 {
		parts = append(parts, fmt.Sprintf("batch %d", b.BatchSize))
	}
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += ", "
		}
		out += p
	}
	return out
}

// fmtFigure writes a figure for a method (English data text): whole
// numbers grouped, small ones with three significant digits.
func fmtFigure(x float64) string { return locale.For(locale.EN).Format(x, locale.FmtNum) }
