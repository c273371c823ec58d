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
	d, err := newDoc(q, font)
	if err != nil {
		return nil, err
	}
	d.pdf.AddPage()
	d.header()
	d.linesTable()
	d.totals()
	d.sections()
	var buf bytes.Buffer
	if err := d.pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("export: pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// doc is a quote's PDF while it is laid out, with the font it writes in.
type doc struct {
	pdf    *fpdf.Fpdf
	q      quote.Quote
	cjk    bool
	family string
	// clean cuts text down to what the font draws; encode turns it into
	// what fpdf expects for the font.
	clean, encode func(string) string
}

// newDoc starts a quote's PDF in the CJK font, or without one in the
// core Latin font: text is then cut down to Latin-1 and encoded as the
// core fonts expect.
func newDoc(q quote.Quote, font []byte) (*doc, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, margin)
	pdf.SetTitle(label(q, "title")+" "+q.Number(), true)
	pdf.SetCreator("gpuplace", true)
	d := &doc{pdf: pdf, q: q, family: "Helvetica", clean: latin1, encode: pdf.UnicodeTranslatorFromDescriptor("")}
	if font != nil {
		ttf, err := fontFromCollection(font)
		if err != nil {
			return nil, err
		}
		pdf.AddUTF8FontFromBytes("cjk", "", ttf)
		same := func(s string) string { return s }
		d.cjk, d.family, d.clean, d.encode = true, "cjk", bmp, same
	}
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("export: font: %w", err)
	}
	return d, nil
}

func (d *doc) text(s string) string    { return d.encode(d.clean(s)) }
func (d *doc) label(key string) string { return label(d.q, key) }
func (d *doc) setFont(size float64)    { d.pdf.SetFont(d.family, "", size) }

// split breaks text into lines that fit width w. fpdf's own line breaking
// drops the Chinese character it breaks at (go-pdf/fpdf#80): with the CJK
// font, text is broken into lines here.
func (d *doc) split(s string, w float64) []string {
	if d.cjk {
		return wrap(d.pdf, s, w)
	}
	return d.pdf.SplitText(s, w)
}

// multiCell writes a paragraph; with the CJK font, MultiCell only gets
// lines that fit (see split).
func (d *doc) multiCell(w, h float64, s string) {
	if d.cjk {
		s = strings.Join(wrap(d.pdf, d.clean(s), w), "\n")
	}
	d.pdf.MultiCell(w, h, d.text(s), "", "L", false)
}

// header writes the title, the warning of a PDF without a CJK font, and
// the quote's facts: dates, customer, reference and currency.
func (d *doc) header() {
	q := d.q
	d.setFont(18)
	d.pdf.CellFormat(pageWidth, 10, d.text(d.label("title")+" "+q.Number()), "", 1, "L", false, 0, "")
	d.setFont(10)
	if !d.cjk {
		d.pdf.SetTextColor(160, 40, 20)
		d.multiCell(pageWidth, lineH, locale.For(locale.EN).T("export.no_cjk"))
		d.pdf.SetTextColor(0, 0, 0)
	}
	facts := [][2]string{
		{d.label("date"), q.CreatedAt.Format("2006-01-02")},
		{d.label("valid_until"), q.ValidUntil().Format("2006-01-02")},
		{d.label("customer"), strings.TrimSpace(strings.Join([]string{q.Customer.Name, q.Customer.Company, q.Customer.Email}, "  "))},
	}
	if q.Reference != "" {
		facts = append(facts, [2]string{d.label("reference"), q.Reference})
	}
	facts = append(facts, [2]string{d.label("currency"), q.Currency})
	for _, f := range facts {
		d.pdf.CellFormat(40, lineH+1, d.text(f[0]), "", 0, "L", false, 0, "")
		d.multiCell(pageWidth-40, lineH+1, f[1])
	}
	d.pdf.Ln(4)
}

// linesTable writes the lines table: a heading row, then a row a line,
// starting a new page where a row would not fit above the totals' room.
func (d *doc) linesTable() {
	d.pdf.SetFillColor(230, 236, 244)
	for i, h := range []string{"item", "quantity", "unit", "unit_price", "discount", "amount"} {
		align := "R"
		if i == 0 || i == 2 {
			align = "L"
		}
		d.pdf.CellFormat(columns[i], lineH+2, d.text(d.label(h)), "B", 0, align, true, 0, "")
	}
	d.pdf.Ln(-1)
	for _, l := range d.q.Lines {
		d.lineRow(l)
	}
	d.pdf.Ln(2)
}

// lineRow writes one line of the quote: its description over as many text
// lines as it needs, its figures beside it, a rule below.
func (d *doc) lineRow(l quote.Line) {
	pdf := d.pdf
	desc := d.split(d.clean(l.Description), columns[0]-2)
	h := float64(max(1, len(desc))) * lineH
	if pdf.GetY()+h > 297-margin-20 {
		pdf.AddPage()
	}
	x, y := pdf.GetXY()
	pdf.MultiCell(columns[0], lineH, d.encode(strings.Join(desc, "\n")), "", "L", false)
	pdf.SetXY(x+columns[0], y)
	cells := []string{l.Quantity.String(), l.Unit, l.UnitPrice.String(), l.DiscountPct.String(), l.Amount.StringFixed(2)}
	for i, c := range cells {
		align := "R"
		if i == 1 {
			align = "L"
		}
		pdf.CellFormat(columns[i+1], h, d.text(c), "", 0, align, false, 0, "")
	}
	pdf.SetXY(x, y+h)
	pdf.Line(margin, y+h, margin+pageWidth, y+h)
}

// totals writes the subtotal, the quote's discount and the total,
// right-aligned under the amounts.
func (d *doc) totals() {
	q := d.q
	total := func(name, value string, size float64) {
		d.setFont(size)
		d.pdf.CellFormat(pageWidth-columns[5]-30, lineH+2, "", "", 0, "R", false, 0, "")
		d.pdf.CellFormat(30, lineH+2, d.text(name), "", 0, "R", false, 0, "")
		d.pdf.CellFormat(columns[5], lineH+2, d.text(value), "", 1, "R", false, 0, "")
	}
	total(d.label("subtotal"), q.Subtotal.StringFixed(2), 10)
	if q.DiscountPct.IsPositive() {
		total(d.label("quote_discount"), q.DiscountPct.String()+" %", 10)
	}
	total(d.label("total")+" "+q.Currency, q.Total.StringFixed(2), 13)
}

// sections writes the rounding rule, then notes, terms and assumptions,
// each that has something to say under its title.
func (d *doc) sections() {
	q := d.q
	d.setFont(9)
	d.pdf.Ln(3)
	d.multiCell(pageWidth, lineH-0.5, d.label("rule"))
	for _, sec := range []struct{ title, body string }{
		{d.label("notes"), q.Notes},
		{d.label("terms"), q.Terms},
		{d.label("assumptions"), d.label("catalog") + " " + q.CatalogVersion + ". " + q.DataDates},
	} {
		if strings.TrimSpace(sec.body) == "" {
			continue
		}
		d.pdf.Ln(2)
		d.setFont(11)
		d.pdf.CellFormat(pageWidth, lineH+1, d.text(sec.title), "", 1, "L", false, 0, "")
		d.setFont(9)
		d.multiCell(pageWidth, lineH-0.5, sec.body)
	}
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
