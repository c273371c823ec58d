package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/account"
	"gpuplace/internal/advisor"
	"gpuplace/web"
)

// Ensure a query value over advisor.MaxValueBytes is refused with 422
// naming its key on every route, pages, explorer and API alike, before
// any handler parses it (a budget of 1,000,000 digits took seconds) and
// without showing it back.
func TestLongQueryValuesRefused(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{}))
	sales := s.signIn(t, account.RoleSales)
	long := url.Values{"budget": {strings.Repeat("9", 1_000_000)}}.Encode()
	for _, path := range []string{
		"/", "/advice", "/advice/edit", "/advice/what-if", "/advice/launch", "/quotes", "/catalog/offers",
		"/api/v1/advice", "/api/v1/advice/what-if", "/api/v1/advice/launch", "/api/v1/offers", "/api/v1/quotes",
	} {
		start := time.Now()
		rec := s.do(t, "GET", path+"?"+germanInference+"&"+long, nil, "Cookie", sales)
		took := time.Since(start)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("GET %s with a 1,000,000-byte value = %d, want 422", path, rec.Code)
			continue
		}
		body := rec.Body.String()
		if strings.HasPrefix(path, "/api/") {
			wantContains(t, body, `"field":"budget"`, "8192 bytes")
		} else {
			wantContains(t, body, `data-testid="error-fields"`, "<code>budget", "8192 bytes")
		}
		if len(body) > 64<<10 || strings.Contains(body, strings.Repeat("9", 100)) {
			t.Errorf("GET %s: a %d-byte answer echoes the value", path, len(body))
		}
		if took > time.Second {
			t.Errorf("GET %s: refusing took %v", path, took)
		}
	}
	// At the bound, a value is the handler's to judge.
	atBound := url.Values{"q": {strings.Repeat("a", advisor.MaxValueBytes)}}.Encode()
	if rec := s.do(t, "GET", "/catalog/offers?"+atBound, nil); rec.Code != http.StatusOK {
		t.Errorf("GET /catalog/offers with a value of %d bytes = %d, want 200", advisor.MaxValueBytes, rec.Code)
	}
}

// Ensure a query over 64 KiB in all, made of values each under the bound,
// is refused with 414 on the pages and the API without being shown back
// in the page's links, and one under it is answered.
func TestLongQueriesRefused(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{}))
	many := func(bytes int) string {
		q := url.Values{}
		for i := 0; len(q.Encode()) < bytes; i++ {
			q.Set(fmt.Sprintf("k%d", i), strings.Repeat("v", 1000))
		}
		return q.Encode()
	}
	long := many(70 << 10)
	for _, path := range []string{"/", "/advice", "/catalog/offers", "/api/v1/advice", "/api/v1/offers"} {
		rec := s.do(t, "GET", path+"?"+germanInference+"&"+long, nil)
		if rec.Code != http.StatusRequestURITooLong {
			t.Errorf("GET %s with a %d-byte query = %d, want 414", path, len(long), rec.Code)
		}
		if n := rec.Body.Len(); n > 64<<10 || strings.Contains(rec.Body.String(), strings.Repeat("v", 1000)) {
			t.Errorf("GET %s: a %d-byte answer shows the query back", path, n)
		}
	}
	wantStatus(t, s.do(t, "GET", "/?"+many(60<<10), nil), http.StatusOK)
}

// Ensure a number written with more than advisor.MaxNumberChars
// characters is refused, naming its field and without the number, by every
// decoder of input: the question's query and form, the JSON request, and
// the quote form.
func TestLongNumbersRefused(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{}))
	sales := s.signIn(t, account.RoleSales)
	link := s.pinLink(t)
	long := strings.Repeat("9", advisor.MaxNumberChars+1)
	const form = "application/x-www-form-urlencoded"
	const question = "kind=inference&profile=bert-large&peak_rps=120"
	for _, tt := range []struct {
		method, target, contentType, body string
		status                            int
		field                             string
	}{
		{"GET", "/advice?" + germanInference + "&budget=" + long, "", "", http.StatusUnprocessableEntity, "budget"},
		{"GET", "/advice/what-if?" + question + "&users=DE:1&rps=1" + long, "", "", http.StatusUnprocessableEntity, "workload.rps"},
		{"GET", "/advice/launch?" + germanInference + "&budget=" + long, "", "", http.StatusUnprocessableEntity, "budget"},
		{"GET", "/advice/edit?" + germanInference + "&budget=" + long, "", "", http.StatusOK, "budget"},
		{"GET", "/api/v1/advice?" + question + "&rps=50&users=DE:" + long, "", "", http.StatusUnprocessableEntity, "users[0].share"},
		{"GET", "/api/v1/advice/what-if?" + germanInference + "&budget=" + long, "", "", http.StatusUnprocessableEntity, "budget"},
		{"GET", "/api/v1/advice/launch?" + germanInference + "&budget=" + long, "", "", http.StatusUnprocessableEntity, "budget"},
		{"POST", "/s", form, germanInference + "&budget=" + long, http.StatusUnprocessableEntity, "budget"},
		{"POST", "/api/v1/advice", "application/json",
			`{"workload":{"kind":"training","profile":"resnet50"},"budget":"` + strings.Repeat("9", 60_000) + `"}`,
			http.StatusBadRequest, "budget"},
		{"POST", "/quotes", form, "link=" + link + "&customer_name=Ada&currency=USD&valid_days=30&line_description=GPU&line_quantity=1&line_unit=h&line_unit_price=" + long,
			http.StatusUnprocessableEntity, "lines[0].unit_price"},
	} {
		start := time.Now()
		rec := s.do(t, tt.method, tt.target, strings.NewReader(tt.body), "Content-Type", tt.contentType, "Cookie", sales)
		took := time.Since(start)
		name := tt.method + " " + tt.target[:min(len(tt.target), 40)]
		if rec.Code != tt.status {
			t.Errorf("%s = %d, want %d; body:\n%.400s", name, rec.Code, tt.status, rec.Body.String())
			continue
		}
		body := rec.Body.String()
		if !strings.HasPrefix(tt.target, "/api/") {
			// A page may keep the question in its links; the field's
			// input does not show the number back (see internal/question).
			wantContains(t, body, "at most 32 characters")
		} else {
			wantContains(t, body, `"field":"`+tt.field+`"`, "at most 32 characters")
			if strings.Contains(body, long) {
				t.Errorf("%s: the answer shows the number back", name)
			}
		}
		if took > time.Second {
			t.Errorf("%s: refusing took %v", name, took)
		}
	}
}

// Ensure an MCP tool that takes the advice request holds it to the same
// bounds, through the decoder it shares with the API: a budget of 60,000
// digits is a tool error naming budget, without the number.
func TestLongNumbersRefusedOverMCP(t *testing.T) {
	s := newTestServer(t, withLimits(web.Limits{}))
	cs := mcpClient(t, s)
	digits := strings.Repeat("9", 60_000)
	args := json.RawMessage(`{"workload":{"kind":"training","profile":"resnet50"},"budget":"` + digits + `"}`)
	start := time.Now()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "advise", Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res.Content)
	if !res.IsError || !strings.Contains(string(b), "budget") || !strings.Contains(string(b), "at most 32 characters") {
		t.Errorf("advise with a 60,000-digit budget: error %v, %.300s; want a tool error naming budget", res.IsError, b)
	}
	if strings.Contains(string(b), digits[:100]) {
		t.Error("the tool error shows the number back")
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("refusing took %v", took)
	}
}
