package catalog_test

import (
	"strings"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure a version id must be a short token fit for URLs and headers, and
// a source URL must be http or https: bundles come from uploads, and
// pages link to sources.
func TestVersionAndSourceChecks(t *testing.T) {
	for _, tt := range []struct {
		name, old, new, item, field string
	}{
		{"id with a path and markup", `"id":"tiny.1"`, `"id":"../../quotes/x\"><script>"`, "version", "id"},
		{"id with a space", `"id":"tiny.1"`, `"id":"tiny 1"`, "version", "id"},
		{"id too long", `"id":"tiny.1"`, `"id":"` + strings.Repeat("a", 65) + `"`, "version", "id"},
		{"id starting with a dot", `"id":"tiny.1"`, `"id":".tiny"`, "version", "id"},
		{"javascript URL", `"title":"hand-made test figures"`, `"title":"t","url":"javascript:alert(1)"`, "sources[0] t", "url"},
		{"data URL", `"title":"hand-made test figures"`, `"title":"t","url":"data:text/html,x"`, "sources[0] t", "url"},
		{"URL without a host", `"title":"hand-made test figures"`, `"title":"t","url":"https:/x"`, "sources[0] t", "url"},
		{"URL with a user", `"title":"hand-made test figures"`, `"title":"t","url":"https://a@evil.example/"`, "sources[0] t", "url"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fsys := tinyFS(t)
			replace(t, fsys, "version.json", tt.old, tt.new)
			_, err := catalog.Load(fsys)
			for _, p := range problemsOf(t, err) {
				if p.File == "version.json" && p.Item == tt.item && p.Field == tt.field {
					return
				}
			}
			t.Errorf("Load() problems =\n%v\nwant one at version.json: %s: %s", err, tt.item, tt.field)
		})
	}
	for _, ok := range []string{`"id":"2026-11-29.1"`, `"id":"Q4_prices-v2"`} {
		fsys := tinyFS(t)
		replace(t, fsys, "version.json", `"id":"tiny.1"`, ok)
		replace(t, fsys, "version.json", `"title":"hand-made test figures"`, `"title":"t","url":"HTTPS://example.com/prices?x=1"`)
		if _, err := catalog.Load(fsys); err != nil {
			t.Errorf("%s with an https source: %v", ok, err)
		}
	}
}
