package api_test

import (
	"bytes"
	"encoding/json"
	"math"
	"net/url"
	"reflect"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
)

// encodingJSON is what the API sent before the generated appenders:
// json.NewEncoder(…).Encode.
func encodingJSON(t testing.TB, v any) ([]byte, error) {
	t.Helper()
	var buf bytes.Buffer
	err := json.NewEncoder(&buf).Encode(v)
	return buf.Bytes(), err
}

// sameAsEncodingJSON fails t unless AppendAdviceJSON writes a as
// encoding/json does, byte for byte, after what b already holds.
func sameAsEncodingJSON(t *testing.T, what string, a *api.AdviceJSON) {
	t.Helper()
	want, werr := encodingJSON(t, a)
	prefix := []byte("kept")
	got, gerr := api.AppendAdviceJSON(bytes.Clone(prefix), a)
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Fatalf("%s: error %v, want encoding/json's %v", what, gerr, werr)
	}
	if werr != nil {
		return
	}
	if !bytes.HasPrefix(got, prefix) {
		t.Fatalf("%s: the bytes before were not kept: %.20q", what, got)
	}
	if got = got[len(prefix):]; !bytes.Equal(got, want) {
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		t.Fatalf("%s: differs from encoding/json at byte %d of %d:\n got …%s\nwant …%s", what, i, len(want),
			got[max(0, i-80):min(len(got), i+80)], want[max(0, i-80):min(len(want), i+80)])
	}
}

// Ensure the generated appenders write real answers of every kind as
// encoding/json does: inference in three countries and currencies,
// language models (with token APIs and serving curves), training (with a
// dataset and spot), failover placements, a carbon objective, GDPR and a
// budget that leaves offers out.
func TestAdviceJSONAsEncodingJSON(t *testing.T) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"kind=inference&latency_ms=80&peak_rps=150&profile=resnet50&users=DE:50,US:30,JP:20&rps=50",
		"gdpr=eu&kind=inference&latency_ms=60&months=12&peak_rps=400&profile=resnet50&rps=150&users=DE:35,FR:25,NL:15,IT:15,ES:10&currency=EUR",
		"deadline_hours=24&kind=training&pricing=on_demand,spot&profile=resnet50",
		"checkpoint_minutes=15&kind=training&pricing=spot,on_demand&profile=bert-large&currency=GBP",
		"gdpr=eu&input_tokens=1000&kind=inference&output_tokens=300&profile=llama-3.1-8b&rps=5&tpot_ms=60&ttft_ms=1000&users=DE:35,FR:25,NL:15,IT:15,ES:10",
		"input_tokens=1000&kind=inference&objective=balanced&output_tokens=300&peak_rps=20&profile=llama-3.3-70b&rps=8&ttft_ms=1500&users=US:40,DE:20,IN:15,JP:10,BR:10,AU:5&currency=CNY",
		"kind=inference&latency_ms=100&peak_rps=150&profile=bert-large&rps=50&users=CN:100",
		"kind=inference&latency_ms=100&peak_rps=120&profile=bert-large&rps=50&users=DE:60,US:40&min_regions=2",
		"kind=inference&latency_ms=100&peak_rps=120&profile=bert-large&rps=50&users=DE:60,US:40&objective=carbon",
		"kind=inference&latency_ms=100&peak_rps=120&profile=bert-large&rps=50&users=DE:100&budget=800&currency=CHF",
		"kind=inference&latency_ms=200&objective=latency&peak_rps=60&profile=gptj-6b&rps=20&users=US:40,DE:20,IN:15,JP:10,BR:10,AU:5",
	} {
		values, err := url.ParseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		req, _, errs := question.Parse(values)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", q, errs)
		}
		res, err := advisor.Recommend(cat, req)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		a := api.NewAdviceJSON(res, cat)
		sameAsEncodingJSON(t, q, &a)
	}
}

// Ensure every field of every type an answer holds is written as
// encoding/json writes it, set and unset: an answer with every pointer
// set, every list of two and every scalar awkward (strings with quotes,
// HTML, control characters, invalid UTF-8 and line separators; numbers at
// the edges of the exponent form; decimals of many scales), and the empty
// answer.
func TestAdviceJSONEveryField(t *testing.T) {
	f := filler{}
	for i := range 4 {
		var a api.AdviceJSON
		f.fill(reflect.ValueOf(&a).Elem(), 0)
		sameAsEncodingJSON(t, "filled "+string(rune('a'+i)), &a)
	}
	sameAsEncodingJSON(t, "empty", &api.AdviceJSON{})
	// Every pointer set to a zero value, every list empty but not nil,
	// every scalar zero: what omitempty leaves out and what it keeps.
	zero := filler{zero: true}
	var a api.AdviceJSON
	zero.fill(reflect.ValueOf(&a).Elem(), 0)
	a.Alternatives = []api.OptionJSON{{}, {Why: []locale.Text{{}}}}
	zero.fill(reflect.ValueOf(&a.Alternatives[0]).Elem(), 1)
	sameAsEncodingJSON(t, "zero values", &a)
}

