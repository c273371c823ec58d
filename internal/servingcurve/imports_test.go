package servingcurve_test

import (
	"go/build"
	"slices"
	"testing"
)

// allowedImports keep the serving curve pure and below the advisor: the
// catalog's facts, the serving model and the field errors, with no I/O,
// clock, randomness, web framework or answer engine.
var allowedImports = []string{"errors", "math", "slices", "strconv", "strings",
	"gpuplace/internal/catalog", "gpuplace/internal/locale", "gpuplace/internal/serving"}

// Ensure the servingcurve package (not its tests) imports only what
// allowedImports lists.
func TestImportPurity(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatalf("build.ImportDir(.) error = %v", err)
	}
	if len(pkg.Imports) == 0 {
		t.Fatal("build.ImportDir(.) found no imports: wrong directory?")
	}
	for _, imp := range pkg.Imports {
		if !slices.Contains(allowedImports, imp) {
			t.Errorf("package %s imports %s, want only %v", pkg.Name, imp, allowedImports)
		}
	}
}
