//go:build jsongen

package api

import (
	"bytes"
	"encoding/json"
)

// Built with the jsongen tag, as its generator builds this package, the
// answer goes through encoding/json: the generated appenders may be stale
// then (a field added, removed or renamed) and need not compile.
func (w *jsonWriter) apiAdviceJSON(a *AdviceJSON) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(a); err != nil {
		w.err = err
		return
	}
	w.b = append(w.b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}
