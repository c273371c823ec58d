package web_test

import (
	"net/http"
	"regexp"
	"testing"
)

// badVerb is what fmt writes for an argument its verb cannot format
// (%!s(int=0), %!d(string=…), a missing or extra argument).
var badVerb = regexp.MustCompile(`%!\w*\(`)

// Ensure the answer pages of every kind, in both languages, print no
// argument their message's verb cannot format.
func TestPagesFormatEveryArgument(t *testing.T) {
	s := newTestServer(t)
	for _, q := range []string{
		"kind=inference&profile=llama-3.3-70b&rps=5&users=US:50,DE:50&months=12",
		"kind=inference&profile=llama-3.1-8b&rps=2&users=HK:100&months=1&tpot_ms=5",
		"kind=inference&profile=resnet50&rps=20&users=DE:60,US:40",
		"kind=training&profile=resnet50&epochs=10",
	} {
		for _, lang := range []string{"en", "zh-CN"} {
			rec := s.do(t, "GET", "/advice?"+q+"&lang="+lang, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("%s (%s): %d", q, lang, rec.Code)
			}
			if m := badVerb.FindAllString(rec.Body.String(), 3); m != nil {
				t.Errorf("%s (%s) prints %q", q, lang, m)
			}
		}
	}
}
