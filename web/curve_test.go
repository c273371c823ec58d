package web_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// curveJSON is GET /api/v1/serving/curve's answer as a client reads it.
type curveJSON struct {
	Points []struct {
		Concurrency float64 `json:"concurrency"`
		PerGPU      float64 `json:"output_tokens_per_s_per_gpu"`
		TTFTP50     float64 `json:"ttft_ms_p50"`
		TTFTP95     float64 `json:"ttft_ms_p95"`
		TPOT        float64 `json:"tpot_ms"`
	} `json:"points"`
	Measured []struct {
		Concurrency   *float64 `json:"concurrency"`
		PerGPU        float64  `json:"output_tokens_per_s_per_gpu"`
		TTFT          *float64 `json:"ttft_ms"`
		TPOT          *float64 `json:"tpot_ms"`
		Source        string   `json:"source"`
		EngineVersion string   `json:"engine_version"`
	} `json:"measured"`
	ErrorRangePct []float64 `json:"error_range_pct"`
	Knee          *float64  `json:"knee_concurrency"`
}

// curveBody asks for a curve and wants 200.
func (s *testServer) curveBody(t *testing.T, query string) string {
	t.Helper()
	rec := s.do(t, "GET", "/api/v1/serving/curve?"+query, nil)
	wantStatus(t, rec, http.StatusOK)
	return rec.Body.String()
}

