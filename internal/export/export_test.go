package export_test

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"gpuplace/internal/export"
	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
)

// cjkFont is where Debian's fonts-wqy-microhei puts its font.
const cjkFont = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

func sample(lang string) quote.Quote {
	q := quote.Quote{Year: 2026, Seq: 42, Revision: 2, Lang: lang, Currency: "EUR", ValidDays: 30,
		Customer:       quote.Customer{Name: "Ada Lovelace", Company: "Analytical Engines GmbH", Email: "ada@example.com"},
		CatalogVersion: "2026-11-29.1", DataDates: "Prices of g5.xlarge in eu-central-1: SkyPilot catalog: AWS VMs (v8 schema) (2025-11-30).",
		DiscountPct: decimal.RequireFromString("5"), CreatedAt: time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC),
		Notes: "Prices exclude VAT.\n• Spot capacity can be reclaimed.",
		Lines: []quote.Line{
			{Description: "2 × g5.xlarge (1 × NVIDIA A10G) in eu-central-1, 1-year reserved, 8,760 h", Quantity: decimal.NewFromInt(17520), Unit: "hour", UnitPrice: decimal.RequireFromString("0.6340"), FromEngine: true},
			{Description: "Internet egress, 10 TB", Quantity: decimal.NewFromInt(10240), Unit: "GB", UnitPrice: decimal.RequireFromString("0.0765"), DiscountPct: decimal.RequireFromString("10"), FromEngine: true},
			{Description: "Onboarding workshop", Quantity: decimal.NewFromInt(1), Unit: "day", UnitPrice: decimal.RequireFromString("1200")},
		}}
	if lang == "zh-CN" {
		q.Customer.Name, q.Notes = "张伟", "价格不含增值税。东京区域备用。\n• 竞价容量可能被收回。"
		q.DataDates = "g5.xlarge 在 eu-central-1 的价格：SkyPilot catalog: AWS VMs (v8 schema)（2025-11-30）。"
		q.Lines[0].Description = "2 × g5.xlarge（1 × NVIDIA A10G），eu-central-1，1 年预留，8,760 小时"
		q.Lines[1].Description = "互联网出站流量，10 TB"
		q.Lines[2].Description, q.Lines[2].Unit = "上线培训", "天"
	}
	q.Compute()
	return q
}

// sampleDoc is sample(lang) with a seller, its logo, and the link back to
// the recommendation.
func sampleDoc(t testing.TB, lang string) export.Document {
	return export.Document{Quote: sample(lang), Link: "https://gpuplace.test/s/ABCDEFGHIJKLMNOPQRSTUVWXYZ",
		Seller: quote.Seller{Company: "GPU Place GmbH", Address: "Friedrichstraße 1\n10117 Berlin", ContactName: "Grace Hopper",
			ContactEmail: "sales@gpuplace.test", ContactPhone: "+49 30 1234567", VATID: "DE123456789",
			Logo: logoPNG(t), LogoType: quote.LogoPNG}}
}

// logoPNG is a 300 × 100 logo: a blue bar on white.
func logoPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 300, 100))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(10, 30, 290, 70), image.NewUniform(color.NRGBA{20, 60, 160, 255}), image.Point{}, draw.Src)
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// groupedAmount matches an amount written with thousands separators.
var groupedAmount = regexp.MustCompile(`^-?\d{1,3}(,\d{3})*\.\d{2}$`)

// grouped parses an amount a document wrote with thousands separators.
func grouped(t testing.TB, s string) decimal.Decimal {
	t.Helper()
	if !groupedAmount.MatchString(s) {
		t.Errorf("%q is not an amount with grouped thousands", s)
	}
	d, err := decimal.NewFromString(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	return d
}

// plainAmount matches an amount written as a plain decimal.
var plainAmount = regexp.MustCompile(`^-?\d+\.\d{2}$`)

// plain parses an amount a CSV wrote as a plain decimal.
func plain(t testing.TB, s string) decimal.Decimal {
	t.Helper()
	if !plainAmount.MatchString(s) {
		t.Errorf("%q is not a plain decimal amount", s)
	}
	return decimal.RequireFromString(s)
}

func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	return pdftotext(t, pdf, "-layout")
}

