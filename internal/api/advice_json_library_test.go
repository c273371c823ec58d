//go:build jsonbench

// The library the generated appenders are kept against (see
// advice_json.go), measured only with -tags jsonbench: the module does not
// build with the toolchain CI uses (Go 1.27.3, whose encoding/json/v2 it
// aliases lacks options it names).

package api_test

import (
	"bytes"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"

	"gpuplace/internal/api"
)

// asEncodingJSON sets github.com/go-json-experiment/json (the upstream of
// encoding/json/v2) to write an answer as encoding/json does: nil lists
// as null, omitempty as v1 reads it, HTML and JavaScript characters
// escaped, invalid UTF-8 replaced (written as U+FFFD itself, not \ufffd:
// the one difference in the bytes, and real answers hold none; a NaN is
// refused by both, in other words).
var asEncodingJSON = jsonv2.JoinOptions(
	jsonv2.FormatNilSliceAsNull(true),
	jsonv1.OmitEmptyWithLegacySemantics(true),
	jsontext.EscapeForHTML(true),
	jsontext.EscapeForJS(true),
	jsontext.AllowInvalidUTF8(true),
)

// BenchmarkAdviceJSONLibrary writes BenchmarkAdviceJSON's answer with
// github.com/go-json-experiment/json, checking it writes the generated
// appenders' bytes.
func BenchmarkAdviceJSONLibrary(b *testing.B) {
	a := performanceAnswer(b)
	b.Run("go-json-experiment", func(b *testing.B) {
		want, _ := api.AppendAdviceJSON(nil, &a)
		b.ReportAllocs()
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if err := jsonv2.MarshalWrite(&buf, &a, asEncodingJSON); err != nil {
				b.Fatal(err)
			}
			buf.WriteByte('\n')
		}
		if !bytes.Equal(buf.Bytes(), want) {
			b.Fatal("the library writes other bytes than the generated appenders")
		}
		b.SetBytes(int64(buf.Len()))
	})
}
