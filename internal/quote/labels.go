package quote

import (
	"encoding/base64"
	"strconv"
	"strings"

	"gpuplace/internal/locale"
)

// Label says in p's language what an entry of a quote's history did.
func (e Event) Label(p locale.Printer) string {
	switch e.Action {
	case ActionCreated:
		return p.T("audit.created")
	case ActionEdited:
		return p.T("audit.edited")
	case ActionStatus:
		return p.T("audit.status")
	case ActionRevised:
		return p.Tf("audit.revised", e.Number)
	case ActionReassigned:
		return p.T("audit.reassigned")
	}
	return e.Action
}

// fieldLabels are the builder's labels of a quote's fields.
var fieldLabels = map[string]string{
	"customer_name": "quote.customer_name", "company": "quote.company", "email": "quote.email", "reference": "quote.reference",
	"currency": "field.currency", "valid_days": "quote.valid_days", "discount_pct": "quote.discount", "lang": "quote.lang",
	"notes": "quote.notes", "terms": "quote.terms", "lines": "quote.lines", "description": "lines.item", "quantity": "lines.quantity",
	"unit": "lines.unit", "unit_price": "lines.unit_price", "total": "results.total", "status": "quotes.status", "owner": "quote.owner",
}

// FieldLabel names a changed field in p's language as the builder labels
// it; a line's field names its line ("Line 2 · Quantity").
func FieldLabel(p locale.Printer, field string) string {
	if rest, ok := strings.CutPrefix(field, "lines["); ok {
		n, sub, _ := strings.Cut(rest, "].")
		if i, err := strconv.Atoi(n); err == nil {
			return p.Tf("audit.line", i+1) + " · " + FieldLabel(p, sub)
		}
	}
	if key, ok := fieldLabels[field]; ok {
		return p.T(key)
	}
	return field
}

// ValueLabel shows a changed value in p's language: statuses in words,
// empty as such.
func ValueLabel(p locale.Printer, field, v string) string {
	switch {
	case v == "":
		return p.T("audit.empty")
	case field == "status":
		return p.T("status." + v)
	}
	return v
}

// UnitLabel is the line's unit as a document prints it in p's language:
// a line from the recommendation carries a unit code the product writes
// (hour, GB, month) and prints it in words ("instance-hour", "实例小时");
// a line a person added prints its unit as typed, so that "month" stays
// "month" and never becomes the engine's "server-month".
func (l Line) UnitLabel(p locale.Printer) string {
	if l.FromEngine {
		return p.Unit(l.Unit)
	}
	return l.Unit
}

// LogoURI is the seller's logo as a data: URI (the page's policy allows
// images from data:), or "" when there is none. The image was checked and
// written again when it was uploaded, under a type of two.
func (s Seller) LogoURI() string {
	if len(s.Logo) == 0 || (s.LogoType != LogoPNG && s.LogoType != LogoJPEG) {
		return ""
	}
	return "data:" + s.LogoType + ";base64," + base64.StdEncoding.EncodeToString(s.Logo)
}
