package web_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gpuplace/web"
)

// Ensure the API answers as its description says: each answer's status is
// one its operation lists, in a media type listed for that status, and a
// JSON body validates against the schema described for it, every key of
// every object described.
func TestOpenAPIAnswersValidate(t *testing.T) {
	// Several what-ifs, each charged the dozens of questions it works
	// out: more than a minute's budget.
	s := newTestServer(t, withLimits(readerLimits))
	var doc map[string]any
	if err := json.Unmarshal(s.do(t, "GET", "/api/openapi.json", nil).Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	cookie := s.signIn(t, "sales")
	number := s.createQuote(t, cookie, s.pinLink(t), nil)
	jsonBody := "Content-Type"
	llm := "kind=inference&profile=llama-3.1-8b&rps=5&peak_rps=20&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=60&users=US:60,DE:40"
	type request struct {
		method, target, body string
		header               []string
		want                 int
	}
	requests := []request{
		{"GET", "/api/v1/advice?kind=training&profile=resnet50", "", nil, 200},
		{"GET", "/api/v1/advice?kind=training&profile=resnet50&deadline_hours=24&pricing=spot&candidates=0", "", nil, 200},
		{"GET", "/api/v1/advice?" + germanInference + "&gdpr=eu_sovereign&pricing=monthly,on_demand&currency=EUR", "", nil, 200},
		{"GET", "/api/v1/advice?" + germanInference + "&objective=balanced&carbon_price=80", "", nil, 200},
		{"GET", "/api/v1/advice?kind=inference&profile=bert-large&rps=50&peak_rps=120&latency_ms=60&users=DE:50,US:50&min_regions=2", "", nil, 200},
		{"GET", "/api/v1/advice?" + cpuQuestion + "&accelerator=cpu", "", nil, 200},
		{"GET", "/api/v1/advice?" + llm, "", nil, 200},
		{"GET", "/api/v1/advice?" + germanInference + "&budget=0.01", "", nil, 200},
		{"GET", "/api/v1/advice?kind=inference&profile=bert-large&rps=-1&users=DE:1", "", nil, 422},
		{"GET", "/api/v1/advice?kind=%FF", "", nil, 400},
		{"POST", "/api/v1/advice", `{"workload": {"kind": "training", "profile": "resnet50"}}`, []string{jsonBody, "application/json"}, 200},
		{"POST", "/api/v1/advice", `{"workload": {"kind": "training", "profile": "resnet50"}, "colour": "red"}`, []string{jsonBody, "application/json"}, 400},
		{"POST", "/api/v1/advice", `{"workload": {"kind": "training", "profile": "resnet50", "epochs": -1}}`, []string{jsonBody, "application/json"}, 422},
		{"POST", "/api/v1/advice", `{"workload": {"kind": "training"}, "gpus": ["` + strings.Repeat("x", 70<<10) + `"]}`, []string{jsonBody, "application/json"}, 413},
		{"POST", "/api/v1/advice", `{}`, []string{jsonBody, "application/json", "Sec-Fetch-Site", "cross-site"}, 403},
		{"GET", "/api/v1/advice/what-if?" + germanInference, "", nil, 200},
		{"GET", "/api/v1/advice/what-if?kind=training&profile=resnet50&deadline_hours=48", "", nil, 200},
		{"GET", "/api/v1/advice/what-if?" + llm, "", nil, 200},
		{"GET", "/api/v1/advice/what-if?kind=inference&profile=nope", "", nil, 422},
		{"GET", "/api/v1/advice/launch?format=kubernetes&" + germanInference, "", nil, 200},
		{"GET", "/api/v1/advice/launch?format=kubernetes&alt=1&" + llm, "", nil, 200},
		{"GET", "/api/v1/advice/launch?format=helm&" + germanInference, "", nil, 422},
		{"GET", "/api/v1/advice/launch?format=kubernetes&" + germanInference + "&budget=0.01", "", nil, 422},
		{"GET", "/api/v1/catalog", "", nil, 200},
		{"GET", "/api/v1/gpus", "", nil, 200},
		{"GET", "/api/v1/profiles", "", nil, 200},
		{"GET", "/api/v1/providers", "", nil, 200},
		{"GET", "/api/v1/providers?hq=mars", "", nil, 422},
		{"GET", "/api/v1/regions", "", nil, 200},
		{"GET", "/api/v1/offers?per_page=0", "", nil, 422},
		{"GET", "/api/v1/latency?from=ams&to=fra", "", nil, 200},
		{"GET", "/api/v1/latency?from=fra", "", nil, 200},
		{"GET", "/api/v1/latency?from=atlantis", "", nil, 422},
		{"POST", "/api/v1/links", `{"workload": {"kind": "training", "profile": "resnet50"}}`, []string{jsonBody, "application/json"}, 201},
		{"GET", "/api/v1/links/nope", "", nil, 404},
		{"GET", "/api/v1/quotes", "", nil, 401},
		{"GET", "/api/v1/quotes", "", []string{"Cookie", cookie}, 200},
		{"GET", "/api/v1/quotes?page=0", "", []string{"Cookie", cookie}, 422},
		{"GET", "/api/v1/quotes/" + number, "", []string{"Cookie", cookie}, 200},
		{"GET", "/api/v1/quotes/Q-1999-0001", "", []string{"Cookie", cookie}, 404},
		{"GET", "/api/v1/quotes/" + number, "", nil, 401},
		{"GET", "/api/openapi.json", "", nil, 200},
		{"GET", "/healthz", "", nil, 200},
	}
	// Every page of offers, so that every offer's fields are checked.
	for page, more := 1, true; more; page++ {
		target := fmt.Sprintf("/api/v1/offers?per_page=500&page=%d", page)
		requests = append(requests, request{"GET", target, "", nil, 200})
		var p struct{ Next *string }
		json.Unmarshal(s.do(t, "GET", target, nil).Body.Bytes(), &p)
		more = p.Next != nil
	}
	// A pinned link's answer, as GET answers it.
	var pinned struct{ ID string }
	json.Unmarshal(s.do(t, "POST", "/api/v1/links", strings.NewReader(`{"workload": {"kind": "training", "profile": "resnet50"}}`),
		"Content-Type", "application/json").Body.Bytes(), &pinned)
	requests = append(requests, request{"GET", "/api/v1/links/" + pinned.ID, "", nil, 200})

	for _, r := range requests {
		var body *strings.Reader
		if r.body != "" {
			body = strings.NewReader(r.body)
		}
		var rec *httptest.ResponseRecorder
		if body != nil {
			rec = s.do(t, r.method, r.target, body, r.header...)
		} else {
			rec = s.do(t, r.method, r.target, nil, r.header...)
		}
		where := r.method + " " + r.target
		if len(where) > 120 {
			where = where[:120] + "…"
		}
		if rec.Code != r.want {
			t.Errorf("%s = %d, want %d: %.300s", where, rec.Code, r.want, rec.Body.String())
			continue
		}
		for _, e := range checkAnswer(doc, r.method, r.target, rec) {
			t.Errorf("%s: %s", where, e)
		}
	}

	// Over a limit: 429.
	limited := s.with(withLimits(web.Limits{Advice: 1}))
	limited.do(t, "GET", "/api/v1/advice?kind=training&profile=resnet50", nil)
	rec := limited.do(t, "GET", "/api/v1/advice?kind=training&profile=resnet50", nil)
	wantStatus(t, rec, http.StatusTooManyRequests)
	for _, e := range checkAnswer(doc, "GET", "/api/v1/advice", rec) {
		t.Errorf("GET /api/v1/advice over the limit: %s", e)
	}
}

// checkAnswer says where an answer to method target differs from the
// operation the description has for it.
func checkAnswer(doc map[string]any, method, target string, rec *httptest.ResponseRecorder) []string {
	u, _ := url.Parse(target)
	op := operationOf(doc, method, u.Path)
	if op == nil {
		return []string{"no operation describes it"}
	}
	answer, ok := op["responses"].(map[string]any)[fmt.Sprint(rec.Code)].(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("status %d is not described", rec.Code)}
	}
	v := validator{doc: doc}
	answer = v.resolve(answer)
	content, _ := answer["content"].(map[string]any)
	if content == nil {
		if rec.Body.Len() > 0 {
			return []string{"a body where the description has none"}
		}
		return nil
	}
	mt, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type"))
	media, ok := content[mt].(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("Content-Type %q is not described for %d", mt, rec.Code)}
	}
	if !strings.HasSuffix(mt, "json") {
		return nil
	}
	dec := json.NewDecoder(rec.Body)
	dec.UseNumber()
	var body any
	if err := dec.Decode(&body); err != nil {
		return []string{err.Error()}
	}
	v.validate("body", media["schema"].(map[string]any), body)
	return v.errs
}

