package web

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/a-h/templ"
)

// handlerFunc is a page handler that returns its error instead of writing it.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// handle adapts a page handler: an error becomes an HTML error page.
func (s *Server) handle(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.renderError(w, r, err)
		}
	}
}

// handleAPI adapts an API handler: an error becomes problem+json.
func (s *Server) handleAPI(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeProblem(w, r, err)
		}
	}
}

// render renders c into a buffer first, so a failing component never leaves
// a half-written page, then writes status and body.
func render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) error {
	b, err := renderBytes(r, c)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", contentTypeHTML)
	w.WriteHeader(status)
	_, err = w.Write(b)
	return err
}

// renderBytes renders c into a buffer.
func renderBytes(r *http.Request, c templ.Component) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	if err := c.Render(r.Context(), &buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Content types of pages and JSON answers.
const (
	contentTypeHTML = "text/html; charset=utf-8"
	contentTypeJSON = "application/json"
)

// writeJSON encodes v as the response body.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	b, err := encodeJSON(v)
	if err != nil {
		return err
	}
	return writeRawJSON(w, status, b)
}

// encodeJSON encodes v as the API sends it: compact (a third smaller than
// indented, and faster to write and compress), newline-terminated.
func encodeJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func writeRawJSON(w http.ResponseWriter, status int, b []byte) error {
	w.Header().Set("Content-Type", contentTypeJSON)
	w.WriteHeader(status)
	_, err := w.Write(b)
	return err
}
