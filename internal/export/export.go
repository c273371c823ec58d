// Package export writes a quote as a document a customer can keep: PDF,
// XLSX and CSV, in the quote's language.
package export

import (
	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
)

// label returns a word of the document in the quote's language.
func label(q quote.Quote, key string) string {
	lang, _ := locale.Parse(q.Lang)
	if key == "rule" {
		return locale.For(lang).T("quote.rule")
	}
	return locale.For(lang).T("export." + key)
}
