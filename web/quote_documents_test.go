package web_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"gpuplace/internal/account"
	"gpuplace/internal/export"
	"gpuplace/internal/quote"
	"gpuplace/web"
)

// cjkFontFile is where Debian's fonts-wqy-microhei puts its font.
const cjkFontFile = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

// withCJKFont configures the font Chinese PDFs are written in; without it
// installed the test is skipped, or fails when CI is true.
func withCJKFont(t testing.TB) func(*web.Config) {
	t.Helper()
	if _, err := os.Stat(cjkFontFile); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CJK font missing: apt-get install fonts-wqy-microhei (%v)", err)
		}
		t.Skipf("CJK font not installed: %v", err)
	}
	return func(c *web.Config) { c.CJKFont = cjkFontFile }
}

// Ensure a quote made on the pages reads back from its PDF, XLSX and CSV,
// in English and in Chinese, as a customer gets it: the seller's block,
// the customer's name, company and e-mail on lines of their own, the
// dates and the currency, figures grouped on paper and plain in the CSV, the data's
// sources by title and never by id, the link back to the recommendation,
// a total that is the sum of the lines; and in a Chinese quote, made from
// an English page, the lines, units, headings and assumptions in Chinese.
func TestQuoteDocuments(t *testing.T) {
	s := newTestServer(t)
	s = s.with(withCJKFont(t))
	if err := s.db.SetSeller(context.Background(), quote.Seller{Company: "GPU Place GmbH", Address: "Friedrichstraße 1\n10117 Berlin",
		ContactName: "Grace Hopper", ContactEmail: "sales@gpuplace.test", VATID: "DE123456789"}); err != nil {
		t.Fatal(err)
	}
	sales := s.signIn(t, account.RoleSales)
	link := s.pinLink(t)
	linkURL := "https://gpuplace.test/s/" + link
	var sourceIDs []string
	for _, src := range s.cat.Version.Sources {
		if src.Title != src.ID {
			sourceIDs = append(sourceIDs, src.ID)
		}
	}
	grouped := regexp.MustCompile(`^\d{1,3}(,\d{3})*\.\d{2}$`)
	plainAmount := regexp.MustCompile(`^\d+\.\d{2}$`)
	for _, c := range []struct {
		lang, vat, unit, totalLabel, heading string
		// english are words a Chinese document must not show.
		english []string
	}{
		{"en", "VAT ID: DE123456789", "instance-hour", "Total", "Amount", nil},
		{"zh-CN", "增值税号：DE123456789", "实例小时", "总计", "金额",
			[]string{"instance-hour", "Internet egress", "Storage", "Compute", "Prices of", "Throughput", "Valid until", "Customer",
				"is an estimate", "publishes no"}},
	} {
		t.Run(c.lang, func(t *testing.T) {
			// The notes as the builder fills them in: the answer's risks in
			// plain sentences, in the page's language (English).
			builder := s.do(t, "GET", "/quotes/new?link="+link, nil, "Cookie", sales).Body.String()
			notes := regexp.MustCompile(`(?s)<textarea[^>]*name="notes"[^>]*>(.*?)</textarea>`).FindStringSubmatch(builder)
			if notes == nil || !strings.Contains(notes[1], "are estimates, not measurements") {
				t.Fatalf("the builder's notes do not list the answer's risks: %q", notes)
			}
			number := s.createQuote(t, sales, link, url.Values{"lang": {c.lang}, "email": {"ada@example.com"},
				"discount_pct": {"5"}, "notes": {htmlUnescape(notes[1])}})
			year, seq, rev, _ := quote.ParseNumber(number)
			q, err := s.db.QuoteByNumber(context.Background(), year, seq, rev)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range sourceIDs {
				if strings.Contains(q.DataDates, id) {
					t.Errorf("the quote's assumptions name the source id %q: %s", id, q.DataDates)
				}
			}
			customer := []string{"Ada Lovelace", "Analytical Engines", "ada@example.com"}

			// PDF: read back as text.
			pdf := s.do(t, "GET", "/quotes/"+number+".pdf", nil, "Cookie", sales)
			wantStatus(t, pdf, http.StatusOK)
			if text, ok := pdfToText(t, pdf.Body.Bytes()); ok {
				if c.lang == "en" {
					wantContains(t, text, "is an estimate")
				}
				wantContains(t, text, "GPU Place GmbH", "Friedrichstraße 1", "10117 Berlin", "Grace Hopper", c.vat, linkURL,
					q.ValidUntil().Format("2006-01-02"), q.CreatedAt.Format("2006-01-02"), q.Currency, c.unit,
					amountText(q.Total))
				for _, l := range q.Lines {
					wantContains(t, text, firstWords(l.Description))
				}
				lines := strings.Split(text, "\n")
				for _, part := range customer {
					i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, part) })
					if i < 0 {
						t.Errorf("the PDF lacks the customer's %q", part)
						continue
					}
					for _, other := range customer {
						if other != part && strings.Contains(lines[i], other) {
							t.Errorf("the PDF runs the customer's %q and %q together: %q", part, other, lines[i])
						}
					}
				}
				for _, id := range sourceIDs {
					if strings.Contains(text, id) {
						t.Errorf("the PDF names the source id %q", id)
					}
				}
				for _, w := range c.english {
					if strings.Contains(text, w) {
						t.Errorf("the Chinese PDF says %q:\n%s", w, text)
					}
				}
			}

			// XLSX: the lines, their sum as the cached and computed total.
			x := s.do(t, "GET", "/quotes/"+number+".xlsx", nil, "Cookie", sales)
			wantStatus(t, x, http.StatusOK)
			f, err := excelize.OpenReader(bytes.NewReader(x.Body.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rows, _ := f.GetRows("Quote")
			var cells []string
			for _, r := range rows {
				cells = append(cells, r...)
			}
			for _, want := range append([]string{"GPU Place GmbH", "10117 Berlin", c.vat, linkURL, q.Currency, c.unit,
				q.ValidUntil().Format("2006-01-02")}, customer...) {
				if !slices.Contains(cells, want) {
					t.Errorf("no workbook cell is %q", want)
				}
			}
			sum, total := decimal.Zero, decimal.Zero
			for i, r := range rows {
				for _, l := range q.Lines {
					if len(r) >= 6 && r[0] == l.Description {
						if !grouped.MatchString(r[5]) {
							t.Errorf("XLSX amount %q is not grouped", r[5])
						}
						sum = sum.Add(decimal.RequireFromString(strings.ReplaceAll(r[5], ",", "")))
					}
				}
				// The total, named in the amount column, stands in the
				// totals column beside it.
				if len(r) >= 7 && r[5] == c.totalLabel+" "+q.Currency {
					cell, _ := excelize.CoordinatesToCellName(7, i+1)
					calc, _ := f.CalcCellValue("Quote", cell)
					total = decimal.RequireFromString(strings.ReplaceAll(calc, ",", ""))
					if r[6] != amountText(q.Total) {
						t.Errorf("XLSX cached total %q, want %s", r[6], amountText(q.Total))
					}
				}
			}
			if !sum.Equal(q.Subtotal) || !total.Equal(q.Total) {
				t.Errorf("XLSX lines sum to %s (subtotal %s), total computes to %s; the quote's total is %s", sum, q.Subtotal, total, q.Total)
			}
			for _, w := range c.english {
				if slices.ContainsFunc(cells, func(s string) bool { return strings.Contains(s, w) }) {
					t.Errorf("the Chinese workbook says %q", w)
				}
			}

			// CSV: every row with the customer, dates, currency and link.
			rec := s.do(t, "GET", "/quotes/"+number+".csv", nil, "Cookie", sales)
			wantStatus(t, rec, http.StatusOK)
			table, err := csv.NewReader(rec.Body).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			// A header, the lines, the subtotal, the 5 % discount, the total.
			if len(table) != len(q.Lines)+4 {
				t.Fatalf("CSV has %d rows, want a header, %d lines, a subtotal, a discount and a total", len(table), len(q.Lines))
			}
			sum = decimal.Zero
			col := func(r []string, name string) string { return r[slices.Index(export.CSVColumns, name)] }
			for i, r := range table[1:] {
				for name, w := range map[string]string{"number": number, "currency": q.Currency, "customer_name": "Ada Lovelace",
					"customer_company": "Analytical Engines", "customer_email": "ada@example.com", "created": q.CreatedAt.Format("2006-01-02"),
					"valid_until": q.ValidUntil().Format("2006-01-02"), "catalog_version": q.CatalogVersion, "link": linkURL, "seller": "GPU Place GmbH"} {
					if got := col(r, name); got != w {
						t.Errorf("CSV row %d %s = %q, want %q", i+1, name, got, w)
					}
				}
				// A line's figure is its amount; a total's stands in the
				// totals column.
				figure := col(r, "amount")
				if i >= len(q.Lines) {
					figure = col(r, "totals")
				}
				if discountRow := i == len(q.Lines)+1; !plainAmount.MatchString(strings.TrimPrefix(figure, map[bool]string{true: "-"}[discountRow])) {
					t.Errorf("CSV figure %q is not a plain decimal a spreadsheet sums", figure)
				}
				if i < len(q.Lines) {
					sum = sum.Add(decimal.RequireFromString(figure))
				}
			}
			last := table[len(table)-1]
			subtotal, discount := decimal.RequireFromString(col(table[len(table)-3], "totals")), decimal.RequireFromString(col(table[len(table)-2], "totals"))
			if last[1] != c.totalLabel || col(last, "totals") != q.Total.StringFixed(2) || !sum.Equal(subtotal) || !subtotal.Add(discount).Equal(q.Total) {
				t.Errorf("CSV total row %q: lines sum to %s, subtotal %s, discount %s; want the total %s", last, sum, subtotal, discount, q.Total)
			}
			for _, w := range c.english {
				for _, r := range table {
					if slices.ContainsFunc(r, func(s string) bool { return strings.Contains(s, w) }) {
						t.Errorf("the Chinese CSV says %q: %q", w, r)
					}
				}
			}
		})
	}
}

// amountText writes an amount as both languages do: grouped, two places.
func amountText(d decimal.Decimal) string {
	s := d.StringFixed(2)
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String() + "." + frac
}

// firstWords is the start of a line's description: what fits on the
// PDF's first line of it.
func firstWords(s string) string {
	r := []rune(s)
	return string(r[:min(len(r), 8)])
}
