package export

import (
	"bytes"
	"fmt"

	"github.com/xuri/excelize/v2"

	"gpuplace/internal/quote"
)

// XLSX writes a quote as a workbook: the header facts, one row per line
// with numbers stored as numbers, and the total as a SUM of the amounts.
func XLSX(q quote.Quote) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sheet := "Quote"
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return nil, err
	}
	money, err := f.NewStyle(&excelize.Style{NumFmt: 4}) // #,##0.00
	if err != nil {
		return nil, err
	}
	// Unit prices keep their decimals (0.0616, not 0.06).
	priceFmt := "#,##0.00####"
	price, err := f.NewStyle(&excelize.Style{CustomNumFmt: &priceFmt})
	if err != nil {
		return nil, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	set := func(cell string, v any) {
		if err == nil {
			err = f.SetCellValue(sheet, cell, v)
		}
	}
	set("A1", label(q, "title")+" "+q.Number())
	set("A2", label(q, "customer"))
	set("B2", q.Customer.Name+" "+q.Customer.Company)
	set("A3", label(q, "date"))
	set("B3", q.CreatedAt.Format("2006-01-02"))
	set("A4", label(q, "valid_until"))
	set("B4", q.ValidUntil().Format("2006-01-02"))
	set("A5", label(q, "currency"))
	set("B5", q.Currency)
	if q.DiscountPct.IsPositive() {
		// The amounts are net of it: say so, as the PDF and the page do.
		set("A6", label(q, "quote_discount"))
		set("B6", q.DiscountPct.InexactFloat64())
	}
	const head = 7
	for i, h := range []string{"item", "quantity", "unit", "unit_price", "discount", "amount"} {
		cell, _ := excelize.CoordinatesToCellName(i+1, head)
		set(cell, label(q, h))
	}
	first := head + 1
	for i, l := range q.Lines {
		row := first + i
		set(fmt.Sprintf("A%d", row), l.Description)
		set(fmt.Sprintf("B%d", row), l.Quantity.InexactFloat64())
		set(fmt.Sprintf("C%d", row), l.Unit)
		set(fmt.Sprintf("D%d", row), l.UnitPrice.InexactFloat64())
		set(fmt.Sprintf("E%d", row), l.DiscountPct.InexactFloat64())
		set(fmt.Sprintf("F%d", row), l.Amount.InexactFloat64())
	}
	last := first + len(q.Lines) - 1
	totalRow := last + 2
	set(fmt.Sprintf("E%d", totalRow), label(q, "total"))
	if err != nil {
		return nil, err
	}
	totalCell := fmt.Sprintf("F%d", totalRow)
	if err := f.SetCellFormula(sheet, totalCell, fmt.Sprintf("SUM(F%d:F%d)", first, last)); err != nil {
		return nil, err
	}
	set(fmt.Sprintf("A%d", totalRow+2), label(q, "rule"))
	set(fmt.Sprintf("A%d", totalRow+3), label(q, "catalog")+" "+q.CatalogVersion+". "+q.DataDates)
	for _, s := range []struct {
		from, to string
		style    int
	}{
		{fmt.Sprintf("F%d", first), totalCell, money},
		{fmt.Sprintf("D%d", first), fmt.Sprintf("D%d", last), price},
		{"A1", "A1", bold}, {fmt.Sprintf("A%d", head), fmt.Sprintf("F%d", head), bold},
	} {
		if err == nil {
			err = f.SetCellStyle(sheet, s.from, s.to, s.style)
		}
	}
	if err == nil {
		err = f.SetColWidth(sheet, "A", "A", 60)
	}
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