// operationOf finds the operation of a method and a request path among the
// description's paths, matching {parameters} to one segment each.
func operationOf(doc map[string]any, method, path string) map[string]any {
	segs := strings.Split(path, "/")
	for pattern, item := range doc["paths"].(map[string]any) {
		psegs := strings.Split(pattern, "/")
		if len(psegs) != len(segs) {
			continue
		}
		match := true
		for i := range psegs {
			if psegs[i] != segs[i] && !strings.HasPrefix(psegs[i], "{") {
				match = false
			}
		}
		if op, ok := item.(map[string]any)[strings.ToLower(method)].(map[string]any); match && ok {
			return op
		}
	}
	return nil
}

// validator checks decoded JSON (numbers as json.Number) against the
// subset of JSON Schema the description uses. It is strict about objects:
// a key the schema does not describe is an error unless the schema allows
// additional properties.
type validator struct {
	doc  map[string]any
	errs []string
}

// resolve follows a $ref within the document.
func (v *validator) resolve(s map[string]any) map[string]any {
	for {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		var node any = v.doc
		for _, k := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			node = node.(map[string]any)[k]
		}
		s = node.(map[string]any)
	}
}

func (v *validator) fail(path, format string, args ...any) {
	v.errs = append(v.errs, path+": "+fmt.Sprintf(format, args...))
}

