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
// question's parameters first in each of questionPaths, made once.
var openapi = mustOpenAPI(openapiSource)

// questionPaths are the GET routes that take the question's query keys.
var questionPaths = []string{"/api/v1/advice", "/api/v1/advice/what-if", "/api/v1/advice/launch"}

// mustOpenAPI puts the question's parameters into the description.
func mustOpenAPI(src []byte) []byte {
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		panic(fmt.Sprintf("web: openapi.json: %v", err))
	}
	for _, path := range questionPaths {
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

// OpenAPI returns the API's description as GET /api/openapi.json serves
// it (OpenAPI 3.1), for `gpuplace openapi` and client generators. The
// bytes are a copy: the served description cannot be changed through it.
func OpenAPI() []byte { return bytes.Clone(openapi) }

// handleOpenAPI handles GET /api/openapi.json: the API's description.
func handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(openapi)
}
