package web_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/question"
	"gpuplace/web"
)

// Ensure the advice page and the API share one advice budget per address.
func TestAdvicePageRateLimited(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{Advice: 3}))
	body := `{"workload":{"kind":"training","profile":"resnet50"}}`
	codes := []int{
		s.do(t, "GET", "/advice?"+germanInference, nil).Code,
		s.do(t, "GET", "/api/v1/advice?"+germanInference, nil).Code,
		s.do(t, "GET", "/advice?"+germanInference, nil).Code,
		s.do(t, "POST", "/api/v1/advice", strings.NewReader(body), "Content-Type", "application/json").Code,
		s.do(t, "GET", "/advice?"+germanInference, nil).Code,
	}
	want := []int{http.StatusOK, http.StatusOK, http.StatusOK, http.StatusTooManyRequests, http.StatusTooManyRequests}
	for i := range want {
		if codes[i] != want[i] {
			t.Fatalf("page, API, page, API, page = %v, want %v: one budget for both", codes, want)
		}
	}
	wantStatus(t, s.do(t, "GET", "/", nil), http.StatusOK)
}

// Ensure 1,500 user groups (over the cap, under the bound on a value's
// length: longer lists are refused unread, see TestLongQueryValuesRefused)
// get the cap's one message on the page and the API, and the page shows
// the first rows and says so instead of echoing every row back.
func TestTooManyUserGroups(t *testing.T) {
	s := newTestServer(t)
	query := "kind=inference&profile=bert-large&rps=1&users=" + strings.TrimSuffix(strings.Repeat("DE:x,", 1500), ",")
	rec := s.do(t, "GET", "/advice?"+query, nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	page := rec.Body.String()
	wantContains(t, page, `data-testid="users-truncated"`, "Only the first 20 of the 1,500 user groups are shown here: a question takes at most 500.")
	if n := strings.Count(page, `name="user_location"`); n != 20 {
		t.Errorf("the page shows %d user rows, want the first 20", n)
	}
	if len(page) > 150<<10 || strings.Count(page, "DE:x") > 100 {
		t.Errorf("the 422 page is %d bytes with %d copies of a row: it echoes the list back", len(page), strings.Count(page, "DE:x"))
	}
	zh := s.do(t, "GET", "/advice?"+query+"&lang=zh-CN", nil).Body.String()
	wantContains(t, zh, "此处只显示 1,500 个用户组中的前 20 个：一个问题最多 500 个。")

	pin := s.do(t, "POST", "/s", strings.NewReader(query), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, pin, http.StatusUnprocessableEntity)
	if len(pin.Body.String()) > 150<<10 {
		t.Errorf("pinning: the 422 page is %d bytes", pin.Body.Len())
	}
	api := s.do(t, "GET", "/api/v1/advice?"+query, nil)
	wantStatus(t, api, http.StatusUnprocessableEntity)
	if n := strings.Count(api.Body.String(), `"field":`); n != 1 || !strings.Contains(api.Body.String(), `"field":"users"`) {
		t.Errorf("the API names %d fields, want the one users error:\n%.500s", n, api.Body.String())
	}
}

// Ensure the edit page of a question counts against the advice budget, as
// the answer's page does: it parses and checks the whole question.
func TestAdviceEditRateLimited(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{Advice: 2}))
	var codes []int
	for range 3 {
		codes = append(codes, s.do(t, "GET", "/advice/edit?"+germanInference, nil).Code)
	}
	if codes[0] != http.StatusOK || codes[1] != http.StatusOK || codes[2] != http.StatusTooManyRequests {
		t.Errorf("three edit pages against a budget of 2 = %v, want 200 200 429", codes)
	}
	wantStatus(t, s.do(t, "GET", "/advice?"+germanInference, nil), http.StatusTooManyRequests)
}

// Ensure a what-if costs the same share of the advice budget whichever
// route asks it (the page, the API, MCP's what_if), as many answers as the
// most it asks the advisor, while an answer costs one; and that under a
// budget smaller than that a what-if costs the whole budget, not a refusal
// Ensure a what-if is charged the work it did, alike on every route: one
// answer to start, then each question it worked out in full beyond its
// own (advisor.WhatIf.Asked), on the page, the API and MCP; an answer
// costs one; and a budget its work spent refuses the next what-if.
func TestWhatIfChargedAlikeOnEveryRoute(t *testing.T) {
	const budget = 600
	s := newTestServer(t)
	req, err := advisor.DecodeRequest(strings.NewReader(llmWhatIfQuestion))
	if err != nil {
		t.Fatal(err)
	}
	wi, err := advisor.RecommendWhatIf(s.cat, req)
	if err != nil || wi.Asked < 2 {
		t.Fatalf("the what-if: %v, %d questions asked in full; want several", err, wi.Asked)
	}
	q := question.Query(wi.Result.Request).Encode()
	charged := func(do func(s *testServer) *httptest.ResponseRecorder) int {
		s := newTestServer(t, withLimits(web.Limits{Advice: budget, Posts: 1000}))
		rec := do(s)
		wantStatus(t, rec, http.StatusOK)
		// The work is charged once it is done: the next request's
		// header says what is left.
		rec = s.do(t, "GET", "/api/v1/advice?"+germanInference, nil)
		return budget - remaining(t, rec) - 1
	}
	mcp := charged(func(s *testServer) *httptest.ResponseRecorder {
		return mcpPost(t, s, mcpCall(1, "what_if", llmWhatIfQuestion))
	})
	page := charged(func(s *testServer) *httptest.ResponseRecorder {
		return s.do(t, "GET", "/advice/what-if?"+q, nil)
	})
	api := charged(func(s *testServer) *httptest.ResponseRecorder {
		return s.do(t, "GET", "/api/v1/advice/what-if?"+q, nil)
	})
	answer := charged(func(s *testServer) *httptest.ResponseRecorder {
		return s.do(t, "GET", "/api/v1/advice?"+germanInference, nil)
	})
	if mcp != wi.Asked || page != wi.Asked || api != wi.Asked || answer != 1 {
		t.Errorf("a what-if of %d questions costs %d on the page, %d on the API, %d on MCP, an answer %d; want %d everywhere and 1",
			wi.Asked, page, api, mcp, answer, wi.Asked)
	}

	s = newTestServer(t, withLimits(web.Limits{Advice: wi.Asked}))
	wantStatus(t, s.do(t, "GET", "/api/v1/advice/what-if?"+q, nil), http.StatusOK)
	wantStatus(t, s.do(t, "GET", "/api/v1/advice/what-if?"+q, nil), http.StatusTooManyRequests)
}
