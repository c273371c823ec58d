package templates

import (
	"context"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

type namesKey struct{}

// WithCatalog returns a context whose pages name countries in English as
// the catalog does (other languages have their own names).
func WithCatalog(ctx context.Context, c *catalog.Catalog) context.Context {
	return context.WithValue(ctx, namesKey{}, c)
}

// Say renders a sentence of an answer in the page's language.
func Say(ctx context.Context, t locale.Text) string { return sayer(ctx).Text(t) }

// SayAll renders a list of sentences.
func SayAll(ctx context.Context, ts []locale.Text) []string { return sayer(ctx).Texts(ts) }

// sayer is the page's printer, naming countries as the request's catalog
// does where the language has no name of its own.
func sayer(ctx context.Context) locale.Printer {
	c, _ := ctx.Value(namesKey{}).(*catalog.Catalog)
	return printer(ctx).WithCountryNames(func(code string) string {
		if c != nil {
			if ct, ok := c.Country(code); ok {
				return ct.Name
			}
		}
		return code
	})
}

// countryOf names a country by its code in the page's language, in English
// as the request's catalog names it.
func countryOf(ctx context.Context, code string) string {
	english := code
	if c, ok := ctx.Value(namesKey{}).(*catalog.Catalog); ok {
		if ct, ok := c.Country(code); ok {
			english = ct.Name
		}
	}
	return CountryName(ctx, code, english)
}
