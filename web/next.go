package web

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// defaultNext is where signing in leads when next is missing or unsafe.
const defaultNext = "/quotes"

// safeNext keeps the target of the redirect after signing in on this site
// (see isLocalPath); anything else becomes defaultNext.
func safeNext(next string) string {
	if !isLocalPath(next) {
		return defaultNext
	}
	return next
}

// isLocalPath reports whether next is a path on this site however a
// browser reads it: it starts with exactly one "/" (not "//" or "/\",
// which browsers read as another host), parses to no scheme, host or
// user, and holds no control character or backslash, neither as written
// nor once percent-decoded (browsers drop tabs and newlines, so "/%09/x"
// could become "//x").
func isLocalPath(next string) bool {
	if next == "" || next[0] != '/' || len(next) > 2048 || !plainURLText(next) {
		return false
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return false
	}
	decoded, err := url.PathUnescape(next)
	if err != nil || !plainURLText(decoded) {
		return false
	}
	return !strings.HasPrefix(next, "//") && !strings.HasPrefix(decoded, "//")
}

// plainURLText reports whether s is UTF-8 without control characters or
// backslashes.
func plainURLText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == '\\' {
			return false
		}
	}
	return true
}
