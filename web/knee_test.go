package web_test

import (
	"encoding/json"
	"html"
	"net/http"
	"strings"
	"testing"

	"gpuplace/internal/api"
	"gpuplace/internal/locale"
)

// kneeQuestion's targets (10 s to the first token, 300 ms a token) allow
// its pick's B300 past its knee; headroomQuestion's (800 ms, 60 ms) keep
// its GH200 short of its memory's most, with no knee before it.
const (
	kneeQuestion     = "kind=inference&profile=llama-3.3-70b&rps=20&input_tokens=1000&output_tokens=300&ttft_ms=10000&tpot_ms=300&users=US:100&months=12"
	headroomQuestion = "kind=inference&profile=llama-3.3-70b&rps=5&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=60&users=US:100&months=12"
)

// Ensure an LLM answer names its replicas' knee and headroom: the API's
// pick and every alternative give knee_concurrency and the headroom, the
// pick held at its knee says so in its explanation, on its card and in
// the serving section, and an answer short of its targets says how much
// more load its replicas take, in English and in Chinese; MCP's advise
// gives the API's serving.
func TestAnswerNamesKneeAndHeadroom(t *testing.T) {
	s := newTestServer(t)
	for _, tt := range []struct {
		q      string
		atKnee bool
		page   map[locale.Lang][]string
	}{
		{kneeQuestion, true, map[locale.Lang][]string{
			locale.EN: {`data-testid="knee"`, "Sized at its knee", "At the planned peak it carries"},
			locale.ZH: {`data-testid="knee"`, "按拐点配置", "在计划峰值下，每个副本每秒输出"},
		}},
		{headroomQuestion, false, map[locale.Lang][]string{
			locale.EN: {"more load before a target is missed", "Its curve has no knee"},
			locale.ZH: {"之后才会有目标无法达到", "其曲线没有拐点"},
		}},
	} {
		rec := s.do(t, "GET", "/api/v1/advice?candidates=0&"+tt.q, nil)
		wantStatus(t, rec, http.StatusOK)
		var raw struct {
			Pick         map[string]json.RawMessage   `json:"pick"`
			Alternatives []map[string]json.RawMessage `json:"alternatives"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &raw); err != nil {
			t.Fatal(err)
		}
		for i, o := range append([]map[string]json.RawMessage{raw.Pick}, raw.Alternatives...) {
			var serving map[string]json.RawMessage
			if err := json.Unmarshal(o["serving"], &serving); err != nil {
				t.Fatalf("option %d: serving %s: %v", i, o["serving"], err)
			}
			for _, k := range []string{"knee_concurrency", "at_knee", "headroom_pct", "knee_headroom_pct", "peak_concurrency", "peak_output_tokens_per_s_per_replica", "point_ttft_ms", "point_tpot_ms"} {
				if _, ok := serving[k]; !ok {
					t.Errorf("option %d's serving lacks %s", i, k)
				}
			}
		}
		var answer api.AdviceJSON
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
			t.Fatal(err)
		}
		sv := answer.Pick.Serving
		if sv.AtKnee != tt.atKnee || tt.atKnee && (sv.KneeConcurrency == nil || *sv.KneeConcurrency != sv.Concurrency) {
			t.Errorf("%s: at_knee %v with the knee at %v and %.1f running, want at_knee %v", tt.q, sv.AtKnee, sv.KneeConcurrency, sv.Concurrency, tt.atKnee)
		}
		if said := strings.Join(answer.Pick.Explanation, " "); tt.atKnee != strings.Contains(said, "Sized at its knee") {
			t.Errorf("%s: the explanation says the knee sized it (%v), want %v:\n%s", tt.q, !tt.atKnee, tt.atKnee, said)
		}
		for lang, parts := range tt.page {
			page := s.do(t, "GET", "/advice?lang="+string(lang)+"&"+tt.q, nil)
			wantStatus(t, page, http.StatusOK)
			body := page.Body.String()
			// The serving section says the answer's headroom, with its
			// figures; the card its knee where the knee holds the point.
			p := locale.For(lang)
			headroom := p.Sentences(p.Texts(sv.HeadroomTexts()))
			wantContains(t, body, append(parts, `data-testid="serving-headroom">`+html.EscapeString(headroom)+"<")...)
			if knee, ok := sv.KneeText(); ok {
				wantContains(t, body, `data-testid="knee">`+html.EscapeString(p.Text(knee))+"<")
			} else if strings.Contains(body, `data-testid="knee"`) {
				t.Errorf("%s %s: the card speaks of a knee that did not size the pick", lang, tt.q)
			}
		}
	}
	var got api.AdviceJSON
	mcpResult(t, mcpClient(t, s), "advise", json.RawMessage(`{"workload":{"kind":"inference","profile":"llama-3.3-70b","rps":20,"input_tokens":1000,"output_tokens":300,"ttft_ms":10000,"tpot_ms":300,"months":12},"users":[{"location":"US","share":100}]}`), &got)
	if got.Pick == nil || got.Pick.Serving == nil || !got.Pick.Serving.AtKnee || got.Pick.Serving.KneeHeadroomPct == nil {
		t.Fatalf("MCP's advise: pick %+v, want its serving held at its knee with the headroom", got.Pick)
	}
}
