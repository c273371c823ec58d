// Package data embeds gpuplace's default catalog: one JSON file per section
// (see internal/catalog), built from public figures, each citing its source.
package data

import "embed"

// FS holds the catalog files.
//
//go:embed *.json
var FS embed.FS
