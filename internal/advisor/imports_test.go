package advisor_test

import (
	"go/build"
	"slices"
	"testing"
)

// forbiddenImports would give the advisor I/O, a clock, randomness or a web
// framework: it must stay a pure function of catalog and request.
var forbiddenImports = []string{
	"net/http", "database/sql", "log/slog", "os", "time", "math/rand", "math/rand/v2",
	"github.com/a-h/templ", "github.com/go-chi/chi/v5",
}

// Ensure the advisor package (not its tests) imports nothing that does I/O, reads a clock or draws random numbers.
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
