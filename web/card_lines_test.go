package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// The decision card's lines beside its total: buying tokens or hosting,
// the cheapest answer meeting the target, law and borders, and
// confidence words that fit the verdict.

// llama70BUS is the 70B question of a buyer with users in the US.
const llama70BUS = "kind=inference&profile=llama-3.3-70b&rps=5&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=60&users=US%3A100&months=12"

// llama70BPreset is the form's 70B preset, ranked for balance.
const llama70BPreset = "input_tokens=1000&kind=inference&objective=balanced&output_tokens=300&peak_rps=20&profile=llama-3.3-70b&rps=8&ttft_ms=1500&users=US%3A40%2CDE%3A20%2CIN%3A15%2CJP%3A10%2CBR%3A10%2CAU%3A5&latency_ms=200"

// cardOf is the decision card of an answer page: from the pick to the
// explanation.
func cardOf(t testing.TB, body string) string {
	t.Helper()
	i, j := strings.Index(body, `data-testid="pick"`), strings.Index(body, `data-testid="explanation"`)
	if i < 0 || j < i {
		t.Fatalf("no decision card in the page")
	}
	return body[i:j]
}

// cardAt fetches an answer page and returns its decision card.
func cardAt(t testing.TB, s *testServer, path string) string {
	t.Helper()
	rec := s.do(t, "GET", path, nil)
	wantStatus(t, rec, http.StatusOK)
	return cardOf(t, rec.Body.String())
}

// Ensure an LLM card says, in both languages, whether buying tokens or
// hosting costs less: the cheapest API's price of a million tokens beside
// the hosted one. With users in the US hosting wins; asked in BF16 the
// API does, and hosting never costs less.
func TestCardSaysBuyOrHost(t *testing.T) {
	s := newTestServer(t)
	wantContains(t, cardAt(t, s, "/advice?"+llama70BUS), `data-testid="buy-or-host"`, `data-cheaper="host"`, "Host it: $0.", "per 1M tokens",
		"less than Lambda Inference (served in FP8), the cheapest token API")
	wantContains(t, cardAt(t, s, "/advice?"+llama70BUS+"&lang=zh-CN"), `data-testid="buy-or-host"`, "自行托管更省：每百万 token", "比最便宜的 token API Lambda Inference（以 FP8 提供）")
	bf16 := cardAt(t, s, "/advice?"+llama70BUS+"&precision=bf16")
	wantContains(t, bf16, `data-cheaper="api"`, "Buy tokens instead: Lambda Inference (served in FP8), the cheapest token API, charges", "less than hosting it at",
		"Hosting never costs less at these prices, whatever the volume.")
	wantContains(t, cardAt(t, s, "/advice?"+llama70BUS+"&precision=bf16&lang=zh-CN"), "购买 token 更省：", "token 比例）。按这些价格，无论用量多大，自行托管都不会更省钱。")
	if strings.Contains(cardAt(t, s, "/advice?"+germanInference), `data-testid="buy-or-host"`) {
		t.Error("a BERT card compares token APIs")
	}
}

// Ensure a card ranked for balance says, in both languages, which answer
// meeting the target is the cheapest and how much less it costs, and
// that a card ranked by cost does not.
func TestCardNamesTheCheapestMeetingTheTarget(t *testing.T) {
	s := newTestServer(t)
	wantContains(t, cardAt(t, s, "/advice?"+llama70BPreset), `data-testid="cheapest-meeting"`, "The cheapest answer that meets your target, ", "costs $", "% less than this pick.")
	wantContains(t, cardAt(t, s, "/advice?"+llama70BPreset+"&lang=zh-CN"), `data-testid="cheapest-meeting"`, "满足目标的最便宜方案是", "比此方案低")
	if strings.Contains(cardAt(t, s, "/advice?"+strings.Replace(llama70BPreset, "objective=balanced", "objective=cost", 1)), `data-testid="cheapest-meeting"`) {
		t.Error("a card ranked by cost names a cheaper answer")
	}
}

// Ensure the card flags the law and borders users cross where the pick is
// outside mainland China: users in China served from across the border
// (PIPL's rules on data leaving the country, with the source), and a
// language model offered to the public there (the CAC filing), in both
// languages.
func TestCardFlagsTheBorderFromOutside(t *testing.T) {
	s := newTestServer(t)
	const cn = "/advice?kind=inference&latency_ms=100&months=12&peak_rps=400&profile=bert-large&rps=50&users=CN%3A100"
	card := cardAt(t, s, cn)
	wantContains(t, card, `data-testid="regulatory"`, "Law and borders", `data-testid="regulatory-line"`, "Users in China are served from", "PIPL (Article 38)",
		"Personal Information Protection Law of the PRC")
	if strings.Contains(card, `data-testid="mainland"`) {
		t.Error("a pick outside mainland China is headed as served from there")
	}
	wantContains(t, cardAt(t, s, cn+"&lang=zh-CN"), `data-testid="regulatory"`, "法规与国境")
	wantContains(t, cardAt(t, s, "/advice?"+strings.Replace(llama70BUS, "users=US", "users=CN", 1)), `data-testid="regulatory"`, "Cyberspace Administration of China")
}

// Ensure the confidence words of a pick that misses its target speak of
// its figures and say the miss, not of an answer to trust, in both
// languages.
func TestCardConfidenceOnAMiss(t *testing.T) {
	s := newTestServer(t)
	const missed = "/advice?gdpr=eu&kind=inference&latency_ms=5&profile=bert-large&providers=lambda&rps=50&users=AU%3A100"
	card := cardAt(t, s, missed)
	wantContains(t, card, `data-verdict="misses"`, "figures, ", "the pick misses your target:</strong>", `class="confidence grade-`, " missed\"")
	for _, answer := range []string{"Firm answer", "Likely answer", "Rough answer"} {
		if strings.Contains(card, answer) {
			t.Errorf("a missed pick's card says %q", answer)
		}
	}
	zh := cardAt(t, s, missed+"&lang=zh-CN")
	wantContains(t, zh, "此方案未达到目标：")
	if strings.Contains(zh, "可靠的答案") || strings.Contains(zh, "粗略的答案") {
		t.Error("a missed pick's Chinese card calls it an answer to rely on")
	}
}
