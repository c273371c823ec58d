package catalog_test

import (
	"go/build"
	"slices"
	"testing"
)

// forbiddenImports would give the catalog package I/O of its own, a clock,
// randomness or a web framework: it reads only the fs.FS it is given.
var forbiddenImports = []string{
	"net/http", "database/sql", "log/slog", "os", "time", "math/rand", "math/rand/v2",
	"github.com/a-h/templ", "github.com/go-chi/chi/v5",
}

// Ensure the catalog package (not its tests) imports nothing that does I/O of its own, reads a clock or draws random numbers.
func TestImportPurity(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatalf("build.ImportDir(.) error = %v", err)
	}
	if len(pkg.Imports) == 0 {
		t.Fatal("build.ImportDir(.) found no imports: wrong directory?")
	}
	for _, imp := range pkg.Imports {
		if slices.Contains(forbiddenImports, imp) {
			t.Errorf("package %s imports %s, want none of %v", pkg.Name, imp, forbiddenImports)
		}
	}
}
