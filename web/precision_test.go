package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// Ensure the RTX PRO 6000 question asked in BF16 says on its card, in both
// languages, that FP4 costs far less than BF16, the precision asked (not
// than FP8, the model's default), with the FP4 checkpoint's quality note,
// and that the API's pick lists the other precisions.
func TestCardSaysALowerPrecisionIsCheaper(t *testing.T) {
	s := newTestServer(t)
	const q = "kind=inference&profile=llama-3.3-70b&rps=5&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=60&users=US:100&months=12&gpus=rtx-pro-6000,rtx-pro-6000-maxq&precision=bf16"
	en := s.do(t, "GET", "/advice?"+q, nil)
	wantStatus(t, en, http.StatusOK)
	wantContains(t, en.Body.String(), `data-testid="precision-saving"`, "In FP4 (Blackwell) on 2 GPUs", "% less than in Mixed (FP16/BF16)", "nvidia/Llama-3.3-70B-Instruct-FP4")
	if strings.Contains(en.Body.String(), "less than in FP8") {
		t.Error("asked in BF16, the card compares the lower precision with FP8")
	}
	zh := s.do(t, "GET", "/advice?"+q+"&lang=zh-CN", nil).Body.String()
	wantContains(t, zh, `data-testid="precision-saving"`, "在 2 个 GPU 上花费", "比以 混合精度（FP16/BF16）", "目录中没有它相对该模型的具体数字")
	api := s.do(t, "GET", "/api/v1/advice?"+q, nil).Body.String()
	if !strings.Contains(api, `"precision_alternatives":[{"precision":"fp8"`) || !strings.Contains(api, `"quality_note":{`) {
		t.Errorf("API answer lacks the precision alternatives: %.300s", api[strings.Index(api, `"serving"`):])
	}
}
