package web

import (
	"net/http"

	"gpuplace/templates"
)

// langCookie remembers a language chosen with the switch.
const langCookie = "lang"

// withLanguage picks the page language (?lang=, then the cookie, then
// Accept-Language) and puts it in the request context for the templates.
func withLanguage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		explicit := r.URL.Query().Get(keyLang)
		if explicit == "" {
			if c, err := r.Cookie(langCookie); err == nil {
				explicit = c.Value
			}
		} else if explicit == templates.LangEN || explicit == templates.LangZH {
			http.SetCookie(w, &http.Cookie{Name: langCookie, Value: explicit, Path: "/", MaxAge: 365 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode})
		}
		lang := templates.MatchLang(explicit, r.Header.Get("Accept-Language"))
		w.Header().Add("Vary", "Accept-Language, Cookie")
		next.ServeHTTP(w, r.WithContext(templates.WithPage(r.Context(), lang, r.URL)))
	})
}
