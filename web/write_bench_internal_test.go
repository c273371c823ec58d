package web

import (
	"bytes"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
	"gpuplace/internal/catalog"
)

// BenchmarkAnswerWrite measures what writing a new question's API answer
// costs once the advisor has answered, whatever the advisor does: its JSON
// shape, its encoding and its compression, as writeAdvice does them, for
// the question the performance figures are measured on. Against /healthz
// this is the floor under a new question's throughput.
func BenchmarkAnswerWrite(b *testing.B) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		b.Fatal(err)
	}
	res, err := advisor.Recommend(cat, advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80},
		Users:    []advisor.UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}},
	})
	if err != nil {
		b.Fatal(err)
	}
	var body []byte
	if err := encodeBytes(api.NewAdviceJSON(res, cat), func(b []byte) error { body = bytes.Clone(b); return nil }); err != nil {
		b.Fatal(err)
	}
	b.Run("shape", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			api.NewAdviceJSON(res, cat)
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		shape := api.NewAdviceJSON(res, cat)
		for b.Loop() {
			if err := encodeBytes(shape, func([]byte) error { return nil }); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("gzip", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			gzipBytes(body)
		}
	})
	b.Run("all", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			err := encodeBytes(api.NewAdviceJSON(res, cat), func(out []byte) error {
				gzipBytes(out)
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
