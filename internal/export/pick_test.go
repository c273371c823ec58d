package export_test

import (
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/export"
	"gpuplace/internal/locale"
)

// Ensure every document states, beside the link to the recommendation,
// its pick's verdict and confidence grade (with the reasons on paper and
// in the workbook) in the quote's language, and says nothing of them when
// the recommendation cannot be read.
func TestDocumentsStateThePicksVerdict(t *testing.T) {
	pick := &export.Pick{Verdict: locale.New("verdict.meets", locale.Pct(100), locale.Num(100)), Grade: "likely",
		Reasons: []locale.Text{locale.New("conf.measured"), locale.New("conf.capacity")}}
	for _, c := range []struct {
		lang, verdictLabel, verdict, confidenceLabel, confidence, grade string
	}{
		{"en", "Verdict", "Meets your target: 100 % of users within 100 ms", "Confidence",
			"Likely: throughput measured; capacity not confirmed for this size", "Likely"},
		{"zh-CN", "结论", "满足目标：100% 的用户在 100 毫秒以内", "可信度", "较可靠：吞吐量为实测值；该规模的容量未经确认", "较可靠"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			d := sampleDoc(t, c.lang)
			d.Pick = pick
			b, err := export.PDF(d, font(t))
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, b)
			for _, want := range []string{c.verdictLabel + " ", c.verdict, c.confidenceLabel + " ", c.confidence} {
				if !strings.Contains(text, want) {
					t.Errorf("PDF text lacks %q:\n%s", want, text)
				}
			}
			f, _ := mustWorkbook(t, d)
			for _, want := range []string{c.verdictLabel, c.verdict, c.confidenceLabel, c.confidence} {
				if _, ok := cellOf(t, f, want); !ok {
					t.Errorf("no cell of the workbook shows %q", want)
				}
			}
			col := func(r []string, name string) string { return r[slices.Index(export.CSVColumns, name)] }
			rows := mustCSV(t, d)
			for i, r := range rows[1:] {
				if col(r, "verdict") != c.verdict || col(r, "confidence") != c.grade {
					t.Errorf("CSV row %d: verdict %q, confidence %q; want %q, %q", i+1, col(r, "verdict"), col(r, "confidence"), c.verdict, c.grade)
				}
			}

			d.Pick = nil
			b, err = export.PDF(d, font(t))
			if err != nil {
				t.Fatal(err)
			}
			if text := pdfText(t, b); strings.Contains(text, c.confidenceLabel) {
				t.Errorf("without its recommendation the PDF still states a confidence:\n%s", text)
			}
			for i, r := range mustCSV(t, d)[1:] {
				if col(r, "verdict") != "" || col(r, "confidence") != "" {
					t.Errorf("without its recommendation CSV row %d states %q, %q", i+1, col(r, "verdict"), col(r, "confidence"))
				}
			}
		})
	}
}
