package serving

import "math"

// Scenarios of a measurement.
const (
	ScenarioOffline     = "offline"     // every request queued at once: the most a system serves
	ScenarioServer      = "server"      // MLPerf Server: the most served within p99 TTFT and TPOT bounds
	ScenarioInteractive = "interactive" // MLPerf Server under tighter bounds
	ScenarioRate        = "rate"        // requests at random at Rate a second: latencies measured
	ScenarioConcurrency = "concurrency" // Concurrency users, each asking again when answered
)

// Measurement is one measured serving figure, as the model predicts it.
type Measurement struct {
	// ID names the figure stably (see the catalog's serving points).
	ID string
	// Campaign names the run it came from: one publication's figures of
	// one engine family on one GPU. The validation holds out whole
	// campaigns, never single rows of one.
	Campaign string
	// Setup is one replica of the measured system (Share 1); TP 0 when the
	// source does not state it (the submitter's best is assumed, see
	// bestSplit).
	Setup Setup
	// GPUs is the measured system's GPU count: GPUs ÷ (TP × PP) replicas.
	GPUs     int
	Scenario string
	// In and Out are the mean tokens in and out of a request; In 0 with
	// Dataset set when the benchmark's mean prompt is not published.
	In, Out     float64
	Dataset     string
	Concurrency float64
	Rate        float64
	// TokensPerS is the whole system's output tokens a second; TTFTMS and
	// TPOTMS its latencies at Statistic ("p99", "mean", "median" …).
	TokensPerS     float64
	TTFTMS, TPOTMS float64
	Statistic      string
}

// Quantity is one figure of a measurement the model predicts.
type Quantity struct {
	Name                string // "throughput", "ttft" or "tpot"
	Predicted, Measured float64
}

// Quantities names.
const (
	QuantityThroughput = "throughput" // output tokens a second per GPU
	QuantityTTFT       = "ttft"
	QuantityTPOT       = "tpot"
)

// LogError is the quantity's error as the log of predicted over measured
// (+Inf when the model predicts nothing).
func (q Quantity) LogError() float64 {
	if !(q.Predicted > 0) {
		return math.Inf(1)
	}
	return math.Log(q.Predicted / q.Measured)
}

// Predict is what the params predict of a measurement's figures: per GPU
// throughput for Offline, Server and Interactive figures (within the
// measured p99 latencies for the latter two), the mean latencies at the
// measured rate for a rate sweep, and latencies and throughput for a
// concurrency sweep within memory. None for a measurement it cannot
// place (a concurrency beyond what memory holds).
func (p *Params) Predict(m Measurement) []Quantity {
	in := m.In
	if in == 0 {
		in = p.Datasets[m.Dataset]
	}
	perGPU := m.TokensPerS / float64(max(m.GPUs, 1))
	switch m.Scenario {
	case ScenarioOffline:
		return []Quantity{{QuantityThroughput, p.bestSplit(m, in, func(r *Replica) float64 { return r.Offline(in, m.Out).OutputPerS }), perGPU}}
	case ScenarioServer, ScenarioInteractive:
		return []Quantity{{QuantityThroughput, p.bestSplit(m, in, func(r *Replica) float64 {
			pt, ok := r.bestWithin(in, m.Out, m.TTFTMS, m.TPOTMS, 0.99)
			if !ok {
				return shortOf(pt, m.TTFTMS, m.TPOTMS)
			}
			return pt.OutputPerS
		}), perGPU}}
	}
	// The sweeps: a replica of the stated size at the measured load.
	var ttft, tpot, tput float64
	if r, err := p.NewReplica(m.Setup); err == nil {
		replicas := float64(max(m.GPUs/m.Setup.GPUs(), 1))
		switch m.Scenario {
		case ScenarioRate:
			pt := r.atRate(m.Rate/replicas, in, m.Out)
			ttft, tpot = pt.TTFTMS, pt.TPOTMS
		case ScenarioConcurrency:
			pt := r.atUsers(m.Concurrency/replicas, in, m.Out)
			ttft, tpot, tput = pt.TTFTMS, pt.TPOTMS, pt.OutputPerS/float64(m.Setup.GPUs())
		}
	}
	switch m.Scenario {
	case ScenarioRate:
		return []Quantity{{QuantityTTFT, ttft, m.TTFTMS}, {QuantityTPOT, tpot, m.TPOTMS}}
	case ScenarioConcurrency:
		return []Quantity{{QuantityTTFT, ttft, m.TTFTMS}, {QuantityTPOT, tpot, m.TPOTMS}, {QuantityThroughput, tput, perGPU}}
	}
	return nil
}

