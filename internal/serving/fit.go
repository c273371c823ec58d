package serving

import (
	"maps"
	"math"
	"slices"
)

// knob is one fitted factor of Params, its bounds and how to read and
// write it.
type knob struct {
	name   string
	lo, hi float64
	get    func(*Params) float64
	set    func(*Params, float64)
}

func effKnobs(prefix, key string, lo, hi float64) []knob {
	return []knob{
		{prefix + key + ".memory", lo, hi, func(p *Params) float64 { return mapOf(p, prefix)[key].Memory },
			func(p *Params, v float64) { e := mapOf(p, prefix)[key]; e.Memory = v; mapOf(p, prefix)[key] = e }},
		{prefix + key + ".compute", lo, hi, func(p *Params) float64 { return mapOf(p, prefix)[key].Compute },
			func(p *Params, v float64) { e := mapOf(p, prefix)[key]; e.Compute = v; mapOf(p, prefix)[key] = e }},
	}
}

func mapOf(p *Params, prefix string) map[string]Efficiency {
	if prefix == "architectures." {
		return p.Architectures
	}
	return p.Families
}

func linkKnobs(class string, latHi, bwHi float64) []knob {
	return []knob{
		{"links." + class + ".latency_us", 0.5, latHi, func(p *Params) float64 { return p.Links[class].LatencyUS },
			func(p *Params, v float64) { l := p.Links[class]; l.LatencyUS = v; p.Links[class] = l }},
		{"links." + class + ".gbs", 1, bwHi, func(p *Params) float64 { return p.Links[class].GBs },
			func(p *Params, v float64) { l := p.Links[class]; l.GBs = v; p.Links[class] = l }},
	}
}

func scalar(name string, lo, hi float64, f func(*Params) *float64) knob {
	return knob{name, lo, hi, func(p *Params) float64 { return *f(p) }, func(p *Params, v float64) { *f(p) = v }}
}

// familyFloor bounds a family's factors from below: MLPerf submissions
// run the same engines tuned by their makers for the benchmark, so they
// draw no less of the hardware than the engines' defaults do.
var familyFloor = map[string]float64{FamilyMLPerf: 1}

// knobsFor lists the factors a fit varies for a set of measurements, in a
// fixed order: each architecture's efficiencies, each family's factors
// (but the reference family's), the links, the step costs, the memory
// split, the latency shape and each unpublished dataset's prompt length
// (up to its benchmark's cap).
func knobsFor(ms []Measurement, datasetCap map[string]float64) []knob {
	var archs, families, datasets []string
	for _, m := range ms {
		archs = appendNew(archs, m.Setup.Hardware.Architecture)
		families = appendNew(families, m.Setup.Family)
		if m.In == 0 && m.Dataset != "" {
			datasets = appendNew(datasets, m.Dataset)
		}
	}
	slices.Sort(archs)
	slices.Sort(families)
	slices.Sort(datasets)
	var ks []knob
	for _, a := range archs {
		ks = append(ks, effKnobs("architectures.", a, 0.05, 1)...)
	}
	for _, f := range families {
		if f != FamilyReference {
			lo := familyFloor[f]
			if lo == 0 {
				lo = 0.3
			}
			ks = append(ks, effKnobs("families.", f, lo, 3)...)
			ks = append(ks, knob{"families." + f + ".overhead", 0.05, 3, func(p *Params) float64 { return p.Families[f].Overhead },
				func(p *Params, v float64) { e := p.Families[f]; e.Overhead = v; p.Families[f] = e }})
		}
	}
	ks = append(ks, linkKnobs(LinkNVLink, 100, 900)...)
	ks = append(ks, linkKnobs(LinkPCIe, 300, 64)...)
	ks = append(ks,
		scalar("step_ms", 0, 20, func(p *Params) *float64 { return &p.StepMS }),
		scalar("layer_us", 0, 300, func(p *Params) *float64 { return &p.LayerUS }),
		scalar("sequence_us", 0, 100, func(p *Params) *float64 { return &p.SequenceUS }),
		scalar("kv_share", 0.3, 1, func(p *Params) *float64 { return &p.KVShare }),
		scalar("reserve_gb", 0, 20, func(p *Params) *float64 { return &p.ReserveGB }),
		scalar("kv_read", 0.3, 3, func(p *Params) *float64 { return &p.KVRead }),
		scalar("first_token_steps", 0, 5, func(p *Params) *float64 { return &p.FirstTokenSteps }),
		scalar("tpot_tail_p99", 1, 3, func(p *Params) *float64 { return &p.TPOTTail }),
		scalar("pcie_cards", 0.3, 1, func(p *Params) *float64 { return &p.PCIeCards }),
		scalar("ttft_tail", 0.2, 2, func(p *Params) *float64 { return &p.TTFTTail }),
		scalar("ttft_fixed_ms", 0, 200, func(p *Params) *float64 { return &p.TTFTFixedMS }),
		scalar("wave_share", 0, 1, func(p *Params) *float64 { return &p.WaveShare }))
	for _, d := range datasets {
		d := d
		ks = append(ks, knob{"datasets." + d, 50, datasetCap[d], func(p *Params) float64 { return p.Datasets[d] },
			func(p *Params, v float64) { p.Datasets[d] = v }})
	}
	return ks
}

