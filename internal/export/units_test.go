package export_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/export"
	"gpuplace/internal/quote"
)

// Ensure a line a person added prints its unit as typed in every format,
// in either language: "month" stays "month", never the engine's
// "server-month"; a line from the recommendation still prints its unit
// code in words.
func TestCustomLineUnitsPrintAsTyped(t *testing.T) {
	for _, c := range []struct{ lang, engineMonth string }{
		{"en", "server-month"},
		{"zh-CN", "服务器·月"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			d := sampleDoc(t, c.lang)
			d.Quote.Lines = append(d.Quote.Lines[:0:0], d.Quote.Lines...)
			d.Quote.Lines = append(d.Quote.Lines,
				quote.Line{Description: "Dedicated server", Quantity: decimal.NewFromInt(12), Unit: "month", UnitPrice: decimal.NewFromInt(900), FromEngine: true},
				quote.Line{Description: "Premium support", Quantity: decimal.NewFromInt(12), Unit: "month", UnitPrice: decimal.NewFromInt(100)})
			d.Quote.Compute()
			custom, engine := len(d.Quote.Lines)-1, len(d.Quote.Lines)-2

			rows := mustCSV(t, d)
			unit := slices.Index(export.CSVColumns, "unit")
			if got := rows[1+custom][unit]; got != "month" {
				t.Errorf("CSV: the custom line's unit = %q, want \"month\" as typed", got)
			}
			if got := rows[1+engine][unit]; got != c.engineMonth {
				t.Errorf("CSV: the engine line's unit = %q, want %q", got, c.engineMonth)
			}

			f, _ := mustWorkbook(t, d)
			sheet, _ := f.GetRows("Quote")
			for _, r := range sheet {
				if len(r) < 3 {
					continue
				}
				if r[0] == "Premium support" && r[2] != "month" {
					t.Errorf("XLSX: the custom line's unit = %q, want \"month\"", r[2])
				}
				if r[0] == "Dedicated server" && r[2] != c.engineMonth {
					t.Errorf("XLSX: the engine line's unit = %q, want %q", r[2], c.engineMonth)
				}
			}

			text := pdfText(t, mustPDF(t, d))
			for _, l := range strings.Split(text, "\n") {
				if strings.Contains(l, "Premium support") && (!strings.Contains(l, " month ") || strings.Contains(l, c.engineMonth)) {
					t.Errorf("PDF: the custom line reads %q, want its unit \"month\" as typed", l)
				}
				if strings.Contains(l, "Dedicated server") && !strings.Contains(l, c.engineMonth) {
					t.Errorf("PDF: the engine line reads %q, want %q", l, c.engineMonth)
				}
			}
		})
	}
}

// mustPDF exports d as a PDF, in the CJK font.
func mustPDF(t *testing.T, d export.Document) []byte {
	t.Helper()
	b, err := export.PDF(d, font(t))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
