package web

import (
	"net/url"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
)

// adviceForm is the placement question as one parse of its query reads it:
// the request for the advisor, the form as the visitor filled it, and
// every field at fault.
type adviceForm struct {
	req  advisor.Request
	view question.Form
	// errs holds what did not parse together with what the domain refuses
	// in the rest, so a page shows every error at once.
	errs locale.FieldErrors
}

// parseAdviceForm reads the query keys of /advice and GET /api/v1/advice.
// Values that do not parse (a word where a number belongs) are field
// errors; the rest is validated by the advisor.
func parseAdviceForm(cat *catalog.Catalog, q url.Values) adviceForm {
	req, view, errs := question.Parse(q)
	if len(errs) > 0 {
		errs = errs.Merge(advisor.Check(cat, req))
	}
	return adviceForm{req: req, view: view, errs: errs}
}