func (s *testServer) curve(t *testing.T, query string) curveJSON {
	t.Helper()
	var c curveJSON
	if err := json.Unmarshal([]byte(s.curveBody(t, query)), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// Ensure the curve carries every key API.md names, each point's and each
// measured figure's, and a symmetric error range; its points run from one
// request at once to the most, concurrency rising and throughput per GPU
// never falling, TTFT's p95 at least its median.
func TestServingCurveShape(t *testing.T) {
	s := newTestServer(t)
	const q = "profile=llama-3.3-70b&gpu=h100&precision=fp8&tp=2&input_tokens=5000&output_tokens=500"
	var raw struct {
		Points, Measured []map[string]any
		Error            []float64 `json:"error_range_pct"`
		Knee             any       `json:"knee_concurrency"`
	}
	body := s.curveBody(t, q)
	if err := json.Unmarshal([]byte(body), &raw); err != nil {
		t.Fatal(err)
	}
	wantContains(t, body, `"knee_concurrency":`)
	if len(raw.Points) < 2 || len(raw.Measured) == 0 {
		t.Fatalf("%d points, %d measured; want a curve and the H100's measured figures", len(raw.Points), len(raw.Measured))
	}
	for _, k := range []string{"concurrency", "output_tokens_per_s_per_gpu", "ttft_ms_p50", "ttft_ms_p95", "tpot_ms"} {
		if _, ok := raw.Points[0][k]; !ok {
			t.Errorf("a point lacks %q", k)
		}
	}
	for _, k := range []string{"concurrency", "output_tokens_per_s_per_gpu", "ttft_ms", "tpot_ms", "source", "engine_version"} {
		if _, ok := raw.Measured[0][k]; !ok {
			t.Errorf("a measured figure lacks %q", k)
		}
	}
	band := serving.BandFor(s.cat.ServingFit.Validation.Points, serving.FamilyReference, serving.LoadThroughput)
	if len(raw.Error) != 2 || !(raw.Error[0] < 0 && raw.Error[1] > 0) || math.Abs(raw.Error[0]-band.LowPct) > 0.05 || math.Abs(raw.Error[1]-band.HighPct) > 0.05 {
		t.Errorf("error_range_pct = %v, want TensorRT-LLM's band at throughput [%.1f, %.1f]", raw.Error, band.LowPct, band.HighPct)
	}
	c := s.curve(t, q)
	if c.Points[0].Concurrency != 1 {
		t.Errorf("the curve starts at %v requests, want 1", c.Points[0].Concurrency)
	}
	for i := 1; i < len(c.Points); i++ {
		a, b := c.Points[i-1], c.Points[i]
		if !(b.Concurrency > a.Concurrency) || b.PerGPU < a.PerGPU || b.TTFTP95 < b.TTFTP50 {
			t.Fatalf("points %d and %d: %+v then %+v; want more load, no less throughput, p95 ≥ median", i-1, i, a, b)
		}
	}
}

// Ensure an empty key takes its default: the profile's lengths and
// precision, the fewest GPUs that hold the model, TensorRT-LLM on NVIDIA
// and vLLM elsewhere; engine=any is the default too.
func TestServingCurveDefaults(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct{ short, full string }{
		{"profile=llama-3.3-70b&gpu=h100", "profile=llama-3.3-70b&gpu=h100&precision=fp8&engine=trtllm&tp=1&input_tokens=1000&output_tokens=300"},
		{"profile=llama-3.3-70b&gpu=h100&engine=any", "profile=llama-3.3-70b&gpu=h100&engine=trtllm"},
		{"profile=llama-3.3-70b&gpu=h100&precision=mixed", "profile=llama-3.3-70b&gpu=h100&precision=mixed&tp=2"},
		{"profile=llama-3.3-70b&gpu=a100-80gb", "profile=llama-3.3-70b&gpu=a100-80gb&precision=mixed&tp=2"},
		{"profile=llama-3.3-70b&gpu=mi300x", "profile=llama-3.3-70b&gpu=mi300x&engine=vllm&tp=1"},
		{"profile=llama-3.3-70b&gpu=h100&prefix_cache_pct=0", "profile=llama-3.3-70b&gpu=h100"},
	} {
		if got, want := s.curveBody(t, c.short), s.curveBody(t, c.full); got != want {
			t.Errorf("%s differs from %s", c.short, c.full)
		}
	}
	if a, b := s.curveBody(t, "profile=llama-3.3-70b&gpu=h100&engine=vllm"), s.curveBody(t, "profile=llama-3.3-70b&gpu=h100"); a == b {
		t.Error("engine=vllm on the H100 draws TensorRT-LLM's curve")
	}
}

// Ensure the measured figures are exactly the catalog's of the profile,
// GPU, precision, engine family and tensor-parallel size whose lengths
// are each within 10 % of the asked ones, per GPU, each with its source
// and engine: near 5,000 in and 500 out on two H100s there are some, and
// lengths 12 % off, four GPUs or another engine show only their own.
func TestServingCurveMeasured(t *testing.T) {
	s := newTestServer(t)
	within := func(x float64, want int) bool { return math.Abs(x/float64(want)-1) <= 0.10 }
	for _, c := range []struct {
		family      string
		tp, in, out int
		some        bool
	}{
		{catalog.FamilyTRTLLM, 2, 5200, 480, true},
		{catalog.FamilyTRTLLM, 2, 5600, 500, false},
		{catalog.FamilyTRTLLM, 4, 5000, 500, false},
		{catalog.FamilySGLang, 2, 5000, 500, false},
	} {
		var want []float64
		for _, p := range s.cat.Serving {
			if p.Profile == "llama-3.3-70b" && p.GPU == "h100" && p.Precision == catalog.PrecisionFP8 && p.Family == c.family &&
				p.TP == c.tp && within(p.InputTokens, c.in) && within(p.OutputTokens, c.out) {
				want = append(want, p.TokensPerS/float64(p.GPUs))
			}
		}
		if c.some && len(want) == 0 {
			t.Fatalf("%+v: the catalog has no H100 figure of Llama 3.3 70B near these lengths", c)
		}
		q := fmt.Sprintf("profile=llama-3.3-70b&gpu=h100&precision=fp8&engine=%s&tp=%d&input_tokens=%d&output_tokens=%d", c.family, c.tp, c.in, c.out)
		got := []float64{}
		for _, m := range s.curve(t, q).Measured {
			got = append(got, m.PerGPU)
			if m.Source == "" || m.EngineVersion == "" {
				t.Errorf("%s: a measured figure lacks its source or engine: %+v", q, m)
			}
		}
		if !slices.Equal(got, want) && len(got)+len(want) > 0 {
			t.Errorf("%s: measured per GPU %v, want %v", q, got, want)
		}
	}
}

// Ensure each bad key is a 422 naming it.
func TestServingCurveBadKeys(t *testing.T) {
	s := newTestServer(t)
	const ok = "profile=llama-3.3-70b&gpu=h100"
	for _, c := range []struct{ query, field string }{
		{"gpu=h100", "profile"},
		{"profile=nope&gpu=h100", "profile"},
		{"profile=resnet50&gpu=h100", "profile"},
		{"profile=llama-3.3-70b", "gpu"},
		{"profile=llama-3.3-70b&gpu=nope", "gpu"},
		{"profile=llama-3.3-70b&gpu=t4&precision=mixed", "gpu"},
		{ok + "&precision=fp64", "precision"},
		{ok + "&precision=fp4", "precision"},
		{ok + "&engine=tensorrt", "engine"},
		{ok + "&tp=3", "tp"},
		{ok + "&tp=two", "tp"},
		{ok + "&precision=mixed&tp=1", "tp"},
		{ok + "&input_tokens=0", "input_tokens"},
		{ok + "&input_tokens=many", "input_tokens"},
		{ok + "&output_tokens=200000", "output_tokens"},
		{ok + "&input_tokens=100000&output_tokens=40000", "output_tokens"},
	} {
		rec := s.do(t, "GET", "/api/v1/serving/curve?"+c.query, nil)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", c.query, rec.Code)
			continue
		}
		wantContains(t, rec.Body.String(), `"field":"`+c.field+`"`)
	}
}

// Ensure /serving draws both charts with their legends and the knee in
// English and Chinese (the legend keys the measured figures drawn at the
// axis's edge, as the NIM sweep's times to first token are), shows a bad key in its form with 422, and that an
// LLM answer links to it with its profile, GPU, precision, replica size
// and lengths.
func TestServingCurvePage(t *testing.T) {
	s := newTestServer(t)
	const q = "/serving?profile=llama-3.3-70b&gpu=h100&precision=fp8&tp=2&input_tokens=5000&output_tokens=500"
	for lang, title := range map[string]string{"en": "Serving curve", "zh-CN": "服务曲线"} {
		rec := s.do(t, "GET", q+"&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		wantContains(t, rec.Body.String(), title, `data-testid="curve-tput"`, `data-testid="curve-ttft"`, `data-testid="curve-tput-legend"`,
			`class="pt measured"`, `data-testid="curve-knee"`, `name="tp"`, `class="key clipped"`)
	}
	// Without measured figures near these lengths, the page says so, its
	// sentences whole.
	for _, lang := range []string{"en", "zh-CN"} {
		rec := s.do(t, "GET", "/serving?profile=llama-3.3-70b&gpu=h100&precision=fp8&tp=2&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		for _, bad := range []string{"%%", "%!"} {
			if strings.Contains(rec.Body.String(), bad) {
				t.Errorf("%s: the page writes %q", lang, bad)
			}
		}
	}
	rec := s.do(t, "GET", "/serving?profile=llama-3.3-70b&gpu=h100&tp=3", nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `data-testid="curve-errors"`, "<code>tp</code>")
	rec = s.do(t, "GET", "/advice?engine=trtllm&input_tokens=5000&kind=inference&output_tokens=500&profile=llama-3.3-70b&precision=fp8&rps=5&tpot_ms=60&ttft_ms=2000&users=US:60,DE:40&gpus=h100", nil)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `data-testid="serving-curve-link"`, `href="/serving?engine=trtllm&amp;gpu=h100&amp;input_tokens=5000&amp;output_tokens=500&amp;precision=fp8&amp;profile=llama-3.3-70b&amp;tp=`)
}

