package mcptools_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
	"gpuplace/internal/catalog"
	"gpuplace/internal/mcptools"
)

// realCatalog loads the embedded catalog once per test binary.
var realCatalog = sync.OnceValues(func() (*catalog.Catalog, error) { return catalog.Load(data.FS) })

func embedded(t *testing.T) *catalog.Catalog {
	t.Helper()
	cat, err := realCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// connect serves src to an SDK client over in-memory transports and
// returns the client's session, initialized.
func connect(t *testing.T, src mcptools.Source) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	ss, err := mcptools.NewServer(src, slog.New(slog.DiscardHandler)).Connect(ctx, serverEnd, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, clientEnd, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

// call calls a tool and fails the test on a protocol error.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// structured decodes a successful result's structured content into out.
func structured(t *testing.T, res *mcp.CallToolResult, out any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("structured content %.300s: %v", b, err)
	}
}

// conforms checks a result's structured content against the output schema
// the server lists for the tool.
func conforms(t *testing.T, cs *mcp.ClientSession, tool string, res *mcp.CallToolResult) {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(list.Tools, func(tl *mcp.Tool) bool { return tl.Name == tool })
	b, _ := json.Marshal(list.Tools[i].OutputSchema)
	var schema jsonschema.Schema
	if err := json.Unmarshal(b, &schema); err != nil {
		t.Fatal(err)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := resolved.Validate(res.StructuredContent); err != nil {
		t.Errorf("%s's answer does not fit its output schema: %v", tool, err)
	}
}

// text joins a result's text content.
func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// Ensure a client initializes with gpuplace and lists the five tools, each
// read-only, described, and with input and output schemas of objects.
func TestMCPListTools(t *testing.T) {
	cat := embedded(t)
	cs := connect(t, mcptools.Source{Catalog: cat})
	init := cs.InitializeResult()
	if init.ServerInfo.Name != "gpuplace" || !strings.Contains(init.Instructions, cat.Version.ID) || init.Capabilities.Tools == nil {
		t.Errorf("initialize: server %+v, instructions %q, capabilities %+v; want gpuplace, naming catalog %s, with tools",
			init.ServerInfo, init.Instructions, init.Capabilities, cat.Version.ID)
	}
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
		in, _ := tool.InputSchema.(map[string]any)
		out, _ := tool.OutputSchema.(map[string]any)
		if in["type"] != "object" || out["type"] != "object" || tool.Description == "" {
			t.Errorf("%s: input schema %v, output schema type %v, description %q; want objects and a description", tool.Name, in, out["type"], tool.Description)
		}
		if a := tool.Annotations; a == nil || !a.ReadOnlyHint || a.OpenWorldHint == nil || *a.OpenWorldHint {
			t.Errorf("%s: annotations %+v, want read-only over a closed world", tool.Name, a)
		}
	}
	slices.Sort(names)
	if want := []string{"advise", "explain_region", "find_offers", "latency", "what_if"}; !slices.Equal(names, want) {
		t.Fatalf("tools %v, want %v", names, want)
	}
	props := func(name string) map[string]any {
		for _, tool := range list.Tools {
			if tool.Name == name {
				p, _ := tool.InputSchema.(map[string]any)["properties"].(map[string]any)
				return p
			}
		}
		return nil
	}
	// The request's schema is the API's type, its fields described from
	// the question's field table; none is required.
	advise := list.Tools[slices.IndexFunc(list.Tools, func(tl *mcp.Tool) bool { return tl.Name == "advise" })].InputSchema.(map[string]any)
	workload, _ := props("advise")["workload"].(map[string]any)
	rps, _ := workload["properties"].(map[string]any)["rps"].(map[string]any)
	if advise["required"] != nil || workload["required"] != nil || rps["type"] != "number" || rps["description"] == nil {
		t.Errorf("advise input: required %v, workload %v; want nothing required and workload.rps a described number", advise["required"], workload)
	}
	// The serving engine is asked as the API asks it, described.
	engine, _ := workload["properties"].(map[string]any)["engine"].(map[string]any)
	if doc, _ := engine["description"].(string); engine["type"] != "string" || !strings.Contains(doc, "`sglang`") {
		t.Errorf("advise input workload.engine = %v, want a string described with the engines", engine)
	}
	// So is the share of prompt tokens served from the prefix cache.
	cache, _ := workload["properties"].(map[string]any)["prefix_cache_pct"].(map[string]any)
	if doc, _ := cache["description"].(string); cache["type"] != "number" || !strings.Contains(doc, "prefix cache") {
		t.Errorf("advise input workload.prefix_cache_pct = %v, want a number described as the prefix cache's share", cache)
	}
	if advise["additionalProperties"] != false {
		t.Errorf("advise input additionalProperties = %v, want false (unknown fields are an error)", advise["additionalProperties"])
	}
	for name, keys := range map[string][]string{
		"find_offers": {"gpu", "provider", "region", "accelerator", "page", "per_page"}, "latency": {"from", "to"}, "explain_region": {"region"},
	} {
		for _, k := range keys {
			if _, ok := props(name)[k]; !ok {
				t.Errorf("%s takes no %q", name, k)
			}
		}
	}
}

// Ensure advise answers the request as the advisor does: the same pick
// (provider, region, instance, pricing model), the same total, the
// explanation as text, and no chart candidates.
func TestMCPAdvise(t *testing.T) {
	cat := embedded(t)
	cs := connect(t, mcptools.Source{Catalog: cat})
	for _, body := range []string{
		mcptools.ExampleRequest,
		`{"workload":{"kind":"training","profile":"resnet50","samples":1281167,"epochs":10},"gdpr":"eu_sovereign","currency":"EUR"}`,
		`{"workload":{"kind":"inference","profile":"llama-3.1-8b","rps":5,"peak_rps":10},"users":[{"location":"US","share":70},{"location":"DE","share":30}]}`,
	} {
		req, err := advisor.DecodeRequest(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res, err := advisor.Recommend(cat, req)
		if err != nil || res.Pick == nil {
			t.Fatalf("%s: advisor: %v, pick %v", body, err, res.Pick)
		}
		want := api.NewAdviceJSON(res, cat)

		out := call(t, cs, "advise", json.RawMessage(body))
		var got api.AdviceJSON
		structured(t, out, &got)
		conforms(t, cs, "advise", out)
		if got.Pick == nil {
			t.Fatalf("%s: no pick", body)
		}
		if !samePlacements(got.Pick.Placements, want.Pick.Placements) || !got.Pick.Total.Equal(want.Pick.Total) || got.Currency != want.Currency {
			t.Errorf("%s: pick %+v, total %s %s; want %+v, %s %s", body, got.Pick.Placements, got.Pick.Total, got.Currency,
				want.Pick.Placements, want.Pick.Total, want.Currency)
		}
		if p := got.Pick.Placements[0]; p.Provider == "" || p.Region == "" || p.InstanceType == "" || p.Pricing == "" {
			t.Errorf("%s: placement %+v lacks provider, region, instance or pricing", body, p)
		}
		if len(got.Alternatives) != len(want.Alternatives) || len(got.Candidates) != 0 || got.CatalogVersion != cat.Version.ID {
			t.Errorf("%s: %d alternatives (want %d), %d candidates (want 0), catalog %s", body, len(got.Alternatives),
				len(want.Alternatives), len(got.Candidates), got.CatalogVersion)
		}
		if first, ok := out.Content[0].(*mcp.TextContent); !ok || first.Text != strings.Join(want.Pick.Explanation, "\n") {
			t.Errorf("%s: first text %v, want the pick's explanation %q", body, out.Content[0], want.Pick.Explanation)
		}
		if !strings.Contains(text(out), `"catalog_version":"`+cat.Version.ID+`"`) {
			t.Errorf("%s: the text does not carry the answer's JSON", body)
		}
	}
}

// Ensure invalid requests come back as tool errors naming the field, in
// the advisor's words where it is the advisor that refuses them, and that
// a wrong tool input of the catalog tools does too.
func TestMCPInvalidInput(t *testing.T) {
	cs := connect(t, mcptools.Source{Catalog: embedded(t)})
	for _, tt := range []struct {
		tool string
		args any
		want []string
	}{
		{"advise", json.RawMessage(`{"workload":{"kind":"training","profile":"resnet50","epochs":-2}}`), []string{"workload.epochs"}},
		{"advise", json.RawMessage(`{"workload":{"kind":"inference","profile":"bert-large","rps":50}}`), []string{"users"}},
		{"advise", json.RawMessage(`{"workload":{"kind":"inference","profile":"nope","rps":5},"users":[{"location":"DE","share":1}]}`), []string{"workload.profile"}},
		{"advise", json.RawMessage(`{"workload":{"kind":"training","profile":"resnet50","epochs":1},"budget":"lots"}`), []string{"budget", "amount"}},
		{"advise", json.RawMessage(`{"workload":{"kind":"training"},"colour":"blue"}`), []string{"colour: unknown field"}},
		{"advise", json.RawMessage(`{"workload":{"kind":7}}`), []string{"workload.kind", "must be a string"}},
		{"what_if", json.RawMessage(`{"workload":{"kind":"inference","profile":"bert-large","rps":50,"peak_rps":10},"users":[{"location":"DE","share":1}]}`), []string{"workload.peak_rps"}},
		{"find_offers", map[string]any{"accelerator": "tpu"}, []string{"accelerator", `"gpu" or "cpu"`}},
		{"find_offers", map[string]any{"per_page": 501}, []string{"per_page", "1 to 500"}},
		{"find_offers", map[string]any{"page": -1}, []string{"page"}},
		{"latency", map[string]any{"from": "atlantis"}, []string{"from", "unknown metro"}},
		{"latency", map[string]any{"from": "ams", "to": "atlantis"}, []string{"to", "unknown metro"}},
		{"latency", map[string]any{}, []string{"from"}},
		{"explain_region", map[string]any{"region": "aws:mars-1"}, []string{"region", "unknown region"}},
	} {
		res := call(t, cs, tt.tool, tt.args)
		msg := text(res)
		if !res.IsError {
			t.Errorf("%s %v: no tool error; got %.200s", tt.tool, tt.args, msg)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s %s: error %q does not say %q", tt.tool, tt.args, msg, w)
			}
		}
	}
}

// Ensure what_if answers as the advisor's what-if does: the same pick and
// the same changes, each change's sentence in the text.
func TestMCPWhatIf(t *testing.T) {
	cat := embedded(t)
	cs := connect(t, mcptools.Source{Catalog: cat})
	req, _ := advisor.DecodeRequest(strings.NewReader(mcptools.ExampleRequest))
	wi, err := advisor.RecommendWhatIf(cat, req)
	if err != nil {
		t.Fatal(err)
	}
	want := api.NewWhatIfJSON(wi, cat)
	out := call(t, cs, "what_if", json.RawMessage(mcptools.ExampleRequest))
	var got api.WhatIfJSON
	structured(t, out, &got)
	conforms(t, cs, "what_if", out)
	if len(want.Changes) == 0 {
		t.Fatal("the example has no what-if changes; pick another")
	}
	if got.Pick == nil || !got.Pick.Total.Equal(want.Pick.Total) || len(got.Changes) != len(want.Changes) {
		t.Fatalf("what_if: pick %v, %d changes; want total %s, %d changes", got.Pick, len(got.Changes), want.Pick.Total, len(want.Changes))
	}
	for i, c := range got.Changes {
		if c.Parameter != want.Changes[i].Parameter || !c.Total.Equal(want.Changes[i].Total) || c.Text != want.Changes[i].Text {
			t.Errorf("change %d: %s %s %q; want %s %s %q", i, c.Parameter, c.Total, c.Text, want.Changes[i].Parameter, want.Changes[i].Total, want.Changes[i].Text)
		}
		if !strings.Contains(text(out), c.Text) {
			t.Errorf("the text lacks change %d's sentence %q", i, c.Text)
		}
	}
}

// Ensure find_offers, latency and explain_region answer what the API's
// functions answer, from the catalog's own figures.
func TestMCPCatalogTools(t *testing.T) {
	cat := embedded(t)
	cs := connect(t, mcptools.Source{Catalog: cat})

	var offers api.OffersJSON
	structured(t, call(t, cs, "find_offers", map[string]any{"gpu": "t4", "provider": "aws", "per_page": 3, "page": 2}), &offers)
	all, _ := api.FindOffers(cat, api.OffersQuery{GPU: "t4", Provider: "aws", PerPage: 500})
	if offers.Count != all.Count || offers.Count < 4 || len(offers.Offers) != 3 || offers.Page != 2 || offers.PerPage != 3 || offers.Next != nil {
		t.Fatalf("find_offers: count %d (want %d), %d offers on page %d of %d, next %v", offers.Count, all.Count, len(offers.Offers), offers.Page, offers.PerPage, offers.Next)
	}
	for i, o := range offers.Offers {
		if want := all.Offers[3+i]; o.Provider != "aws" || o.GPU != "t4" || o.InstanceType != want.InstanceType || o.Region != want.Region {
			t.Errorf("offer %d: %s %s %s, want %s %s on page 2", i, o.Provider, o.Region, o.InstanceType, want.Region, want.InstanceType)
		}
	}
	var everything api.OffersJSON
	structured(t, call(t, cs, "find_offers", map[string]any{}), &everything)
	if everything.Count != len(cat.Offers) || len(everything.Offers) != api.OffersPerPage {
		t.Errorf("find_offers {}: count %d, %d offers; want %d and a first page of %d", everything.Count, len(everything.Offers), len(cat.Offers), api.OffersPerPage)
	}

	var lat api.LatencyJSON
	structured(t, call(t, cs, "latency", map[string]any{"from": "ams", "to": "fra"}), &lat)
	want := cat.Pair(cat.MetroIndex("ams"), cat.MetroIndex("fra"))
	if len(lat.Pairs) != 1 || lat.Pairs[0].RTTMS != want.RTTMS || lat.Pairs[0].RTTMS <= 0 || lat.Pairs[0].Source != want.Source {
		t.Errorf("latency ams→fra: %+v, want %+v", lat.Pairs, want)
	}
	structured(t, call(t, cs, "latency", map[string]any{"from": "ams"}), &lat)
	if len(lat.Pairs) != len(cat.Metros)-1 {
		t.Errorf("latency from ams: %d pairs, want one to each of the %d other metros", len(lat.Pairs), len(cat.Metros)-1)
	}

	var region api.RegionJSON
	structured(t, call(t, cs, "explain_region", map[string]any{"region": "gcp:europe-west4"}), &region)
	count := 0
	for _, o := range cat.Offers {
		if o.RegionKey() == "gcp:europe-west4" {
			count++
		}
	}
	if region.Key != "gcp:europe-west4" || region.Country != "NL" || !region.EUEEA || region.Jurisdiction == "" || region.Offers != count || count == 0 {
		t.Errorf("explain_region gcp:europe-west4: key %s, country %s, EU/EEA %v, jurisdiction %q, %d offers; want NL in the EU/EEA with %d offers",
			region.Key, region.Country, region.EUEEA, region.Jurisdiction, region.Offers, count)
	}
	if region.Carbon == nil && region.CarbonNote == "" {
		t.Error("explain_region: neither carbon nor carbon_note")
	}
	listed := api.Regions(cat, "gcp")
	i := slices.IndexFunc(listed.Regions, func(r api.RegionJSON) bool { return r.Key == "gcp:europe-west4" })
	if i < 0 {
		t.Fatal("/api/v1/regions does not list gcp:europe-west4")
	}
	// The region's own carbon is hidden in the JSON by the answer's: compare what a client reads.
	gotJSON, _ := json.Marshal(region)
	wantJSON, _ := json.Marshal(listed.Regions[i])
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("explain_region says %s; /api/v1/regions lists %s", gotJSON, wantJSON)
	}
}

