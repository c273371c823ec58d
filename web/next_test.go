package web

import (
	"net/url"
	"strings"
	"testing"
)

// Ensure the sign-in redirect keeps paths on this site and turns every
// way out of it into the quote list.
func TestSafeNext(t *testing.T) {
	for _, ok := range []string{"/quotes", "/quotes/Q-2026-0001", "/quotes?q=acme&page=2", "/admin/catalog?diff=2026-11-29.1",
		"/advice?users=DE%3A60%2CUS%3A40", "/s/ABCDEF", "/quotes/new?link=X#lines", "/%E6%8A%A5%E4%BB%B7", "/a%2Fb"} {
		if got := safeNext(ok); got != ok {
			t.Errorf("safeNext(%q) = %q, want it kept", ok, got)
		}
	}
	for _, bad := range []string{
		"", "quotes", "//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example", "/\\/evil.example",
		"https://evil.example", "http:/evil.example", "javascript:alert(1)", " /quotes", "\t/quotes",
		"/%09/evil.example", "/%0a/evil.example", "/%0d/evil.example", "/\t/evil.example", "/\n/evil.example",
		"/%2F/evil.example", "/%2f%2fevil.example", "/%5C/evil.example", "/%5c%5cevil.example", "/quotes%00",
		"/%zz", "/\x7f/evil", "/%7F/evil", "/\u0085/evil", "/%C2%85/evil", "/\xff", "/%FF", "/quotes\\..\\evil",
		"/" + strings.Repeat("a", 3000),
	} {
		if got := safeNext(bad); got != defaultNext {
			t.Errorf("safeNext(%q) = %q, want %q", bad, got, defaultNext)
		}
	}
}

// browserHosts are the hosts a browser on https://gpuplace.test/login
// goes to when told to go to loc: browsers drop tabs and newlines, trim
// leading and trailing control characters and spaces, and read "\" as
// "/"; the percent-decoded form is tried as well, for a sloppy proxy (a
// decoded form that does not parse, such as "/%", is left out).
func browserHosts(loc string) []string {
	base, _ := url.Parse("https://gpuplace.test/login")
	var hosts []string
	for i, s := range []string{loc, mustUnescape(loc)} {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
		s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
		s = strings.ReplaceAll(s, "\\", "/")
		u, err := url.Parse(s)
		switch {
		case err != nil && i == 0:
			hosts = append(hosts, "unparsable")
		case err == nil:
			hosts = append(hosts, base.ResolveReference(u).Host)
		}
	}
	return hosts
}

func mustUnescape(s string) string {
	if d, err := url.PathUnescape(s); err == nil {
		return d
	}
	return s
}

// FuzzSafeNext checks the sign-in redirect on any value of next: it is
// kept whole or replaced by the default, and what is kept leads a browser
// to this site only, as written and once decoded.
func FuzzSafeNext(f *testing.F) {
	f.Fuzz(func(t *testing.T, next string) {
		got := safeNext(next)
		if got != next && got != defaultNext {
			t.Fatalf("safeNext(%q) = %q: neither kept nor the default", next, got)
		}
		if got != next {
			return
		}
		for _, h := range browserHosts(got) {
			if h != "gpuplace.test" {
				t.Fatalf("safeNext kept %q, which a browser reads as host %q", got, h)
			}
		}
	})
}
