package advisor_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"gpuplace/internal/advisor"
)

// fuzzSeeds are valid and invalid request bodies to start fuzzing from; the
// same bodies are committed under testdata/fuzz/FuzzRecommend.
var fuzzSeeds = []string{
	apiExample,
	`{"workload":{"kind":"training","profile":"resnet50","deadline_hours":2},"pricing":["on_demand"]}`,
	`{"workload":{"kind":"training","profile":"bert-large","samples":1000000000000,"epochs":10000},"pricing":["spot"],"checkpoint_minutes":0}`,
	`{"workload":{"kind":"inference","profile":"gptj-6b","rps":5,"peak_rps":20,"latency_ms":300},"users":[{"location":"CN","share":3},{"location":"sfo","share":1}],"objective":"balanced","currency":"CNY"}`,
	`{"workload":{"kind":"inference","profile":"resnet50","rps":1e-300},"users":[{"location":"BR","share":1e-300}],"budget":"0.01"}`,
	`{"workload":{"kind":"training","profile":"resnet50"},"data":{"location":"gcp:europe-west4"},"gdpr":"eu_adequacy","providers":["aws","gcp"],"gpus":["a100-80gb","h100"],"objective":"latency","currency":"EUR","budget":"1e-9999"}`,
	`{"workload":{"kind":"inference","profile":"bert-large","rps":-1,"months":500},"users":[{"location":"XX","share":-1},{"location":"","share":0}],"pricing":["free","spot","spot"],"currency":"GBP"}`,
	`{"workload":{"kind":"training","colour":1}}`,
	`{"budget":true}`,
	`{} }`,
	``,
}

// Ensure arbitrary bodies through DecodeRequest and Recommend never panic and every error names a field.
func FuzzRecommend(f *testing.F) {
	cat := realCatalog(f)
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := advisor.DecodeRequest(bytes.NewReader(body))
		if err != nil {
			fieldErrors(t, err)
			return
		}
		res, err := advisor.Recommend(cat, req)
		if err != nil {
			fieldErrors(t, err)
			return
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatalf("json.Marshal(result) error = %v", err)
		}
		for _, o := range options(res) {
			if !o.Total.Equal(sumLines(o.Lines)) {
				t.Fatalf("Recommend() total = %s, want the sum of lines %s", o.Total, sumLines(o.Lines))
			}
		}
	})
}
