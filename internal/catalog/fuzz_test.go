package catalog_test

import (
	"strings"
	"testing"

	"gpuplace/internal/catalog"
)

// FuzzReadPublicCSV feeds arbitrary price lists to the importer: it never
// panics, and what it accepts has positive prices, spot no dearer than
// on-demand, and GPUs the catalog knows by id.
func FuzzReadPublicCSV(f *testing.F) {
	header := strings.Join(catalog.PublicCSVColumns, ",") + "\n"
	for _, s := range []string{
		header + "g4dn.xlarge,T4,1,4,16,,0.526,0.2069,us-east-1,us-east-1a\ng4dn.xlarge,T4,1,4,16,,0.526,0.19,us-east-1,us-east-1b\n",
		header + "m5.large,,,2,8,,0.096,,us-east-1,us-east-1a\n",
		header + "p5.48xlarge,H100,8,192,2048,,55.04,60,us-east-1,a\n",
		header + "x,T4,one,4,16,,-1,,us-east-1,a\n\"unclosed,quote\n",
		"InstanceType\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		offers, err := catalog.ReadPublicCSV(strings.NewReader(raw), "fuzz.csv")
		if err != nil {
			return
		}
		for _, o := range offers {
			if !o.OnDemand.IsPositive() || o.Spot.IsNegative() || o.Spot.GreaterThan(o.OnDemand) || o.GPU == "" || o.GPUCount < 1 {
				t.Fatalf("accepted a bad offer: %+v", o)
			}
		}
	})
}
