package export

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // logos: DecodeConfig reads their size
	_ "image/png"
	"strings"

	"github.com/xuri/excelize/v2"

	"gpuplace/internal/quote"
)

// XLSX writes a quote as a workbook: the seller (and its logo), the
// customer and the quote's facts, one row per line with numbers stored as
// numbers, the subtotal as a SUM of the amounts and the total from it, in
// a totals column beside the amounts (which so sum to the subtotal), and
// the rule, notes, terms and assumptions below. The total carries its value as well as its
// formula, so that a viewer that does not calculate shows it too.
func XLSX(d Document) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheetName); err != nil {
		return nil, err
	}
	st, err := newSheetStyles(f)
	if err != nil {
		return nil, err
	}
	rows := sheetRows(d, wordsOf(d.Quote), st)
	// Hyperlinks and pictures are set before the rows are streamed: the
	// stream writer keeps them, and writes every cell (the total's formula
	// with its value) as it is given.
	if rows.link != "" {
		if err := f.SetCellHyperLink(sheetName, rows.link, d.Link, "External"); err != nil {
			return nil, err
		}
	}
	if err := addLogo(f, d.Seller); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(sheetName)
	if err != nil {
		return nil, err
	}
	for col, width := range []float64{60, 14, 16, 14, 12, 16, 16} {
		if err := sw.SetColWidth(col+1, col+1, width); err != nil {
			return nil, err
		}
	}
	for i, r := range rows.rows {
		if len(r) == 0 {
			continue
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, r); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sheetName is the quote's sheet.
const sheetName = "Quote"

// sheetStyles are the cell styles of the quote's sheet.
type sheetStyles struct{ money, price, number, bold, title, wrap, link int }

func newSheetStyles(f *excelize.File) (sheetStyles, error) {
	var st sheetStyles
	priceFmt := "#,##0.00####" // unit prices keep their decimals (0.0616, not 0.06)
	numberFmt := "#,##0.###"
	for _, s := range []struct {
		id    *int
		style excelize.Style
	}{
		{&st.money, excelize.Style{NumFmt: 4}}, // #,##0.00
		{&st.price, excelize.Style{CustomNumFmt: &priceFmt}},
		{&st.number, excelize.Style{CustomNumFmt: &numberFmt}},
		{&st.bold, excelize.Style{Font: &excelize.Font{Bold: true}}},
		{&st.title, excelize.Style{Font: &excelize.Font{Bold: true, Size: 14}}},
		{&st.wrap, excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}}},
		{&st.link, excelize.Style{Font: &excelize.Font{Color: "1F4E9C", Underline: "single"}}},
	} {
		id, err := f.NewStyle(&s.style)
		if err != nil {
			return st, err
		}
		*s.id = id
	}
	return st, nil
}

// sheet is the quote's sheet laid out, a row at a time, before it is
// written; link is the cell of the recommendation's link.
type sheet struct {
	rows [][]any
	link string
}

func (s *sheet) add(cells ...any) int {
	s.rows = append(s.rows, cells)
	return len(s.rows)
}

func (s *sheet) blank() { s.add() }

