package web

import (
	"encoding/json"

	"errors"
	"gpuplace/templates"
	"net/http"
)

var (
	errNotFound   = errors.New("not found")
	errBadRequest = errors.New("bad request")
)

// statusOf maps an error from a handler to the HTTP status it answers with.
func statusOf(err error) int {
	switch {
	case errors.Is(err, errNotFound):
		return http.StatusNotFound
	case errors.Is(err, errBadRequest):
		return http.StatusBadRequest
	default:
		return http.StatusInternalServerError
	}
}

// problem is an RFC 9457 problem document.
type problem struct {
	Type   string         `json:"type"`
	Title  string         `json:"title"`
	Status int            `json:"status"`
	Detail string         `json:"detail,omitempty"`
	Errors []problemField `json:"errors,omitempty"`
}

// problemField names one invalid field.
type problemField struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// renderError answers a page request with an error page. Server errors are
// logged and shown as a generic message; client errors show their message.
func (s *Server) renderError(w http.ResponseWriter, r *http.Request, err error) {
	status := statusOf(err)
	msg := http.StatusText(status)
	if status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed", "error", err, "method", r.Method, "route", routeOf(r))
		msg = "Something went wrong. Please try again."
	}
	if rerr := render(w, r, status, templates.ErrorPage(status, msg)); rerr != nil {
		http.Error(w, msg, status)
	}
}

// writeProblem answers an API request with problem+json.
func (s *Server) writeProblem(w http.ResponseWriter, r *http.Request, err error) {
	status := statusOf(err)
	p := problem{Type: "about:blank", Title: http.StatusText(status), Status: status}
	if status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed", "error", err, "method", r.Method, "route", routeOf(r))
	} else {
		p.Detail = err.Error()
	}
	b, _ := json.Marshal(p)
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}
