package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/locale"
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

// Ensure a training card says how long the pick takes as its sentences
// do, a job of seconds included (it read "finishes in 0.0 h"), in English
// and in Chinese.
func TestTrainingCardDuration(t *testing.T) {
	s := newTestServer(t)
	for _, q := range []string{
		"kind=training&profile=bert-large&objective=latency&users=DE:100", // about 30 s on 8 × B200
		"kind=training&profile=resnet50&deadline_hours=24",
	} {
		rec := s.do(t, "GET", "/api/v1/advice?candidates=0&"+q, nil)
		wantStatus(t, rec, http.StatusOK)
		var answer struct {
			Pick struct {
				Hours decimal.Decimal `json:"hours"`
			} `json:"pick"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
			t.Fatal(err)
		}
		hours := locale.For(locale.EN).Format(answer.Pick.Hours.InexactFloat64(), locale.FmtHours)
		if strings.Trim(hours, "0.") == "" {
			t.Fatalf("%s: the pick's %s h reads %q", q, answer.Pick.Hours, hours)
		}
		for lang, want := range map[string]string{"en": "finishes in " + hours + " h", "zh-CN": hours + " 小时完成"} {
			page := s.do(t, "GET", "/advice?lang="+lang+"&"+q, nil)
			wantStatus(t, page, http.StatusOK)
			wantContains(t, page.Body.String(), want)
		}
	}
}
