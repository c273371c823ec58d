package web

import (
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"gpuplace/static"
)

// handleStatic serves an embedded static file by its content-hashed name,
// cached for a year since the name changes whenever the content does. A
// plain name is served too, but revalidated.
func handleStatic(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/static/")
	cache := "public, max-age=31536000, immutable"
	if plain, ok := static.Resolve(name); ok {
		name = plain
	} else {
		cache = "no-cache"
	}
	b, err := fs.ReadFile(static.FS, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	w.Header().Set("Cache-Control", cache)
	w.Write(b)
}

// handleFavicon serves the site's icon at /favicon.ico, where browsers ask
// for it whatever a page names: the SVG the pages link to.
func handleFavicon(w http.ResponseWriter, r *http.Request) {
	b, err := fs.ReadFile(static.FS, "img/favicon.svg")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(b)
}
