package serving

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Calibration is the serving model as fitted on a catalog's measurements,
// with what it showed on measurements held out of a second fit.
type Calibration struct {
	// Params are fitted on every measurement but the outliers.
	Params Params `json:"params"`
	// Fitted is how many measurements the params were fitted on; Digest
	// names the set of measurements calibrated on (see Digest), so that a
	// calibration older than its catalog's figures is caught.
	Fitted int    `json:"fitted"`
	Digest string `json:"digest"`
	// Outliers are measurements the model, fitted on all of them, still
	// misses by more than OutlierRatio: kept out of the fits, listed.
	Outliers []Miss `json:"outliers"`
	// Validation is what a fit without the held-out measurements predicted
	// of them.
	Validation Validation `json:"validation"`
}

// OutlierRatio is how far from the model fitted on it a measurement may
// be before it is treated as inconsistent with the rest and kept out.
const OutlierRatio = 2.0

// Miss is one measurement's worst quantity: predicted against measured.
type Miss struct {
	ID       string `json:"id"`
	Group    string `json:"group"`
	Campaign string `json:"campaign,omitempty"`
	Quantity string `json:"quantity"`
	// Interactive marks a figure measured at an interactive time per
	// output token (InteractiveTPOTMS or less).
	Interactive bool    `json:"interactive,omitempty"`
	Predicted   float64 `json:"predicted"`
	Measured    float64 `json:"measured"`
}

// Ratio is predicted over measured.
func (m Miss) Ratio() float64 { return m.Predicted / m.Measured }

// AbsErrorPct is the miss's absolute error in percent of the measured.
func (m Miss) AbsErrorPct() float64 { return 100 * math.Abs(m.Ratio()-1) }

// Validation is the held-out check: each held-out measurement's worst
// quantity, and the errors by group and overall.
type Validation struct {
	Points  []Miss       `json:"points"`
	Groups  []GroupError `json:"groups"`
	Overall GroupError   `json:"overall"`
}

// GroupError is the held-out error of one group of measurements (a GPU
// architecture and engine family, "architecture/family"): their count and
// the median, 90th-percentile and largest absolute error in percent.
type GroupError struct {
	Group     string  `json:"group"`
	Points    int     `json:"points"`
	MedianPct float64 `json:"median_pct"`
	P90Pct    float64 `json:"p90_pct"`
	MaxPct    float64 `json:"max_pct"`
	// MaxRatio is the worst point's predicted over measured, or measured
	// over predicted when it is under, so always ≥ 1.
	MaxRatio float64 `json:"max_ratio"`
}

// Group names a measurement's group: its architecture and family.
func Group(arch, family string) string { return arch + "/" + family }

func groupOf(m Measurement) string { return Group(m.Setup.Hardware.Architecture, m.Setup.Family) }

// worst is a measurement's worst predicted quantity (ok false when the
// model predicts none of it).
func (p *Params) worst(m Measurement) (Miss, bool) {
	var w Miss
	worst := -1.0
	for _, q := range p.Predict(m) {
		if e := math.Abs(q.LogError()); e > worst {
			worst = e
			w = Miss{ID: m.ID, Group: groupOf(m), Quantity: q.Name, Predicted: q.Predicted, Measured: q.Measured}
		}
	}
	return w, worst >= 0
}

// HoldOut splits measurements into those fitted and those held out: the
// held out are the whole campaigns named (see Measurement.Campaign).
func HoldOut(ms []Measurement, campaigns []string) (fit, held []Measurement) {
	for _, m := range ms {
		if slices.Contains(campaigns, m.Campaign) {
			held = append(held, m)
		} else {
			fit = append(fit, m)
		}
	}
	return fit, held
}