// Ensure the tools ask the caller's advisor calls, and that one that
// panics is a tool error, logged, after which the server still answers.
func TestMCPSourceCalls(t *testing.T) {
	cat := embedded(t)
	var asked, whatIfs int
	cs := connect(t, mcptools.Source{Catalog: cat,
		Recommend: func(_ context.Context, c *catalog.Catalog, r advisor.Request) (advisor.Result, error) {
			asked++
			if r.Workload.Profile == "bert-large" {
				panic("boom")
			}
			return advisor.Recommend(c, r)
		},
		WhatIf: func(_ context.Context, c *catalog.Catalog, r advisor.Request) (advisor.WhatIf, error) {
			whatIfs++
			return advisor.RecommendWhatIf(c, r)
		},
	})
	res := call(t, cs, "advise", json.RawMessage(mcptools.ExampleRequest))
	if !res.IsError || strings.Contains(text(res), "boom") {
		t.Errorf("a panicking advisor: error %v, text %q; want a tool error that does not leak the panic", res.IsError, text(res))
	}
	res = call(t, cs, "advise", json.RawMessage(`{"workload":{"kind":"training","profile":"resnet50","samples":1000,"epochs":1}}`))
	if res.IsError {
		t.Errorf("after a panic: %s", text(res))
	}
	call(t, cs, "what_if", json.RawMessage(`{"workload":{"kind":"training","profile":"resnet50","samples":1000,"epochs":1}}`))
	if asked != 2 || whatIfs != 1 {
		t.Errorf("the caller's Recommend was asked %d times and WhatIf %d; want 2 and 1", asked, whatIfs)
	}
}

