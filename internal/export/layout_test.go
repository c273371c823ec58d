package export_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gpuplace/internal/export"
)

// Ensure Chinese text that wraps keeps every character (fpdf's own line
// breaking drops the one it breaks at, go-pdf/fpdf#80), and that a
// character the font cannot hold (an emoji) is drawn as '?' instead of
// failing the export.
func TestPDFChineseWraps(t *testing.T) {
	d := sampleDoc(t, "zh-CN")
	q := &d.Quote
	q.Notes = strings.Repeat("报价包含部署支持与每月一次的容量复核，", 7) + "有效期内价格不变。"
	q.Customer.Company = "火箭🚀科技有限公司"
	q.Lines[2].Description = "现场培训🚀与部署支持，共两天，含差旅与资料费用，按实际人数安排讲师与助教"
	q.Compute()
	b, err := export.PDF(d, font(t))
	if err != nil {
		t.Fatalf("PDF of a Chinese quote with an emoji: %v", err)
	}
	// Without -layout, pdftotext keeps the lines of a table cell together.
	text := pdftotext(t, b)
	flat := strings.Join(strings.Fields(text), "")
	for _, want := range []string{q.Notes, "火箭?科技有限公司", "现场培训?与部署支持，共两天，含差旅与资料费用，按实际人数安排讲师与助教",
		"每行金额=数量×单价，扣除该行折扣，按货币最小单位四舍五入（远离零）。小计为各行金额之和；整单折扣从小计中扣除；剩余即为总计。"} {
		if !strings.Contains(flat, strings.Join(strings.Fields(want), "")) {
			t.Errorf("PDF text lacks %q (characters lost at a line break?):\n%s", want, text)
		}
	}
	if lines := strings.Count(text, "报价包含部署支持"); lines < 2 {
		t.Errorf("the long note was not wrapped over several lines:\n%s", text)
	}
}

// Ensure the headings of the lines table do not run into each other, with
// the core Latin font and with the CJK font.
func TestPDFHeadings(t *testing.T) {
	for _, c := range []struct {
		name string
		font func(*testing.T) []byte
	}{{"latin", func(*testing.T) []byte { return nil }}, {"cjk", font}} {
		t.Run(c.name, func(t *testing.T) {
			b, err := export.PDF(sampleDoc(t, "en"), c.font(t))
			if err != nil {
				t.Fatal(err)
			}
			words := pdfWords(t, b)
			var y string
			for _, w := range words {
				if w.text == "Quantity" {
					y = w.yMin
					break
				}
			}
			var head []pdfWord
			for _, w := range words {
				if w.yMin == y {
					head = append(head, w)
				}
			}
			sort.Slice(head, func(i, j int) bool { return head[i].xMin < head[j].xMin })
			if len(head) != 8 { // Item Quantity Unit Unit price Discount % Amount
				t.Fatalf("heading words %v, want the 8 words of the six headings", head)
			}
			for i := 1; i < len(head); i++ {
				if head[i-1].xMax > head[i].xMin {
					t.Errorf("heading %q (to x=%.1f) runs into %q (from x=%.1f)", head[i-1].text, head[i-1].xMax, head[i].text, head[i].xMin)
				}
			}
		})
	}
}

// Ensure the workbook shows unit prices with their decimals, grouped
// figures, and the quote's discount as the amount it takes off the
// subtotal.
func TestXLSXPricesAndDiscount(t *testing.T) {
	d := sampleDoc(t, "en")
	f, _ := mustWorkbook(t, d)
	first, ok := cellOf(t, f, d.Quote.Lines[0].Description)
	if !ok {
		t.Fatal("no first line")
	}
	discount, ok := cellOf(t, f, "Discount (5 %)")
	if !ok {
		t.Fatal("no discount on the quote")
	}
	below := func(cell string, k int) string {
		c, r, _ := excelize.CellNameToCoordinates(cell)
		out, _ := excelize.CoordinatesToCellName(c, r+k)
		return out
	}
	for cell, want := range map[string]string{beside(first, 3): "0.634", below(beside(first, 3), 1): "0.0765",
		below(beside(first, 3), 2): "1,200.00", beside(first, 1): "17,520", beside(discount, 1): "-650.64", below(beside(first, 4), 1): "10"} {
		if got, err := f.GetCellValue("Quote", cell); err != nil || got != want {
			t.Errorf("%s shows %q (%v), want %q", cell, got, err, want)
		}
	}
}

type pdfWord struct {
	text       string
	xMin, xMax float64
	yMin       string
}

var wordBox = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="[0-9.]+">([^<]*)</word>`)

// pdfWords lists the words of a PDF with their boxes.
func pdfWords(t *testing.T, pdf []byte) []pdfWord {
	t.Helper()
	var words []pdfWord
	for _, m := range wordBox.FindAllStringSubmatch(pdftotext(t, pdf, "-bbox"), -1) {
		x0, _ := strconv.ParseFloat(m[1], 64)
		x1, _ := strconv.ParseFloat(m[3], 64)
		words = append(words, pdfWord{text: m[4], xMin: x0, xMax: x1, yMin: m[2]})
	}
	return words
}

// pdftotext runs poppler's pdftotext with options on a PDF.
func pdftotext(t *testing.T, pdf []byte, opts ...string) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext missing: apt-get install poppler-utils")
		}
		t.Skip("pdftotext not installed (apt-get install poppler-utils)")
	}
	path := filepath.Join(t.TempDir(), "q.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", append(opts, path, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext %v: %v", opts, err)
	}
	return string(out)
}