func hashString(s string) uint32 {
	h := uint32(2166136261)
	for i := range len(s) {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h
}

// Calibrate fits the model to measurements from start (see fitRobust)
// and checks it on the campaigns held out of a second fit (Validate).
func Calibrate(ms []Measurement, datasetCap map[string]float64, start Params, heldOut []string) Calibration {
	params, outliers := fitRobust(ms, start, datasetCap)
	kept := slices.DeleteFunc(slices.Clone(ms), func(m Measurement) bool {
		return slices.ContainsFunc(outliers, func(o Miss) bool { return o.ID == m.ID })
	})
	return Calibration{Params: params, Fitted: len(kept), Digest: Digest(ids(ms)), Outliers: outliers, Validation: Validate(ms, datasetCap, heldOut)}
}

// fitRobust fits the params in two passes: a first fit on every
// measurement finds the outliers (those it misses by more than
// OutlierRatio), and the params are fitted again without them.
func fitRobust(ms []Measurement, start Params, datasetCap map[string]float64) (Params, []Miss) {
	first := fitFrom(ms, start, datasetCap)
	var kept []Measurement
	var outliers []Miss
	for _, m := range ms {
		w, ok := first.worst(m)
		if ok && math.Abs(math.Log(w.Ratio())) > math.Log(OutlierRatio) {
			outliers = append(outliers, w)
			continue
		}
		kept = append(kept, m)
	}
	return Fit(kept, first, datasetCap), outliers
}

// fitFrom fits from start and from variants of it (every efficiency and
// step cost lower, then higher), and keeps the fit with the least loss:
// Levenberg–Marquardt finds the minimum nearest its start, and a model
// with bounds and thresholds has more than one.
func fitFrom(ms []Measurement, start Params, datasetCap map[string]float64) Params {
	best := Fit(ms, start, datasetCap)
	bestLoss := best.loss(ms)
	for _, f := range []float64{0.6, 1.6} {
		s := start.clone()
		for k, e := range s.Architectures {
			s.Architectures[k] = Efficiency{Memory: min(e.Memory*f, 1), Compute: min(e.Compute*f, 1)}
		}
		if len(s.Architectures) == 0 {
			for _, m := range ms {
				s.Architectures[m.Setup.Hardware.Architecture] = Efficiency{Memory: min(0.5*f, 1), Compute: min(0.5*f, 1)}
			}
		}
		s.StepMS, s.LayerUS, s.SequenceUS = s.StepMS/f, s.LayerUS/f, s.SequenceUS/f
		if p := Fit(ms, s, datasetCap); p.loss(ms) < bestLoss {
			best, bestLoss = p, p.loss(ms)
		}
	}
	return best
}

// Digest names a set of measurements by their ids, whatever their order.
func Digest(ids []string) string {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	return fmt.Sprintf("%08x", hashString(strings.Join(ids, ",")))
}

func ids(ms []Measurement) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.ID
	}
	return out
}

// Validate fits the model as Calibrate does, from its neutral start
// (Start), to the measurements outside the held-out campaigns, and reports
// what it predicts of the campaigns held out: nothing of their figures
// reaches the fit. The error is of each held-out figure's throughput a
// GPU at its measured setup (the figure capacity is sized on); figures
// that give latencies only (rate sweeps) are left out of it.
func Validate(ms []Measurement, datasetCap map[string]float64, heldOut []string) Validation {
	train, held := HoldOut(ms, heldOut)
	check, _ := fitRobust(train, Start(), datasetCap)
	return check.validation(held)
}

// throughputMiss is the model's throughput against a measurement's (ok
// false when the measurement gives none).
func (p *Params) throughputMiss(m Measurement) (Miss, bool) {
	for _, q := range p.Predict(m) {
		if q.Name == QuantityThroughput {
			return Miss{ID: m.ID, Group: groupOf(m), Campaign: m.Campaign, Quantity: q.Name, Predicted: q.Predicted, Measured: q.Measured,
				Interactive: m.TPOTMS > 0 && m.TPOTMS <= InteractiveTPOTMS}, true
		}
	}
	return Miss{}, false
}

// InteractiveTPOTMS is the time per output token at or under which a
// measured figure counts as interactive.
const InteractiveTPOTMS = 20

// validation is what params predict of held-out measurements' throughput.
func (p *Params) validation(held []Measurement) Validation {
	var v Validation
	byGroup := map[string][]Miss{}
	for _, m := range held {
		w, ok := p.throughputMiss(m)
		if !ok {
			continue
		}
		v.Points = append(v.Points, w)
		byGroup[w.Group] = append(byGroup[w.Group], w)
	}
	groups := make([]string, 0, len(byGroup))
	for g := range byGroup {
		groups = append(groups, g)
	}
	slices.Sort(groups)
	for _, g := range groups {
		v.Groups = append(v.Groups, summarise(g, byGroup[g]))
	}
	v.Overall = summarise("all", v.Points)
	return v
}

// summarise is the error of a group of held-out misses.
func summarise(group string, ms []Miss) GroupError {
	errs := make([]float64, len(ms))
	g := GroupError{Group: group, Points: len(ms), MaxRatio: 1}
	for i, m := range ms {
		errs[i] = m.AbsErrorPct()
		r := m.Ratio()
		if r < 1 {
			r = 1 / r
		}
		g.MaxRatio = max(g.MaxRatio, r)
	}
	slices.Sort(errs)
	if len(errs) > 0 {
		g.MedianPct = quantile(errs, 0.5)
		g.P90Pct = quantile(errs, 0.9)
		g.MaxPct = errs[len(errs)-1]
	}
	return g
}

// quantile of sorted values, interpolated between neighbours.
func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (pos-float64(i))*(sorted[i+1]-sorted[i])
}

// Error is the held-out error of a group, or of all held-out points when
// the group has fewer than MinValidated (validated false).
func (v Validation) Error(group string) (g GroupError, validated bool) {
	i := slices.IndexFunc(v.Groups, func(x GroupError) bool { return x.Group == group })
	if i >= 0 && v.Groups[i].Points >= MinValidated {
		return v.Groups[i], true
	}
	return v.Overall, false
}

// MinValidated is the fewest held-out points a group needs for its own
// error to stand; with fewer, its estimates are marked unvalidated.
const MinValidated = 3