// samePlacements compares placements field by field, their prices as
// amounts: a price read back from JSON is the same amount with another
// exponent (1.46233 against 1.462330).
func samePlacements(a, b []advisor.Placement) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if !x.HourlyUSD.Equal(y.HourlyUSD) {
			return false
		}
		x.HourlyUSD = y.HourlyUSD
		if !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}

// Ensure advise states the verdict and the confidence of the pick and of
// every alternative as the answer states them.
func TestMCPAdviseVerdictAndConfidence(t *testing.T) {
	cat := embedded(t)
	cs := connect(t, mcptools.Source{Catalog: cat})
	body := `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"latency_ms":5},"users":[{"location":"AU","share":100}],"providers":["lambda"]}`
	req, err := advisor.DecodeRequest(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res, err := advisor.Recommend(cat, req)
	if err != nil || res.Pick == nil {
		t.Fatalf("advisor: %v, pick %v", err, res.Pick)
	}
	want := api.NewAdviceJSON(res, cat)
	var got api.AdviceJSON
	structured(t, call(t, cs, "advise", json.RawMessage(body)), &got)
	if got.Pick == nil || len(got.Alternatives) != len(want.Alternatives) {
		t.Fatalf("pick %v, %d alternatives; want %d", got.Pick, len(got.Alternatives), len(want.Alternatives))
	}
	if v := got.Pick.Verdict; v.Meets || !strings.HasPrefix(v.Text, "Misses your target") || v.ShareWithinTarget == nil {
		t.Errorf("a 5 ms target in Australia: verdict %+v, want it missed", v)
	}
	for i, o := range append([]api.OptionJSON{*got.Pick}, got.Alternatives...) {
		w := *want.Pick
		if i > 0 {
			w = want.Alternatives[i-1]
		}
		g, _ := json.Marshal([]any{o.Verdict, o.Confidence})
		x, _ := json.Marshal([]any{w.Verdict, w.Confidence})
		if string(g) != string(x) {
			t.Errorf("option %d: verdict and confidence %s, want %s", i, g, x)
		}
	}
}
