package templates

import (
	"context"
	"strconv"
	"strings"

	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
)

// actionLabel says what an entry of a quote's history did.
func actionLabel(ctx context.Context, e quote.Event) string {
	switch e.Action {
	case quote.ActionCreated:
		return locale.T(ctx, "audit.created")
	case quote.ActionEdited:
		return locale.T(ctx, "audit.edited")
	case quote.ActionStatus:
		return locale.T(ctx, "audit.status")
	case quote.ActionRevised:
		return locale.Tf(ctx, "audit.revised", e.Number)
	case quote.ActionReassigned:
		return locale.T(ctx, "audit.reassigned")
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
			return locale.Tf(ctx, "audit.line", i+1) + " · " + changeField(ctx, sub)
		}
	}
	switch field {
	case "customer_name":
		return locale.T(ctx, "quote.customer_name")
	case "company":
		return locale.T(ctx, "quote.company")
	case "email":
		return locale.T(ctx, "quote.email")
	case "reference":
		return locale.T(ctx, "quote.reference")
	case "currency":
		return locale.T(ctx, "field.currency")
	case "valid_days":
		return locale.T(ctx, "quote.valid_days")
	case "discount_pct":
		return locale.T(ctx, "quote.discount")
	case "lang":
		return locale.T(ctx, "quote.lang")
	case "notes":
		return locale.T(ctx, "quote.notes")
	case "terms":
		return locale.T(ctx, "quote.terms")
	case "lines":
		return locale.T(ctx, "quote.lines")
	case "description":
		return locale.T(ctx, "lines.item")
	case "quantity":
		return locale.T(ctx, "lines.quantity")
	case "unit":
		return locale.T(ctx, "lines.unit")
	case "unit_price":
		return locale.T(ctx, "lines.unit_price")
	case "total":
		return locale.T(ctx, "results.total")
	case "status":
		return locale.T(ctx, "quotes.status")
	case "owner":
		return locale.T(ctx, "quote.owner")
	}
	return field
}

// changeValue shows a changed value: statuses in words, empty as such.
func changeValue(ctx context.Context, field, v string) string {
	switch {
	case v == "":
		return locale.T(ctx, "audit.empty")
	case field == "status":
		return locale.T(ctx, "status."+v)
	}
	return v
}
