package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// loadCatalog loads the catalog at path (a directory of section files or a
// bundle file), or the embedded one when path is empty.
func loadCatalog(path string) (*catalog.Catalog, error) {
	if path == "" {
		return catalog.Load(data.FS)
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return catalog.Load(os.DirFS(path))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return catalog.LoadBundle(f, path)
}

// catalogSource names where the built-in catalog came from.
func catalogSource(path string) string {
	if path == "" {
		return "embedded"
	}
	return filepath.Base(path)
}

// printProblems writes a catalog's problems one per line and reports
// whether err was such a list.
func printProblems(w io.Writer, err error) bool {
	var probs catalog.Problems
	if !errors.As(err, &probs) {
		return false
	}
	for _, p := range probs {
		fmt.Fprintln(w, p)
	}
	return true
}
