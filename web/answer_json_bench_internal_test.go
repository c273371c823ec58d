//go:build unix && jsonbench

// Measured only with -tags jsonbench: github.com/go-json-experiment/json
// does not build with the toolchain CI uses (Go 1.27.3).

package web

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
	"gpuplace/internal/catalog"
	"gpuplace/internal/question"
)

// asEncodingJSON sets github.com/go-json-experiment/json (the upstream of
// encoding/json/v2) to write an answer as encoding/json does: nil lists
// as null, omitempty as v1 reads it, HTML and JavaScript characters
// escaped, invalid UTF-8 replaced (written as U+FFFD itself, not \ufffd:
// the one difference in the bytes, and real answers hold none; a NaN is
// refused by both, in other words).
var asEncodingJSON = json.JoinOptions(
	json.FormatNilSliceAsNull(true),
	jsonv1.OmitEmptyWithLegacySemantics(true),
	jsontext.EscapeForHTML(true),
	jsontext.EscapeForJS(true),
	jsontext.AllowInvalidUTF8(true),
)

// appendAdviceLibrary is api.AppendAdviceJSON by the library.
func appendAdviceLibrary(b []byte, a *api.AdviceJSON) ([]byte, error) {
	buf := bytes.NewBuffer(b)
	if err := json.MarshalWrite(buf, a, asEncodingJSON); err != nil {
		return b, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// BenchmarkAnswerJSON measures new API questions through the whole
// handler, gzip asked for as a client asks (and not inflated), their
// answers written by the generated appenders and by the library set to
// write the same bytes: the measure that keeps the generator (see
// internal/api/advice_json.go). Each way has its leg (ns/op, B/op,
// allocs/op, and the process's CPU time, the collector's included); the
// side-by-side leg asks new questions of both in turn, question by
// question, and reports each one's time and CPU time a question and the
// library's over the generator's: the ratios that hold on a machine whose
// other work moves the legs' times from one second to the next.
func BenchmarkAnswerJSON(b *testing.B) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		b.Fatal(err)
	}
	s := NewServer(Config{Log: slog.New(slog.DiscardHandler), Catalogs: oneCatalog{cat}})
	ways := []struct {
		name   string
		append func([]byte, *api.AdviceJSON) ([]byte, error)
	}{{"generated", api.AppendAdviceJSON}, {"go-json-experiment", appendAdviceLibrary}}
	defer func() { appendAdvice = api.AppendAdviceJSON }()
	i := 0
	for _, q := range []struct{ name, question, rps string }{
		// the performance figures' question (ResNet-50 for users in
		// Germany, the US and Japan; 97 KB of JSON) and a language model's
		{"resnet50", "kind=inference&latency_ms=80&peak_rps=150&profile=resnet50&users=DE:50,US:30,JP:20", "50"},
		{"llama-70b", "kind=inference&profile=llama-3.3-70b&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=60&users=US:50,DE:30,JP:20", "5"},
	} {
		sameBytes(b, cat, q.question+"&rps="+q.rps)
		ask := func(b *testing.B) {
			i++ // a question not asked before
			target := fmt.Sprintf("/api/v1/advice?%s&rps=%s.%06d", q.question, q.rps, i)
			req := httptest.NewRequest("GET", target, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
				b.Fatalf("%s: status %d, Content-Encoding %q", target, rec.Code, rec.Header().Get("Content-Encoding"))
			}
		}
		for range 20 { // the first leg is not the one to warm the server
			ask(b)
		}
		for _, way := range ways {
			b.Run(q.name+"/"+way.name, func(b *testing.B) {
				appendAdvice = way.append
				b.ReportAllocs()
				cpu := processCPU()
				for b.Loop() {
					ask(b)
				}
				b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
		b.Run(q.name+"/side-by-side", func(b *testing.B) {
			wall := make([]time.Duration, len(ways))
			cpu := make([]time.Duration, len(ways))
			n := 0
			for b.Loop() {
				n++
				for j := range ways {
					k := (j + n) % len(ways) // each first in turn
					appendAdvice = ways[k].append
					t0, c0 := time.Now(), processCPU()
					ask(b)
					wall[k] += time.Since(t0)
					cpu[k] += processCPU() - c0
				}
			}
			for k, way := range ways {
				b.ReportMetric(float64(wall[k].Nanoseconds())/float64(n), way.name+"-ns/q")
				b.ReportMetric(float64(cpu[k].Nanoseconds())/float64(n), way.name+"-cpu-ns/q")
			}
			b.ReportMetric(float64(wall[1])/float64(wall[0]), "ratio")
			b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "cpu-ratio")
		})
	}
}

// sameBytes fails b unless the library writes the question's answer as
// the generated appenders do.
func sameBytes(b *testing.B, cat *catalog.Catalog, q string) {
	b.Helper()
	values, err := url.ParseQuery(q)
	if err != nil {
		b.Fatal(err)
	}
	req, _, errs := question.Parse(values)
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	res, err := advisor.Recommend(cat, req)
	if err != nil {
		b.Fatal(err)
	}
	a := api.NewAdviceJSON(res, cat)
	gen, err := api.AppendAdviceJSON(nil, &a)
	if err != nil {
		b.Fatal(err)
	}
	lib, err := appendAdviceLibrary(nil, &a)
	if err != nil {
		b.Fatal(err)
	}
	if !bytes.Equal(gen, lib) {
		b.Fatalf("%s: the library writes other bytes", strings.SplitN(q, "&", 2)[0])
	}
}

// processCPU is the CPU time the process has spent, the collector's
// included.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
