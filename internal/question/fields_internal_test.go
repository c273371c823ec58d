package question

import (
	"testing"

	"gpuplace/internal/advisor"
)

// Ensure a row whose type does not fit the request field it binds, or
// that binds no request field, stops the program when it starts.
func TestTableChecked(t *testing.T) {
	var outside float64
	for name, f := range map[string]Field{
		"type":  {Key: "x", Type: Number, bind: func(r *advisor.Request) any { return &r.GDPR }},
		"field": {Key: "y", Type: Number, bind: func(r *advisor.Request) any { return &outside }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: a mis-bound row was accepted", name)
				}
			}()
			withPaths([]Field{f})
		}()
	}
	if fs := withPaths([]Field{{Key: "z", Type: Number, bind: func(r *advisor.Request) any { return &r.Data.DatasetGB }}}); fs[0].Path != "data.dataset_gb" {
		t.Errorf("path = %q, want data.dataset_gb (the first field of a struct, not the struct)", fs[0].Path)
	}
}
