package web_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"

	"gpuplace/internal/export"
)

// discountAndCheckSums gives the draft quote number a 10 % discount on its
// first line and 5 % on the quote, then checks that its figures add up as
// printed, the way a customer would redo them: on the page, each line's
// quantity × unit price less its discount is its amount, the amounts sum
// to the subtotal, and the subtotal less the discount is the total; the
// CSV's rows and the PDF's text say the same figures.
func discountAndCheckSums(t *testing.T, ctx context.Context, number string) {
	t.Helper()
	follow(t, ctx, "edit the draft", http.StatusOK, chromedp.Navigate(here(t, ctx).Scheme+"://"+here(t, ctx).Host+"/quotes/"+number+"/edit"))
	do(t, ctx, "set the discounts",
		chromedp.Clear(chromedp.ID("f-discount_pct")), chromedp.SendKeys(chromedp.ID("f-discount_pct"), "5"),
		chromedp.Clear(chromedp.CSS(`input[name=line_discount]`)), chromedp.SendKeys(chromedp.CSS(`input[name=line_discount]`), "10"))
	follow(t, ctx, "save the discounts", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=quote-save]`)))
	num := func(s string) decimal.Decimal {
		t.Helper()
		s = strings.NewReplacer(",", "", "−", "-", "%", "", " ", "").Replace(strings.TrimSpace(s))
		d, err := decimal.NewFromString(s)
		if err != nil {
			t.Fatalf("%q is not a figure", s)
		}
		return d
	}
	rows := cellTexts(t, ctx, `[data-testid=quote-lines]`)
	sum := decimal.Zero
	for _, r := range rows {
		if len(r) < 6 {
			t.Fatalf("quote line %q, want item, quantity, unit, unit price, discount, amount", r)
		}
		if price := strings.TrimSpace(r[3]); strings.Contains(price, ".") && len(price)-strings.Index(price, ".")-1 > 4 {
			t.Errorf("unit price %s has more than 4 decimals", price)
		}
		gross := num(r[1]).Mul(num(r[3])).Round(2)
		want := gross.Sub(gross.Mul(num(r[4])).Div(decimal.NewFromInt(100)).Round(2))
		if got := num(r[5]); !got.Equal(want) {
			t.Errorf("line %q: %s × %s less %s %% = %s, printed %s", r[0], r[1], r[3], r[4], want, got)
		}
		sum = sum.Add(num(r[5]))
	}
	subtotal := num(text(t, ctx, `[data-testid=quote-subtotal]`))
	discount := num(text(t, ctx, `[data-testid=quote-discount]`))
	total := num(text(t, ctx, `[data-testid=quote-total]`))
	if !sum.Equal(subtotal) || !subtotal.Add(discount).Equal(total) || !discount.IsNegative() {
		t.Errorf("lines %s, subtotal %s, discount %s, total %s: they do not add up as printed", sum, subtotal, discount, total)
	}
	if want := subtotal.Mul(decimal.NewFromInt(5)).Div(decimal.NewFromInt(100)).Round(2).Neg(); !discount.Equal(want) {
		t.Errorf("discount %s, want 5 %% of %s = %s", discount, subtotal, want)
	}
	screenshot(t, ctx, "quote-discounted")
	// On a phone the total stays in view, not cut off at the right.
	do(t, ctx, "resize to a phone", chromedp.EmulateViewport(390, 844))
	if right := get(t, ctx, "total's right edge", chromedp.Evaluate[float64](
		`document.querySelector('[data-testid=quote-total]').getBoundingClientRect().right`)); right <= 0 || right > 390 {
		t.Errorf("on a 390 px phone the quote's total ends at %.0f px", right)
	}
	screenshot(t, ctx, "quote-discounted-phone")
	do(t, ctx, "back to a laptop", chromedp.EmulateViewport(1366, 768))

	records, err := csv.NewReader(bytes.NewReader(fetchBytes(t, ctx, "/quotes/"+number+".csv"))).ReadAll()
	if err != nil {
		t.Fatalf("CSV: %v", err)
	}
	n := len(records)
	if n < 4 || records[n-3][1] != "Subtotal" || !strings.HasPrefix(records[n-2][1], "Discount") || records[n-1][1] != "Total" {
		t.Fatalf("CSV ends %q, want subtotal, discount and total rows", records[max(n-3, 0):])
	}
	amount, totals := slices.Index(export.CSVColumns, "amount"), slices.Index(export.CSVColumns, "totals")
	csvSum := decimal.Zero
	for _, r := range records[1 : n-3] {
		csvSum = csvSum.Add(num(r[amount]))
	}
	if s, d, tot := num(records[n-3][totals]), num(records[n-2][totals]), num(records[n-1][totals]); !csvSum.Equal(s) || !s.Add(d).Equal(tot) || !tot.Equal(total) {
		t.Errorf("CSV: lines %s, subtotal %s, discount %s, total %s; the page's total %s", csvSum, s, d, tot, total)
	}
	if got := xlsxTotal(t, fetchBytes(t, ctx, "/quotes/"+number+".xlsx")); !got.Equal(total) {
		t.Errorf("XLSX total = %s, want the page's %s", got, total)
	}
	if pdf, ok := pdfToText(t, fetchBytes(t, ctx, "/quotes/"+number+".pdf")); ok {
		for _, want := range []string{text(t, ctx, `[data-testid=quote-subtotal]`), strings.TrimPrefix(text(t, ctx, `[data-testid=quote-discount]`), "−"),
			text(t, ctx, `[data-testid=quote-total]`), "Discount (5 %)"} {
			if !strings.Contains(pdf, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, pdf)
			}
		}
	}
}
