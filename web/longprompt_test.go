package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// agentQuestion is a long-prompt question whose prompts are mostly served
// from the prefix cache, with a 60 s target for the first token.
const agentQuestion = "input_tokens=32000&kind=inference&output_tokens=500&prefix_cache_pct=80&profile=llama-3.1-8b&rps=2&tpot_ms=50&ttft_ms=60000&users=US%3A100"

// Ensure prefix_cache_pct is read wherever a question is: the query (the
// API echoes it in its request, and the answer differs from the one
// without it), the JSON request (the same answer), the form (shown back
// as typed, and in the links of the answer's page), a pinned link (its
// question's link) and the edit page. A word, a negative share or one over 95 is a
// field error naming it.
func TestPrefixCacheEverywhere(t *testing.T) {
	s := newTestServer(t)
	get := s.do(t, "GET", "/api/v1/advice?"+agentQuestion, nil)
	wantStatus(t, get, http.StatusOK)
	var answer struct {
		Request struct {
			Workload struct {
				PrefixCachePct float64 `json:"prefix_cache_pct"`
				TTFTMS         float64 `json:"ttft_ms"`
			} `json:"workload"`
		} `json:"request"`
		Pick struct {
			Total string `json:"total"`
		} `json:"pick"`
	}
	if err := json.Unmarshal(get.Body.Bytes(), &answer); err != nil {
		t.Fatal(err)
	}
	if w := answer.Request.Workload; w.PrefixCachePct != 80 || w.TTFTMS != 60000 {
		t.Errorf("request echoed %+v, want prefix_cache_pct 80 and ttft_ms 60000", w)
	}
	whole := s.do(t, "GET", "/api/v1/advice?"+strings.Replace(agentQuestion, "prefix_cache_pct=80&", "", 1), nil)
	wantStatus(t, whole, http.StatusOK)
	if pickTotal(t, whole.Body.Bytes()) == answer.Pick.Total {
		t.Error("the answer with 80 % of prompts from the prefix cache costs the same as without")
	}

	body := `{"workload":{"kind":"inference","profile":"llama-3.1-8b","rps":2,"input_tokens":32000,"output_tokens":500,"ttft_ms":60000,"tpot_ms":50,"prefix_cache_pct":80},` +
		`"users":[{"location":"US","share":100}]}`
	post := s.do(t, "POST", "/api/v1/advice", strings.NewReader(body), "Content-Type", "application/json")
	wantStatus(t, post, http.StatusOK)
	if a, b := pickTotal(t, post.Body.Bytes()), answer.Pick.Total; a != b {
		t.Errorf("POST total %s, GET total %s", a, b)
	}

	page := s.do(t, "GET", "/advice?"+agentQuestion, nil)
	wantStatus(t, page, http.StatusOK)
	wantContains(t, page.Body.String(), `name="prefix_cache_pct"`, `value="80"`, "prefix_cache_pct=80")

	pin := s.do(t, "POST", "/s", strings.NewReader(agentQuestion), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, pin, http.StatusSeeOther)
	pinned := s.do(t, "GET", pin.Header().Get("Location"), nil)
	wantStatus(t, pinned, http.StatusOK)
	wantContains(t, pinned.Body.String(), "prefix_cache_pct=80&amp;profile=llama-3.1-8b")
	if a, b := totalOf(t, pinned.Body.String()), totalOf(t, page.Body.String()); a != b {
		t.Errorf("pinned total %s, page total %s", a, b)
	}
	edit := s.do(t, "GET", "/advice/edit?"+agentQuestion, nil)
	wantStatus(t, edit, http.StatusOK)
	wantContains(t, edit.Body.String(), `name="prefix_cache_pct"`, `value="80"`)

	for _, v := range []string{"half", "-1", "96"} {
		q := strings.Replace(agentQuestion, "prefix_cache_pct=80", "prefix_cache_pct="+v, 1)
		rec := s.do(t, "GET", "/api/v1/advice?"+q, nil)
		wantStatus(t, rec, http.StatusUnprocessableEntity)
		wantContains(t, rec.Body.String(), `"field":"workload.prefix_cache_pct"`)
		page := s.do(t, "GET", "/advice?"+q, nil)
		wantStatus(t, page, http.StatusUnprocessableEntity)
		wantContains(t, page.Body.String(), `id="e-prefix_cache_pct"`)
	}
}

// pickTotal is the total of an API answer's pick.
func pickTotal(t testing.TB, body []byte) string {
	t.Helper()
	var a struct {
		Pick *struct {
			Total string `json:"total"`
		} `json:"pick"`
	}
	if err := json.Unmarshal(body, &a); err != nil || a.Pick == nil {
		t.Fatalf("answer %.300s: %v, want a pick", body, err)
	}
	return a.Pick.Total
}
