package web

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"

	"gpuplace/internal/question"
)

// openapiSource is the API's description but for the question's query
// parameters, which the question's field table describes.
//
//go:embed openapi.json
var openapiSource []byte

// openapi is the API's description as served: openapiSource with the
// question's parameters first in GET /api/v1/advice and its what-if, made
// once.
var openapi = mustOpenAPI(openapiSource)

// mustOpenAPI puts the question's parameters into the description.
func mustOpenAPI(src []byte) []byte {
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		panic(fmt.Sprintf("web: openapi.json: %v", err))
	}
	for _, path := range []string{"/api/v1/advice", "/api/v1/advice/what-if"} {
		get := doc["paths"].(map[string]any)[path].(map[string]any)["get"].(map[string]any)
		var params []any
		for _, p := range question.Parameters() {
			params = append(params, p)
		}
		get["parameters"] = append(params, get["parameters"].([]any)...)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(doc); err != nil {
		panic(fmt.Sprintf("web: openapi.json: %v", err))
	}
	return b.Bytes()
}

// handleOpenAPI handles GET /api/openapi.json: the API's description.
func handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(openapi)
}
