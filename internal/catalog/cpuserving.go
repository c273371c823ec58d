package catalog

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// CPUServing is how an instance of a CPU serves a profile, per physical
// core: a share of measured whole servers of the CPU's family. It is
// always an estimate (an instance is a slice of a server), labelled with
// its method and its held-out error.
type CPUServing struct {
	// PerCore is units a second one physical core serves within the
	// Server scenario's latency bound; ServiceMS the p99 latency of one
	// request there.
	PerCore   float64
	ServiceMS float64
	TargetMS  float64
	// WorkerCores is how many cores served one request where ServiceMS
	// was measured (0: not stated); WorkerFigure the figure stating it.
	WorkerCores  int
	WorkerFigure *CPUFigure
	Unit         string
	// Basis lists the measured figures PerCore is the median of (one
	// family, one round).
	Basis []CPUFigure
	// ErrorPct is the held-out median miss of the per-core share, WorstPct
	// its worst; Points how many held-out figures it was checked on.
	ErrorPct, WorstPct float64
	Points             int
	// FewestCores is the smallest socket measured: below it the share is
	// an extrapolation.
	FewestCores int
	Method      string
	Ref
}

type cpuServingKey struct{ cpu, profile, precision string }

// ServiceMSOn is the service time of one request on an instance of cores
// physical cores: ServiceMS where the instance has the cores of the
// measured worker, longer in proportion where it has fewer.
func (s CPUServing) ServiceMSOn(cores int) float64 {
	if s.WorkerCores > cores && cores > 0 {
		return s.ServiceMS * float64(s.WorkerCores) / float64(cores)
	}
	return s.ServiceMS
}

// CPUServing returns how an instance of CPU model cpu serves a profile at
// a precision, and false when no measured figure of its family exists.
func (c *Catalog) CPUServing(cpu, profile, precision string) (CPUServing, bool) {
	s, ok := c.cpuServing[cpuServingKey{cpu, profile, precision}]
	return s, ok
}

// HasCPUServing reports whether some CPU model serves the profile at the
// precision, so that CPU offers may compete for it.
func (c *Catalog) HasCPUServing(profile, precision string) bool {
	for k := range c.cpuServing {
		if k.profile == profile && k.precision == precision {
			return true
		}
	}
	return false
}

// indexCPUServing works out every CPU model's serving figure per profile
// and precision (see cpuServingOf).
func (c *Catalog) indexCPUServing() {
	c.cpuServing = map[cpuServingKey]CPUServing{}
	check := c.coreShareCheck()
	for _, p := range c.CPUs {
		for _, f := range c.CPUFigures {
			k := cpuServingKey{p.ID, f.Profile, f.Precision}
			if _, done := c.cpuServing[k]; done || f.Scenario != ScenarioServer || f.LatencyMS <= 0 {
				continue
			}
			if s, ok := c.cpuServingOf(p, f.Profile, f.Precision, check); ok {
				c.cpuServing[k] = s
			}
		}
	}
}

// cpuServingOf is the per-core Server figure of p's family for a profile:
// the median over the submitters of the family's newest round (systems on
// sale only), and its held-out error: the larger of how far one
// submitter's figure lies from the others' median and how far the
// per-core share misses a socket of another core count (check).
func (c *Catalog) cpuServingOf(p CPU, profile, precision string, check shareCheck) (CPUServing, bool) {
	var figs []CPUFigure
	for _, f := range c.CPUFigures {
		if f.Profile == profile && f.Precision == precision && f.Scenario == ScenarioServer && f.LatencyMS > 0 &&
			!f.Preview && c.FamilyOf(f.CPU) == p.Family {
			figs = append(figs, f)
		}
	}
	if len(figs) == 0 {
		return CPUServing{}, false
	}
	newest := slices.MaxFunc(figs, func(a, b CPUFigure) int { return cmp.Compare(a.Date, b.Date) })
	figs = slices.DeleteFunc(figs, func(f CPUFigure) bool { return f.Source != newest.Source })
	slices.SortFunc(figs, func(a, b CPUFigure) int {
		return cmp.Or(strings.Compare(a.Submitter, b.Submitter), strings.Compare(a.System, b.System))
	})
	perCore, lat := make([]float64, len(figs)), make([]float64, len(figs))
	for i, f := range figs {
		perCore[i], lat[i] = c.perCore(f), f.LatencyMS
	}
	spread := leaveOneOut(perCore)
	s := CPUServing{PerCore: median(perCore), ServiceMS: median(lat), TargetMS: newest.TargetMS, Unit: newest.Unit,
		Basis: figs, Points: len(spread) + len(check.misses), Ref: Ref{Source: newest.Source, Date: newest.Date, Estimated: true}}
	for _, f := range c.CPUFigures {
		if f.WorkerCores > 0 && f.Profile == profile && f.Scenario == ScenarioServer && c.FamilyOf(f.CPU) == p.Family {
			s.WorkerCores, s.WorkerFigure = f.WorkerCores, &f
			break
		}
	}
	s.ErrorPct = max(medianOf(spread), medianOf(check.misses))
	s.WorstPct = max(slices.Max(append([]float64{0}, spread...)), slices.Max(append([]float64{0}, check.misses...)))
	measured, _ := c.CPU(newest.CPU)
	s.Method = fmt.Sprintf("per-core share of %d two-socket %s servers (MLPerf closed, Server, %s, p99 ≤ %s ms): %s %ss/s a core "+
		"× the instance's cores (vCPUs ÷ %d); held out: %.1f %% across submitters, %.1f %% across core counts (%s); none measured below %d cores",
		len(figs), measured.Name, strings.ToUpper(precision), fmtFigure(newest.TargetMS), fmtFigure(s.PerCore), newest.Unit,
		max(p.ThreadsPerCore, 1), medianOf(spread), medianOf(check.misses), check.what, check.fewestCores)
	if s.WorkerCores > 0 {
		s.Method += fmt.Sprintf("; a request: the p99 (%s ms) on %d cores (%s), longer on fewer",
			fmtFigure(s.ServiceMS), s.WorkerCores, s.WorkerFigure.WorkerPath)
	}
	s.FewestCores = check.fewestCores
	s.Ref.Method = s.Method
	return s, true
}

