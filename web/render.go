package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"

	"github.com/a-h/templ"

	"gpuplace/internal/api"
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
	return renderBytes(r, c, func(b []byte) error {
		w.Header().Set("Content-Type", contentTypeHTML)
		w.WriteHeader(status)
		_, err := w.Write(b)
		return err
	})
}

// byteBuffers keeps the buffers pages are rendered and answers compressed
// into for reuse: a result page is about 100 KB, which a new buffer
// reaches in several doublings, each a copy, to be garbage as soon as the
// page is written.
var byteBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// renderBytes renders c into a buffer and hands the bytes to use, which
// must not keep them: the buffer is reused once use returns.
func renderBytes(r *http.Request, c templ.Component, use func([]byte) error) error {
	buf := byteBuffers.Get().(*bytes.Buffer)
	defer byteBuffers.Put(buf)
	buf.Reset()
	if err := c.Render(r.Context(), buf); err != nil {
		return err
	}
	return use(buf.Bytes())
}

// Content types of pages and JSON answers.
const (
	contentTypeHTML = "text/html; charset=utf-8"
	contentTypeJSON = "application/json"
)

// writeJSON encodes v as the response body.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	return encodeBytes(v, func(b []byte) error { return writeRawJSON(w, status, b) })
}

// encodeBytes encodes v as the API sends it — compact (a third smaller
// than indented, and faster to write and compress), newline-terminated —
// into a reused buffer, and hands the bytes to use, which must not keep
// them: an answer is some 70 KB, which encoding into a new slice would
// allocate again for every answer.
func encodeBytes(v any, use func([]byte) error) error {
	buf := byteBuffers.Get().(*bytes.Buffer)
	defer byteBuffers.Put(buf)
	buf.Reset()
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		return err
	}
	return use(buf.Bytes())
}

// encodeAdvice is encodeBytes for an answer, written by its generated
// appenders (the same bytes, without reflection: see api.AppendAdviceJSON).
func encodeAdvice(a *api.AdviceJSON, use func([]byte) error) error {
	buf := byteBuffers.Get().(*bytes.Buffer)
	defer byteBuffers.Put(buf)
	buf.Reset()
	b, err := appendAdvice(buf.AvailableBuffer(), a)
	if err != nil {
		return err
	}
	if cap(b) > buf.Cap() {
		*buf = *bytes.NewBuffer(b[:0]) // grown: the next answer writes there
	}
	return use(b)
}

// appendAdvice writes an answer's JSON: the generated appenders, or in
// BenchmarkAnswerJSON the library they are measured against.
var appendAdvice = api.AppendAdviceJSON

func writeRawJSON(w http.ResponseWriter, status int, b []byte) error {
	w.Header().Set("Content-Type", contentTypeJSON)
	w.WriteHeader(status)
	_, err := w.Write(b)
	return err
}
