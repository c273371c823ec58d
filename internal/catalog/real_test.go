package catalog_test

import (
	"encoding/csv"
	"os"
	"strconv"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// referenceDir holds the public figures the embedded catalog was built
// from; tests that compare against it skip when it is absent.
const referenceDir = "testdata/reference/"

func loadReal(t testing.TB) *catalog.Catalog {
	t.Helper()
	c, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatalf("the embedded catalog does not load:\n%v", err)
	}
	return c
}

// Ensure the embedded catalog loads and holds what the product promises.
func TestRealCatalogCounts(t *testing.T) {
	c := loadReal(t)
	n := c.Counts()
	for _, tt := range []struct {
		what      string
		got, want int
	}{
		{"GPU models", n.GPUs, 10}, {"providers", n.Providers, 10}, {"regions", n.Regions, 130},
		{"offers", n.Offers, 1500}, {"metros", n.Metros, 70}, {"countries", n.Countries, 190},
	} {
		if tt.got < tt.want {
			t.Errorf("%s = %d, want ≥ %d", tt.what, tt.got, tt.want)
		}
	}
	for _, id := range []string{"t4", "a10g", "a10", "l4", "l40s", "v100", "a100-40gb", "a100-80gb", "h100", "h200"} {
		if _, ok := c.GPU(id); !ok {
			t.Errorf("GPU %s missing", id)
		}
	}
	for _, id := range []string{"resnet50", "bert-large", "gptj-6b"} {
		if _, ok := c.Profile(id); !ok {
			t.Errorf("profile %s missing", id)
		}
	}
	if p, _ := c.Profile("resnet50"); p.Training == nil || p.Training.DefaultSamples != 1281167 || p.Training.DefaultEpochs != 90 || p.Inference == nil {
		t.Errorf("resnet50 = %+v, want ImageNet-1k 1,281,167 × 90 and an inference block", p)
	}
	for _, id := range []string{"aws", "gcp", "azure", "lambda"} {
		if _, ok := c.Provider(id); !ok {
			t.Errorf("provider %s missing", id)
		}
	}
	cities := map[string]bool{}
	for _, r := range c.Regions {
		cities[r.Metro] = true
	}
	// Amsterdam, Frankfurt, London, Paris, Stockholm, Ireland, US East and
	// West, Hong Kong, Tokyo, Seoul, Singapore, Sydney, Mumbai, São Paulo.
	for _, m := range []string{"ams", "fra", "lon", "par", "sto", "dub", "iad", "sfo", "hkg", "tyo", "sel", "sin", "syd", "bom", "gru"} {
		if !cities[m] {
			t.Errorf("no region in metro %s", m)
		}
	}
	for _, loc := range []string{"bjs", "sha", "CN", "US", "DE", "HK"} {
		if _, ok := c.Location(loc); !ok {
			t.Errorf("user location %s missing", loc)
		}
	}
	var spot, reserved, bands int
	for _, o := range c.Offers {
		if o.Spot != nil {
			spot++
			if o.Spot.Band != "" {
				bands++
			}
		}
		if o.Reserved1Y != nil || o.Reserved3Y != nil {
			reserved++
		}
	}
	if spot == 0 || reserved == 0 || bands == 0 {
		t.Errorf("offers with spot %d, reserved %d, spot bands %d: want some of each", spot, reserved, bands)
	}
	for _, code := range []string{"EUR", "CNY"} {
		if r, ok := c.Rate(code); !ok || r.Date == "" {
			t.Errorf("rate %s = %+v, want a dated rate", code, r)
		}
	}
}

// Ensure the seed figures for mainland China are data, named as such.
func TestRealCatalogChinaSeeds(t *testing.T) {
	c := loadReal(t)
	p := c.Pair(c.MetroIndex("ams"), c.MetroIndex("bjs"))
	if p.RTTMS < 180 || p.RTTMS > 220 || p.Source != "product-seed" {
		t.Errorf("ams–bjs = %+v, want 180–220 ms from the product seed", p)
	}
	// Distance alone would say far less than the seed for a cross-border path.
	sha := c.Pair(c.MetroIndex("fra"), c.MetroIndex("sha"))
	if !sha.Estimated || sha.RTTMS < 150 {
		t.Errorf("fra–sha = %+v, want an estimated cross-border figure of at least 150 ms", sha)
	}
}

func readCSV(t *testing.T, name string) []map[string]string {
	t.Helper()
	f, err := os.Open(referenceDir + name)
	if os.IsNotExist(err) {
		t.Skipf("reference figures not present at %s", referenceDir)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, h := range rows[0] {
			if i < len(r) {
				m[h] = r[i]
			}
		}
		out = append(out, m)
	}
	return out
}

// Ensure every AWS on-demand price in the catalog matches the reference.
func TestRealCatalogAWSPrices(t *testing.T) {
	c := loadReal(t)
	byID := map[string]catalog.Offer{}
	for _, o := range c.Offers {
		byID[o.ID()] = o
	}
	rows := readCSV(t, "aws_gpu_prices.csv")
	for _, r := range rows {
		o, ok := byID["aws:"+r["region"]+":"+r["instance_type"]]
		if !ok {
			t.Errorf("AWS %s %s missing from the catalog", r["region"], r["instance_type"])
			continue
		}
		want := decimal.RequireFromString(r["on_demand_usd_per_hour"])
		if !o.OnDemand.USDPerHour.Equal(want) {
			t.Errorf("AWS %s on-demand = %s, want %s", o.ID(), o.OnDemand.USDPerHour, want)
		}
	}
	if len(rows) < 100 {
		t.Errorf("only %d reference rows read", len(rows))
	}
}

// Ensure a measured Azure round trip and an MLPerf figure carried over.
func TestRealCatalogLatencyAndBenchmarks(t *testing.T) {
	c := loadReal(t)
	rows := readCSV(t, "azure_inter_region_rtt_ms_2025.csv")
	var amToDE, deToAm float64
	for _, r := range rows {
		switch r["Source"] {
		case "am":
			amToDE, _ = strconv.ParseFloat(r["dewc"], 64)
		case "dewc":
			deToAm, _ = strconv.ParseFloat(r["am"], 64)
		}
	}
	p := c.Pair(c.MetroIndex("ams"), c.MetroIndex("fra"))
	if p.Estimated || p.Source != "azure-rtt-2025" || p.RTTMS != (amToDE+deToAm)/2 {
		t.Errorf("ams–fra = %+v, want the measured Azure mean of %v and %v", p, amToDE, deToAm)
	}
	for _, r := range readCSV(t, "mlperf_inference_single_gpu_results.csv") {
		if r["accelerator"] == "NVIDIA L4" && r["benchmark"] == "resnet50" {
			want, _ := strconv.ParseFloat(r["result_per_accelerator"], 64)
			f, ok := c.Throughput("l4", "resnet50", catalog.KindInference, catalog.PrecisionINT8, 1)
			if !ok || f.Value != want || f.Estimated || f.Format != "INT8" || f.Scenario != catalog.ScenarioOffline {
				t.Errorf("L4 ResNet-50 INT8 inference = %+v (found %v), want measured %v, INT8, offline", f, ok, want)
			}
			return
		}
	}
	t.Error("no L4 ResNet-50 row in the MLPerf reference")
}
