package web_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/web"
)

// mcpCall is a tools/call message of tool with args (JSON) and id.
func mcpCall(id int, tool, args string) string {
	return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`
}

// remaining is what a /mcp answer says is left of the advice budget.
func remaining(t *testing.T, rec interface{ Header() http.Header }) int {
	t.Helper()
	n, err := strconv.Atoi(rec.Header().Get("X-RateLimit-Remaining"))
	if err != nil {
		t.Fatalf("X-RateLimit-Remaining %q: %v", rec.Header().Get("X-RateLimit-Remaining"), err)
	}
	return n
}

// llmWhatIfQuestion is a question whose what-if asks every variation of the
// advisor in full (an LLM's serving is not re-priced from plans built once).
const llmWhatIfQuestion = `{"workload":{"kind":"inference","profile":"llama-3.1-8b","rps":5,"tpot_ms":50},"users":[{"location":"US","share":60},{"location":"DE","share":40}],` +
	`"pricing":["on_demand","spot","reserved_1y"]}`

// Ensure /mcp refuses a JSON-RPC batch (the protocol since 2025-06-18 has
// none) with a JSON-RPC error the client can read, charging it as one
// request and asking the advisor nothing, while one message a POST is
// answered and charged as before.
func TestMCPBatchRefused(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{Advice: 100, Posts: 1000}))
	var calls []string
	for i := range 5 {
		calls = append(calls, mcpCall(i+1, "advise", llmWhatIfQuestion))
	}
	rec := mcpPost(t, s, "[\n"+strings.Join(calls, ",")+"]")
	wantStatus(t, rec, http.StatusBadRequest)
	var reply struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &reply); err != nil || reply.JSONRPC != "2.0" || string(reply.ID) != "null" ||
		reply.Error.Code != -32600 || !strings.Contains(reply.Error.Message, "batch") {
		t.Errorf("a batch: %s (%v); want a JSON-RPC error -32600 with id null that says batches are refused", rec.Body, err)
	}
	if got := remaining(t, rec); got != 99 {
		t.Errorf("after a refused batch of 5 calls, %d of 100 left; want 99 (the POST, no call)", got)
	}
	rec = mcpPost(t, s, mcpCall(9, "advise", llmWhatIfQuestion))
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `"pick"`)
	if got := remaining(t, rec); got != 98 {
		t.Errorf("after one advise, %d left; want 98", got)
	}
}

// Ensure a what_if costs the advice budget at least as many answers as it
// asks the advisor (the question and each variation), an advise one: a
// what-if the budget no longer covers is refused 429 with Retry-After in
// problem+json, as the API refuses, while an advise still fits; a tool
// name the SDK reads differently from a plain decoder does not make a
// what_if cheap; and a body over the cap is 413 in problem+json.
func TestMCPWhatIfChargedByItsWork(t *testing.T) {
	const budget = 600
	s := newTestServer(t, withLimits(web.Limits{Advice: budget, Posts: 1000}))
	req, err := advisor.DecodeRequest(strings.NewReader(llmWhatIfQuestion))
	if err != nil {
		t.Fatal(err)
	}
	wi, err := advisor.RecommendWhatIf(s.cat, req)
	if err != nil || len(wi.Load) != 0 {
		t.Fatalf("the LLM what-if: %v, %d load points; want every variation asked in full", err, len(wi.Load))
	}
	asked := 1 + wi.Variations

	rec := mcpPost(t, s, mcpCall(1, "what_if", llmWhatIfQuestion))
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `"changes"`)
	if got := budget - remaining(t, rec); got != 1 {
		t.Errorf("a what_if cost %d to start; want 1", got)
	}
	// Its work is charged once it is done: an advise after it (one)
	// finds the rest spent.
	rec = mcpPost(t, s, mcpCall(2, "advise", llmWhatIfQuestion))
	wantStatus(t, rec, http.StatusOK)
	cost := budget - remaining(t, rec) - 1
	if cost < asked {
		t.Fatalf("a what_if that asked the advisor %d questions cost %d of the budget; want at least %d", asked, cost, asked)
	}

	// The SDK reads params' keys case-sensitively, the standard decoder
	// does not: "Name" must not pass for the tool's name.
	left := remaining(t, rec)
	rec = mcpPost(t, s, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"what_if","Name":"latency","arguments":`+llmWhatIfQuestion+`}}`)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `"changes"`)
	rec = mcpPost(t, s, mcpCall(2, "advise", llmWhatIfQuestion))
	if got := left - remaining(t, rec) - 1; got != cost {
		t.Errorf("a what_if with a stray Name key cost %d; want %d as any what_if", got, cost)
	}

	// A what_if needs one answer left to start and is charged the rest of
	// its work once done: spend the budget to nothing, then it is refused.
	for i := 0; ; i++ {
		rec = mcpPost(t, s, mcpCall(4, "what_if", llmWhatIfQuestion))
		if rec.Code == http.StatusTooManyRequests {
			break
		}
		wantStatus(t, rec, http.StatusOK)
		if i > budget/asked+1 {
			t.Fatalf("%d what_ifs of %d questions each within a budget of %d", i+1, asked, budget)
		}
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" || rec.Header().Get("Retry-After") == "" {
		t.Errorf("a what_if over the budget: Content-Type %q, Retry-After %q; want problem+json and a wait", ct, rec.Header().Get("Retry-After"))
	}
	wantStatus(t, mcpPost(t, s, mcpCall(6, "advise", llmWhatIfQuestion)), http.StatusTooManyRequests)

	big := mcpCall(7, "advise", `{"workload":{"kind":"inference","profile":"`+strings.Repeat("a", 70<<10)+`"}}`)
	rec = mcpPost(t, newTestServer(t, withLimits(web.Limits{Advice: budget, Posts: 1000})), big)
	wantStatus(t, rec, http.StatusRequestEntityTooLarge)
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Errorf("a body over the cap: Content-Type %q; want problem+json, as the API answers", ct)
	}
}
