package main

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"gpuplace/internal/api"
)

// Ensure the checked-in appenders are what the generator writes for the
// types as they are: a field added, removed or retagged without running
// go generate ./internal/api fails here.
func TestGeneratedIsCurrent(t *testing.T) {
	want, err := generate(reflect.TypeFor[api.AdviceJSON]())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../advice_json_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("internal/api/advice_json_gen.go is stale: run go generate ./internal/api")
	}
}

type withMap struct {
	M map[string]int `json:"m"`
}

type withAny struct {
	V any `json:"v"`
}

type inner struct {
	X int `json:"x"`
}

type withEmbedded struct {
	inner
	Y int `json:"y"`
}

type withRaw struct {
	R json.RawMessage `json:"r"`
}

type withBytes struct {
	B []byte `json:"b"`
}

type withStringOption struct {
	N int `json:"n,string"`
}

type withHTMLKey struct {
	N int `json:"<n>"`
}

// Ensure the generator refuses what it does not write as encoding/json
// would, naming the field, rather than writing something else.
func TestGeneratorRefusesWhatItDoesNotWrite(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeFor[withMap](), "withMap.M"},
		{reflect.TypeFor[withAny](), "withAny.V"},
		{reflect.TypeFor[withEmbedded](), "embedded"},
		{reflect.TypeFor[withRaw](), "Marshaler"},
		{reflect.TypeFor[withBytes](), "bytes"},
		{reflect.TypeFor[withStringOption](), `"string"`},
		{reflect.TypeFor[withHTMLKey](), "escaping"},
	} {
		if _, err := generate(c.typ); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %s", c.typ, err, c.want)
		}
	}
}