func font(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(cjkFont)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CJK font missing: apt-get install fonts-wqy-microhei (%v)", err)
		}
		t.Skipf("CJK font not installed: %v", err)
	}
	return b
}

// Ensure the PDF reads back, in English and (with the CJK font) in
// Chinese, with the seller and its VAT id, the customer on three lines,
// the facts, the link back and the catalog version, line descriptions and
// units in the quote's language, grouped amounts whose sum is the total,
// the risks in the notes and the data's sources by title.
func TestPDF(t *testing.T) {
	for _, c := range []struct {
		lang                        string
		title, vat, unit, link      string
		heading, subtotal, totalRow string
		discount                    string
	}{
		{"en", "Quote", "VAT ID: DE123456789", "instance-hour", "Recommendation", "Amount", "Subtotal", "Total EUR", "Discount (5 %)"},
		{"zh-CN", "报价单", "增值税号：DE123456789", "实例小时", "推荐方案", "金额", "小计", "总计 EUR", "折扣（5%）"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			d := sampleDoc(t, c.lang)
			q := d.Quote
			b, err := export.PDF(d, font(t))
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, b)
			lines := strings.Split(text, "\n")
			for _, want := range []string{c.title + " " + q.Number(), "GPU Place GmbH", "Friedrichstraße 1", "10117 Berlin",
				"Grace Hopper", "sales@gpuplace.test", "+49 30 1234567", c.vat, c.unit, c.link + " ", d.Link, q.CatalogVersion,
				"2026-12-29", q.Lines[0].Description[:12], q.Lines[1].Description, "SkyPilot catalog: AWS VMs (v8 schema)",
				strings.Split(q.Notes, "\n")[1], c.discount, "−650.64"} {
				if !strings.Contains(text, want) {
					t.Errorf("PDF text lacks %q:\n%s", want, text)
				}
			}
			// The customer: one line each for name, company and e-mail.
			for _, part := range q.Customer.Lines() {
				n := 0
				for _, l := range lines {
					if strings.Contains(l, part) {
						n++
						for _, other := range q.Customer.Lines() {
							if other != part && strings.Contains(l, other) {
								t.Errorf("customer %q shares a line with %q: %q", part, other, l)
							}
						}
					}
				}
				if n == 0 {
					t.Errorf("PDF lacks the customer's %q", part)
				}
			}
			if strings.Contains(text, "skypilot-catalog") {
				t.Errorf("PDF shows a source id:\n%s", text)
			}
			if c.lang == "zh-CN" && strings.Contains(text, "hour") {
				t.Errorf("Chinese PDF says \"hour\":\n%s", text)
			}
			amounts, total := lineAmounts(t, b, c.heading, c.subtotal, c.totalRow)
			if len(amounts) != len(q.Lines) {
				t.Fatalf("read %d line amounts %v, want %d", len(amounts), amounts, len(q.Lines))
			}
			sum := decimal.Zero
			for i, a := range amounts {
				got := grouped(t, a)
				if !got.Equal(q.Lines[i].Amount) {
					t.Errorf("line %d amount %s, want %s", i+1, a, q.Lines[i].Amount)
				}
				sum = sum.Add(got)
			}
			// The lines add up to the subtotal; less the discount the text
			// states (c.discount), to the total.
			if got := grouped(t, total); !sum.Equal(q.Subtotal) || !got.Equal(q.Subtotal.Sub(q.Discount())) || !got.Equal(q.Total) {
				t.Errorf("total %s; lines sum to %s (subtotal %s, discount %s); quote total %s", total, sum, q.Subtotal, q.Discount(), q.Total)
			}
			if !strings.Contains(total, ",") {
				t.Errorf("total %s has no thousands separator", total)
			}
		})
	}
}

