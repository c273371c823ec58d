package templates

import (
	"context"
	"fmt"
	"net/url"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// Languages the pages speak, by the tag used in ?lang= and <html lang>.
const (
	LangEN = "en"
	LangZH = "zh-CN"
)

type pageKey struct{}

// page is what every page needs to know about the request it answers.
type page struct {
	lang string
	uri  *url.URL
}

type userKey struct{}

// SignedIn is the user a page is shown to, for the header.
type SignedIn struct {
	Email string
	Role  string
}

// WithUser records the signed-in user for the header.
func WithUser(ctx context.Context, email, role string) context.Context {
	return context.WithValue(ctx, userKey{}, SignedIn{Email: email, Role: role})
}

// User returns the signed-in user, if any.
func User(ctx context.Context) (SignedIn, bool) {
	u, ok := ctx.Value(userKey{}).(SignedIn)
	return u, ok
}

// WithPage returns a context whose pages render in lang, for the request
// URI uri (used by the language switch).
func WithPage(ctx context.Context, lang string, uri *url.URL) context.Context {
	return context.WithValue(ctx, pageKey{}, page{lang: lang, uri: uri})
}

// Lang is the language of the page being rendered (English by default).
func Lang(ctx context.Context) string {
	if p, ok := ctx.Value(pageKey{}).(page); ok && p.lang == LangZH {
		return LangZH
	}
	return LangEN
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

var matcher = language.NewMatcher([]language.Tag{language.English, language.SimplifiedChinese})

// MatchLang picks the page language: an explicit choice (?lang= or the
// cookie) when it is one we speak, else the best match for Accept-Language.
func MatchLang(explicit, acceptLanguage string) string {
	switch explicit {
	case LangEN, LangZH:
		return explicit
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return LangEN
	}
	// The matcher's returned tag carries extensions: use the index.
	_, i, conf := matcher.Match(tags...)
	if i == 1 && conf != language.No {
		return LangZH
	}
	return LangEN
}

// T returns the message key in the page's language. A key without a
// translation renders as itself, which the messages test forbids.
func T(ctx context.Context, key string) string {
	m, ok := lookup(key)
	if !ok {
		return key
	}
	if Lang(ctx) == LangZH {
		return m[1]
	}
	return m[0]
}

// messageTables are the message tables by page area: the placement and
// quote pages, the catalog admin page.
var messageTables = []map[string][2]string{messages, adminMessages, errorMessages}

func lookup(key string) ([2]string, bool) {
	for _, t := range messageTables {
		if m, ok := t[key]; ok {
			return m, true
		}
	}
	return [2]string{}, false
}

// Tf formats the message key with args.
func Tf(ctx context.Context, key string, args ...any) string {
	return fmt.Sprintf(T(ctx, key), args...)
}

var zhRegions = display.Regions(language.SimplifiedChinese)

// CountryName names a country in the page's language, falling back to the
// catalog's English name.
func CountryName(ctx context.Context, code, english string) string {
	if Lang(ctx) != LangZH || len(code) != 2 {
		return english
	}
	r, err := language.ParseRegion(code)
	if err != nil {
		return english
	}
	if n := zhRegions.Name(r); n != "" {
		return n
	}
	return english
}
