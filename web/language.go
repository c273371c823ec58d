package web

import (
	"context"
	"net/http"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/templates"
)

// langCookie remembers a language chosen with the switch.
const langCookie = "lang"

// withLanguage picks the page language (?lang=, then the cookie, then
// Accept-Language) and puts the reader's printer (that language, naming
// countries as the request's catalog does) in the request context.
func (s *Server) withLanguage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		explicit := r.URL.Query().Get(keyLang)
		if explicit == "" {
			if c, err := r.Cookie(langCookie); err == nil {
				explicit = c.Value
			}
		} else if explicit == templates.LangEN || explicit == templates.LangZH {
			http.SetCookie(w, &http.Cookie{Name: langCookie, Value: explicit, Path: "/", MaxAge: 365 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode})
		}
		lang := locale.Match(explicit, r.Header.Get("Accept-Language"))
		w.Header().Add("Vary", "Accept-Language, Cookie")
		next.ServeHTTP(w, r.WithContext(s.inLanguage(r, lang)))
	})
}

// inLanguage is r's context with the reader's printer for lang.
func (s *Server) inLanguage(r *http.Request, lang locale.Lang) context.Context {
	return locale.WithPrinter(r.Context(), s.printer(r, lang))
}

// printer says lang, naming countries in English as the request's catalog
// does where lang has no name of its own.
func (s *Server) printer(r *http.Request, lang locale.Lang) locale.Printer {
	return locale.For(lang).WithCountryNames(catalogCountryNames(s.cat(r)))
}

// catalogCountryNames names countries in English as c does, by their
// codes (the code itself where c has no such country).
func catalogCountryNames(c *catalog.Catalog) func(code string) string {
	return func(code string) string {
		if ct, ok := c.Country(code); ok {
			return ct.Name
		}
		return code
	}
}

// frame is what a page's frame shows of its request: the signed-in user
// and the address.
func frame(r *http.Request) templates.Frame {
	f := templates.Frame{URI: r.URL}
	if u, ok := userOf(r.Context()); ok {
		f.User = &templates.SignedIn{Email: u.Email, Role: u.Role}
	}
	return f
}