// jsonTypeOf is the JSON Schema type of a decoded value.
func jsonTypeOf(x any) string {
	switch x := x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, ok := new(big.Int).SetString(x.String(), 10); ok {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", x)
}

func (v *validator) validate(path string, s map[string]any, x any) {
	s = v.resolve(s)
	if branches, ok := s["oneOf"].([]any); ok {
		valid := 0
		var why []string
		for _, b := range branches {
			sub := validator{doc: v.doc}
			sub.validate(path, b.(map[string]any), x)
			if len(sub.errs) == 0 {
				valid++
			}
			why = append(why, sub.errs...)
		}
		if valid != 1 {
			v.fail(path, "matches %d of oneOf's %d schemas: %s", valid, len(branches), strings.Join(why, "; "))
		}
	}
	if c, ok := s["const"]; ok && !reflect.DeepEqual(c, x) {
		v.fail(path, "%v, want %v", x, c)
	}
	got := jsonTypeOf(x)
	if ty, ok := s["type"]; ok {
		var allowed []string
		switch ty := ty.(type) {
		case string:
			allowed = []string{ty}
		case []any:
			for _, a := range ty {
				allowed = append(allowed, a.(string))
			}
		}
		if !slices.Contains(allowed, got) && !(got == "integer" && slices.Contains(allowed, "number")) {
			v.fail(path, "a JSON %s, the schema says %q", got, allowed)
			return
		}
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, x) {
		v.fail(path, "%v is not one of %v", x, enum)
	}
	if n, ok := x.(json.Number); ok {
		f, _ := n.Float64()
		if lo, ok := s["minimum"].(float64); ok && f < lo {
			v.fail(path, "%v < minimum %v", f, lo)
		}
		if hi, ok := s["maximum"].(float64); ok && f > hi {
			v.fail(path, "%v > maximum %v", f, hi)
		}
	}
	switch x := x.(type) {
	case []any:
		if n, ok := s["minItems"].(float64); ok && float64(len(x)) < n {
			v.fail(path, "%d items, at least %v wanted", len(x), n)
		}
		if n, ok := s["maxItems"].(float64); ok && float64(len(x)) > n {
			v.fail(path, "%d items, at most %v wanted", len(x), n)
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range x {
				v.validate(fmt.Sprintf("%s[%d]", path, i), items, e)
				if len(v.errs) > 50 {
					return
				}
			}
		}
	case map[string]any:
		required, _ := s["required"].([]any)
		for _, r := range required {
			if _, ok := x[r.(string)]; !ok {
				v.fail(path, "no %q, which the schema requires", r)
			}
		}
		props, _ := s["properties"].(map[string]any)
		for k, e := range x {
			if p, ok := props[k].(map[string]any); ok {
				v.validate(path+"."+k, p, e)
				continue
			}
			switch add := s["additionalProperties"].(type) {
			case map[string]any:
				v.validate(path+"."+k, add, e)
			case bool:
				if !add {
					v.fail(path, "%q is not allowed", k)
				}
			default:
				if props != nil {
					v.fail(path, "%q is not described", k)
				}
			}
		}
	}
}
