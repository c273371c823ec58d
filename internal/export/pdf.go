package export

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/go-pdf/fpdf"

	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
)

// Page geometry of the PDF, in millimetres (A4 portrait).
const (
	margin    = 15.0
	pageWidth = 210.0 - 2*margin
	lineH     = 5.0
)

// column widths of the lines table: item, quantity, unit, unit price,
// discount, amount. The discount column fits its "Discount %" heading.
var columns = []float64{72, 20, 20, 24, 22, 22}

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
		family, clean, encode = "cjk", bmp, same
	}
	text := func(s string) string { return encode(clean(s)) }
	// fpdf's own line breaking drops the Chinese character it breaks at
	// (go-pdf/fpdf#80): with the CJK font, text is broken into lines here
	// and MultiCell only gets lines that fit.
	split := pdf.SplitText
	if font != nil {
		split = func(s string, w float64) []string { return wrap(pdf, s, w) }
	}
	multiCell := func(w, h float64, s string) {
		if font != nil {
			s = strings.Join(wrap(pdf, clean(s), w), "\n")
		}
		pdf.MultiCell(w, h, text(s), "", "L", false)
	}
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
		multiCell(pageWidth, lineH, locale.For(locale.EN).T("export.no_cjk"))
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
		multiCell(pageWidth-40, lineH+1, f[1])
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
		desc := split(clean(l.Description), columns[0]-2)
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
	multiCell(pageWidth, lineH-0.5, label(q, "rule"))
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
		multiCell(pageWidth, lineH-0.5, sec.body)
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

// bmp replaces what fpdf cannot draw with a TrueType font, characters
// beyond the Basic Multilingual Plane (emoji), with '?'.
func bmp(s string) string {
	return strings.Map(func(r rune) rune {
		if r > 0xFFFF {
			return '?'
		}
		return r
	}, s)
}

// wrap breaks text into lines no wider than a cell of width w (less its
// margins): at a space, which is dropped, or beside a CJK character, which
// is kept; a word wider than the cell is cut.
func wrap(pdf *fpdf.Fpdf, s string, w float64) []string {
	width := w - 2*pdf.GetCellMargin()
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		var line []rune
		lineW := 0.0
		for _, r := range para {
			line = append(line, r)
			lineW += pdf.GetStringWidth(string(r))
			for lineW > width && len(line) > 1 {
				at := breakAt(line)
				lines = append(lines, strings.TrimRight(string(line[:at]), " "))
				line = []rune(strings.TrimLeft(string(line[at:]), " "))
				lineW = pdf.GetStringWidth(string(line))
			}
		}
		lines = append(lines, string(line))
	}
	return lines
}

// breakAt is where a line that grew too wide breaks: before its last space
// or beside its last CJK character (not before closing punctuation), else
// before its last character.
func breakAt(line []rune) int {
	wide := func(r rune) bool { return r >= 0x2E80 }
	for i := len(line) - 1; i > 0; i-- {
		if strings.ContainsRune("。，、；：！？）》」』”", line[i]) {
			continue
		}
		if line[i] == ' ' || wide(line[i]) || wide(line[i-1]) {
			return i
		}
	}
	return len(line) - 1
}