// lineAmounts reads the amounts column of a quote PDF back, from the words
// right of the table's heading down to the subtotal, and the amount on
// the total's row.
func lineAmounts(t *testing.T, pdf []byte, heading, subtotal, totalRow string) (amounts []string, total string) {
	t.Helper()
	words := pdfWords(t, pdf)
	var head, sub *pdfWord
	for i, w := range words {
		switch {
		case w.text == heading && head == nil:
			head = &words[i]
		case w.text == subtotal && sub == nil:
			sub = &words[i]
		}
	}
	if head == nil || sub == nil {
		t.Fatalf("no %q heading or %q row in the PDF", heading, subtotal)
	}
	top, bottom := num(head.yMin), num(sub.yMin)
	totalWord := strings.Fields(totalRow)[0]
	var totalY float64
	for _, w := range words {
		y := num(w.yMin)
		switch {
		case y > top+1 && y < bottom-1 && w.xMin >= head.xMin-30:
			amounts = append(amounts, w.text)
		case w.text == totalWord && y > bottom:
			totalY = y
		}
	}
	for _, w := range words {
		if totalY > 0 && math.Abs(num(w.yMin)-totalY) < 3 && groupedAmount.MatchString(w.text) {
			total = w.text
		}
	}
	return amounts, total
}

func num(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// Ensure a PDF without a CJK font still renders, with a visible note.
func TestPDFWithoutCJKFont(t *testing.T) {
	d := sampleDoc(t, "zh-CN")
	b, err := export.PDF(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, b)
	if !strings.Contains(text, "no Chinese font") || !strings.Contains(text, locale.For(locale.ZH).Decimal(d.Quote.Total, 2)) {
		t.Errorf("fallback PDF lacks the note or the total:\n%s", text)
	}
}

// mustWorkbook exports d as XLSX and opens the workbook, closed when the
// test ends; it returns the file's bytes too.
func mustWorkbook(t *testing.T, d export.Document) (*excelize.File, []byte) {
	t.Helper()
	b, err := export.XLSX(d)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, b
}

// cellOf finds the first cell showing text, as "B12".
func cellOf(t *testing.T, f *excelize.File, text string) (string, bool) {
	t.Helper()
	rows, err := f.GetRows("Quote")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		for j, v := range r {
			if v == text {
				cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
				return cell, true
			}
		}
	}
	return "", false
}

// beside is the cell k columns right of cell.
func beside(cell string, k int) string {
	c, r, _ := excelize.CellNameToCoordinates(cell)
	out, _ := excelize.CoordinatesToCellName(c+k, r)
	return out
}

