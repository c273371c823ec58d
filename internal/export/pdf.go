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
	// labelW is the width of the labels beside the quote's facts.
	labelW = 40.0
	// logoW and logoH bound the seller's logo, top right.
	logoW, logoH = 50.0, 22.0
)

// column widths of the lines table: item, quantity, unit, unit price,
// discount, amount. The discount column fits its "Discount %" heading,
// the unit column "instance-hour", the amount column 1,234,567.89; the
// item takes the rest, so that a line's description needs few lines.
var columns = []float64{68, 18, 24, 20, 22, 28}

// PDF lays a quote out as a document: seller, title, customer, facts,
// lines, totals, the rounding rule, notes, terms, assumptions and data
// dates. font is a TrueType font (or collection) with CJK glyphs; without
// one the PDF uses a Latin font and says so on the page.
func PDF(qd Document, font []byte) ([]byte, error) {
	d, err := newDoc(qd, font)
	if err != nil {
		return nil, err
	}
	d.pdf.AddPage()
	d.seller()
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
	d      Document
	q      quote.Quote
	w      words
	cjk    bool
	family string
	// clean cuts text down to what the font draws; encode turns it into
	// what fpdf expects for the font.
	clean, encode func(string) string
}

// newDoc starts a quote's PDF in the CJK font, or without one in the
// core Latin font: text is then cut down to Latin-1 and encoded as the
// core fonts expect.
func newDoc(qd Document, font []byte) (*doc, error) {
	q := qd.Quote
	w := wordsOf(q)
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, margin)
	pdf.SetTitle(w.label("title")+" "+q.Number(), true)
	pdf.SetCreator("gpuplace", true)
	d := &doc{pdf: pdf, d: qd, q: q, w: w, family: "Helvetica", clean: latin1, encode: pdf.UnicodeTranslatorFromDescriptor("")}
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
func (d *doc) label(key string) string { return d.w.label(key) }
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

// seller writes who the quote is from at the top of the page, its logo on
// the right; when no seller is set, a line that says so.
func (d *doc) seller() {
	s := d.d.Seller
	if s.IsZero() {
		d.setFont(10)
		d.pdf.SetTextColor(160, 40, 20)
		d.multiCell(pageWidth, lineH, d.label("no_seller"))
		d.pdf.SetTextColor(0, 0, 0)
		d.pdf.Ln(3)
		return
	}
	top := d.pdf.GetY()
	logoBottom := d.logo(top)
	width := pageWidth
	if logoBottom > top {
		width = pageWidth - logoW - 5
	}
	for i, line := range s.Lines(d.w.p) {
		size := 9.0
		if i == 0 && strings.TrimSpace(s.Company) != "" {
			size = 12
		}
		d.setFont(size)
		d.multiCell(width, lineH-0.5, line)
	}
	d.pdf.SetY(max(d.pdf.GetY(), logoBottom) + 4)
}

// logo draws the seller's logo top right, at most logoW × logoH, and
// returns where it ends; top when there is none, or when fpdf cannot read
// it (the PDF is then made without it rather than not at all).
func (d *doc) logo(top float64) float64 {
	s := d.d.Seller
	typ := map[string]string{quote.LogoPNG: "PNG", quote.LogoJPEG: "JPG"}[s.LogoType]
	if len(s.Logo) == 0 || typ == "" {
		return top
	}
	// fpdf's errors stick to the document: try the image on a scratch one.
	probe := fpdf.New("P", "mm", "A4", "")
	probe.RegisterImageOptionsReader("logo", fpdf.ImageOptions{ImageType: typ}, bytes.NewReader(s.Logo))
	if probe.Error() != nil {
		return top
	}
	opts := fpdf.ImageOptions{ImageType: typ}
	info := d.pdf.RegisterImageOptionsReader("logo", opts, bytes.NewReader(s.Logo))
	iw, ih := info.Extent()
	if iw <= 0 || ih <= 0 {
		return top
	}
	scale := min(logoW/iw, logoH/ih)
	w, h := iw*scale, ih*scale
	d.pdf.ImageOptions("logo", margin+pageWidth-w, top, w, h, false, opts, 0, "")
	return top + h
}

