package web_test

import (
	"net/http"
	"testing"
)

// Ensure a result page shows why: the risks beside the pick, the figures
// the sizing rests on, and each alternative's trade-off, in English and in
// Chinese.
func TestAdvicePageShowsWhy(t *testing.T) {
	s := newTestServer(t)
	q := "/advice?deadline_hours=24&kind=training&pricing=on_demand,spot&profile=resnet50"
	for _, tt := range []struct {
		lang  string
		parts []string
	}{
		{"en", []string{`data-testid="risks"`, "Before you rely on this", `data-kind="spot"`, "can be reclaimed at short notice",
			`data-testid="basis"`, "What the sizing rests on", "GPUs compared on one basis: PyTorch AMP",
			`data-testid="alt-tradeoff"`, "finishes", "h earlier", "Against the pick"}},
		{"zh-CN", []string{`data-testid="risks"`, "采用前请注意", "可能被随时回收", `data-testid="basis"`, "容量规划的依据",
			"所有 GPU 按同一基准比较", "与推荐方案相比", "提前"}},
	} {
		rec := s.do(t, "GET", q+"&lang="+tt.lang, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", tt.lang, rec.Code)
		}
		wantContains(t, rec.Body.String(), tt.parts...)
	}
}
