package export

import (
	"bytes"

	"github.com/shopspring/decimal"
)

// CSVColumns are the columns of a quote's CSV, one table: a row per line,
// then the subtotal, the quote's discount (when it has one) and the total,
// each a row of its own. Words are in the quote's language: the header row
// names the columns in it (csvHeadings), descriptions and units are as the
// PDF writes them. Figures are plain decimals (a dot, no thousands
// separator, 1234.56) so that any spreadsheet or program sums them; the PDF
// and XLSX show them grouped. A line's amount and the quote's totals sit in
// columns of their own, amount and totals, so that the sum of the amount
// column is the subtotal, exactly: the totals are never counted in it. Every
// row repeats the quote's facts (number, currency, customer, dates, catalog
// version, link, seller, the pick's verdict and confidence), so that rows of
// several quotes can be put together and still be told apart.
//
//	number          the quote's number (Q-2026-0007, Q-2026-0007-R2)
//	description     the line's description as the quote shows it; on a totals
//	                row its name ("Subtotal", "Discount (5 %)", "Total")
//	quantity        decimal (17520)
//	unit            a recommendation line's unit in the quote's language (instance-hour,
//	                实例小时); a line a person added, its unit as typed (month)
//	unit_price      decimal, in currency, with every decimal it has (0.0765)
//	discount_pct    the line's discount, 0–100; on the discount row the quote's
//	amount          a line's amount: decimal with the currency's minor unit,
//	                after its discount; empty on the totals rows
//	totals          a totals row's figure: the subtotal (the sum of the amount
//	                column), the discount (negative) and the total (the
//	                subtotal plus the discount); empty on the lines
//	currency        ISO 4217 code
//	customer_name, customer_company, customer_email
//	created         the revision's date, YYYY-MM-DD (UTC)
//	valid_until     YYYY-MM-DD
//	catalog_version the catalog version the recommendation was made with
//	link            the pinned recommendation's URL
//	seller          the seller's company
//	verdict         the recommendation's verdict on its pick ("Meets your target: …"); empty when it cannot be read
//	confidence      the pick's confidence grade in a word (Firm, Likely, Rough); empty when it cannot be read
var CSVColumns = []string{"number", "description", "quantity", "unit", "unit_price", "discount_pct", "amount", "totals", "currency",
	"customer_name", "customer_company", "customer_email", "created", "valid_until", "catalog_version", "link", "seller",
	"verdict", "confidence"}

// csvHeadings are the words (export.*) that head CSVColumns.
var csvHeadings = []string{"number", "item", "quantity", "unit", "unit_price", "discount", "amount", "totals", "currency",
	"customer_name", "customer_company", "customer_email", "date", "valid_until", "catalog", "link", "seller",
	"verdict", "confidence"}

// CSV writes a quote as the table CSVColumns describes. Text a
// spreadsheet would run as a formula is neutralised (see SafeCell).
func CSV(d Document) ([]byte, error) {
	q, w := d.Quote, wordsOf(d.Quote)
	var verdict, grade string
	if d.Pick != nil {
		verdict, grade = w.verdict(d.Pick), w.grade(d.Pick)
	}
	facts := []string{q.Currency, q.Customer.Name, q.Customer.Company, q.Customer.Email, day(q.CreatedAt),
		day(q.ValidUntil()), q.CatalogVersion, d.Link, d.Seller.Company, verdict, grade}
	head := make([]string, len(csvHeadings))
	for i, h := range csvHeadings {
		head[i] = w.label(h)
	}
	var buf bytes.Buffer
	cw := NewCSVWriter(&buf)
	cw.Write(head)
	for _, l := range q.Lines {
		cw.Write(append([]string{q.Number(), l.Description, l.Quantity.String(), w.unit(l), plainPrice(l.UnitPrice),
			l.DiscountPct.String(), w.plainAmount(l.Amount), ""}, facts...))
	}
	// The totals: their figure in the totals column, the amount column
	// left empty.
	cw.Write(append([]string{q.Number(), w.label("subtotal"), "", "", "", "", "", w.plainAmount(q.Subtotal)}, facts...))
	if q.DiscountPct.IsPositive() {
		cw.Write(append([]string{q.Number(), w.discountLabel(q.DiscountPct), "", "", "", q.DiscountPct.String(), "", w.plainAmount(q.Discount().Neg())}, facts...))
	}
	cw.Write(append([]string{q.Number(), w.label("total"), "", "", "", "", "", w.plainAmount(q.Total)}, facts...))
	if err := cw.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// plainPrice writes a unit price with at least two places and every
// further place it has, without grouping: 0.0765, 1200.00.
func plainPrice(d decimal.Decimal) string {
	if d.Exponent() < -2 {
		return d.String()
	}
	return d.StringFixed(2)
}

// plainAmount writes an amount with the currency's minor unit, without
// grouping: 10552.30.
func (w words) plainAmount(d decimal.Decimal) string { return d.StringFixed(w.minor) }
