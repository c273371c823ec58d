package web_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// pipelineQuestion is an LLM question on PCIe GPUs in BF16, whose pick's
// replica is two pipeline stages and whose what-if changes the targets to
// the first token.
const pipelineQuestion = "kind=inference&profile=llama-3.3-70b&rps=5&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=200&users=US:100&months=12&gpus=rtx-pro-6000&precision=bf16"

// Ensure the what-if's sentences read as a buyer says them: in Chinese a
// target is not "the target of N ms target", a load not "the load of the
// average load", and no space stands before 及以上/及以下; in English a
// target to the first token says which target it is.
func TestWhatIfSentencesRead(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for _, tt := range []struct {
		q, lang    string
		want, bans []string
	}{
		{headroomQuestion, "zh-CN", []string{"每输出 token 时间目标收紧到 ", " 毫秒及以下时", "峰值负载降到每秒 "}, []string{"毫秒的目标", "负载降到 峰值", "平均负载达到 平均", " 及以上", " 及以下"}},
		{pipelineQuestion, "en", []string{"ms target to the first token or tighter"}, nil},
		{pipelineQuestion, "zh-CN", []string{"首字延迟目标收紧到 ", " 毫秒及以下时"}, []string{"毫秒的目标", " 及以下"}},
	} {
		rec := s.do(t, "GET", "/advice/what-if?"+tt.q+"&lang="+tt.lang, nil)
		wantStatus(t, rec, http.StatusOK)
		body := html.UnescapeString(rec.Body.String())
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s what-if of %s lacks %q", tt.lang, tt.q, w)
			}
		}
		for _, b := range tt.bans {
			if strings.Contains(body, b) {
				t.Errorf("%s what-if of %s says %q", tt.lang, tt.q, b)
			}
		}
	}
}

// Ensure the knee's sentence says in what its "more" is counted: the
// knee is a count of requests at once, its headroom more requests a
// second than at the planned peak (not "more load", which reads as more
// requests at once).
func TestKneeSentenceNamesItsUnits(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for lang, want := range map[string]string{"en": "more requests a second than at the planned peak", "zh-CN": "此时每秒处理的请求比计划峰值多"} {
		rec := s.do(t, "GET", "/advice?"+pipelineQuestion+"&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		if body := html.UnescapeString(rec.Body.String()); !strings.Contains(body, want) {
			t.Errorf("%s: the answer's knee sentence lacks %q", lang, want)
		}
	}
}

// Ensure the what-if names each place as a buyer knows it and writes its
// money as the page does: the GPU model and count beside the instance type
// ("1 × NVIDIA L4 (g2-standard-4, …)"), "$8,643" (not "8,643 USD"), in
// euros "€…", and a region whose id the catalog made up by what is known
// of its place, never by the id ("Safespring unstated").
func TestWhatIfSentencesNameGPUsAndMoney(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	swedish := "kind=inference&profile=bert-large&rps=50&peak_rps=100&latency_ms=100&months=12&users=SE:100&providers=safespring,aws,hetzner"
	for _, tt := range []struct {
		q, lang    string
		want, bans []string
	}{
		{defaultQuestion, "en", []string{": $"}, []string{" USD"}},
		{defaultQuestion + "&currency=EUR", "en", []string{": €"}, []string{" EUR"}},
		{defaultQuestion, "zh-CN", []string{"：¥"}, []string{" CNY"}},
		{swedish, "en", []string{"in Safespring (Stockholm, Sweden, or Oslo, Norway)"}, []string{"unstated"}},
	} {
		rec := s.do(t, "GET", "/advice/what-if?"+tt.q+"&lang="+tt.lang, nil)
		wantStatus(t, rec, http.StatusOK)
		body := html.UnescapeString(rec.Body.String())
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s what-if of %s lacks %q", tt.lang, tt.q, w)
			}
		}
		for _, b := range tt.bans {
			if strings.Contains(body, b) {
				t.Errorf("%s what-if of %s says %q", tt.lang, tt.q, b)
			}
		}
		// Every place the sentences name is a GPU model and count, then its
		// instance type and pricing model, then where it is; never an
		// instance type alone.
		if tt.q == defaultQuestion {
			if !placeRE[tt.lang].MatchString(body) {
				t.Errorf("%s what-if of %s names no place by its GPU model and count", tt.lang, tt.q)
			}
			if bare := bareInstanceRE.FindString(body); bare != "" {
				t.Errorf("%s what-if of %s names a place by its instance type alone: %q", tt.lang, tt.q, bare)
			}
		}
	}
}

// placeRE matches a what-if's place as each language writes it: "1 ×
// NVIDIA L4 (g2-standard-4, 1-year reserved) in Google Cloud us-east4",
// "1/6 × NVIDIA A10 (…) in …"; in Chinese "1 × NVIDIA L4（g2-standard-4，
// 预留 1 年），位于 …". bareInstanceRE matches a count before an instance
// type ("1 × g2-standard-4").
var (
	placeRE = map[string]*regexp.Regexp{
		"en":    regexp.MustCompile(`\d+(/\d+)? × NVIDIA [^()]+ \([A-Za-z0-9_.-]+, [^)]+\) in `),
		"zh-CN": regexp.MustCompile(`\d+(/\d+)? × NVIDIA [^（）]+（[A-Za-z0-9_.-]+，[^）]+），位于 `),
	}
	bareInstanceRE = regexp.MustCompile(`\d+ × [a-z][a-z0-9]*[-_.][a-z0-9_.-]+`)
)
