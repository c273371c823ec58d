package export

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/go-pdf/fpdf"

	"gpuplace/internal/quote"
)

// Page geometry of the PDF, in millimetres (A4 portrait).
const (
	margin    = 15.0
	pageWidth = 210.0 - 2*margin
	lineH     = 5.0
)

// column widths of the lines table: item, quantity, unit, unit price,
// discount, amount.
var columns = []float64{76, 20, 24, 24, 14, 22}

// PDF lays a quote out as a document: header, customer, lines, totals,
// validity, the rounding rule, assumptions and data dates. font is a
// TrueType font (or collection) with CJK glyphs; without one the PDF uses
// a Latin font and says so on the page.
func PDF(q quote.Quote, font []byte) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, margin)
	pdf.SetTitle(label(q, "title")+" "+q.Number(), true)
	pdf.SetCreator("gpuplace", true)
	// Without a CJK font the core Latin font is used: text is cut down to
	// Latin-1 (clean) and encoded as the core fonts expect (encode).
	family := "Helvetica"
	clean, encode := latin1, pdf.UnicodeTranslatorFromDescriptor("")
	if font != nil {
		ttf, err := fontFromCollection(font)
		if err != nil {
			return nil, err
		}
		pdf.AddUTF8FontFromBytes("cjk", "", ttf)
		same := func(s string) string { return s }
		family, clean, encode = "cjk", same, same
	}
	text := func(s string) string { return encode(clean(s)) }
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("export: font: %w", err)
	}
	pdf.AddPage()
	setFont := func(size float64) { pdf.SetFont(family, "", size) }

	setFont(18)
	pdf.CellFormat(pageWidth, 10, text(label(q, "title")+" "+q.Number()), "", 1, "L", false, 0, "")
	setFont(10)
	if font == nil {
		pdf.SetTextColor(160, 40, 20)
		pdf.MultiCell(pageWidth, lineH, text(labels["en"]["no_cjk"]), "", "L", false)
		pdf.SetTextColor(0, 0, 0)
	}
	facts := [][2]string{
		{label(q, "date"), q.CreatedAt.Format("2006-01-02")},
		{label(q, "valid_until"), q.ValidUntil().Format("2006-01-02")},
		{label(q, "customer"), strings.TrimSpace(strings.Join([]string{q.Customer.Name, q.Customer.Company, q.Customer.Email}, "  "))},
	}
	if q.Reference != "" {
		facts = append(facts, [2]string{label(q, "reference"), q.Reference})
	}
	facts = append(facts, [2]string{label(q, "currency"), q.Currency})
	for _, f := range facts {
		pdf.CellFormat(40, lineH+1, text(f[0]), "", 0, "L", false, 0, "")
		pdf.MultiCell(pageWidth-40, lineH+1, text(f[1]), "", "L", false)
	}
	pdf.Ln(4)

	// The lines table.
	pdf.SetFillColor(230, 236, 244)
	for i, h := range []string{"item", "quantity", "unit", "unit_price", "discount", "amount"} {
		align := "R"
		if i == 0 || i == 2 {
			align = "L"
		}
		pdf.CellFormat(columns[i], lineH+2, text(label(q, h)), "B", 0, align, true, 0, "")
	}
	pdf.Ln(-1)
	for _, l := range q.Lines {
		desc := pdf.SplitText(clean(l.Description), columns[0]-2)
		h := float64(max(1, len(desc))) * lineH
		if pdf.GetY()+h > 297-margin-20 {
			pdf.AddPage()
		}
		x, y := pdf.GetXY()
		pdf.MultiCell(columns[0], lineH, encode(strings.Join(desc, "\n")), "", "L", false)
		pdf.SetXY(x+columns[0], y)
		cells := []string{l.Quantity.String(), l.Unit, l.UnitPrice.String(), l.DiscountPct.String(), l.Amount.StringFixed(2)}
		for i, c := range cells {
			align := "R"
			if i == 1 {
				align = "L"
			}
			pdf.CellFormat(columns[i+1], h, text(c), "", 0, align, false, 0, "")
		}
		pdf.SetXY(x, y+h)
		pdf.Line(margin, y+h, margin+pageWidth, y+h)
	}
	pdf.Ln(2)
	total := func(name, value string, size float64) {
		setFont(size)
		pdf.CellFormat(pageWidth-columns[5]-30, lineH+2, "", "", 0, "R", false, 0, "")
		pdf.CellFormat(30, lineH+2, text(name), "", 0, "R", false, 0, "")
		pdf.CellFormat(columns[5], lineH+2, text(value), "", 1, "R", false, 0, "")
	}
	total(label(q, "subtotal"), q.Subtotal.StringFixed(2), 10)
	if q.DiscountPct.IsPositive() {
		total(label(q, "quote_discount"), q.DiscountPct.String()+" %", 10)
	}
	total(label(q, "total")+" "+q.Currency, q.Total.StringFixed(2), 13)
	setFont(9)
	pdf.Ln(3)
	pdf.MultiCell(pageWidth, lineH-0.5, text(label(q, "rule")), "", "L", false)
	for _, sec := range []struct{ title, body string }{
		{label(q, "notes"), q.Notes},
		{label(q, "terms"), q.Terms},
		{label(q, "assumptions"), label(q, "catalog") + " " + q.CatalogVersion + ". " + q.DataDates},
	} {
		if strings.TrimSpace(sec.body) == "" {
			continue
		}
		pdf.Ln(2)
		setFont(11)
		pdf.CellFormat(pageWidth, lineH+1, text(sec.title), "", 1, "L", false, 0, "")
		setFont(9)
		pdf.MultiCell(pageWidth, lineH-0.5, text(sec.body), "", "L", false)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("export: pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// latin1 replaces what the core fonts cannot draw with '?'.
func latin1(s string) string {
	return strings.Map(func(r rune) rune {
		if r > 0xFF {
			return '?'
		}
		return r
	}, s)
}
