package advisor_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// longPrompt is an agent's question: 2 requests a second of 32,000 tokens
// in and 500 out, the first token within 20 s and 50 ms a token after,
// users in the US, 12 months.
func longPrompt() advisor.Request {
	return advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 2, InputTokens: 32000, OutputTokens: 500,
			TTFTMS: 20000, TPOTMS: 50, Months: advisor.Months(12)},
		Users: []advisor.UserShare{{Location: "US", Share: 100}},
	}
}

// Ensure a question with 80 % of each prompt served from the prefix
// cache needs no more GPUs than the same question without it, costs no
// more, and reaches its users' first token sooner, on the H100 and on
// whatever GPU answers; that its reasons and basis say the share is the
// question's, and no measured figure of whole prompts stands beside its
// curve; and that a share of 0 is the question without the key, to the
// byte.
func TestLLMPrefixCacheFewerGPUs(t *testing.T) {
	cat := realCatalog(t)
	for _, gpus := range [][]string{{"h100"}, nil} {
		whole := longPrompt()
		whole.GPUs = gpus
		cached := whole
		cached.Workload.PrefixCachePct = 80
		a, b := recommend(t, cat, whole).Pick, recommend(t, cat, cached).Pick
		if a == nil || b == nil {
			t.Fatalf("gpus %v: pick %v whole, %v cached; want both", gpus, a != nil, b != nil)
		}
		if gb, ga := gpusOf(*b), gpusOf(*a); gb > ga {
			t.Errorf("gpus %v: %v GPUs cached, %v whole", gpus, gb, ga)
		}
		if b.Total.GreaterThan(a.Total) {
			t.Errorf("gpus %v: %s cached, %s whole", gpus, b.Total, a.Total)
		}
		if b.Latency.TTFTMS >= a.Latency.TTFTMS || b.Serving.TTFTMS >= a.Serving.TTFTMS {
			t.Errorf("gpus %v: TTFT %.0f ms (replica %.0f ms) cached, %.0f ms (%.0f ms) whole", gpus, b.Latency.TTFTMS, b.Serving.TTFTMS, a.Latency.TTFTMS, a.Serving.TTFTMS)
		}
		if len(b.Serving.Measured) != 0 {
			t.Errorf("gpus %v: %d measured figures of whole prompts beside a cached curve", gpus, len(b.Serving.Measured))
		}
	}
	res := recommend(t, cat, func() advisor.Request { r := longPrompt(); r.Workload.PrefixCachePct = 80; return r }())
	if !slices.ContainsFunc(res.Pick.Why, func(x locale.Text) bool { return x.ID == "why.llm.cached" }) {
		t.Errorf("why = %v, want the prefix cache's share said", res.Pick.Why)
	}
	for _, bs := range res.Basis {
		if !strings.Contains(bs.Method, "80 % of each prompt served from the prefix cache, as the question states") {
			t.Errorf("basis of %s: %q, want the prefix cache said", bs.GPU, bs.Method)
		}
	}
	zero := longPrompt()
	zero.Workload.PrefixCachePct = 0
	if a, b := answerJSON(t, cat, longPrompt()), answerJSON(t, cat, zero); a != b {
		t.Error("prefix_cache_pct 0 answers otherwise than no prefix_cache_pct")
	}
}

// Ensure random LLM questions with half of each prompt from the prefix
// cache cost no more than without it, and have a pick whenever they do.
func TestLLMPrefixCacheNeverCostsMore(t *testing.T) {
	cat := realCatalog(t)
	for _, req := range llmRequests(cat, llmPropertyRequests()/2, 7) {
		cached := req
		cached.Workload.PrefixCachePct = 50
		a, b := recommend(t, cat, req), recommend(t, cat, cached)
		switch {
		case a.Pick == nil:
		case b.Pick == nil:
			t.Errorf("%+v: a pick without the cache, none with it", req.Workload)
		case b.Pick.Total.GreaterThan(a.Pick.Total) && meets(b.Pick, req.Workload) == meets(a.Pick, req.Workload):
			t.Errorf("%+v: %s with the cache, %s without", req.Workload, b.Pick.Total, a.Pick.Total)
		}
	}
}

