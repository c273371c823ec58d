package web_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// Ensure an LLM answer says its units in the reader's language and names
// the currency of its unit prices: in Chinese the latencies of the map's
// legend (against the target), the alternatives' weighted latencies and
// the candidates' tooltips (with their share within the target) are in 毫秒 and the sizing's figure in words of its own; both languages
// head the unit prices with the answer's currency.
func TestAnswerUnitsInReadersLanguage(t *testing.T) {
	s := newTestServer(t)
	for _, tt := range []struct {
		lang  string
		want  []string
		match []*regexp.Regexp
		bans  []*regexp.Regexp
	}{
		{"zh-CN", []string{"全部在 800 毫秒以内", "全部超过 800 毫秒", "单价（CNY）", "每 GPU 每秒输出 token"},
			[]*regexp.Regexp{regexp.MustCompile(`data-label="加权延迟">[\d,.]+ 毫秒<`), regexp.MustCompile(`<title>[^<]*: ¥[\d,]+, [\d,.]+ 毫秒, [\d.]+% 的用户在 800 毫秒以内</title>`)},
			[]*regexp.Regexp{regexp.MustCompile(`[\d.] ms[<)]`), regexp.MustCompile(`output tokens/s per GPU`)}},
		{"en", []string{"all within 800 ms", "Unit price (USD)", "output tokens/s per GPU"},
			[]*regexp.Regexp{regexp.MustCompile(`data-label="Weighted latency">[\d,.]+ ms<`)}, nil},
	} {
		rec := s.do(t, "GET", "/advice?"+headroomQuestion+"&lang="+tt.lang, nil)
		wantStatus(t, rec, http.StatusOK)
		body := html.UnescapeString(rec.Body.String())
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: the answer lacks %q", tt.lang, w)
			}
		}
		for _, re := range tt.match {
			if !re.MatchString(body) {
				t.Errorf("%s: nothing in the answer matches %s", tt.lang, re)
			}
		}
		for _, re := range tt.bans {
			if m := re.FindString(body); m != "" {
				t.Errorf("%s: the answer says %q", tt.lang, m)
			}
		}
	}
}
