package catalog_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure every cross-walk is checked on held-out pairs: each GPU measured
// on a basis is derived again with its measurement set aside, and the
// errors are reported. Cross-walks that miss by more than 25 % (median) on
// their own held-out pairs are not fit to derive anything; the last resorts
// (TFLOPS scaling, the nearest GPU's latency) are reported, not held to it.
func TestCrosswalksHeldOut(t *testing.T) {
	c := loadReal(t)
	for _, p := range c.Profiles {
		for _, b := range c.Bases(p.ID) {
			var errs []float64
			for _, ck := range c.CheckCrosswalks(p.ID, b) {
				what := "throughput"
				if ck.Latency {
					what = "latency"
				}
				if !ck.Estimated {
					t.Logf("%s %s %s %s %s: measured %.4g, nothing to derive it from", p.ID, b.Kind, b.Precision, what, ck.GPU, ck.Measured)
					continue
				}
				t.Logf("%s %s %s %s %s: measured %.4g, derived %.4g (%+.0f %%) by %s",
					p.ID, b.Kind, b.Precision, what, ck.GPU, ck.Measured, ck.Derived, 100*ck.Error, ck.Method)
				if strings.HasPrefix(ck.Method, "cross-walk") {
					errs = append(errs, math.Abs(ck.Error))
				}
			}
			if len(errs) == 0 {
				continue
			}
			slices.Sort(errs)
			med := errs[len(errs)/2]
			t.Logf("%s %s %s: %d held-out cross-walks, median |error| %.0f %%, worst %.0f %%", p.ID, b.Kind, b.Precision, len(errs), 100*med, 100*errs[len(errs)-1])
			if med > 0.25 {
				t.Errorf("%s %s %s: median held-out cross-walk error %.0f %%, want ≤ 25 %%", p.ID, b.Kind, b.Precision, 100*med)
			}
		}
	}
}

// Ensure the figures an expert checks come out of one methodology: a V100
// outruns a T4 on ResNet-50 and BERT-large in FP16 (it has no INT8 tensor
// cores: see TestNoInt8WithoutTensorCores), the A10 and A10G (one chip)
// are alike, and 8 × A100 SXM trains ImageNet at the basis's measured rate.
func TestBasisExpertChecks(t *testing.T) {
	c := loadReal(t)
	tp := func(gpu, profile string, kind catalog.WorkloadKind, precision string, n int) catalog.Figure {
		t.Helper()
		f, ok := c.Throughput(gpu, profile, kind, precision, n)
		if !ok {
			t.Fatalf("no %s %s %s figure for %d × %s", profile, kind, precision, n, gpu)
		}
		return f
	}
	for _, prof := range []string{"resnet50", "bert-large"} {
		for _, prec := range []string{catalog.PrecisionINT8, catalog.PrecisionMixed} {
			if _, ok := c.Basis(prof, catalog.KindInference, prec); !ok {
				continue
			}
			if prec == catalog.PrecisionMixed {
				v100, t4 := tp("v100", prof, catalog.KindInference, prec, 1), tp("t4", prof, catalog.KindInference, prec, 1)
				if v100.Value < t4.Value {
					t.Errorf("%s %s inference: V100 %.0f < T4 %.0f (%s; %s)", prof, prec, v100.Value, t4.Value, v100.Method, t4.Method)
				}
			}
			a10, a10g := tp("a10", prof, catalog.KindInference, prec, 1), tp("a10g", prof, catalog.KindInference, prec, 1)
			if math.Abs(a10g.Value/a10.Value-1) > 0.01 {
				t.Errorf("%s %s inference: A10G %.0f vs A10 %.0f, want the same chip alike", prof, prec, a10g.Value, a10.Value)
			}
		}
		v100, t4 := tp("v100", prof, catalog.KindTraining, catalog.PrecisionMixed, 1), tp("t4", prof, catalog.KindTraining, catalog.PrecisionMixed, 1)
		if v100.Value < t4.Value {
			t.Errorf("%s training: V100 %.0f < T4 %.0f", prof, v100.Value, t4.Value)
		}
	}
	// p4d.24xlarge: 8 × A100 40 GB SXM4. The basis (Lambda's PyTorch AMP
	// runs) measures 8 × A100 80 GB SXM4 at 11,439 img/s: 1,281,167 × 90
	// ÷ 11,439 ÷ 3,600 = 2.80 h.
	node := tp("a100-40gb", "resnet50", catalog.KindTraining, catalog.PrecisionMixed, 8)
	hours := 1281167.0 * 90 / node.Value / 3600
	if math.Abs(hours/2.80-1) > 0.15 {
		t.Errorf("8 × A100 40 GB: %.0f img/s, ImageNet 90 epochs in %.2f h, want 2.80 h ± 15 %% (%s)", node.Value, hours, node.Method)
	}
	// H100 and A100 80 GB on ResNet-50 training are both measured in the
	// basis (2,785 and 1,582 img/s): neither is an estimate, and the H100
	// is not put above its own measured figure.
	h100, a100 := tp("h100", "resnet50", catalog.KindTraining, catalog.PrecisionMixed, 1), tp("a100-80gb", "resnet50", catalog.KindTraining, catalog.PrecisionMixed, 1)
	if h100.Estimated || a100.Estimated || h100.Value != 2785 || a100.Value != 1582 {
		t.Errorf("H100 %.0f (%s), A100 80 GB %.0f (%s): want Lambda's measured 2,785 and 1,582", h100.Value, h100.Method, a100.Value, a100.Method)
	}
}
