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
	return printer(ctx).WithCountryNames(func(code string) string { return englishCountry(ctx, code) })
}

// countryOf names a country by its code in the page's language, in English
// as the request's catalog names it.
func countryOf(ctx context.Context, code string) string {
	return CountryName(ctx, code, englishCountry(ctx, code))
}

// englishCountry is a country's name as the request's catalog has it, or
// its code.
func englishCountry(ctx context.Context, code string) string {
	if c, ok := ctx.Value(namesKey{}).(*catalog.Catalog); ok {
		if ct, ok := c.Country(code); ok {
			return ct.Name
		}
	}
	return code
}

// cityAndCountry writes where a region is: "Frankfurt, Germany", or the
// country alone where the catalog knows the region only by its country
// (its city reads "Germany": not "Germany, Germany").
func cityAndCountry(ctx context.Context, city, code string) string {
	if city == "" || city == englishCountry(ctx, code) {
		return countryOf(ctx, code)
	}
	return city + ", " + countryOf(ctx, code)
}
