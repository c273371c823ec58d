// Package static embeds the stylesheets and scripts the pages use and names
// them by content hash, so they can be cached for good.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"path"
	"strings"
	"sync"
)

//go:embed css js img/world.svg img/world.md img/favicon.svg
var files embed.FS

// FS holds the static files under their plain names (css/app.css).
var FS fs.FS = files

var hashes = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		ext := path.Ext(p)
		hashed := strings.TrimSuffix(p, ext) + "." + hex.EncodeToString(sum[:])[:12] + ext
		m[p] = hashed
		return nil
	})
	return m
})

// Path returns the URL of a static file, with its content hash in the name
// (css/app.css → /static/css/app.3f2a9c….css).
func Path(name string) string {
	if h, ok := hashes()[name]; ok {
		return "/static/" + h
	}
	return "/static/" + name
}

// Resolve maps a hashed name back to the file it names; ok is false for a
// name that is not a current hashed name.
func Resolve(hashed string) (name string, ok bool) {
	for plain, h := range hashes() {
		if h == hashed {
			return plain, true
		}
	}
	return "", false
}