// Ensure the workbook, in both languages, has the seller, the customer on
// three rows, the facts with the link (a hyperlink) and the catalog
// version, the lines in the quote's language with their numbers stored as
// numbers, and a total that is a SUM of the amounts carrying its value,
// so that a viewer that does not calculate shows it.
func TestXLSX(t *testing.T) {
	for _, c := range []struct{ lang, unit, total, subtotal, customer, link string }{
		{"en", "instance-hour", "Total EUR", "Subtotal", "Customer", "Recommendation"},
		{"zh-CN", "实例小时", "总计 EUR", "小计", "客户", "推荐方案"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			d := sampleDoc(t, c.lang)
			q := d.Quote
			f, raw := mustWorkbook(t, d)
			rows, _ := f.GetRows("Quote")
			var found int
			for _, r := range rows {
				for _, l := range q.Lines {
					if len(r) >= 6 && r[0] == l.Description {
						found++
						if got := grouped(t, r[5]); !got.Equal(l.Amount) {
							t.Errorf("line %q amount = %q, want %s", l.Description, r[5], l.Amount)
						}
						if l.Unit == "hour" && r[2] != c.unit {
							t.Errorf("unit %q shows as %q, want %q", l.Unit, r[2], c.unit)
						}
					}
				}
			}
			if found != len(q.Lines) {
				t.Errorf("found %d of %d lines in the sheet", found, len(q.Lines))
			}
			first, ok := cellOf(t, f, q.Lines[0].Description)
			if !ok {
				t.Fatal("no first line")
			}
			if typ, _ := f.GetCellType("Quote", beside(first, 5)); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
				t.Error("amounts are stored as text, want numbers")
			}
			// Seller, customer (a row each), catalog version, link.
			for _, want := range append(append(d.Seller.Lines(locale.For(locale.Lang(c.lang))), q.Customer.Lines()...), q.CatalogVersion, d.Link) {
				if _, ok := cellOf(t, f, want); !ok {
					t.Errorf("no cell shows %q", want)
				}
			}
			if cell, ok := cellOf(t, f, c.link); !ok {
				t.Errorf("no %q", c.link)
			} else if has, target, _ := f.GetCellHyperLink("Quote", beside(cell, 1)); !has || target != d.Link {
				t.Errorf("the link is not a hyperlink to %s (%v %q)", d.Link, has, target)
			}
			if pics, err := f.GetPictures("Quote", "C1"); err != nil || len(pics) != 1 {
				t.Errorf("logo: %d pictures at C1 (%v), want 1", len(pics), err)
			}
			// The total: a formula, with its value cached as a number.
			label, ok := cellOf(t, f, c.total)
			if !ok {
				t.Fatalf("no %q in the sheet: %q", c.total, rows)
			}
			cell := beside(label, 1)
			if formula, _ := f.GetCellFormula("Quote", cell); !strings.HasPrefix(formula, "SUM(G") {
				t.Errorf("%s formula = %q, want a SUM of the totals column: the subtotal and the discount", cell, formula)
			}
			// The subtotal: a SUM of the amounts, from the first line's.
			sub, ok := cellOf(t, f, c.subtotal)
			if !ok {
				t.Fatalf("no %q in the sheet", c.subtotal)
			}
			_, row, _ := excelize.CellNameToCoordinates(first)
			if formula, _ := f.GetCellFormula("Quote", beside(sub, 1)); !strings.HasPrefix(formula, "SUM(F"+strconv.Itoa(row)+":F") {
				t.Errorf("subtotal formula = %q, want a SUM of the amounts from F%d", formula, row)
			}
			calc, err := f.CalcCellValue("Quote", cell)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := decimal.NewFromString(strings.ReplaceAll(calc, ",", "")); !got.Equal(q.Total) {
				t.Errorf("SUM total = %s, want %s", calc, q.Total)
			}
			cached, _ := f.GetCellValue("Quote", cell)
			if got := grouped(t, cached); !got.Equal(q.Total) {
				t.Errorf("cached total = %q, want %s", cached, q.Total)
			}
			if xml := sheetXML(t, raw); !regexp.MustCompile(`<c r="` + cell + `" s="\d+"><f>SUM\([^<]*\)</f><v>` +
				regexp.QuoteMeta(q.Total.String()) + `</v></c>`).MatchString(xml) {
				t.Errorf("the total cell %s is not a formula with its numeric value:\n%s", cell, xml)
			}
		})
	}
}