// meets reports whether an LLM option meets the question's targets: every
// user's first token within the time asked, every token within its.
func meets(o *advisor.Option, w advisor.Workload) bool {
	return o.Latency != nil && o.Latency.ShareWithinTarget == 100 && o.Latency.TPOTMS <= w.TPOTMS
}

// Ensure a 32k-token prompt may wait up to 60 s for its first token, and
// up to the 120 s the API allows, and gets an answer that meets it; past
// 120 s it is a field error on ttft_ms alone (an LLM's latency target is
// its time to first token).
func TestLLMLongPromptTTFT(t *testing.T) {
	cat := realCatalog(t)
	for _, ttft := range []float64{60000, 120000} {
		req := longPrompt()
		req.Workload.TTFTMS = ttft
		p := recommend(t, cat, req).Pick
		if p == nil || !meets(p, req.Workload) || p.Latency.TTFTMS > ttft {
			t.Fatalf("TTFT %v ms: pick %+v, want one that meets it", ttft, p)
		}
	}
	req := longPrompt()
	req.Workload.TTFTMS = 120001
	_, err := advisor.Recommend(cat, req)
	if fe := fieldErrors(t, err); len(fe) != 1 || fe[0].Field != "workload.ttft_ms" {
		t.Errorf("TTFT 120,001 ms: %v, want one error on workload.ttft_ms", fe)
	}
}

// Ensure prefix_cache_pct is checked on LLM questions: a share from 0 to
// 95, a field error naming it otherwise; a prompt longer than the model's
// context is a field error too. A question of another profile ignores the
// key, as it does the other LLM keys.
func TestLLMPrefixCacheFieldErrors(t *testing.T) {
	cat := realCatalog(t)
	for _, tt := range []struct {
		name   string
		change func(w *advisor.Workload)
		want   []string
	}{
		{"negative share", func(w *advisor.Workload) { w.PrefixCachePct = -1 }, []string{"workload.prefix_cache_pct"}},
		{"share over 95", func(w *advisor.Workload) { w.PrefixCachePct = 96 }, []string{"workload.prefix_cache_pct"}},
		{"share not a number", func(w *advisor.Workload) { w.PrefixCachePct = math.NaN() }, []string{"workload.prefix_cache_pct"}},
		{"prompt over the context", func(w *advisor.Workload) { w.InputTokens = 131073 }, []string{"workload.input_tokens", "workload.output_tokens"}},
		{"prompt and answer over the context", func(w *advisor.Workload) { w.InputTokens = 131000 }, []string{"workload.output_tokens"}},
	} {
		req := longPrompt()
		tt.change(&req.Workload)
		_, err := advisor.Recommend(cat, req)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		var got []string
		for _, e := range fieldErrors(t, err) {
			got = append(got, e.Field)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: errors on %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, pct := range []float64{95, 0.5} {
		req := longPrompt()
		req.Workload.PrefixCachePct = pct
		recommend(t, cat, req)
	}
	bert := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, LatencyMS: 100},
		Users: []advisor.UserShare{{Location: "DE", Share: 1}}}
	a := recommend(t, cat, bert)
	bert.Workload.PrefixCachePct = 200
	if b := recommend(t, cat, bert); a.Pick == nil || b.Pick == nil || !a.Pick.Total.Equal(b.Pick.Total) {
		t.Error("prefix_cache_pct changes a question of a model that is not an LLM")
	}
}

// Ensure the what-if of a long prompt loosens its time to first token no
// further than a question may ask (120 s), and so never says that nothing
// answers beyond it.
func TestLLMLongPromptWhatIfWithinLimit(t *testing.T) {
	cat := realCatalog(t)
	req := longPrompt()
	req.Workload.TTFTMS = 80000
	wi, err := advisor.RecommendWhatIf(cat, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range wi.Changes {
		if c.Parameter == advisor.WhatIfTTFTMS && c.To > 120000 {
			t.Errorf("what-if: %s at %v ms (%s), beyond the 120,000 a question may ask", c.Parameter, c.To, c.Text.ID)
		}
	}
}
