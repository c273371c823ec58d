package mcptools

import (
	"reflect"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
)

// schemaOptions infer schemas as the app's JSON writes its values: a
// decimal is a string ("2565.00"; a request may also send a number), and
// a sentence (locale.Text) is a message id with arguments, where an
// argument's own sentence is left an open object: the type nests, which a
// schema inferred from it cannot.
var schemaOptions = sync.OnceValue(func() *jsonschema.ForOptions {
	arg := mustSchema(jsonschema.For[locale.Arg](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[locale.Text](): {Type: "object", Description: "a sentence of its own, as its parent"},
	}}))
	text := &jsonschema.Schema{
		Type:        "object",
		Description: "a sentence as a message id with its arguments, for languages other than English",
		Properties: map[string]*jsonschema.Schema{
			"id":   {Type: "string"},
			"args": {Types: []string{"null", "array"}, Items: arg},
		},
		Required:             []string{"id"},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
	return &jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[decimal.Decimal](): {Types: []string{"string", "number"}, Description: "a decimal number, written as a string"},
		reflect.TypeFor[locale.Text]():     text,
	}}
})

// schemaOf infers T's schema with schemaOptions.
func schemaOf[T any]() *jsonschema.Schema {
	return mustSchema(jsonschema.For[T](schemaOptions()))
}

// mustSchema stops the program on a type no schema describes: the tools'
// types are fixed at build time, and the tests build every schema.
func mustSchema(s *jsonschema.Schema, err error) *jsonschema.Schema {
	if err != nil {
		panic(err)
	}
	return s
}

// Schemas of the tools' answers, built once: the schema cache knows them
// by pointer.
var (
	adviceSchema  = sync.OnceValue(schemaOf[api.AdviceJSON])
	whatIfSchema  = sync.OnceValue(schemaOf[api.WhatIfJSON])
	offersSchema  = sync.OnceValue(schemaOf[api.OffersJSON])
	latencySchema = sync.OnceValue(schemaOf[api.LatencyJSON])
	regionSchema  = sync.OnceValue(schemaOf[api.RegionJSON])
)

// requestSchema is the advice request's schema, as POST /api/v1/advice
// takes it: inferred from advisor.Request, every field optional (a zero
// value takes its default; the advisor's validation says what a question
// needs), unknown fields refused, and each field described as the
// question's field table describes it.
var requestSchema = sync.OnceValue(func() *jsonschema.Schema {
	s := schemaOf[advisor.Request]()
	s.Description = "The placement question, as the body of POST /api/v1/advice. Omitted fields take their defaults; " +
		"unknown fields are an error. users is required for inference."
	docs := map[string]question.Field{}
	for _, f := range question.Fields {
		docs[f.Path] = f
	}
	walk(s, "", func(path string, p *jsonschema.Schema) {
		p.Required = nil
		if f, ok := docs[path]; ok && describesJSON(f.Type) {
			p.Description = f.Doc
		}
	})
	return s
})

// describesJSON reports whether a field table's description reads true of
// the JSON field: list fields are described as comma-separated query
// values, which the JSON writes as arrays.
func describesJSON(t question.Type) bool {
	return t != question.List && t != question.UpperList && t != question.Users
}

// walk calls f on s and on every schema within it, properties and list
// items, each named by its JSON path ("workload.rps"; a list's items by
// the list's path).
func walk(s *jsonschema.Schema, path string, f func(path string, p *jsonschema.Schema)) {
	f(path, s)
	if s.Items != nil {
		walk(s.Items, path, f)
	}
	for name, p := range s.Properties {
		walk(p, strings.TrimPrefix(path+"."+name, "."), f)
	}
}
