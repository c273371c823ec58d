package serving_test

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
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

// The validation gate's limits on held-out throughput errors (absolute,
// in per cent of the measured figure).
const (
	gateMedianPct      = 12
	gateP90Pct         = 35
	gateGroupMedianPct = 20
	// gateWorsenPts is how many points of median the held-out error may
	// lose against the checked-in baseline before the gate fails.
	gateWorsenPts = 2
	gateMinPoints = 150
	gateMinFast   = 30
)

// baseline is the held-out error a change is compared with
// (testdata/heldout_baseline.json): lower it when a change improves it.
type baseline struct {
	MedianPct float64 `json:"median_pct"`
	P90Pct    float64 `json:"p90_pct"`
	Points    int     `json:"points"`
}

// Ensure the serving model predicts the throughput of whole campaigns it
// was not fitted on (catalog.HeldOutCampaigns: at least 150 figures over
// several engine families and GPU generations, 30 of them interactive):
// fitted from its neutral start without them, it misses them by a median
// of at most 12 %, a 90th percentile of at most 35 %, and no architecture
// and engine family with three or more figures by a median over 20 %; the
// median is no more than 2 points worse than the checked-in baseline; and
// the errors the catalog publishes with every answer are these.
func TestHeldOutErrors(t *testing.T) {
	if raceEnabled {
		t.Skip("the held-out fit takes seconds, minutes under the race detector: it runs in go test without -race")
	}
	cat := embedded(t)
	v := serving.Validate(cat.ServingMeasurements(), catalog.DatasetCaps, catalog.HeldOutCampaigns)
	var table bytes.Buffer
	serving.WriteErrorTable(&table, v)
	t.Logf("held-out throughput errors of the serving model (fitted without the campaigns %v):\n%s", catalog.HeldOutCampaigns, table.String())
	if v.Overall.Points < gateMinPoints {
		t.Errorf("%d held-out points, want at least %d", v.Overall.Points, gateMinPoints)
	}
	fast := 0
	var families []string
	for _, p := range v.Points {
		if p.Interactive {
			fast++
		}
		if f := p.Group[slices.Index([]byte(p.Group), '/')+1:]; !slices.Contains(families, f) {
			families = append(families, f)
		}
	}
	if fast < gateMinFast {
		t.Errorf("%d held-out interactive points (TPOT ≤ %d ms), want at least %d", fast, serving.InteractiveTPOTMS, gateMinFast)
	}
	if len(families) < 3 {
		t.Errorf("held-out points of the engine families %v, want at least 3", families)
	}
	if v.Overall.MedianPct > gateMedianPct {
		t.Errorf("median held-out error %.1f %%, want at most %d %%", v.Overall.MedianPct, gateMedianPct)
	}
	if v.Overall.P90Pct > gateP90Pct {
		t.Errorf("90th-percentile held-out error %.1f %%, want at most %d %%", v.Overall.P90Pct, gateP90Pct)
	}
	for _, g := range v.Groups {
		if g.Points >= serving.MinValidated && g.MedianPct > gateGroupMedianPct {
			t.Errorf("%s: median held-out error %.1f %% over %d points, want at most %d %%", g.Group, g.MedianPct, g.Points, gateGroupMedianPct)
		}
	}
	var base baseline
	b, err := os.ReadFile("testdata/heldout_baseline.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &base); err != nil {
		t.Fatal(err)
	}
	if v.Overall.MedianPct > base.MedianPct+gateWorsenPts {
		t.Errorf("median held-out error %.1f %% is more than %d points worse than the baseline's %.1f %%", v.Overall.MedianPct, gateWorsenPts, base.MedianPct)
	}
	stored := cat.ServingFit.Validation.Overall
	if math.Abs(stored.MedianPct-v.Overall.MedianPct) > 0.05 || math.Abs(stored.MaxRatio-v.Overall.MaxRatio) > 0.005 || stored.Points != v.Overall.Points {
		t.Errorf("the catalog publishes median %.2f %%, worst %.3f× over %d points; the check gives %.2f %%, %.3f× over %d: run gpuplace catalog fit-serving data",
			stored.MedianPct, stored.MaxRatio, stored.Points, v.Overall.MedianPct, v.Overall.MaxRatio, v.Overall.Points)
	}
}

// Ensure the error bands answers carry hold what they say on figures they
// were not drawn from: for each held-out campaign, the bands drawn from
// the other campaigns cover at least 80 % of its figures' real
// throughput.
func TestBandCoverage(t *testing.T) {
	cat := embedded(t)
	pts := cat.ServingFit.Validation.Points
	covered, checked := serving.BandCoverage(pts)
	for _, f := range []string{"trtllm", "vllm", "mlperf"} {
		for _, l := range []string{serving.LoadInteractive, serving.LoadThroughput} {
			b := serving.BandFor(pts, f, l)
			t.Logf("%-7s %-11s band [%+.1f %%, %+.1f %%] from %d figures (regime %q/%q)", f, l, b.LowPct, b.HighPct, b.Points, b.Family, b.Load)
		}
	}
	t.Logf("bands cover %d of %d held-out figures (%.1f %%), each band drawn without the figure's campaign", covered, checked, 100*float64(covered)/float64(checked))
	if checked < gateMinPoints {
		t.Fatalf("checked %d figures, want at least %d", checked, gateMinPoints)
	}
	if 100*covered < 80*checked {
		t.Errorf("bands cover %d of %d held-out figures, want at least 80 %%", covered, checked)
	}
}
