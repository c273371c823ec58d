package templates

import (
	"context"
	"strconv"
	"strings"

	"gpuplace/internal/quote"
)

// actionLabel says what an entry of a quote's history did.
func actionLabel(ctx context.Context, e quote.Event) string {
	switch e.Action {
	case quote.ActionCreated:
		return T(ctx, "audit.created")
	case quote.ActionEdited:
		return T(ctx, "audit.edited")
	case quote.ActionStatus:
		return T(ctx, "audit.status")
	case quote.ActionRevised:
		return Tf(ctx, "audit.revised", e.Number)
	case quote.ActionReassigned:
		return T(ctx, "audit.reassigned")
	}
	return e.Action
}

// changeField names a changed field as the builder labels it; a line's
// field names its line ("Line 2 · Quantity").
func changeField(ctx context.Context, field string) string {
	if rest, ok := strings.CutPrefix(field, "lines["); ok {
		n, sub, _ := strings.Cut(rest, "].")
		i, err := strconv.Atoi(n)
		if err == nil {
			return Tf(ctx, "audit.line", i+1) + " · " + changeField(ctx, sub)
		}
	}
	switch field {
	case "customer_name":
		return T(ctx, "quote.customer_name")
	case "company":
		return T(ctx, "quote.company")
	case "email":
		return T(ctx, "quote.email")
	case "reference":
		return T(ctx, "quote.reference")
	case "currency":
		return T(ctx, "field.currency")
	case "valid_days":
		return T(ctx, "quote.valid_days")
	case "discount_pct":
		return T(ctx, "quote.discount")
	case "lang":
		return T(ctx, "quote.lang")
	case "notes":
		return T(ctx, "quote.notes")
	case "terms":
		return T(ctx, "quote.terms")
	case "lines":
		return T(ctx, "quote.lines")
	case "description":
		return T(ctx, "lines.item")
	case "quantity":
		return T(ctx, "lines.quantity")
	case "unit":
		return T(ctx, "lines.unit")
	case "unit_price":
		return T(ctx, "lines.unit_price")
	case "total":
		return T(ctx, "results.total")
	case "status":
		return T(ctx, "quotes.status")
	case "owner":
		return T(ctx, "quote.owner")
	}
	return field
}

// changeValue shows a changed value: statuses in words, empty as such.
func changeValue(ctx context.Context, field, v string) string {
	switch {
	case v == "":
		return T(ctx, "audit.empty")
	case field == "status":
		return T(ctx, "status."+v)
	}
	return v
}