// perCore is a figure's throughput per physical core.
func (c *Catalog) perCore(f CPUFigure) float64 {
	p, _ := c.CPU(f.CPU)
	return f.Throughput / float64(max(f.Sockets, 1)*max(p.CoresPerSocket, 1))
}

// leaveOneOut is, for each value, how far (%) the median of the others
// misses it.
func leaveOneOut(xs []float64) []float64 {
	if len(xs) < 2 {
		return nil
	}
	out := make([]float64, 0, len(xs))
	for i, x := range xs {
		rest := append(slices.Clone(xs[:i]), xs[i+1:]...)
		out = append(out, math.Abs(median(rest)/x-1)*100)
	}
	return out
}

// shareCheck is how well the per-core share predicts sockets of another
// core count: each Server figure predicted from the median per-core
// figure of the same family, profile, precision and round on CPUs of
// another core count.
type shareCheck struct {
	misses      []float64
	what        string // which CPUs and profiles it was checked on
	fewestCores int    // the smallest socket measured
}

func (c *Catalog) coreShareCheck() shareCheck {
	var out shareCheck
	type group struct{ family, profile, precision, source string }
	groups := map[group][]CPUFigure{}
	var order []group
	out.fewestCores = math.MaxInt
	for _, f := range c.CPUFigures {
		p, ok := c.CPU(f.CPU)
		if !ok || f.Scenario != ScenarioServer || f.Preview {
			continue
		}
		out.fewestCores = min(out.fewestCores, p.CoresPerSocket)
		g := group{p.Family, f.Profile, f.Precision, f.Source}
		if _, seen := groups[g]; !seen {
			order = append(order, g)
		}
		groups[g] = append(groups[g], f)
	}
	var what []string
	for _, g := range order {
		figs := groups[g]
		cores := map[int]bool{}
		for _, f := range figs {
			p, _ := c.CPU(f.CPU)
			cores[p.CoresPerSocket] = true
		}
		if len(cores) < 2 {
			continue
		}
		var names []string
		for _, f := range figs {
			p, _ := c.CPU(f.CPU)
			var others []float64
			for _, o := range figs {
				if q, _ := c.CPU(o.CPU); q.CoresPerSocket != p.CoresPerSocket {
					others = append(others, c.perCore(o))
				}
			}
			predicted := median(others) * float64(f.Sockets*p.CoresPerSocket)
			out.misses = append(out.misses, math.Abs(predicted/f.Throughput-1)*100)
			if !slices.Contains(names, p.Name) {
				names = append(names, p.Name)
			}
		}
		slices.Sort(names)
		what = append(what, fmt.Sprintf("%s, %s %s", strings.Join(names, " and "), g.profile, strings.ToUpper(g.precision)))
	}
	out.what = strings.Join(what, "; ")
	if out.fewestCores == math.MaxInt {
		out.fewestCores = 0
	}
	return out
}

// medianOf is the median of xs (sorted in place), 0 for none.
func medianOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	return median(xs)
}
