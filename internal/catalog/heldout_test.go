package catalog_test

import (
	"fmt"
	"strings"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure every estimate method has been checked on the measured figures
// it could have predicted, and print what it showed: the error every
// estimated figure of an answer carries. A method checked on fewer than
// three figures is unvalidated, and every estimate says which it is.
func TestHeldOutMethodErrors(t *testing.T) {
	c := loadReal(t)
	errs := c.MethodErrors()
	if len(errs) == 0 {
		t.Fatal("no estimate method was checked on any measured figure")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-11s %-9s %-6s %-10s %-32s %6s %8s %8s\n", "profile", "kind", "prec.", "figure", "method", "points", "median%", "worst%")
	for _, e := range errs {
		what := "throughput"
		if e.Latency {
			what = "latency"
		}
		fmt.Fprintf(&b, "%-11s %-9s %-6s %-10s %-32s %6d %8.1f %8.1f\n", e.Profile, e.Kind, e.Precision, what, e.Via, e.Points, e.MedianPct, e.WorstPct)
		if e.Points < 1 || e.MedianPct < 0 || e.WorstPct < e.MedianPct {
			t.Errorf("%+v: a method error that cannot be", e)
		}
	}
	t.Logf("held-out errors of the estimate methods (each measured figure set aside and derived again):\n%s", b.String())
	for _, g := range c.GPUs {
		for _, p := range c.Profiles {
			for _, basis := range c.Bases(p.ID) {
				f, ok := c.Throughput(g.ID, p.ID, basis.Kind, basis.Precision, 1)
				if !ok || !f.Estimated || f.Via == "" {
					continue
				}
				if f.Unvalidated != (f.HeldOut < catalog.MinHeldOut) {
					t.Errorf("%s %s %s: %s checked on %d, unvalidated %v", g.ID, p.ID, basis.Precision, f.Via, f.HeldOut, f.Unvalidated)
				}
			}
		}
	}
}

// Ensure a GPU without INT8 tensor cores gets no INT8 figure, measured or
// derived, and that a GPU with them keeps its own.
func TestNoInt8WithoutTensorCores(t *testing.T) {
	c := loadReal(t)
	for _, prof := range []string{"resnet50", "bert-large"} {
		if f, ok := c.Throughput("v100", prof, catalog.KindInference, catalog.PrecisionINT8, 1); ok {
			t.Errorf("V100 %s INT8: %.0f (%s), want none (Volta has no INT8 tensor cores)", prof, f.Value, f.Method)
		}
		if _, ok := c.Throughput("t4", prof, catalog.KindInference, catalog.PrecisionINT8, 1); !ok {
			t.Errorf("T4 %s INT8: no figure", prof)
		}
	}
}