// header writes the title, the warning of a PDF without a CJK font, the
// customer over several lines, then the quote's facts: dates, reference,
// currency, catalog version and the recommendation's link.
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
	d.fact(fact{label: d.label("customer"), value: strings.Join(q.Customer.Lines(), "\n")})
	for _, f := range d.d.facts(d.w) {
		d.fact(f)
	}
	d.pdf.Ln(4)
}

// fact writes one fact: its label, and its value beside it over as many
// lines as it has; a link is one line, which can be followed.
func (d *doc) fact(f fact) {
	d.pdf.CellFormat(labelW, lineH+1, d.text(f.label), "", 0, "L", false, 0, "")
	if f.link {
		d.pdf.SetTextColor(20, 60, 160)
		d.pdf.CellFormat(pageWidth-labelW, lineH+1, d.text(f.value), "", 1, "L", false, 0, f.value)
		d.pdf.SetTextColor(0, 0, 0)
		return
	}
	d.multiCell(pageWidth-labelW, lineH+1, f.value)
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
	d.setFont(9)
	for _, l := range d.q.Lines {
		d.lineRow(l)
	}
	d.pdf.Ln(2)
}

// lineRow writes one line of the quote: its description and unit over as
// many text lines as they need, its figures beside them, a rule below.
func (d *doc) lineRow(l quote.Line) {
	pdf := d.pdf
	desc := d.split(d.clean(l.Description), columns[0]-2)
	unit := d.split(d.clean(d.w.unit(l)), columns[2]-2)
	h := float64(max(1, len(desc), len(unit))) * lineH
	if pdf.GetY()+h > 297-margin-20 {
		pdf.AddPage()
	}
	x, y := pdf.GetXY()
	pdf.MultiCell(columns[0], lineH, d.encode(strings.Join(desc, "\n")), "", "L", false)
	pdf.SetXY(x+columns[0], y)
	pdf.CellFormat(columns[1], lineH, d.text(d.w.qty(l.Quantity)), "", 0, "R", false, 0, "")
	pdf.MultiCell(columns[2], lineH, d.encode(strings.Join(unit, "\n")), "", "L", false)
	pdf.SetXY(x+columns[0]+columns[1]+columns[2], y)
	for i, c := range []string{d.w.price(l.UnitPrice), d.w.pct(l.DiscountPct), d.w.amount(l.Amount)} {
		pdf.CellFormat(columns[i+3], lineH, d.text(c), "", 0, "R", false, 0, "")
	}
	pdf.SetXY(x, y+h)
	pdf.Line(margin, y+h, margin+pageWidth, y+h)
}

// totals writes the subtotal, the quote's discount and the total,
// right-aligned under the amounts; a value wider than the amount column
// takes room from its label, never overlaps it.
func (d *doc) totals() {
	q := d.q
	total := func(name, value string, size float64) {
		d.setFont(size)
		vw := max(columns[5], d.pdf.GetStringWidth(d.text(value))+2*d.pdf.GetCellMargin())
		d.pdf.CellFormat(pageWidth-vw, lineH+2, d.text(name), "", 0, "R", false, 0, "")
		d.pdf.CellFormat(vw, lineH+2, d.text(value), "", 1, "R", false, 0, "")
	}
	total(d.label("subtotal"), d.w.amount(q.Subtotal), 10)
	if q.DiscountPct.IsPositive() {
		total(d.w.discountLabel(q.DiscountPct), "−"+d.w.amount(q.Discount()), 10)
	}
	total(d.label("total")+" "+q.Currency, d.w.amount(q.Total), 13)
}

// sections writes the rounding rule, then notes (the recommendation's
// risks among them), terms and assumptions, each that has something to
// say under its title.
func (d *doc) sections() {
	q := d.q
	d.setFont(9)
	d.pdf.Ln(3)
	d.multiCell(pageWidth, lineH-0.5, d.label("rule"))
	for _, sec := range []struct{ title, body string }{
		{d.label("notes"), q.Notes},
		{d.label("terms"), q.Terms},
		{d.label("assumptions"), q.DataDates},
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