// sheetRows lays the sheet out: title, seller, customer, facts, the lines
// table and its total, then the rule, notes, terms and assumptions.
func sheetRows(d Document, w words, st sheetStyles) sheet {
	q := d.Quote
	var s sheet
	s.add(excelize.Cell{Value: w.label("title") + " " + q.Number(), StyleID: st.title})
	s.blank()
	s.add(excelize.Cell{Value: w.label("seller"), StyleID: st.bold})
	if d.Seller.IsZero() {
		s.add(w.label("no_seller"))
	}
	for _, line := range d.Seller.Lines(w.p) {
		s.add(line)
	}
	s.blank()
	s.add(excelize.Cell{Value: w.label("customer"), StyleID: st.bold})
	for _, line := range q.Customer.Lines() {
		s.add(line)
	}
	s.blank()
	for _, f := range d.facts(w) {
		if f.link {
			row := s.add(f.label, excelize.Cell{Value: f.value, StyleID: st.link})
			s.link, _ = excelize.CoordinatesToCellName(2, row)
			continue
		}
		s.add(f.label, f.value)
	}
	s.blank()
	var head []any
	for _, h := range []string{"item", "quantity", "unit", "unit_price", "discount", "amount", "totals"} {
		head = append(head, excelize.Cell{Value: w.label(h), StyleID: st.bold})
	}
	s.add(head...)
	first := len(s.rows) + 1
	for _, l := range q.Lines {
		s.add(excelize.Cell{Value: l.Description, StyleID: st.wrap},
			excelize.Cell{Value: l.Quantity.InexactFloat64(), StyleID: st.number},
			w.unit(l),
			excelize.Cell{Value: l.UnitPrice.InexactFloat64(), StyleID: st.price},
			excelize.Cell{Value: l.DiscountPct.InexactFloat64(), StyleID: st.number},
			excelize.Cell{Value: l.Amount.InexactFloat64(), StyleID: st.money})
	}
	last := len(s.rows)
	s.blank()
	// Subtotal, the quote's discount off it, total: formulas a reader can
	// follow, with their values cached. They sit in the totals column (G),
	// named in the amount column (F), so that the amount column holds the
	// lines' amounts alone and sums to the subtotal, as the CSV's does.
	sub := s.add(nil, nil, nil, nil, nil, excelize.Cell{Value: w.label("subtotal"), StyleID: st.bold},
		excelize.Cell{Formula: fmt.Sprintf("SUM(F%d:F%d)", first, max(first, last)), Value: q.Subtotal.InexactFloat64(), StyleID: st.money})
	end := sub
	if q.DiscountPct.IsPositive() {
		end = s.add(nil, nil, nil, nil, nil, w.discountLabel(q.DiscountPct),
			excelize.Cell{Formula: fmt.Sprintf("-ROUND(G%d*%s/100,%d)", sub, q.DiscountPct.String(), w.minor), Value: q.Discount().Neg().InexactFloat64(), StyleID: st.money})
	}
	s.add(nil, nil, nil, nil, nil, excelize.Cell{Value: w.label("total") + " " + q.Currency, StyleID: st.bold},
		excelize.Cell{Formula: fmt.Sprintf("SUM(G%d:G%d)", sub, end), Value: q.Total.InexactFloat64(), StyleID: st.money})
	s.blank()
	s.add(excelize.Cell{Value: w.label("rule"), StyleID: st.wrap})
	for _, sec := range []struct{ title, body string }{
		{w.label("notes"), q.Notes},
		{w.label("terms"), q.Terms},
		{w.label("assumptions"), q.DataDates},
	} {
		if strings.TrimSpace(sec.body) == "" {
			continue
		}
		s.blank()
		s.add(excelize.Cell{Value: sec.title, StyleID: st.bold})
		s.add(excelize.Cell{Value: sec.body, StyleID: st.wrap})
	}
	return s
}

// logoBox bounds the logo on the sheet, in pixels.
const logoBoxW, logoBoxH = 200.0, 80.0

// addLogo puts the seller's logo top right, scaled into logoBox; a logo
// that cannot be read is left out.
func addLogo(f *excelize.File, s quote.Seller) error {
	ext := map[string]string{quote.LogoPNG: ".png", quote.LogoJPEG: ".jpg"}[s.LogoType]
	if len(s.Logo) == 0 || ext == "" {
		return nil
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(s.Logo))
	if err != nil || cfg.Width == 0 || cfg.Height == 0 {
		return nil
	}
	scale := min(1, logoBoxW/float64(cfg.Width), logoBoxH/float64(cfg.Height))
	return f.AddPictureFromBytes(sheetName, "C1", &excelize.Picture{Extension: ext, File: s.Logo,
		Format: &excelize.GraphicOptions{ScaleX: scale, ScaleY: scale, Positioning: "oneCell", AltText: s.Company}})
}