// Ensure a number JSON cannot hold is refused as encoding/json refuses it.
func TestAdviceJSONRefusesNaN(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		a := api.AdviceJSON{Candidates: []advisor.Candidate{{Label: "x", Total: x}}}
		if _, err := api.AppendAdviceJSON(nil, &a); err == nil {
			t.Errorf("%v: no error", x)
		}
		sameAsEncodingJSON(t, "candidate total", &a)
	}
}

// FuzzAdviceJSONScalars holds strings, numbers and decimals to
// encoding/json's way of writing them.
func FuzzAdviceJSONScalars(f *testing.F) {
	f.Add("plain", 1.5, int64(12345), int32(-2))
	f.Add("<a href=\"x\">&</a>\u2028\u2029\x00\x1f\x7f\xff é 中", 1e-7, int64(-1), int32(3))
	f.Add("", 1e21, int64(0), int32(-30))
	f.Add("\\\t\n\r\b\f", -0.0, int64(math.MinInt64), int32(-18))
	f.Add("×–", 123456789.123, int64(math.MaxInt64), int32(0))
	f.Fuzz(func(t *testing.T, s string, x float64, coef int64, exp int32) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			x = 0
		}
		d := decimal.New(coef, exp%40)
		a := api.AdviceJSON{CatalogVersion: s, Rate: d, Candidates: []advisor.Candidate{{Label: s, Total: x, Metric: -x}}}
		sameAsEncodingJSON(t, "scalars", &a)
	})
}

// filler sets every field of a value, round by round differently; with
// zero, every pointer to a zero value and every list empty, not nil.
type filler struct {
	n    int
	zero bool
}

var awkward = []string{
	"plain", `quote " and \ backslash`, "<script>&amp;</script>", "tab\tnew\nline\r\x00\x01\x1f",
	"\u2028line\u2029para", "bad \xff\xfe utf-8", "é × – 中文 🙂", "",
}

var floats = []float64{0, 1, -1, 0.1, 1e-7, 9.99e-7, 1e-6, 1e20, 1e21, 123456.789, -2.5e-9, 157.68000000000004, math.MaxFloat64, math.SmallestNonzeroFloat64}

func (f *filler) fill(v reflect.Value, depth int) {
	f.n++
	if f.zero {
		switch v.Kind() {
		case reflect.Pointer:
			if depth <= 4 {
				p := reflect.New(v.Type().Elem())
				f.fill(p.Elem(), depth+1)
				v.Set(p)
			}
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					f.fill(v.Field(i), depth+1)
				}
			}
		}
		return
	}
	if v.Type() == reflect.TypeFor[decimal.Decimal]() {
		coefs := []int64{0, 1, -1, 12345, -987654321, 100, 1 << 62}
		v.Set(reflect.ValueOf(decimal.New(coefs[f.n%len(coefs)], int32(f.n%11)-7)))
		if f.n%13 == 0 {
			big, _ := decimal.NewFromString("123456789012345678901234567890.0000123")
			v.Set(reflect.ValueOf(big))
		}
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(awkward[f.n%len(awkward)])
	case reflect.Bool:
		v.SetBool(f.n%2 == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(f.n%7) - 2)
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(f.n % 5))
	case reflect.Float64:
		v.SetFloat(floats[f.n%len(floats)] * float64(1-2*(f.n/len(floats)%2)))
	case reflect.Pointer:
		if depth > 4 && v.Type().Elem().Kind() == reflect.Struct {
			return // a Text's argument may hold a Text: stop somewhere
		}
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		if depth > 4 {
			return
		}
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			f.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			f.fill(v.Index(i), depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				f.fill(v.Field(i), depth+1)
			}
		}
	}
}

// BenchmarkAdviceJSON writes the performance figures' answer (ResNet-50
// for users in Germany, the US and Japan; 97 KB) with encoding/json, with
// the generated appenders side by side (advice_json_library_test.go adds
// github.com/go-json-experiment/json under the jsonbench build tag; see
// advice_json.go).
func BenchmarkAdviceJSON(b *testing.B) {
	a := performanceAnswer(b)
	var err error
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if err := json.NewEncoder(&buf).Encode(&a); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(int64(buf.Len()))
	})
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		var out []byte
		for b.Loop() {
			if out, err = api.AppendAdviceJSON(out[:0], &a); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(int64(len(out)))
	})

}

// performanceAnswer is the performance figures' answer (ResNet-50 for
// users in Germany, the US and Japan) as the API writes it.
func performanceAnswer(b *testing.B) api.AdviceJSON {
	b.Helper()
	cat, err := catalog.Load(data.FS)
	if err != nil {
		b.Fatal(err)
	}
	values, _ := url.ParseQuery("kind=inference&latency_ms=80&peak_rps=150&profile=resnet50&users=DE:50,US:30,JP:20&rps=50")
	req, _, _ := question.Parse(values)
	res, err := advisor.Recommend(cat, req)
	if err != nil {
		b.Fatal(err)
	}
	return api.NewAdviceJSON(res, cat)
}
