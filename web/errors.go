package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"syscall"

	"gpuplace/internal/account"
	"gpuplace/internal/link"
	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
	"gpuplace/internal/versions"
	"gpuplace/templates"
)

// statusClientClosed is the status logged and counted for a request whose
// client went away before the answer (nginx's 499): a client error, not
// the server's.
const statusClientClosed = 499

var (
	// errNotFound is what a URL does not name: no route, an id that
	// cannot be one, an unknown GPU. The domains' own not-found errors
	// answer 404 alike (see statusOf).
	errNotFound = errors.New("not found")
	// errBadRequest is a request the server cannot read: 400. Wrap an
	// error into it with badRequest; badBody and badText are kinds of it.
	errBadRequest       = errors.New("bad request")
	errMethodNotAllowed = errors.New("method not allowed")
	// errUnavailable is what the server cannot do now, whoever asks: 503.
	errUnavailable = errors.New("unavailable")
	// errQueryTooLong is a query over maxQueryBytes: 414.
	errQueryTooLong = errors.New("the address's query is too long")
)

// badRequest is err as a request the server cannot read.
func badRequest(err error) error { return fmt.Errorf("%w: %w", errBadRequest, err) }

// badBody is a request body that could not be decoded: 400, with the
// fields the decoder could name.
type badBody struct{ fields locale.FieldErrors }

func (b badBody) Error() string { return b.fields.Error() }

// Is makes a badBody an errBadRequest.
func (b badBody) Is(target error) bool { return target == errBadRequest }

// statusOf maps an error from a handler to the HTTP status it answers
// with. It is the one place that knows every domain's errors.
func statusOf(err error) int {
	var fe locale.FieldErrors
	var tooLarge *http.MaxBytesError
	switch {
	case errors.Is(err, context.Canceled):
		// The request's context ends early only when its client leaves.
		return statusClientClosed
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The connection's read deadline passed while reading the body:
		// the client sends too slowly.
		return http.StatusRequestTimeout
	case errors.As(err, &tooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, errBadRequest):
		return http.StatusBadRequest
	case errors.As(err, &fe):
		return http.StatusUnprocessableEntity
	case errors.Is(err, errNotFound), errors.Is(err, quote.ErrNotFound), errors.Is(err, link.ErrNotFound),
		errors.Is(err, account.ErrNotFound), errors.Is(err, versions.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, errUnauthorized):
		return http.StatusUnauthorized
	case errors.Is(err, errForbidden):
		return http.StatusForbidden
	case errors.Is(err, quote.ErrImmutable), errors.Is(err, quote.ErrSuperseded), errors.Is(err, versions.ErrExists),
		errors.Is(err, account.ErrExists):
		return http.StatusConflict
	case errors.Is(err, errMethodNotAllowed):
		return http.StatusMethodNotAllowed
	case errors.Is(err, errTooManyRequests):
		return http.StatusTooManyRequests
	case errors.Is(err, errUnavailable):
		return http.StatusServiceUnavailable
	case errors.Is(err, errQueryTooLong):
		return http.StatusRequestURITooLong
	default:
		return http.StatusInternalServerError
	}
}

// statusFor is statusOf for a request: an error writing to a client that
// has gone (its context done, a broken pipe, a reset) is the client's
// leaving (499, logged as a client error), not the server's failure.
func statusFor(r *http.Request, err error) int {
	status := statusOf(err)
	if status >= 500 && (r.Context().Err() != nil || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)) {
		return statusClientClosed
	}
	return status
}

// statusText is the name of a status, 499 included.
func statusText(status int) string {
	if status == statusClientClosed {
		return "Client Closed Request"
	}
	return http.StatusText(status)
}

// problem is an RFC 9457 problem document.
type problem struct {
	Type   string         `json:"type"`
	Title  string         `json:"title"`
	Status int            `json:"status"`
	Detail string         `json:"detail,omitempty"`
	Errors []problemField `json:"errors,omitempty"`
}

