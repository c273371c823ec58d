package web

import (
	"bytes"
	"io"
	"net/http"

	"gpuplace/internal/mcptools"
)

// admitMCP charges each message to /mcp to budget (the advice's; nil:
// none) before the SDK reads it: a message costs one answer (a what_if
// call is charged the rest of its work once done, see whatIfFor). Over
// the budget the answer is the API's 429 with Retry-After, in
// problem+json.
//
// A JSON-RPC batch, which the protocol allowed until 2025-03-26 and the
// SDK still takes from a client that names no version, is refused with a
// JSON-RPC error (costing one answer): the SDK runs a batch's calls at
// once, so one POST would be as much work as its client likes, and the
// current protocol has none. Charging each call instead would keep a
// feature no current client uses at the price of a second cap.
func (s *Server) admitMCP(budget *rateBudget) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, readErr := io.ReadAll(r.Body)
			batch := readErr == nil && mcpBatch(body)
			if budget != nil && !s.spend(budget, w, r, 1) {
				return
			}
			switch {
			case readErr != nil:
				s.answerError(readErr)(w, r)
			case batch:
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				w.Write(mcptools.NullIDError(mcptools.ErrBatch))
			default:
				r.Body = io.NopCloser(bytes.NewReader(body))
				next.ServeHTTP(w, r)
			}
		})
	}
}

// mcpBatch reports whether a message is a JSON-RPC batch (an array).
func mcpBatch(body []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("["))
}
