package mcptools

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
)

// ExampleRequest is an advice request as the advise tool's description
// shows it: a BERT-large service for users in Germany, data kept in the
// EU/EEA.
const ExampleRequest = `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"peak_rps":120,"latency_ms":100},` +
	`"users":[{"location":"DE","share":100}],"gdpr":"eu"}`

// addAdvice adds the tools that ask the advisor: advise and what_if. Both
// take the advice request JSON, decoded and checked by the advisor as
// POST /api/v1/advice does.
func (t tools) addAdvice(s *mcp.Server) {
	profiles := make([]string, len(t.src.Catalog.Profiles))
	for i, p := range t.src.Catalog.Profiles {
		profiles[i] = p.ID
	}
	question := "Workload profiles: " + strings.Join(profiles, ", ") + ". Example: " + ExampleRequest + "."
	addRequestTool(s, t, &mcp.Tool{
		Name: "advise",
		Description: "Where to run a GPU workload (training or inference): the pick — provider, region, instance, " +
			"pricing model — with its total cost, latency to the users, data-residency verdict and why, whether it " +
			"meets the latency target or deadline (verdict) and how far it can be relied on (confidence: firm, likely " +
			"or rough, with reasons), the alternatives (each with its verdict and confidence) and what was ruled " +
			"out. Input: the advice request JSON of POST /api/v1/advice. The text " +
			"gives the pick's explanation; the chart's candidates are left out, as ?candidates=0 leaves them. " + question,
		Annotations:  readOnly("Advise where to run a GPU workload"),
		OutputSchema: adviceSchema(),
	}, t.advise)
	addRequestTool(s, t, &mcp.Tool{
		Name: "what_if",
		Description: "What would change the pick of an advice request: for the load, the months of service, the " +
			"latency targets, a training deadline and each allowed pricing model left out, the value at which the " +
			"pick changes, the new pick and its total, as GET /api/v1/advice/what-if answers. Input: the same " +
			"request JSON as advise. " + question,
		Annotations:  readOnly("What would change the pick"),
		OutputSchema: whatIfSchema(),
	}, t.whatIf)
}

// advise answers an advice request as POST /api/v1/advice?candidates=0
// does, explained by the pick's explanation, or by why nothing was picked.
func (t tools) advise(ctx context.Context, req advisor.Request) (api.AdviceJSON, []string, error) {
	res, err := t.src.Recommend(ctx, t.src.Catalog, req)
	if err != nil {
		return api.AdviceJSON{}, nil, err
	}
	answer := api.NewAdviceJSON(res, t.src.Catalog)
	answer.Candidates = answer.Candidates[:0]
	return answer, adviceSentences(answer), nil
}

// adviceSentences explain an answer in English: the pick's explanation,
// or, without a pick, an example of each reason offers were ruled out.
func adviceSentences(a api.AdviceJSON) []string {
	if a.Pick != nil {
		return a.Pick.Explanation
	}
	var out []string
	for _, x := range a.Excluded {
		out = append(out, x.Example)
	}
	return out
}

// whatIf answers where a request's pick changes, as GET
// /api/v1/advice/what-if does, explained by each change's sentence.
func (t tools) whatIf(ctx context.Context, req advisor.Request) (api.WhatIfJSON, []string, error) {
	wi, err := t.src.WhatIf(ctx, t.src.Catalog, req)
	if err != nil {
		return api.WhatIfJSON{}, nil, err
	}
	answer := api.NewWhatIfJSON(wi, t.src.Catalog)
	var sentences []string
	for _, c := range answer.Changes {
		sentences = append(sentences, c.Text)
	}
	return answer, sentences, nil
}
