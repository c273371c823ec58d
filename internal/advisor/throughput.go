package advisor

import (
	"fmt"
	"math"

	"gpuplace/internal/catalog"
)

// perf is a GPU's throughput for one workload, with where it came from.
type perf struct {
	perGPU float64 // units per second on one GPU
	// node is the measured throughput of a whole node of nodeCount GPUs,
	// when the catalog has one; 0 otherwise.
	node      float64
	nodeCount int
	info      Throughput
}

// perfFor finds the throughput of gpu for a workload: measured when the
// catalog has it, otherwise scaled from the measured GPU nearest in tensor
// (mixed precision) or FP32 TFLOPS, and labelled estimated.
func perfFor(cat *catalog.Catalog, gpu catalog.GPU, profile, kind, precision string) (perf, bool) {
	if b, ok := cat.Benchmark(gpu.ID, profile, kind, precision, 1); ok {
		return perf{perGPU: b.Throughput, info: Throughput{
			PerGPU: b.Throughput, Unit: b.Unit, Source: b.Source, Date: b.Date,
			Estimated: b.Estimated, Method: b.Method,
		}}, true
	}
	// A multi-GPU measurement without a single-GPU one: take its per-GPU
	// share, which understates a single GPU slightly (scaling losses).
	for _, b := range cat.Benchmarks {
		if b.GPU == gpu.ID && b.Profile == profile && b.Kind == kind && b.Precision == precision {
			per := b.Throughput / float64(b.GPUCount)
			return perf{perGPU: per, node: b.Throughput, nodeCount: b.GPUCount, info: Throughput{
				PerGPU: per, Unit: b.Unit, Source: b.Source, Date: b.Date, Estimated: true,
				Method: fmt.Sprintf("%d-GPU measurement ÷ %d", b.GPUCount, b.GPUCount),
			}}, true
		}
	}
	var best catalog.Benchmark
	var bestGPU catalog.GPU
	bestDist := math.Inf(1)
	for _, b := range cat.Benchmarks {
		if b.Profile != profile || b.Kind != kind || b.Precision != precision || b.GPUCount != 1 {
			continue
		}
		g, _ := cat.GPU(b.GPU)
		d := math.Abs(math.Log(tflops(g, precision) / tflops(gpu, precision)))
		if d < bestDist || (d == bestDist && b.GPU < best.GPU) {
			best, bestGPU, bestDist = b, g, d
		}
	}
	if math.IsInf(bestDist, 1) {
		return perf{}, false
	}
	ratio := tflops(gpu, precision) / tflops(bestGPU, precision)
	per := best.Throughput * ratio
	return perf{perGPU: per, info: Throughput{
		PerGPU: per, Unit: best.Unit, Source: best.Source, Date: best.Date, Estimated: true,
		Method: fmt.Sprintf("scaled from %s (measured %s %s) by %s TFLOPS %g ÷ %g",
			bestGPU.Name, fmtNum(best.Throughput), best.Unit, tflopsName(precision),
			tflops(gpu, precision), tflops(bestGPU, precision)),
	}}, true
}

func tflops(g catalog.GPU, precision string) float64 {
	if precision == catalog.PrecisionFP32 {
		return g.FP32TFLOPS
	}
	return g.FP16TensorTFLOPS
}

func tflopsName(precision string) string {
	if precision == catalog.PrecisionFP32 {
		return "FP32"
	}
	return "FP16 tensor"
}

// nodeThroughput is the throughput of one instance with count GPUs:
// measured when the catalog has that exact node, else the per-GPU figure
// times count times eff, the node's scaling efficiency.
func nodeThroughput(p perf, count int, eff float64) (float64, float64) {
	if p.nodeCount == count && p.node > 0 {
		return p.node, p.node / (p.perGPU * float64(count))
	}
	return p.perGPU * float64(count) * eff, eff
}

// fmtNum formats a figure for explanations: whole numbers with thousands
// separators, small ones with a few significant digits.
func fmtNum(x float64) string {
	if x >= 100 || x == math.Trunc(x) {
		return catalog.GroupDigits(fmt.Sprintf("%.0f", x))
	}
	return fmt.Sprintf("%.3g", x)
}
