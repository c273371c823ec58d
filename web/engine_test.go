package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Ensure the serving engine is asked alike on every route: the form's
// select shows it (in both languages), the API sizes on it from the query
// and from JSON, states its versions, and names workload.engine when it
// is no engine it knows; bf16 reads as the 16-bit precision.
func TestEngineEveryRoute(t *testing.T) {
	s := newTestServer(t)
	llm := "kind=inference&profile=llama-3.1-8b&rps=5&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=60&users=US:60,DE:40"
	edit := s.do(t, "GET", "/advice/edit?"+llm+"&engine=sglang", nil)
	wantStatus(t, edit, http.StatusOK)
	wantContains(t, edit.Body.String(), `<select id="f-engine" name="engine"`, `<option value="sglang" selected>SGLang</option>`, "Serving engine")
	edit = s.do(t, "GET", "/advice/edit?"+llm+"&lang=zh-CN", nil)
	wantContains(t, edit.Body.String(), `<option value="" selected>`, "推理引擎")

	type answer struct {
		Pick struct {
			Serving struct {
				Engine        string `json:"engine"`
				EngineVersion string `json:"engine_version"`
				Precision     string `json:"precision"`
			} `json:"serving"`
		} `json:"pick"`
	}
	read := func(body []byte) answer {
		var a answer
		if err := json.Unmarshal(body, &a); err != nil {
			t.Fatalf("%v: %s", err, body)
		}
		return a
	}
	api := s.do(t, "GET", "/api/v1/advice?"+llm+"&engine=vllm&precision=bf16", nil)
	wantStatus(t, api, http.StatusOK)
	if a := read(api.Body.Bytes()); a.Pick.Serving.Engine != "vLLM" || !strings.HasPrefix(a.Pick.Serving.EngineVersion, "vLLM 0.") || a.Pick.Serving.Precision != "mixed" {
		t.Errorf("engine=vllm&precision=bf16: serving %+v, want vLLM with its versions, in mixed", a.Pick.Serving)
	}
	body := `{"workload":{"kind":"inference","profile":"llama-3.1-8b","rps":5,"engine":"trtllm","precision":"fp16"},"users":[{"location":"US","share":1}]}`
	post := s.do(t, "POST", "/api/v1/advice", strings.NewReader(body), "Content-Type", "application/json")
	wantStatus(t, post, http.StatusOK)
	if a := read(post.Body.Bytes()); a.Pick.Serving.Engine != "TensorRT-LLM" || a.Pick.Serving.Precision != "mixed" {
		t.Errorf("JSON engine trtllm, precision fp16: serving %+v, want TensorRT-LLM in mixed", a.Pick.Serving)
	}
	bad := s.do(t, "GET", "/api/v1/advice?"+llm+"&engine=tgi", nil)
	wantStatus(t, bad, http.StatusUnprocessableEntity)
	wantContains(t, bad.Body.String(), "engine", "any, vllm, sglang, trtllm")
}