// problemField is one field at fault, its message in English.
type problemField struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// problemFields writes field errors in English for a problem document.
func problemFields(fe locale.FieldErrors) []problemField {
	en := locale.For(locale.EN)
	out := make([]problemField, len(fe))
	for i, e := range fe {
		out[i] = problemField{Field: e.Field, Message: en.Text(e.Message)}
	}
	return out
}

// renderError answers a page request with an error page. Server errors are
// logged and shown as a generic message; client errors say what was wrong,
// in the page's language.
func (s *Server) renderError(w http.ResponseWriter, r *http.Request, err error) {
	status := statusFor(r, err)
	if !refusedBusy(w, err) && status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed", "error", err, "method", r.Method, "route", routeOf(r))
	}
	v := errorView(r.Context(), err, status)
	v.Frame = frame(r)
	if rerr := render(w, r, status, templates.ErrorPage(v)); rerr != nil {
		http.Error(w, v.Message, status)
	}
}

// errorView is what the error page says about err.
func errorView(ctx context.Context, err error, status int) templates.ErrorView {
	v := templates.ErrorView{Status: status, Message: statusMessage(ctx, status)}
	if status >= 500 {
		return v
	}
	var bt badText
	var fe locale.FieldErrors
	var se *quote.SupersededError
	switch {
	case errors.As(err, &se):
		v.Message = locale.Tf(ctx, "error.superseded", se.Number)
		v.Link, v.LinkText = "/quotes/"+se.Latest, locale.Tf(ctx, "error.superseded.link", se.Latest)
	case errors.As(err, &bt):
		v.Message, v.Fields = locale.T(ctx, "error.bad_text"), fieldNames(bt.fields)
	case errors.As(err, &fe):
		v.Message, v.Fields = locale.T(ctx, "error.fields"), fieldMessages(ctx, fe)
	}
	return v
}

func fieldNames(fe locale.FieldErrors) []string {
	out := make([]string, len(fe))
	for i, e := range fe {
		out[i] = e.Field
	}
	return out
}

// fieldErrorsByField files field errors under their field, said in the
// page's language, for forms whose inputs are named as the fields are.
func fieldErrorsByField(ctx context.Context, fe locale.FieldErrors) map[string][]string {
	out := map[string][]string{}
	for _, e := range fe {
		out[e.Field] = append(out[e.Field], locale.Say(ctx, e.Message))
	}
	return out
}

func fieldMessages(ctx context.Context, fe locale.FieldErrors) []string {
	out := make([]string, len(fe))
	for i, e := range fe {
		out[i] = e.Field + ": " + locale.Say(ctx, e.Message)
	}
	return out
}

// writeProblem answers an API request with problem+json naming the fields
// at fault.
func (s *Server) writeProblem(w http.ResponseWriter, r *http.Request, err error) {
	status := statusFor(r, err)
	p := problem{Type: "about:blank", Title: statusText(status), Status: status}
	var fe locale.FieldErrors
	var bb badBody
	var bt badText
	switch {
	case status == http.StatusServiceUnavailable && refusedBusy(w, err):
		p.Detail = err.Error()
	case status >= 500:
		s.log.ErrorContext(r.Context(), "request failed", "error", err, "method", r.Method, "route", routeOf(r))
		p.Detail = "Something went wrong. Please try again."
	case errors.As(err, &bb):
		p.Detail, p.Errors = "The request body could not be read.", problemFields(bb.fields)
	case errors.As(err, &bt):
		p.Detail, p.Errors = "Some fields are not text.", problemFields(bt.fields)
	case errors.As(err, &fe):
		p.Detail, p.Errors = "Some fields are invalid.", problemFields(fe)
	case status == http.StatusRequestEntityTooLarge:
		p.Detail = "The request body is too large."
	default:
		p.Detail = err.Error()
	}
	b, _ := json.Marshal(p)
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// statusMessage says what a status means for a visitor, in the page's
// language; statuses without their own message say what their class
// (4xx, 5xx) means.
func statusMessage(ctx context.Context, status int) string {
	key := "error.status." + strconv.Itoa(status)
	if locale.Has(key) {
		return locale.T(ctx, key)
	}
	if status >= 500 {
		return locale.T(ctx, "error.status.500")
	}
	return locale.T(ctx, "error.status.400")
}
