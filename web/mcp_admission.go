package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"gpuplace/internal/mcptools"
)

// admitMCP charges each message to /mcp to budget (the advice's; nil:
// none) before the SDK reads it: a message costs one answer, a what_if
// call whatIfCost (or the whole budget where that is less). Over the
// budget the answer is the API's 429 with Retry-After, in problem+json.
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
			cost, batch := 1, false
			if readErr == nil {
				cost, batch = mcpCost(body)
			}
			if budget != nil && !s.spend(budget, w, r, s.adviceCharge(cost)) {
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

// mcpCost is what a message costs of the advice budget, and whether it is
// a batch. The message is read as the SDK reads it (its own decoder for
// the envelope; params' keys exactly, as its decoder matches them), so
// that the tool charged is the tool run; a message the SDK cannot read
// costs one, and the SDK answers it.
func mcpCost(body []byte) (cost int, batch bool) {
	if bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("[")) {
		return 1, true
	}
	msg, err := jsonrpc.DecodeMessage(body)
	req, ok := msg.(*jsonrpc.Request)
	if err != nil || !ok || req.Method != "tools/call" {
		return 1, false
	}
	var params map[string]json.RawMessage
	var name string
	if json.Unmarshal(req.Params, &params) != nil || json.Unmarshal(params["name"], &name) != nil {
		return 1, false
	}
	if name == "what_if" {
		return whatIfCost, false
	}
	return 1, false
}
