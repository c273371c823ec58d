package web

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
	"gpuplace/internal/catalog"
	"gpuplace/internal/question"
)

// servedDoc is the served description, decoded.
func servedDoc(t *testing.T) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(openapi, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// Ensure every route under /api and /healthz is described, with its
// method: a new route without a description fails here.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	doc := servedDoc(t)
	paths := doc["paths"].(map[string]any)
	s := NewServer(Config{Log: slog.New(slog.DiscardHandler)})
	walked := 0
	err := chi.Walk(s.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		route = strings.TrimSuffix(route, "/")
		if !strings.HasPrefix(route, "/api/") && route != "/healthz" {
			return nil
		}
		walked++
		item, _ := paths[route].(map[string]any)
		if item[strings.ToLower(method)] == nil {
			t.Errorf("%s %s is a route but openapi.json does not describe it", method, route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if walked < 15 {
		t.Errorf("walked %d API routes, want the whole API", walked)
	}
}

// Ensure the routes that take the question describe each of its query
// keys, from the question's own field table.
func TestOpenAPIQuestionParameters(t *testing.T) {
	doc := servedDoc(t)
	for _, path := range questionPaths {
		op := doc["paths"].(map[string]any)[path].(map[string]any)["get"].(map[string]any)
		var names []string
		for _, p := range op["parameters"].([]any) {
			if name, ok := p.(map[string]any)["name"].(string); ok {
				names = append(names, name)
			}
		}
		for _, f := range question.Fields {
			if !slices.Contains(names, f.Key) {
				t.Errorf("GET %s does not describe the question's key %q", path, f.Key)
			}
		}
	}
}

// Ensure every operation has a unique operationId, a summary, a tag, a 4xx
// answer and a security requirement, and that the quotes routes name the
// session cookie as the server sets it, over HTTPS and over plain HTTP.
func TestOpenAPIOperations(t *testing.T) {
	doc := servedDoc(t)
	ids := map[string]string{}
	for path, item := range doc["paths"].(map[string]any) {
		for method, op := range item.(map[string]any) {
			op := op.(map[string]any)
			where := method + " " + path
			id, _ := op["operationId"].(string)
			if id == "" || strings.ContainsAny(id, "-_ ./") || strings.ToLower(id[:1]) != id[:1] {
				t.Errorf("%s: operationId %q, want camelCase", where, id)
			}
			if other, dup := ids[id]; dup {
				t.Errorf("%s and %s share operationId %q", where, other, id)
			}
			ids[id] = where
			if op["summary"] == nil || op["tags"] == nil || op["security"] == nil {
				t.Errorf("%s: want a summary, tags and security", where)
			}
			has4xx := false
			for code := range op["responses"].(map[string]any) {
				has4xx = has4xx || strings.HasPrefix(code, "4")
			}
			if !has4xx {
				t.Errorf("%s: no 4xx answer", where)
			}
			quotes := strings.HasPrefix(path, "/api/v1/quotes")
			if secured := len(op["security"].([]any)) > 0; secured != quotes {
				t.Errorf("%s: security %v; want the session only on the quotes routes", where, op["security"])
			}
		}
	}
	schemes := doc["components"].(map[string]any)["securitySchemes"].(map[string]any)
	var names []string
	for _, sc := range schemes {
		sc := sc.(map[string]any)
		if sc["type"] != "apiKey" || sc["in"] != "cookie" {
			t.Errorf("security scheme %v: want an apiKey in a cookie", sc)
		}
		names = append(names, sc["name"].(string))
	}
	for _, base := range []string{"https://gpuplace.test", "http://localhost:8080"} {
		s := &Server{baseURL: base}
		if !slices.Contains(names, s.sessionCookieName()) {
			t.Errorf("under %s the session cookie is %s; the security schemes name %q", base, s.sessionCookieName(), names)
		}
	}
}

// Ensure the schemas describe the Go types the API encodes, field by field:
// every JSON field of a type is a property of its schema and no property
// is one the type lacks, of the type JSON gives it; answers' schemas
// require exactly the fields that are never left out, and a pointer the
// JSON writes as null may be null.
func TestOpenAPISchemasMatchGoTypes(t *testing.T) {
	doc := servedDoc(t)
	c := schemaChecker{t: t, schemas: doc["components"].(map[string]any)["schemas"].(map[string]any), seen: map[string]bool{}}
	for name, v := range map[string]any{
		"Result":         api.AdviceJSON{},
		"WhatIf":         api.WhatIfJSON{},
		"CatalogSummary": api.CatalogJSON{},
		"GPU":            catalog.GPU{},
		"Profile":        catalog.Profile{},
		"Provider":       apiProvider{},
		"Region":         api.RegionJSON{},
		"OfferPage":      api.OffersJSON{},
		"LatencyPair":    catalog.LatencyPair{},
		"ServingCurve":   api.ServingCurveJSON{},
		"Link":           apiLink{},
		"Quote":          apiQuote{},
		"Problem":        problem{},
		"Request":        advisor.Request{},
	} {
		c.check(name, reflect.TypeOf(v), map[string]any{"$ref": "#/components/schemas/" + name}, true)
	}
	for name := range c.schemas {
		if !c.seen[name] && !slices.Contains([]string{"GPUList", "ProfileList", "ProviderList", "RegionList", "LatencyPairs", "QuoteList",
			"JSONRPCMessage"}, name) {
			t.Errorf("schema %s is checked against no Go type", name)
		}
	}
}

// requestSchemas describe what clients send: nothing in them is required
// (omitted fields take their defaults).
var requestSchemas = []string{"Request", "Workload", "UserShare", "Data"}

// schemaChecker compares schemas of the description with Go types.
type schemaChecker struct {
	t       *testing.T
	schemas map[string]any
	seen    map[string]bool
}

// resolve follows a $ref, returning the schema and its name ("" inline).
func (c schemaChecker) resolve(s map[string]any) (map[string]any, string) {
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/components/schemas/")
		return c.schemas[name].(map[string]any), name
	}
	return s, ""
}

// types are the JSON types a schema allows, through oneOf and anyOf.
func (c schemaChecker) types(s map[string]any) []string {
	s, _ = c.resolve(s)
	switch ty := s["type"].(type) {
	case string:
		return []string{ty}
	case []any:
		var out []string
		for _, x := range ty {
			out = append(out, x.(string))
		}
		return out
	}
	var out []string
	for _, k := range []string{"oneOf", "anyOf"} {
		branches, _ := s[k].([]any)
		for _, b := range branches {
			out = append(out, c.types(b.(map[string]any))...)
		}
	}
	return out
}

// branch is the schema a nullable schema stands for: the branch of
// oneOf [X, null] that is not null, as it is written (a $ref is kept).
func (c schemaChecker) branch(s map[string]any) map[string]any {
	branches, _ := s["oneOf"].([]any)
	if len(branches) != 2 {
		return s
	}
	for i, b := range branches {
		if other := branches[1-i].(map[string]any); other["type"] == "null" {
			return b.(map[string]any)
		}
	}
	return s
}

// jsonType is the JSON type encoding/json gives a Go type.
func jsonType(t reflect.Type) string {
	switch {
	case t == reflect.TypeFor[decimal.Decimal](), t == reflect.TypeFor[time.Time]():
		return "string"
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map, reflect.Struct:
		return "object"
	}
	return "" // any: whatever it holds
}

// check compares the schema s at path with the Go type t; answer says
// whether t is encoded in answers (so its always-written fields are
// required).
func (c schemaChecker) check(path string, t reflect.Type, s map[string]any, answer bool) {
	if b := c.branch(s); b["$ref"] != nil {
		s = b // a named schema or null: check the named one
	}
	_, name := c.resolve(s)
	if name != "" {
		if slices.Contains(requestSchemas, name) {
			answer = false
		}
		key := name + " " + t.String()
		if c.seen[key] {
			return
		}
		c.seen[key], c.seen[name] = true, true
		path = name
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	want := jsonType(t)
	if want == "" {
		return
	}
	if got := c.types(s); !slices.Contains(got, want) {
		c.t.Errorf("%s: schema types %q, Go type %s is a JSON %s", path, got, t, want)
		return
	}
	s, _ = c.resolve(c.branch(s))
	switch want {
	case "array":
		items, ok := s["items"].(map[string]any)
		if !ok {
			c.t.Errorf("%s: an array without items", path)
			return
		}
		c.check(path+"[]", t.Elem(), items, answer)
	case "object":
		if t.Kind() == reflect.Map {
			if add, ok := s["additionalProperties"].(map[string]any); ok {
				c.check(path+"{}", t.Elem(), add, answer)
			} else {
				c.t.Errorf("%s: a map without additionalProperties", path)
			}
			return
		}
		c.checkStruct(path, t, s, answer)
	}
}

// checkStruct compares a struct's JSON fields with an object schema.
func (c schemaChecker) checkStruct(path string, t reflect.Type, s map[string]any, answer bool) {
	props, _ := s["properties"].(map[string]any)
	fields := jsonFields(t)
	var required []string
	for name, f := range fields {
		p, ok := props[name].(map[string]any)
		if !ok {
			c.t.Errorf("%s: the JSON field %q of %s is not described", path, name, t)
			continue
		}
		if !f.omit {
			required = append(required, name)
		}
		pointers := 0
		for ft := f.typ; ft.Kind() == reflect.Pointer; ft = ft.Elem() {
			pointers++
		}
		if (pointers == 1 && !f.omit || pointers > 1) && !slices.Contains(c.types(p), "null") {
			c.t.Errorf("%s.%s: %s may be null, the schema says %q", path, name, f.typ, c.types(p))
		}
		c.check(path+"."+name, f.typ, p, answer)
	}
	for name := range props {
		if _, ok := fields[name]; !ok {
			c.t.Errorf("%s: property %q is no JSON field of %s", path, name, t)
		}
	}
	got := asStrings(s["required"])
	if !answer {
		required = nil
	}
	slices.Sort(required)
	slices.Sort(got)
	if !slices.Equal(got, required) {
		c.t.Errorf("%s: required %q, want %q (the fields %s always writes)", path, got, required, t)
	}
}

// asStrings reads a decoded JSON list of strings.
func asStrings(v any) []string {
	var out []string
	l, _ := v.([]any)
	for _, x := range l {
		out = append(out, x.(string))
	}
	return out
}

// jsonField is one field as encoding/json writes it.
type jsonField struct {
	typ  reflect.Type
	omit bool // omitempty or omitzero: left out when empty
}

// jsonFields lists a struct's JSON fields by name, the fields of embedded
// structs promoted unless a shallower field has their name (as
// encoding/json does).
func jsonFields(t reflect.Type) map[string]jsonField {
	type found struct {
		jsonField
		depth int
	}
	fields := map[string]found{}
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		for f := range t.Fields() {
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft, depth+1)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if prev, ok := fields[name]; ok && prev.depth <= depth {
				continue
			}
			omit := slices.ContainsFunc(strings.Split(opts, ","), func(o string) bool { return o == "omitempty" || o == "omitzero" })
			fields[name] = found{jsonField{f.Type, omit}, depth}
		}
	}
	walk(t, 0)
	out := map[string]jsonField{}
	for name, f := range fields {
		out[name] = f.jsonField
	}
	return out
}
