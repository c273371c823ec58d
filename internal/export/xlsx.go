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
	if err := f.SetSheetName("Sheet1", sheetName); err != nil {
		return nil, err
	}
	st, err := newSheetStyles(f)
	if err != nil {
		return nil, err
	}
	w := &sheetWriter{f: f}
	w.facts(q)
	first, last := w.lines(q)
	totalRow := last + 2
	w.set(fmt.Sprintf("E%d", totalRow), label(q, "total"))
	totalCell := fmt.Sprintf("F%d", totalRow)
	w.formula(totalCell, fmt.Sprintf("SUM(F%d:F%d)", first, last))
	w.set(fmt.Sprintf("A%d", totalRow+2), label(q, "rule"))
	w.set(fmt.Sprintf("A%d", totalRow+3), label(q, "catalog")+" "+q.CatalogVersion+". "+q.DataDates)
	w.style(fmt.Sprintf("F%d", first), totalCell, st.money)
	w.style(fmt.Sprintf("D%d", first), fmt.Sprintf("D%d", last), st.price)
	w.style("A1", "A1", st.bold)
	w.style(fmt.Sprintf("A%d", headRow), fmt.Sprintf("F%d", headRow), st.bold)
	if w.err == nil {
		w.err = f.SetColWidth(sheetName, "A", "A", 60)
	}
	if w.err != nil {
		return nil, w.err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sheetName is the quote's sheet; headRow is the row of the lines
// table's headings, below the facts.
const (
	sheetName = "Quote"
	headRow   = 7
)

// sheetStyles are the cell styles of the quote's sheet.
type sheetStyles struct{ money, price, bold int }

func newSheetStyles(f *excelize.File) (sheetStyles, error) {
	var st sheetStyles
	var err error
	if st.money, err = f.NewStyle(&excelize.Style{NumFmt: 4}); err != nil { // #,##0.00
		return st, err
	}
	// Unit prices keep their decimals (0.0616, not 0.06).
	priceFmt := "#,##0.00####"
	if st.price, err = f.NewStyle(&excelize.Style{CustomNumFmt: &priceFmt}); err != nil {
		return st, err
	}
	st.bold, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	return st, err
}

// sheetWriter writes the quote's sheet, keeping the first error: once a
// write fails, the others do nothing.
type sheetWriter struct {
	f   *excelize.File
	err error
}

func (w *sheetWriter) set(cell string, v any) {
	if w.err == nil {
		w.err = w.f.SetCellValue(sheetName, cell, v)
	}
}

func (w *sheetWriter) formula(cell, formula string) {
	if w.err == nil {
		w.err = w.f.SetCellFormula(sheetName, cell, formula)
	}
}

func (w *sheetWriter) style(from, to string, style int) {
	if w.err == nil {
		w.err = w.f.SetCellStyle(sheetName, from, to, style)
	}
}

// facts writes the title, customer, dates, currency and the quote's
// discount above the lines.
func (w *sheetWriter) facts(q quote.Quote) {
	w.set("A1", label(q, "title")+" "+q.Number())
	w.set("A2", label(q, "customer"))
	w.set("B2", q.Customer.Name+" "+q.Customer.Company)
	w.set("A3", label(q, "date"))
	w.set("B3", q.CreatedAt.Format("2006-01-02"))
	w.set("A4", label(q, "valid_until"))
	w.set("B4", q.ValidUntil().Format("2006-01-02"))
	w.set("A5", label(q, "currency"))
	w.set("B5", q.Currency)
	if q.DiscountPct.IsPositive() {
		// The amounts are net of it: say so, as the PDF and the page do.
		w.set("A6", label(q, "quote_discount"))
		w.set("B6", q.DiscountPct.InexactFloat64())
	}
}

// lines writes the lines table, its headings on headRow, and returns the
// rows of its first and last line.
func (w *sheetWriter) lines(q quote.Quote) (first, last int) {
	for i, h := range []string{"item", "quantity", "unit", "unit_price", "discount", "amount"} {
		cell, _ := excelize.CoordinatesToCellName(i+1, headRow)
		w.set(cell, label(q, h))
	}
	first = headRow + 1
	for i, l := range q.Lines {
		row := first + i
		w.set(fmt.Sprintf("A%d", row), l.Description)
		w.set(fmt.Sprintf("B%d", row), l.Quantity.InexactFloat64())
		w.set(fmt.Sprintf("C%d", row), l.Unit)
		w.set(fmt.Sprintf("D%d", row), l.UnitPrice.InexactFloat64())
		w.set(fmt.Sprintf("E%d", row), l.DiscountPct.InexactFloat64())
		w.set(fmt.Sprintf("F%d", row), l.Amount.InexactFloat64())
	}
	return first, first + len(q.Lines) - 1
}
