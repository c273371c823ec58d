package web

import (
	_ "embed"
	"net/http"
)

//go:embed openapi.json
var openapi []byte

// handleOpenAPI handles GET /api/openapi.json: the API's description.
func handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(openapi)
}