// Ensure a measured figure whose KV cache is in another format than the
// curve's (FP8 beside FP16 weights) is left out: it is another setup;
// the same source's figure with the curve's KV format stays.
func TestServingCurveMeasuredKV(t *testing.T) {
	s := newTestServer(t)
	c := s.curve(t, "profile=llama-3.1-8b&gpu=h100&precision=mixed&engine=vllm&tp=1&input_tokens=20000&output_tokens=2000")
	var got []float64
	for _, m := range c.Measured {
		if m.Source == "vllm-blog-fp8-kv" {
			got = append(got, m.PerGPU)
		}
	}
	if !slices.Equal(got, []float64{450.3}) {
		t.Errorf("the FP8-KV source's figures shown: %v, want only its FP16-KV one (450.3)", got)
	}
}

// Ensure prefix_cache_pct is taken within 0–95 and used: with 80 % of
// each prompt from the cache the replica's memory holds as many requests
// (the KV cache keeps the whole prompt), and at each of them the first
// token comes sooner, each token no later, and each GPU serves no less;
// the measured figures, of whole prompts, are left out. Outside 0–95 or
// not a number it is a field error.
func TestServingCurvePrefixCache(t *testing.T) {
	s := newTestServer(t)
	const ok = "profile=llama-3.3-70b&gpu=h100&precision=fp8&tp=2&input_tokens=5000&output_tokens=500"
	whole, cached := s.curve(t, ok), s.curve(t, ok+"&prefix_cache_pct=80")
	if len(whole.Measured) == 0 {
		t.Fatal("no measured figure near 5,000 in and 500 out on two H100s: the test needs one")
	}
	if len(cached.Measured) != 0 {
		t.Errorf("a prefix-cached curve shows %d measured figures of whole prompts", len(cached.Measured))
	}
	if len(whole.Points) != len(cached.Points) {
		t.Fatalf("%d points cached, %d whole: the memory holds as many requests", len(cached.Points), len(whole.Points))
	}
	for i, c := range cached.Points {
		w := whole.Points[i]
		if c.Concurrency != w.Concurrency || c.TTFTP95 >= w.TTFTP95 || c.TTFTP50 >= w.TTFTP50 || c.TPOT > w.TPOT || c.PerGPU < w.PerGPU {
			t.Errorf("point %d: cached %+v, whole %+v; want the same concurrency, a shorter TTFT, no longer TPOT, no less output", i, c, w)
		}
	}
	if a, b := s.curveBody(t, ok+"&prefix_cache_pct=95"), s.curveBody(t, ok+"&prefix_cache_pct=80"); a == b {
		t.Error("prefix_cache_pct=95 draws the same curve as 80")
	}
	for _, v := range []string{"96", "-1", "half"} {
		rec := s.do(t, "GET", "/api/v1/serving/curve?"+ok+"&prefix_cache_pct="+v, nil)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("prefix_cache_pct=%s: status %d, want 422", v, rec.Code)
			continue
		}
		wantContains(t, rec.Body.String(), `"field":"prefix_cache_pct"`)
	}
}

