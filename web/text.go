package web

import (
	"maps"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// badText is input that is not text at all: a NUL byte or bytes that are
// not UTF-8. Such input cannot be stored (PostgreSQL refuses it, SQLite
// takes it) or searched for alike on both databases, so it is refused
// at the edge, before any handler: 400, naming the fields.
type badText struct{ fields locale.FieldErrors }

func (b badText) Error() string { return b.fields.Error() }

// Is makes a badText an errBadRequest.
func (b badText) Is(target error) bool { return target == errBadRequest }

// isText reports whether s is UTF-8 without NUL bytes.
func isText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// rejectBadText refuses a request whose path, query keys and values, or
// url-encoded form fields are not text (see badText). Multipart uploads
// and JSON bodies are left to their decoders, and the catalog explorer's
// filters to the explorer, which ignores values it does not know (and
// stores nothing). Then it refuses, on every route, a query value too
// long for any field (see longValues), and a query over maxQueryBytes.
func (s *Server) rejectBadText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var fe locale.FieldErrors
		if !isText(r.URL.Path) {
			fe.Add("path", "invalid.not_text")
		}
		if !strings.HasPrefix(r.URL.Path, "/catalog/") {
			fe = append(fe, badFields(r.URL.Query())...)
		}
		if isURLEncodedForm(r) {
			if err := r.ParseForm(); err != nil {
				s.answerError(badRequest(err)).ServeHTTP(w, r)
				return
			}
			fe = append(fe, badFields(r.PostForm)...)
		}
		if len(fe) > 0 {
			s.answerError(badText{fe}).ServeHTTP(w, r)
			return
		}
		if long := longValues(r.URL.Query()); len(long) > 0 {
			s.answerError(long).ServeHTTP(w, withoutQuery(r))
			return
		}
		if len(r.URL.RawQuery) > maxQueryBytes {
			s.answerError(errQueryTooLong).ServeHTTP(w, withoutQuery(r))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// badFields names the keys of v whose key or values are not text, in
// order.
func badFields(v url.Values) locale.FieldErrors {
	var fe locale.FieldErrors
	for _, k := range slices.Sorted(maps.Keys(v)) {
		ok := isText(k)
		for _, val := range v[k] {
			ok = ok && isText(val)
		}
		if !ok {
			name := k
			if !isText(name) {
				name = strconv.QuoteToASCII(name) // the key itself is not text
			}
			fe.Add(name, "invalid.not_text")
		}
	}
	return fe
}

// longValues names the query keys of v with a value over
// advisor.MaxValueBytes, in order: every route refuses them (422) before
// any handler reads them, and without showing them back. A form's values
// are the domain's to bound: a quote's notes may be longer.
func longValues(v url.Values) locale.FieldErrors {
	var fe locale.FieldErrors
	for _, k := range slices.Sorted(maps.Keys(v)) {
		if !slices.ContainsFunc(v[k], func(s string) bool { return len(s) > advisor.MaxValueBytes }) {
			continue
		}
		if len(k) > maxKeyBytes {
			k = "query"
		}
		fe = append(fe, advisor.TooLong(k))
	}
	return fe
}

// withoutQuery is r without its query but for the page's language, so
// that a page refusing it does not show the query back in its links.
func withoutQuery(r *http.Request) *http.Request {
	u := *r.URL
	u.RawQuery = ""
	if lang := r.URL.Query().Get(keyLang); lang != "" && len(lang) <= maxKeyBytes {
		u.RawQuery = url.Values{keyLang: {lang}}.Encode()
	}
	r2 := r.Clone(r.Context())
	r2.URL = &u
	return r2
}

// maxQueryBytes bounds a URL's whole query (414 beyond), which a page's
// links would otherwise show back however many keys it has: the longest a
// form sends, a question with a row for each of the catalog's 269
// locations, is about 11 KB.
const maxQueryBytes = 64 << 10

// maxKeyBytes is the longest query key named in an error: the site's are
// under 20 bytes.
const maxKeyBytes = 64

// isURLEncodedForm reports whether r carries a url-encoded form body.
func isURLEncodedForm(r *http.Request) bool {
	if r.Method != http.MethodPost && r.Method != http.MethodPut && r.Method != http.MethodPatch {
		return false
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return ct == "application/x-www-form-urlencoded"
}
