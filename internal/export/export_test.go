package export_test

import (
	"bytes"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"gpuplace/internal/export"
	"gpuplace/internal/quote"
)

// cjkFont is where Debian's fonts-wqy-microhei puts its font.
const cjkFont = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

func sample(lang string) quote.Quote {
	q := quote.Quote{Year: 2026, Seq: 42, Revision: 2, Lang: lang, Currency: "EUR", ValidDays: 30,
		Customer:       quote.Customer{Name: "Ada Lovelace", Company: "Analytical Engines GmbH", Email: "ada@example.com"},
		CatalogVersion: "2026-11-29.1", DataDates: "Prices: skypilot-catalog-aws-v8 (2025).", DiscountPct: decimal.RequireFromString("5"),
		CreatedAt: time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC), Notes: "Prices exclude VAT.",
		Lines: []quote.Line{
			{Description: "2 × g5.xlarge (1 × NVIDIA A10G) in eu-central-1, 1-year reserved, 8,760 h", Quantity: decimal.NewFromInt(17520), Unit: "hour", UnitPrice: decimal.RequireFromString("0.6340")},
			{Description: "Internet egress, 10 TB", Quantity: decimal.NewFromInt(10240), Unit: "GB", UnitPrice: decimal.RequireFromString("0.0765"), DiscountPct: decimal.RequireFromString("10")},
			{Description: "Onboarding workshop", Quantity: decimal.NewFromInt(1), Unit: "day", UnitPrice: decimal.RequireFromString("1200")},
		}}
	if lang == "zh-CN" {
		q.Customer.Name, q.Notes = "张伟", "价格不含增值税。东京区域备用。"
	}
	q.Compute()
	return q
}

func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext missing: apt-get install poppler-utils")
		}
		t.Skip("pdftotext not installed (apt-get install poppler-utils)")
	}
	path := filepath.Join(t.TempDir(), "q.pdf")
	os.WriteFile(path, pdf, 0o644)
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
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

// Ensure the PDF reads back with its number, customer and total, in
// English and, with the CJK font, in Chinese.
func TestPDF(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			q := sample(lang)
			b, err := export.PDF(q, font(t))
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, b)
			for _, want := range []string{q.Number(), q.Customer.Name, q.Total.StringFixed(2), "2026-12-29"} {
				if !strings.Contains(text, want) {
					t.Errorf("PDF text lacks %q:\n%s", want, text)
				}
			}
			if lang == "zh-CN" && !strings.Contains(text, "报价单") {
				t.Errorf("Chinese PDF lacks its title:\n%s", text)
			}
		})
	}
}

// Ensure a PDF without a CJK font still renders, with a visible note.
func TestPDFWithoutCJKFont(t *testing.T) {
	q := sample("zh-CN")
	b, err := export.PDF(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, b)
	if !strings.Contains(text, "no Chinese font") || !strings.Contains(text, q.Total.StringFixed(2)) {
		t.Errorf("fallback PDF lacks the note or the total:\n%s", text)
	}
}

// mustWorkbook exports q as XLSX and opens the workbook, closed when the
// test ends.
func mustWorkbook(t *testing.T, q quote.Quote) *excelize.File {
	t.Helper()
	b, err := export.XLSX(q)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// Ensure the workbook has the same lines as numbers and a total that
// computes to the quote's total.
func TestXLSX(t *testing.T) {
	q := sample("en")
	f := mustWorkbook(t, q)
	rows, _ := f.GetRows("Quote")
	var found int
	for _, r := range rows {
		for _, l := range q.Lines {
			if len(r) >= 6 && r[0] == l.Description {
				found++
				got, err := decimal.NewFromString(strings.ReplaceAll(r[5], ",", ""))
				if err != nil || !got.Equal(l.Amount) {
					t.Errorf("line %q amount = %q, want %s", l.Description, r[5], l.Amount)
				}
			}
		}
	}
	if found != len(q.Lines) {
		t.Errorf("found %d of %d lines in the sheet", found, len(q.Lines))
	}
	typ, _ := f.GetCellType("Quote", "F8")
	if typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Error("amounts are stored as text, want numbers")
	}
	total, err := f.CalcCellValue("Quote", "F12")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := decimal.NewFromString(strings.ReplaceAll(total, ",", ""))
	if !got.Equal(q.Total) {
		t.Errorf("SUM total = %s, want %s", total, q.Total)
	}
}

// mustCSV exports q as CSV and reads the rows back.
func mustCSV(t *testing.T, q quote.Quote) [][]string {
	t.Helper()
	b, err := export.CSV(q)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Ensure the CSV parses and its line amounts add up to its total row.
func TestCSV(t *testing.T) {
	q := sample("zh-CN")
	rows := mustCSV(t, q)
	if len(rows) != len(q.Lines)+2 {
		t.Fatalf("%d rows, want header, %d lines and a total", len(rows), len(q.Lines))
	}
	sum := decimal.Zero
	for _, r := range rows[1 : len(rows)-1] {
		sum = sum.Add(decimal.RequireFromString(r[6]))
	}
	total := decimal.RequireFromString(rows[len(rows)-1][6])
	if !sum.Equal(total) || !total.Equal(q.Total) {
		t.Errorf("lines sum to %s, total row %s, quote total %s", sum, total, q.Total)
	}
}
