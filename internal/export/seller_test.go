package export_test

import (
	"strings"
	"testing"

	"gpuplace/internal/quote"
)

// Ensure a quote whose seller is not set says so, in its language, on
// its PDF and in its workbook, rather than leaving out who it is from.
func TestDocumentsSayNoSellerIsSet(t *testing.T) {
	for _, c := range []struct{ lang, say, from string }{
		{"en", "No seller is set", "From"},
		{"zh-CN", "未设置报价方", "报价方"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			d := sampleDoc(t, c.lang)
			d.Seller = quote.Seller{}
			if text := pdfText(t, mustPDF(t, d)); !strings.Contains(text, c.say) {
				t.Errorf("the PDF of a quote without a seller does not say %q:\n%s", c.say, text)
			}
			f, _ := mustWorkbook(t, d)
			rows, _ := f.GetRows("Quote")
			var said, from bool
			for _, r := range rows {
				for _, v := range r {
					said = said || strings.HasPrefix(v, c.say)
					from = from || v == c.from
				}
			}
			if !said || !from {
				t.Errorf("the workbook of a quote without a seller: %q under %q: %v, %v; rows %q", c.say, c.from, said, from, rows)
			}
		})
	}
}