// atUsers is the replica's mean point with users users, each asking again
// when answered: up to its memory's most they all run; beyond it the rest
// wait for a place, which the time to first token then includes (by
// Little's law, users ÷ rate is the time a request takes in all).
func (r *Replica) atUsers(users, in, out float64) Point {
	maxB := r.MaxBatch(in, out)
	if !(maxB > 0) {
		return Point{}
	}
	wave := r.p.WaveShare * max(users-1, 0) * r.prefill(in) * 1e3
	if users <= maxB {
		pt := r.At(users, in, out, 0)
		return withWave(pt, wave, out)
	}
	pt := r.At(maxB, in, out, 0)
	pt.TTFTMS = users/pt.RequestsPerS*1e3 - out*pt.TPOTMS
	return withWave(pt, wave, out)
}

// withWave is a closed-loop point whose requests each wait waveMS more
// for their first token: its users then ask less often (Little's law).
func withWave(pt Point, waveMS, out float64) Point {
	if waveMS <= 0 || !(pt.RequestsPerS > 0) {
		return pt
	}
	users := pt.RequestsPerS * (pt.TTFTMS + out*pt.TPOTMS) / 1e3
	pt.TTFTMS += waveMS
	pt.RequestsPerS = users / ((pt.TTFTMS + out*pt.TPOTMS) / 1e3)
	pt.OutputPerS = pt.RequestsPerS * out
	return pt
}

// bestSplit is f per GPU on the measurement's replica or, where its
// source states no tensor-parallel size, the best over the tensor
// parallel sizes of 1 to 8 the system's GPUs allow (a submitter runs its
// best). Pipelines are weighed only where a source states them: let
// into the unstated figures' search, they moved the fit of the tuned
// (MLPerf) family and worsened its held-out error.
func (p *Params) bestSplit(m Measurement, in float64, f func(*Replica) float64) float64 {
	var shapes [4]Setup
	n := 0
	if m.Setup.TP != 0 {
		shapes[0], n = m.Setup, 1
	} else {
		for tp := 1; tp <= MaxReplicaGPUs && tp <= m.GPUs; tp *= 2 {
			if m.GPUs%tp == 0 {
				s := m.Setup
				s.TP, s.PP = tp, 1
				shapes[n] = s
				n++
			}
		}
	}
	best := 0.0
	for _, s := range shapes[:n] {
		r, err := p.NewReplica(s)
		if err != nil || !(r.MaxBatch(in, m.Out) >= 1) {
			continue
		}
		best = max(best, f(r)/float64(s.GPUs()))
	}
	return best
}

// shortOf is what a fit counts as the throughput of a setup that misses
// latency bounds even at one request at a time (pt): its throughput there,
// cut by the fourth power of how far it misses each bound. It reaches the
// real figure where the bounds are just met, so the fit's errors change
// smoothly as the factors move a setup across them.
func shortOf(pt Point, ttftMS, tpotMS float64) float64 {
	f := min(1, ttftMS/pt.TTFTMS) * min(1, tpotMS/pt.TPOTMS)
	return pt.OutputPerS * f * f * f * f
}

// bestWithin is the replica's point with the most output tokens a second
// whose time to first token and time per output token at quantile q are
// within ttftMS and tpotMS, found by bisection on the load (both grow
// with it); false, with the point of one request at a time, when that
// misses them.
func (r *Replica) bestWithin(in, out, ttftMS, tpotMS, q float64) (Point, bool) {
	within := func(p Point) bool { return p.TTFTMS <= ttftMS && p.TPOTMS <= tpotMS }
	lo, hi := 1.0, r.MaxBatch(in, out)
	if !(hi >= 1) {
		return Point{}, false
	}
	if p := r.At(hi, in, out, q); within(p) {
		return p, true
	}
	if p := r.At(lo, in, out, q); !within(p) {
		return p, false
	}
	for range 30 {
		mid := math.Sqrt(lo * hi)
		if within(r.At(mid, in, out, q)) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return r.At(lo, in, out, q), true
}

// atRate is the replica's mean point when requests arrive at rate a
// second: the concurrency at which it serves that rate. Beyond what its
// memory's most can serve, the queue grows without bound; the point is
// then the most it serves, its time to first token scaled by the eighth
// power of the overload (a fit's errors then grow smoothly with it).
func (r *Replica) atRate(rate, in, out float64) Point {
	hi := r.MaxBatch(in, out)
	if !(hi > 0) {
		return Point{}
	}
	if top := r.At(hi, in, out, 0); top.RequestsPerS < rate {
		over := rate / top.RequestsPerS
		top.TTFTMS *= math.Pow(over, 8)
		return top
	}
	lo := 0.0
	for range 40 {
		mid := (lo + hi) / 2
		if r.At(mid, in, out, 0).RequestsPerS < rate {
			lo = mid
		} else {
			hi = mid
		}
	}
	return r.At(hi, in, out, 0)
}
