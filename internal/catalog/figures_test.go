package catalog_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/catalog"
)

// Ensure a price-list row with an absurd figure is refused, naming its row
// and column: prices beyond the bounds per GPU-hour, NaN and infinite
// memory, counts no hardware has, long digits; and that long digits are
// refused at once, not read.
func TestReadPublicCSVRefusesAbsurdFigures(t *testing.T) {
	long := "0." + strings.Repeat("0", 9990) + "1" // within the decoder's exponent limit
	for _, tt := range []struct{ name, row, field string }{
		{"price of 1e10000", "g4dn.xlarge,T4,1,4,16,,1e10000,,us-east-1,a", "Price"},
		{"price of 1e-10000", "g4dn.xlarge,T4,1,4,16,,1e-10000,,us-east-1,a", "Price"},
		{"price of long digits", "g4dn.xlarge,T4,1,4,16,," + long + ",,us-east-1,a", "Price"},
		{"spot of long digits", "g4dn.xlarge,T4,1,4,16,,0.526," + long + ",us-east-1,a", "SpotPrice"},
		{"price under a tenth of a cent a GPU-hour", "p5.48xlarge,H100,8,192,2048,,0.004,,us-east-1,a", "Price"},
		{"price over $1,000 a GPU-hour", "g4dn.xlarge,T4,1,4,16,,1000.01,,us-east-1,a", "Price"},
		{"NaN memory", "g4dn.xlarge,T4,1,4,NaN,,0.526,,us-east-1,a", "MemoryGiB"},
		{"infinite memory", "g4dn.xlarge,T4,1,4,+Inf,,0.526,,us-east-1,a", "MemoryGiB"},
		{"memory no server has", "g4dn.xlarge,T4,1,4,1e7,,0.526,,us-east-1,a", "MemoryGiB"},
		{"GPU count of 2^63-1", "g4dn.xlarge,T4,9223372036854775807,4,16,,0.526,,us-east-1,a", "AcceleratorCount"},
		{"GPU count no server has", "g4dn.xlarge,T4,4096,4,16,,0.526,,us-east-1,a", "AcceleratorCount"},
		{"vCPUs no server has", "g4dn.xlarge,T4,1,100000,16,,0.526,,us-east-1,a", "vCPUs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := catalog.ReadPublicCSV(strings.NewReader(csvHeader+tt.row+"\n"), "aws.csv")
			if d := time.Since(start); d > time.Second {
				t.Errorf("ReadPublicCSV() took %v, want the row refused at once", d)
			}
			for _, p := range problemsOf(t, err) {
				if p.Item == "row 2" && p.Field == tt.field {
					return
				}
			}
			t.Errorf("ReadPublicCSV() = %.300v, want a problem at row 2: %s", err, tt.field)
		})
	}
	if _, err := catalog.ReadPublicCSV(strings.NewReader(csvHeader+"p5.48xlarge,H100,8,192,2048,,55.04,,us-east-1,a\n"), "aws.csv"); err != nil {
		t.Errorf("a real row: %v", err)
	}
}

