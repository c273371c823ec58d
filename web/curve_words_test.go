package web_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// Ensure the curve's page says what the replica is and what it marks: a
// pipeline replica's heading names its stages and the GPUs of each (not
// "2 × GPU", which reads as tensor-parallel), and one measured figure
// that the charts cannot mark (its source states no latencies) is "1
// measured figure", not "1 measured figures … are marked", in English and
// Chinese.
func TestServingCurveSaysPipelineAndMarks(t *testing.T) {
	s := newTestServer(t)
	const q = "/serving?profile=llama-3.3-70b&gpu=rtx-pro-6000&precision=fp4&engine=trtllm&tp=1&pp=2&input_tokens=1000&output_tokens=1000"
	heading := regexp.MustCompile(`data-testid="curve-heading">([^<]*)<`)
	measured := regexp.MustCompile(`data-testid="curve-measured">([^<]*)<`)
	for lang, want := range map[string][2]string{
		"en":    {"on 2 × NVIDIA RTX PRO 6000 Blackwell (96GB) as 2 pipeline stages of 1 GPU each, in FP4", "has 1 measured figure of this setup within 10 % of these lengths; its source states no latencies"},
		"zh-CN": {"2 块 NVIDIA RTX PRO 6000 Blackwell (96GB)（2 级流水线，每级 1 块）", "的 1 个实测值；其来源未给出延迟，无法在图中标出"},
	} {
		rec := s.do(t, "GET", q+"&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		h, m := heading.FindStringSubmatch(body), measured.FindStringSubmatch(body)
		if h == nil || !strings.Contains(html.UnescapeString(h[1]), want[0]) {
			t.Errorf("%s: heading %q, want it to say %q", lang, h, want[0])
		}
		if m == nil || !strings.Contains(html.UnescapeString(m[1]), want[1]) {
			t.Errorf("%s: measured sentence %q, want %q", lang, m, want[1])
		}
		if strings.Contains(body, "pt measured") {
			t.Errorf("%s: the charts mark a measured figure the sentence says they cannot", lang)
		}
	}
	// Stages of two GPUs are "of 2 GPUs each".
	rec := s.do(t, "GET", "/serving?profile=llama-3.3-70b&gpu=rtx-pro-6000&precision=mixed&engine=vllm&tp=2&pp=2&input_tokens=1000&output_tokens=300", nil)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), "on 4 × NVIDIA RTX PRO 6000 Blackwell (96GB) as 2 pipeline stages of 2 GPUs each, in FP16/BF16, vLLM")
	// A replica of one stage stays "N × GPU".
	rec = s.do(t, "GET", "/serving?profile=llama-3.3-70b&gpu=b200&precision=fp8&engine=trtllm&tp=8&input_tokens=1000&output_tokens=300", nil)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), "on 8 × NVIDIA B200")
	if strings.Contains(rec.Body.String(), "pipeline stages") {
		t.Error("a one-stage replica's heading names pipeline stages")
	}
}
