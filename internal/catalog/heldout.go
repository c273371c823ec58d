package catalog

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// methodKey names an estimate method on one basis of a profile.
type methodKey struct {
	profile   string
	kind      WorkloadKind
	precision string
	latency   bool
	via       string
}

// MethodError is how well an estimate method predicted the measured
// figures of one basis it could have predicted: each set aside and derived
// again by the method alone from the rest.
type MethodError struct {
	Profile   string
	Kind      WorkloadKind
	Precision string
	// Latency is true for service times, false for throughput.
	Latency bool
	// Via names the method (see Figure.Via).
	Via string
	// Points is how many measured figures it was checked on; MedianPct and
	// WorstPct its median and worst absolute error over them, %.
	Points              int
	MedianPct, WorstPct float64
}

// MethodErrors lists every estimate method's held-out error, by profile,
// basis and method.
func (c *Catalog) MethodErrors() []MethodError {
	out := make([]MethodError, 0, len(c.methodErrors))
	for _, e := range c.methodErrors {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b MethodError) int {
		return cmp.Or(strings.Compare(a.Profile, b.Profile), strings.Compare(string(a.Kind), string(b.Kind)),
			strings.Compare(a.Precision, b.Precision), cmp.Compare(boolInt(a.Latency), boolInt(b.Latency)), strings.Compare(a.Via, b.Via))
	})
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkMethods sets every estimate method aside against the measured
// figures of each basis (one GPU each), then labels every estimated
// figure with its method's error (see Figure.ErrorPct).
func (c *Catalog) checkMethods() {
	ratios := map[methodKey][]float64{}
	add := func(k methodKey, f Figure, ok bool, measured float64) {
		if ok && measured > 0 && f.Value > 0 {
			ratios[k] = append(ratios[k], f.Value/measured)
		}
	}
	for _, p := range c.Profiles {
		for _, b := range c.bases[p.ID] {
			for _, g := range c.GPUs {
				for _, latency := range []bool{false, true} {
					m, walk := b.Throughput, b.Crosswalk
					if latency {
						m, walk = b.Latency, b.LatencyCrosswalk
					}
					if m == "" {
						continue
					}
					x, ok := c.lookup(m, g.ID, p.ID, b.Kind, b.Precision, 1, latency)
					if !ok {
						continue
					}
					measured := figureOf(x).Value
					key := func(via string) methodKey { return methodKey{p.ID, b.Kind, b.Precision, latency, via} }
					for _, cw := range walk {
						f, ok := c.crosswalk(m, cw, b, g, p.ID, 1, latency, g.ID)
						add(key("crosswalk:"+cw), f, ok, measured)
					}
					if alias, ok := c.GPU(g.SameChipAs); ok {
						if y, ok := c.lookup(m, alias.ID, p.ID, b.Kind, b.Precision, 1, latency); ok {
							add(key("same-chip"), figureOf(y), true, measured)
						}
					}
					if latency {
						f, ok := c.nearestLatency(b, g, p.ID, g.ID)
						add(key("nearest-latency"), f, ok, measured)
					} else {
						f, ok := c.scaleByTFLOPS(b, g, p.ID, g.ID)
						add(key("tflops"), f, ok, measured)
					}
				}
			}
		}
	}
	c.methodErrors = map[methodKey]MethodError{}
	for k, rs := range ratios {
		errs := make([]float64, len(rs))
		for i, r := range rs {
			errs[i] = 100 * math.Abs(r-1)
		}
		slices.Sort(errs)
		med := errs[len(errs)/2]
		if len(errs)%2 == 0 {
			med = (errs[len(errs)/2-1] + errs[len(errs)/2]) / 2
		}
		c.methodErrors[k] = MethodError{Profile: k.profile, Kind: k.kind, Precision: k.precision, Latency: k.latency, Via: k.via,
			Points: len(errs), MedianPct: math.Round(med*10) / 10, WorstPct: math.Round(errs[len(errs)-1]*10) / 10}
	}
	for k, r := range c.figures {
		if !r.ok || !r.f.Estimated || r.f.Via == "" {
			continue
		}
		e := c.methodErrors[methodKey{k.profile, k.kind, k.precision, k.latency, r.f.Via}]
		r.f.ErrorPct, r.f.WorstPct, r.f.HeldOut, r.f.Unvalidated = e.MedianPct, e.WorstPct, e.Points, e.Points < MinHeldOut
		c.figures[k] = r
	}
}