// Ensure a bundle with an absurd figure or name is refused, naming the
// item and field, and that a price with a huge exponent is refused before
// any arithmetic on it.
func TestLoadRefusesAbsurdFigures(t *testing.T) {
	for _, tt := range []struct{ name, file, old, new, field string }{
		{"price of 1e10000", "offers.json", `"usd_per_hour":"1.00"`, `"usd_per_hour":"1e10000"`, "on_demand.usd_per_hour"},
		{"price of 1e-10000", "offers.json", `"usd_per_hour":"1.00"`, `"usd_per_hour":"1e-10000"`, "on_demand.usd_per_hour"},
		{"price of long digits", "offers.json", `"usd_per_hour":"1.00"`, `"usd_per_hour":"1.` + strings.Repeat("3", 9990) + `"`, "on_demand.usd_per_hour"},
		{"price over $1,000 a GPU-hour", "offers.json", `"usd_per_hour":"1.00"`, `"usd_per_hour":"1500"`, "on_demand"},
		{"spot under a tenth of a cent", "offers.json", `"usd_per_hour":"0.30"`, `"usd_per_hour":"0.0001"`, "spot"},
		{"GPU count of 2^63-1", "offers.json", `"gpu_count":8`, `"gpu_count":9223372036854775807`, "gpu_count"},
		{"vCPUs no server has", "offers.json", `"vcpus":96`, `"vcpus":1000000`, "vcpus"},
		{"memory no server has", "offers.json", `"memory_gib":1024`, `"memory_gib":1e12`, "memory_gib"},
		{"GPU memory no GPU has", "gpus.json", `"memory_gb":24`, `"memory_gb":1e9`, "memory_gb"},
		{"GPU name with a newline", "gpus.json", `"name":"Test A"`, `"name":"Test A\nrun: id"`, "name"},
		{"provider name too long", "providers.json", `"name":"Provider One"`, `"name":"` + strings.Repeat("x", 201) + `"`, "name"},
		{"region name with a control character", "regions.json", `"name":"P1 Frankfurt"`, `"name":"P1 \u001b[2J"`, "name"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fsys := tinyFS(t)
			replace(t, fsys, tt.file, tt.old, tt.new)
			start := time.Now()
			_, err := catalog.Load(fsys)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("Load() took %v, want the figure refused at once", d)
			}
			for _, p := range problemsOf(t, err) {
				if p.File == tt.file && p.Field == tt.field {
					return
				}
			}
			t.Errorf("Load() problems =\n%v\nwant one at %s: %s", err, tt.file, tt.field)
		})
	}
}

// Ensure a Cloud Billing SKU with a negative unit price is refused, naming
// its page and SKU, instead of lowering the machines it prices.
func TestGCPBillingRefusesNegativePrices(t *testing.T) {
	b, err := os.ReadFile("testdata/gcp_billing_skus.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, neg := range []struct{ old, new string }{
		{`"units": "0", "nanos": 3000000}`, `"units": "0", "nanos": -3000000}`},
		{`"units": "0", "nanos": 3000000}`, `"units": "-1", "nanos": 3000000}`},
	} {
		s := string(b)
		if !strings.Contains(s, neg.old) {
			t.Fatalf("the fixture has no %s", neg.old)
		}
		_, _, err = catalog.ReadGCPBilling(strings.NewReader(strings.Replace(s, neg.old, neg.new, 1)), "skus.json", loadReal(t))
		found := false
		for _, p := range problemsOf(t, err) {
			found = found || (strings.HasPrefix(p.Item, "page 1 sku ") && p.Field == "unitPrice")
		}
		if !found {
			t.Errorf("%s: ReadGCPBilling() = %v, want a problem at the SKU's unitPrice", neg.new, err)
		}
	}
}

// Ensure a version that moves any price of an offer past the threshold
// needs a confirm, not only one that moves its first price: a price list
// (a CSV) that triples a spot price and keeps on-demand is flagged.
func TestDiffFlagsEveryPriceMove(t *testing.T) {
	from, err := catalog.Load(tinyFS(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, old, new string }{
		{"spot", `"spot":{"usd_per_hour":"0.30"`, `"spot":{"usd_per_hour":"0.90"`},
		{"reserved", `"reserved_1y":{"usd_per_hour":"0.60"`, `"reserved_1y":{"usd_per_hour":"0.20"`},
	} {
		fsys := tinyFS(t)
		replace(t, fsys, "offers.json", tt.old, tt.new)
		to, err := catalog.Load(fsys)
		if err != nil {
			t.Fatal(err)
		}
		d := catalog.DiffOffers(from, to)
		if !d.Flagged() || d.Warnings[0].Kind != catalog.WarnMove || d.Warnings[0].Offer != "p1:eu:a1" {
			t.Errorf("%s moved: warnings %+v, want a move of p1:eu:a1 to check", tt.name, d.Warnings)
		}
	}
}
