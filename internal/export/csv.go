package export

import (
	"bytes"

	"gpuplace/internal/quote"
)

// CSV writes a quote's lines, one per row, and a last row with the total.
// Amounts are plain decimals (a dot, no thousands separator) so the file
// sums to the total in any tool; text a spreadsheet would run as a
// formula is neutralised (see SafeCell).
func CSV(q quote.Quote) ([]byte, error) {
	var buf bytes.Buffer
	w := NewCSVWriter(&buf)
	w.Write([]string{"number", "description", "quantity", "unit", "unit_price", "discount_pct", "amount", "currency"})
	for _, l := range q.Lines {
		w.Write([]string{q.Number(), l.Description, l.Quantity.String(), l.Unit, l.UnitPrice.String(),
			l.DiscountPct.String(), l.Amount.StringFixed(2), q.Currency})
	}
	w.Write([]string{q.Number(), "total", "", "", "", q.DiscountPct.String(), q.Total.StringFixed(2), q.Currency})
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