func appendNew(list []string, s string) []string {
	if s == "" || slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// Start is where a fit begins: plausible factors, every efficiency ½.
func Start() Params {
	return Params{
		Architectures: map[string]Efficiency{}, Families: map[string]Efficiency{},
		Links:  map[string]Link{LinkNVLink: {LatencyUS: 10, GBs: 300}, LinkPCIe: {LatencyUS: 30, GBs: 20}},
		StepMS: 1, LayerUS: 20, PCIeCards: 0.8, TTFTTail: 1, TTFTFixedMS: 20, WaveShare: 0.1, SequenceUS: 5, KVShare: 0.9, ReserveGB: 3, KVRead: 1, FirstTokenSteps: 1.5, TPOTTail: 1.3,
		Datasets: map[string]float64{},
	}
}

// clone copies p's maps, so that a fit's trials never share them.
func (p Params) clone() Params {
	p.Architectures = copyMap(p.Architectures)
	p.Families = copyMap(p.Families)
	p.Links = copyMap(p.Links)
	p.Datasets = copyMap(p.Datasets)
	return p
}

// copyMap is maps.Clone that never returns nil (the knobs write into it).
func copyMap[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m))
	maps.Copy(out, m)
	return out
}

// A knob's value v = lo + (hi − lo) · σ(x) for an unbounded fit variable x.
func (k knob) value(x float64) float64 { return k.lo + (k.hi-k.lo)/(1+math.Exp(-x)) }

func (k knob) variable(v float64) float64 {
	f := (v - k.lo) / (k.hi - k.lo)
	f = min(max(f, 1e-6), 1-1e-6)
	return math.Log(f / (1 - f))
}

// The fit minimises a soft-L1 (pseudo-Huber) loss on the log errors of
// every quantity the params predict: quadratic under lossScale, then
// linear, so that a few figures far from the rest do not steer it. It is
// solved as iteratively reweighted least squares: each round weighs every
// residual by the loss at the last round's errors.
const lossScale = 0.25

// capError stands for the log error of a quantity the model predicts none
// of (a setup it cannot place within the measured latencies).
const capError = 5.0

func logErrors(p *Params, ms []Measurement, out []float64) []float64 {
	out = out[:0]
	for _, m := range ms {
		for _, q := range p.Predict(m) {
			e := q.LogError()
			if math.IsInf(e, 0) || math.IsNaN(e) {
				e = capError
			}
			out = append(out, e)
		}
	}
	return out
}

// softL1Weight is the weight a residual of log error e gets so that its
// square is the pseudo-Huber loss's local quadratic.
func softL1Weight(e float64) float64 { return 1 / math.Sqrt(math.Sqrt(1+(e/lossScale)*(e/lossScale))) }

// Fit fits the params to measurements from start by Levenberg–Marquardt
// on the weighted log errors, over every factor at once (each bounded, see
// knob), reweighting until the weights settle. datasetCap bounds each
// unpublished dataset's prompt length (its benchmark's limit).
func Fit(ms []Measurement, start Params, datasetCap map[string]float64) Params {
	ks := knobsFor(ms, datasetCap)
	base := start.clone()
	for _, k := range ks {
		// A factor the start lacks begins mid-range (efficiencies near ½).
		if v := k.get(&base); v == 0 && k.lo > 0 {
			k.set(&base, math.Sqrt(k.lo*k.hi))
		}
	}
	build := func(x []float64) Params {
		p := base.clone()
		for i, k := range ks {
			k.set(&p, k.value(x[i]))
		}
		return p
	}
	x := make([]float64, len(ks))
	for i, k := range ks {
		x[i] = k.variable(k.get(&base))
	}
	var buf []float64
	for range 3 {
		p := build(x)
		weights := logErrors(&p, ms, nil)
		for i, e := range weights {
			weights[i] = softL1Weight(e)
		}
		x = leastSquares(func(x []float64) []float64 {
			p := build(x)
			buf = logErrors(&p, ms, buf)
			r := make([]float64, len(buf))
			for i, e := range buf {
				if i < len(weights) {
					r[i] = e * weights[i]
				}
			}
			return r
		}, x, 60, 1e-6)
	}
	return build(x)
}

// loss is the mean soft-L1 (pseudo-Huber) loss of the params' log errors
// over the measurements.
func (p *Params) loss(ms []Measurement) float64 {
	errs := logErrors(p, ms, nil)
	if len(errs) == 0 {
		return 0
	}
	s := 0.0
	for _, e := range errs {
		r := e / lossScale
		s += 2 * lossScale * lossScale * (math.Sqrt(1+r*r) - 1)
	}
	return s / float64(len(errs))
}
