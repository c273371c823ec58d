package serving_test

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// embedded is the embedded catalog, which carries the serving fit.
func embedded(t testing.TB) *catalog.Catalog {
	t.Helper()
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	if cat.ServingFit == nil {
		t.Fatal("the embedded catalog has no serving fit (data/serving_fit.json)")
	}
	return cat
}

// kept are the catalog's serving measurements but the outliers its fit
// lists.
func kept(cat *catalog.Catalog) []serving.Measurement {
	out := cat.ServingMeasurements()
	return slices.DeleteFunc(out, func(m serving.Measurement) bool {
		return slices.ContainsFunc(cat.ServingFit.Outliers, func(o serving.Miss) bool { return o.ID == m.ID })
	})
}

// Ensure the serving model predicts measurements it was not fitted on:
// fitted from its neutral start without the held-out points (at least 30,
// spread over every GPU architecture, engine family and kind of figure),
// it misses them by a median under 20 % and none by more than 2×; and the
// errors the catalog publishes with every answer are these.
func TestHeldOutErrors(t *testing.T) {
	if raceEnabled {
		t.Skip("the held-out fit takes seconds, minutes under the race detector: it runs in go test without -race")
	}
	cat := embedded(t)
	v := serving.Validate(kept(cat), catalog.DatasetCaps)
	var table bytes.Buffer
	serving.WriteErrorTable(&table, v)
	t.Logf("held-out errors of the serving model (fitted without them):\n%s", table.String())
	if v.Overall.Points < 30 {
		t.Errorf("%d held-out points, want at least 30", v.Overall.Points)
	}
	if v.Overall.MedianPct > 20 {
		t.Errorf("median held-out error %.1f %%, want at most 20 %%", v.Overall.MedianPct)
	}
	if v.Overall.MaxRatio > 2 {
		t.Errorf("worst held-out point off by %.2f×, want at most 2×", v.Overall.MaxRatio)
	}
	stored := cat.ServingFit.Validation.Overall
	if math.Abs(stored.MedianPct-v.Overall.MedianPct) > 0.05 || math.Abs(stored.MaxRatio-v.Overall.MaxRatio) > 0.005 || stored.Points != v.Overall.Points {
		t.Errorf("the catalog publishes median %.2f %%, worst %.3f× over %d points; the check gives %.2f %%, %.3f× over %d: run gpuplace catalog fit-serving data",
			stored.MedianPct, stored.MaxRatio, stored.Points, v.Overall.MedianPct, v.Overall.MaxRatio, v.Overall.Points)
	}
}
