package export_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"gpuplace/internal/export"
)

// amountCell matches a figure as a sheet shows it: 1,234.56 or -650.64.
var amountCell = regexp.MustCompile(`^-?[\d,]+(\.\d+)?$`)

// Ensure the CSV and the workbook keep the quote's totals apart from its
// lines: summing the whole amount column, as a reader selects it in a
// spreadsheet, gives the subtotal exactly (the totals are not counted in
// it), and the subtotal, discount and total stand in a totals column of
// their own, adding up to the total.
func TestTotalsApartFromLines(t *testing.T) {
	for lang, heading := range map[string]string{"en": "Amount", "zh-CN": "金额"} {
		t.Run(lang, func(t *testing.T) {
			d := sampleDoc(t, lang)
			q := d.Quote

			rows := mustCSV(t, d)
			amount, totals := slices.Index(export.CSVColumns, "amount"), slices.Index(export.CSVColumns, "totals")
			sum, figures := decimal.Zero, []decimal.Decimal{}
			for _, r := range rows[1:] {
				if r[amount] != "" {
					sum = sum.Add(plain(t, r[amount]))
				}
				if totals >= 0 && r[totals] != "" {
					figures = append(figures, plain(t, r[totals]))
				}
			}
			if !sum.Equal(q.Subtotal) {
				t.Errorf("CSV: the amount column sums to %s, want the subtotal %s", sum, q.Subtotal)
			}
			if len(figures) != 3 || !figures[0].Equal(q.Subtotal) || !figures[0].Add(figures[1]).Equal(figures[2]) || !figures[2].Equal(q.Total) {
				t.Errorf("CSV totals column %v, want the subtotal %s, the discount and the total %s", figures, q.Subtotal, q.Total)
			}

			f, _ := mustWorkbook(t, d)
			sheet, err := f.GetRows("Quote")
			if err != nil {
				t.Fatal(err)
			}
			col := -1
			sum = decimal.Zero
			for _, r := range sheet {
				if col < 0 {
					col = slices.Index(r, heading)
					continue
				}
				if col < len(r) && amountCell.MatchString(r[col]) {
					sum = sum.Add(decimal.RequireFromString(strings.ReplaceAll(r[col], ",", "")))
				}
			}
			if col < 0 {
				t.Fatalf("XLSX: no %q heading", heading)
			}
			if !sum.Equal(q.Subtotal) {
				t.Errorf("XLSX: the amount column sums to %s, want the subtotal %s", sum, q.Subtotal)
			}
			axis, _ := excelize.CoordinatesToCellName(col+1, 1)
			letter := strings.TrimRight(axis, "0123456789")
			if err := f.SetCellFormula("Quote", "Z1", "SUM("+letter+":"+letter+")"); err != nil {
				t.Fatal(err)
			}
			if got, err := f.CalcCellValue("Quote", "Z1"); err != nil || !decimal.RequireFromString(strings.ReplaceAll(got, ",", "")).Equal(q.Subtotal) {
				t.Errorf("XLSX: SUM(%s:%s) = %s (%v), want the subtotal %s", letter, letter, got, err, q.Subtotal)
			}
		})
	}
}
