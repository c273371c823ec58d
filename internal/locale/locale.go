// Package locale owns what the product says and how it writes it: the
// languages, every message in each of them, number, money and percent
// formats, the answer sentences the advisor builds as Texts, and the field
// errors of bad input. A new language or message is added here and
// nowhere else.
package locale

import (
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// Lang is a language the product speaks, as its BCP 47 tag ("en",
// "zh-CN"), the value of ?lang= and <html lang>.
type Lang string

// The languages.
const (
	EN Lang = "en"
	ZH Lang = "zh-CN"
)

// Langs lists the languages in the order the language switch shows them.
var Langs = []Lang{EN, ZH}

var matcher = language.NewMatcher([]language.Tag{language.English, language.SimplifiedChinese})

// Parse returns the language a tag names, or EN and false.
func Parse(tag string) (Lang, bool) {
	for _, l := range Langs {
		if string(l) == tag {
			return l, true
		}
	}
	return EN, false
}

// Match picks a language: an explicit choice (?lang= or a cookie) when it
// is one we speak, else the best match for an Accept-Language header.
func Match(explicit, acceptLanguage string) Lang {
	if l, ok := Parse(explicit); ok {
		return l
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return EN
	}
	// The matcher's returned tag carries extensions: use the index.
	_, i, conf := matcher.Match(tags...)
	if i == 1 && conf != language.No {
		return ZH
	}
	return EN
}

var zhRegions = display.Regions(language.SimplifiedChinese)

// CountryName names a country (ISO 3166 alpha-2) in the printer's
// language, falling back to english (the catalog's name).
func (p Printer) CountryName(code, english string) string {
	if p.lang != ZH || len(code) != 2 {
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