// Ensure the curve's page says where the real throughput is expected at
// full load: its engine family's band, in both languages.
func TestServingCurvePageBand(t *testing.T) {
	s := newTestServer(t)
	band := serving.BandFor(s.cat.ServingFit.Validation.Points, serving.FamilyReference, serving.LoadThroughput)
	low, high := fmt.Sprintf("%.1f", -band.LowPct), fmt.Sprintf("%.1f", band.HighPct)
	for lang, want := range map[string]string{"en": "% below to ", "zh-CN": "满负载时"} {
		rec := s.do(t, "GET", "/serving?profile=llama-3.3-70b&gpu=h100&precision=fp8&engine=trtllm&tp=2&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		wantContains(t, rec.Body.String(), `data-testid="curve-band"`, want, low, high, "TensorRT-LLM")
	}
}

// Ensure the curve's page says what share of each prompt its prefix cache
// serves, in both languages, keeps the share in its form, and says why no
// measured figure stands beside it; without the key it says neither.
func TestServingCurvePagePrefixCache(t *testing.T) {
	s := newTestServer(t)
	const q = "/serving?profile=llama-3.3-70b&gpu=h100&precision=fp8&tp=2&input_tokens=5000&output_tokens=500"
	for lang, want := range map[string][]string{"en": {"80 % of each prompt", "whole prompts"}, "zh-CN": {"前缀缓存", "完整提示词"}} {
		rec := s.do(t, "GET", q+"&prefix_cache_pct=80&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		wantContains(t, rec.Body.String(), append(want, `data-testid="curve-cached"`, `name="prefix_cache_pct"`, `value="80"`)...)
	}
	rec := s.do(t, "GET", q, nil)
	wantStatus(t, rec, http.StatusOK)
	if body := rec.Body.String(); strings.Contains(body, `data-testid="curve-cached"`) || strings.Contains(body, "whole prompts") {
		t.Error("a curve of whole prompts speaks of the prefix cache")
	}
}