// sheetXML is the quote sheet's XML inside an XLSX file.
func sheetXML(t *testing.T, xlsx []byte) string {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(xlsx), int64(len(xlsx)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := z.Open("xl/worksheets/sheet1.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mustCSV exports d as CSV and reads the rows back.
func mustCSV(t *testing.T, d export.Document) [][]string {
	t.Helper()
	b, err := export.CSV(d)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Ensure the CSV is one table with the documented columns, headed in the
// quote's language, every row carrying the quote's number, customer,
// dates, currency, catalog version, link and seller; its figures plain
// decimals any spreadsheet sums, its units in the language, and its line
// amounts adding up to its subtotal row, whose figure, as the discount's
// and the total's, stands in the totals column.
func TestCSV(t *testing.T) {
	for _, c := range []struct{ lang, first, unit, totalRow string }{
		{"en", "Number", "instance-hour", "Total"},
		{"zh-CN", "编号", "实例小时", "总计"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			d := sampleDoc(t, c.lang)
			q := d.Quote
			rows := mustCSV(t, d)
			// Header, the lines, the subtotal, the quote's discount, the total.
			if len(rows) != len(q.Lines)+4 || !q.DiscountPct.IsPositive() {
				t.Fatalf("%d rows, want header, %d lines, a subtotal, a discount and a total", len(rows), len(q.Lines))
			}
			if len(rows[0]) != len(export.CSVColumns) || rows[0][0] != c.first {
				t.Errorf("header %q, want %d columns starting %q", rows[0], len(export.CSVColumns), c.first)
			}
			if c.lang == "zh-CN" {
				for _, h := range rows[0] {
					if regexp.MustCompile(`[A-Za-z]{3,}`).MatchString(h) {
						t.Errorf("Chinese header %q has an English word", h)
					}
				}
			}
			col := func(r []string, name string) string { return r[slices.Index(export.CSVColumns, name)] }
			sum := decimal.Zero
			for i, r := range rows[1:] {
				if len(r) != len(export.CSVColumns) {
					t.Fatalf("row %d has %d columns, want %d", i+1, len(r), len(export.CSVColumns))
				}
				for name, want := range map[string]string{"number": q.Number(), "currency": "EUR", "customer_name": q.Customer.Name,
					"customer_company": "Analytical Engines GmbH", "customer_email": "ada@example.com", "created": "2026-11-29",
					"valid_until": "2026-12-29", "catalog_version": q.CatalogVersion, "link": d.Link, "seller": "GPU Place GmbH"} {
					if got := col(r, name); got != want {
						t.Errorf("row %d %s = %q, want %q", i+1, name, got, want)
					}
				}
				if i < len(q.Lines) {
					l := q.Lines[i]
					sum = sum.Add(plain(t, col(r, "amount")))
					if got := col(r, "description"); got != l.Description {
						t.Errorf("row %d description %q, want %q", i+1, got, l.Description)
					}
					if l.Unit == "hour" && col(r, "unit") != c.unit {
						t.Errorf("row %d unit %q, want %q", i+1, col(r, "unit"), c.unit)
					}
				}
			}
			// Plain figures: 17520 hours, 1200.00 a day, 11107.68 for the
			// hours (no line discount), 705.02 for the egress (783.36 less
			// 10 %: 78.34), subtotal 13012.70, less 5 % (650.635 → 650.64).
			for _, want := range []string{"17520", "1200.00", "11107.68", "705.02", "0.0765", "13012.70", "-650.64"} {
				if !slices.ContainsFunc(rows[1:], func(r []string) bool { return slices.Contains(r, want) }) {
					t.Errorf("no cell shows %q: %q", want, rows)
				}
			}
			// The figures add up as printed: lines to the subtotal, the
			// subtotal and the (negative) discount to the total; the totals
			// in their own column, their amount cells empty.
			subtotal, discount, last := plain(t, col(rows[len(rows)-3], "totals")), plain(t, col(rows[len(rows)-2], "totals")), rows[len(rows)-1]
			total := plain(t, col(last, "totals"))
			for _, r := range rows[len(rows)-3:] {
				if col(r, "amount") != "" {
					t.Errorf("totals row %q has an amount %q: a sum of the amount column would count it", col(r, "description"), col(r, "amount"))
				}
			}
			if col(last, "description") != c.totalRow || !sum.Equal(subtotal) || !subtotal.Add(discount).Equal(total) || !total.Equal(q.Total) {
				t.Errorf("total row %q: lines sum to %s, subtotal %s, discount %s, total %s, quote total %s", last, sum, subtotal, discount, total, q.Total)
			}
		})
	}
}
