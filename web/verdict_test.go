package web_test

import (
	"strings"
	"testing"

	"gpuplace/web"
)

// Ensure the answer card says in words whether the pick meets the target,
// in both languages: a 5 ms target for Australia is missed, a 100 ms one
// for Germany met.
func TestCardVerdict(t *testing.T) {
	s := newTestServer(t, func(c *web.Config) { c.Limits = web.Limits{} })
	for _, tt := range []struct{ query, kind, en, zh string }{
		{"gdpr=eu&kind=inference&latency_ms=5&profile=bert-large&providers=lambda&rps=50&users=AU%3A100", "misses", "Misses your target", "未达到目标"},
		{"kind=inference&latency_ms=100&profile=bert-large&rps=50&users=DE%3A100", "meets", "Meets your target", "满足目标"},
	} {
		for lang, want := range map[string]string{"": tt.en, "&lang=zh-CN": tt.zh} {
			body := s.do(t, "GET", "/advice?"+tt.query+lang, nil).Body.String()
			if !strings.Contains(body, `data-verdict="`+tt.kind+`"`) || !strings.Contains(body, want) {
				i := strings.Index(body, `data-testid="verdict"`)
				t.Errorf("%s%s: want the card to say %q (%s); card: %.300s", tt.query, lang, want, tt.kind, body[max(i, 0):])
			}
		}
	}
}
