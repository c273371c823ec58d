package templates

import (
	"net/url"

	"gpuplace/internal/locale"
)

// Languages the pages speak, by the tag used in ?lang= and <html lang>.
const (
	LangEN = string(locale.EN)
	LangZH = string(locale.ZH)
)

// Frame is what every page's frame (header and language switch) shows of
// the request it answers: who is signed in, and its address.
type Frame struct {
	// User is the signed-in user, nil for a visitor.
	User *SignedIn
	// URI is the address the page answers, for the language switch and
	// the way back after signing in.
	URI *url.URL
}

// SignedIn is the user a page is shown to.
type SignedIn struct {
	Email string
	Role  string
}

// LangURL is the page in another language.
func (f Frame) LangURL(lang string) string {
	if f.URI == nil {
		return "/?lang=" + lang
	}
	q := f.URI.Query()
	q.Set("lang", lang)
	return f.URI.Path + "?" + q.Encode()
}

// LoginURL signs in and comes back to this page.
func (f Frame) LoginURL() string {
	if f.URI == nil || f.URI.Path == "/login" {
		return "/login"
	}
	return "/login?next=" + url.QueryEscape(f.URI.RequestURI())
}
