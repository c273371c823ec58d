package locale

import (
	"context"
	"strings"
)

// readerKey is the context key of the reader's printer.
type readerKey struct{}

// WithPrinter returns a context whose pages and messages are said by p:
// the reader's language, naming countries as the request's catalog does.
func WithPrinter(ctx context.Context, p Printer) context.Context {
	return context.WithValue(ctx, readerKey{}, p)
}

// From is the reader's printer (English when none was set).
func From(ctx context.Context) Printer {
	p, _ := ctx.Value(readerKey{}).(Printer)
	return p
}

// T returns a message in the reader's language.
func T(ctx context.Context, key string) string { return From(ctx).T(key) }

// Label is a message as a label before its value, with the colon the
// reader's language writes: "Source: " in English, "来源：" in Chinese (a
// full-width colon, no space after it).
func Label(ctx context.Context, key string) string {
	p := From(ctx)
	if p.Lang() == ZH {
		return p.T(key) + "："
	}
	return p.T(key) + ": "
}

// Colon is the colon after a label in the reader's language: ":" in
// English, the full-width "：" in Chinese.
func Colon(ctx context.Context) string {
	if From(ctx).Lang() == ZH {
		return "："
	}
	return ":"
}

// Paren writes s in parentheses after what it qualifies: " (s)" in
// English, "（s）" (full-width, no space) in Chinese.
func (p Printer) Paren(s string) string {
	if p.Lang() == ZH {
		return "（" + s + "）"
	}
	return " (" + s + ")"
}

// Tf formats a message in the reader's language with args.
func Tf(ctx context.Context, key string, args ...any) string { return From(ctx).Tf(key, args...) }

// Tn formats a message about n things: key+".one" for exactly one, else
// key+".other" (Chinese says both alike), n the first argument.
func Tn(ctx context.Context, key string, n int, args ...any) string {
	k := key + ".other"
	if n == 1 {
		k = key + ".one"
	}
	return Tf(ctx, k, append([]any{n}, args...)...)
}

// Say renders a sentence in the reader's language.
func Say(ctx context.Context, t Text) string { return From(ctx).Text(t) }

// SayAll renders sentences in the reader's language.
func SayAll(ctx context.Context, ts []Text) []string { return From(ctx).Texts(ts) }

// LangOf is the reader's language tag ("en", "zh-CN").
func LangOf(ctx context.Context) string { return string(From(ctx).Lang()) }

// Country names a country by its code in the reader's language, in
// English as the printer's names have it.
func (p Printer) Country(code string) string { return p.CountryName(code, p.countryName(code)) }

// Place writes where something is: "Frankfurt, Germany", or the country
// alone where the city is only the country's name ("Germany", not
// "Germany, Germany").
func (p Printer) Place(city, code string) string {
	switch {
	case city == "" || city == p.countryName(code):
		return p.Country(code)
	case strings.Contains(city, " or "):
		// Several places, which name their countries themselves:
		// "Stockholm, Sweden, or Oslo, Norway", "Germany or Finland".
		return p.City(city)
	}
	if p.lang == ZH {
		return p.Country(code) + p.City(city)
	}
	return city + ", " + p.Country(code)
}

// LinkLang is the reader's language as links carry it: "zh-CN", or ""
// for English (the default, which links leave out).
func LinkLang(ctx context.Context) string {
	if From(ctx).Lang() == ZH {
		return string(ZH)
	}
	return ""
}

// LangQuery keeps the reader's language in a link: "?lang=zh-CN" or "".
func LangQuery(ctx context.Context) string {
	if l := LinkLang(ctx); l != "" {
		return "?lang=" + l
	}
	return ""
}

// LangParam is LangQuery for a link that has a query already:
// "&lang=zh-CN" or "".
func LangParam(ctx context.Context) string {
	if l := LinkLang(ctx); l != "" {
		return "&lang=" + l
	}
	return ""
}

// Separator is what follows item i of n in a running list: "; ", or
// nothing after the last.
func Separator(i, n int) string {
	if i < n-1 {
		return "; "
	}
	return ""
}
