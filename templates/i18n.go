package templates

import (
	"context"
	"net/url"

	"gpuplace/internal/locale"
)

// Languages the pages speak, by the tag used in ?lang= and <html lang>.
const (
	LangEN = string(locale.EN)
	LangZH = string(locale.ZH)
)

type pageKey struct{}

// page is what every page needs to know about the request it answers.
type page struct {
	lang locale.Lang
	uri  *url.URL
}

// WithPage returns a context whose pages render in lang, for the request
// URI uri (used by the language switch).
func WithPage(ctx context.Context, lang string, uri *url.URL) context.Context {
	l, _ := locale.Parse(lang)
	return context.WithValue(ctx, pageKey{}, page{lang: l, uri: uri})
}

// Lang is the language of the page being rendered (English by default).
func Lang(ctx context.Context) string { return string(printer(ctx).Lang()) }

// printer says the page's messages in its language.
func printer(ctx context.Context) locale.Printer {
	p, _ := ctx.Value(pageKey{}).(page)
	return locale.For(p.lang)
}

// LangURL is the current page in another language.
func LangURL(ctx context.Context, lang string) string {
	p, ok := ctx.Value(pageKey{}).(page)
	if !ok || p.uri == nil {
		return "/?lang=" + lang
	}
	q := p.uri.Query()
	q.Set("lang", lang)
	return p.uri.Path + "?" + q.Encode()
}

// MatchLang picks the page language: an explicit choice (?lang= or the
// cookie) when it is one we speak, else the best match for Accept-Language.
func MatchLang(explicit, acceptLanguage string) string {
	return string(locale.Match(explicit, acceptLanguage))
}

// T returns the message key in the page's language.
func T(ctx context.Context, key string) string { return printer(ctx).T(key) }

// Tf formats the message key with args.
func Tf(ctx context.Context, key string, args ...any) string { return printer(ctx).Tf(key, args...) }

// CountryName names a country in the page's language, falling back to the
// catalog's English name.
func CountryName(ctx context.Context, code, english string) string {
	return printer(ctx).CountryName(code, english)
}

// Tn formats a message about n things: key+".one" for exactly one, else
// key+".other" (Chinese says both alike), n the first argument.
func Tn(ctx context.Context, key string, n int, args ...any) string {
	k := key + ".other"
	if n == 1 {
		k = key + ".one"
	}
	return Tf(ctx, k, append([]any{n}, args...)...)
}
