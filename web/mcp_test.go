package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/api"
	"gpuplace/internal/mcptools"
	"gpuplace/web"
)

// mcpClient connects an SDK client to the app's /mcp over real HTTP.
func mcpClient(t *testing.T, s *testServer) *mcp.ClientSession {
	t.Helper()
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// mcpResult decodes a tool's structured content into out.
func mcpResult(t *testing.T, cs *mcp.ClientSession, tool string, args any, out any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if res.IsError {
		t.Fatalf("%s: tool error %v", tool, res.Content)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: %.300s: %v", tool, b, err)
	}
}

// Ensure an SDK client over streamable HTTP gets from advise the pick the
// API gives for the same request (provider, region, instance, pricing,
// total), on the active catalog (an activation included), and from
// find_offers the API's offers.
func TestMCPOverHTTP(t *testing.T) {
	s := newTestServer(t)
	cs := mcpClient(t, s)
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(list.Tools) != 5 {
		t.Fatalf("tools/list: %v, %d tools; want 5", err, len(list.Tools))
	}

	var got api.AdviceJSON
	mcpResult(t, cs, "advise", json.RawMessage(mcptools.ExampleRequest), &got)
	rec := s.do(t, "POST", "/api/v1/advice", strings.NewReader(mcptools.ExampleRequest), "Content-Type", "application/json")
	wantStatus(t, rec, http.StatusOK)
	var want api.AdviceJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &want); err != nil {
		t.Fatal(err)
	}
	if got.Pick == nil || want.Pick == nil {
		t.Fatalf("picks: MCP %v, API %v", got.Pick, want.Pick)
	}
	if !reflect.DeepEqual(got.Pick.Placements, want.Pick.Placements) || !got.Pick.Total.Equal(want.Pick.Total) ||
		got.CatalogVersion != s.cat.Version.ID || got.CatalogVersion != want.CatalogVersion {
		t.Errorf("MCP pick %+v, %s on %s; API %+v, %s on %s", got.Pick.Placements, got.Pick.Total, got.CatalogVersion,
			want.Pick.Placements, want.Pick.Total, want.CatalogVersion)
	}

	// An activation reaches /mcp at the next message.
	s.activateNext(t)
	var after api.AdviceJSON
	mcpResult(t, cs, "advise", json.RawMessage(mcptools.ExampleRequest), &after)
	if after.CatalogVersion != "next" {
		t.Errorf("after activating next, advise answers from %q", after.CatalogVersion)
	}

	var offers, apiOffers api.OffersJSON
	mcpResult(t, cs, "find_offers", map[string]any{"gpu": "t4", "provider": "aws"}, &offers)
	json.Unmarshal(s.do(t, "GET", "/api/v1/offers?gpu=t4&provider=aws", nil).Body.Bytes(), &apiOffers)
	if offers.Count == 0 || offers.Count != apiOffers.Count || !reflect.DeepEqual(offers.Offers, apiOffers.Offers) {
		t.Errorf("find_offers: %d offers, the API %d", offers.Count, apiOffers.Count)
	}
}

// mcpPost sends one JSON-RPC message to /mcp as a client does.
func mcpPost(t *testing.T, s *testServer, body string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return s.do(t, "POST", "/mcp", strings.NewReader(body),
		append([]string{"Content-Type", "application/json", "Accept", "application/json, text/event-stream"}, header...)...)
}

const mcpListTools = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`

// Ensure /mcp answers a message without a session, in JSON; refuses GET
// and DELETE as the SDK's stateless mode does (405, not a server error);
// and has the API's origin check, body cap and advice budget, its refusals
// in problem+json.
func TestMCPHTTPLimits(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{Advice: 4, Posts: 100}))
	rec := mcpPost(t, s, mcpListTools)
	wantStatus(t, rec, http.StatusOK)
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") || rec.Header().Get("Mcp-Session-Id") != "" {
		t.Errorf("tools/list: Content-Type %q, session %q; want JSON and no session", ct, rec.Header().Get("Mcp-Session-Id"))
	}
	wantContains(t, rec.Body.String(), `"name":"advise"`, `"name":"explain_region"`)

	for _, method := range []string{"GET", "DELETE"} {
		rec := s.do(t, method, "/mcp", nil, "Accept", "text/event-stream")
		wantStatus(t, rec, http.StatusMethodNotAllowed)
		if allow := rec.Header().Get("Allow"); allow != "POST" {
			t.Errorf("%s /mcp: Allow %q, want POST", method, allow)
		}
	}

	rec = mcpPost(t, s, mcpListTools, "Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example")
	wantStatus(t, rec, http.StatusForbidden)

	big := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"latency","arguments":{"from":"` + strings.Repeat("a", 70<<10) + `"}}}`
	wantStatus(t, mcpPost(t, s, big), http.StatusRequestEntityTooLarge)

	// Four requests reached the route (the cross-origin one did not): the
	// budget of four is spent.
	rec = mcpPost(t, s, mcpListTools)
	wantStatus(t, rec, http.StatusTooManyRequests)
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" || rec.Header().Get("Retry-After") == "" {
		t.Errorf("429 on /mcp: Content-Type %q, Retry-After %q; want problem+json and a wait", ct, rec.Header().Get("Retry-After"))
	}
	// The budget is the advice's: the API's questions now wait too.
	wantStatus(t, s.do(t, "GET", "/api/v1/advice?"+url.Values{"kind": {"training"}}.Encode(), nil), http.StatusTooManyRequests)
}
