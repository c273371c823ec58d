package advisor_test

import (
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// rtxProQuestion is Llama 3.3 70B at 5 requests/s, 1,000 tokens in and
// 300 out, the first token within 800 ms and 60 ms a token, users in the
// US, for 12 months, on the RTX PRO 6000 (Blackwell) cards.
func rtxProQuestion() advisor.Request {
	return advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.3-70b", RPS: 5, InputTokens: 1000, OutputTokens: 300,
			TTFTMS: 800, TPOTMS: 60, Months: advisor.Months(12)},
		Users: []advisor.UserShare{{Location: "US", Share: 100}},
		GPUs:  []string{"rtx-pro-6000", "rtx-pro-6000-maxq"},
	}
}

// Ensure a question that names no precision is sized under every
// precision the model is published in on the GPU and keeps the cheapest:
// the answer costs no more than the one asked in any published precision,
// and each option serves in a precision its GPU runs; a question that
// names one gets only that.
func TestPrecisionsCompete(t *testing.T) {
	cat := realCatalog(t)
	p, _ := cat.Profile("llama-3.3-70b")
	free := recommend(t, cat, rtxProQuestion())
	if free.Pick == nil {
		t.Fatal("no pick")
	}
	for _, pub := range p.LLM.Published {
		req := rtxProQuestion()
		req.Workload.Precision = pub.Precision
		res := recommend(t, cat, req)
		if res.Pick == nil {
			continue
		}
		if free.Pick.Total.GreaterThan(res.Pick.Total) {
			t.Errorf("no precision named: %s in %s, dearer than %s asked in %s", free.Pick.Total, free.Pick.Serving.Precision, res.Pick.Total, pub.Precision)
		}
		for _, o := range options(res) {
			if o.Serving.Precision != pub.Precision {
				t.Errorf("%s asked: an option on %s sized in %s", pub.Precision, o.Placements[0].GPU, o.Serving.Precision)
			}
		}
	}
	req := llmRequest("llama-3.3-70b")
	req.GDPR = advisor.GDPRNone
	for _, o := range options(recommend(t, cat, req)) {
		g, _ := cat.GPU(o.Placements[0].GPU)
		if _, ok := p.LLM.PublishedIn(o.Serving.Precision); !ok || !g.ServingHardware().Supports(catalog.ServingFormat(o.Serving.Precision)) {
			t.Errorf("%s sized in %s: not a published precision it runs", g.ID, o.Serving.Precision)
		}
	}
}

// Ensure the public figures' check holds on the embedded catalog: Llama
// 3.3 70B at 5 requests/s on RTX PRO 6000 cards is served in FP4 on at
// most 4 GPUs (FP4 weights take a quarter of 16-bit memory: 70B fits one
// 96 GB card with room for requests), with a quality risk naming NVIDIA's
// FP4 checkpoint; asked in BF16 it still answers in 16 bits, without one.
func TestFP4OnBlackwellCards(t *testing.T) {
	cat := realCatalog(t)
	res := recommend(t, cat, rtxProQuestion())
	if res.Pick == nil {
		t.Fatal("no pick")
	}
	if s := res.Pick.Serving; s.Precision != catalog.PrecisionFP4 || gpusOf(*res.Pick) > 4.0001 {
		t.Errorf("pick in %s on %v GPUs, want FP4 on at most 4", s.Precision, gpusOf(*res.Pick))
	}
	if r := qualityRisks(cat, *res.Pick); len(r) != 1 || !strings.Contains(r[0], "nvidia/Llama-3.3-70B-Instruct-FP4") {
		t.Errorf("FP4 pick's quality risks = %q, want one naming nvidia/Llama-3.3-70B-Instruct-FP4", r)
	}
	req := rtxProQuestion()
	req.Workload.Precision = "bf16"
	res = recommend(t, cat, req)
	if res.Pick == nil || res.Pick.Serving.Precision != catalog.PrecisionMixed {
		t.Fatalf("bf16 asked: pick %+v, want one in 16 bits", res.Pick)
	}
	if r := qualityRisks(cat, *res.Pick); len(r) != 0 {
		t.Errorf("16-bit pick's quality risks = %q, want none", r)
	}
}

// Ensure an INT4 pick says what its checkpoint's card reports: Llama 3.1
// 8B's INT4 weight-only checkpoint keeps 97.9 % of the 16-bit model's
// MMLU (5-shot) score.
func TestQualityRiskSaysTheRecovery(t *testing.T) {
	cat := realCatalog(t)
	req := llmRequest("llama-3.1-8b")
	req.Workload.Precision = catalog.PrecisionINT4
	res := recommend(t, cat, req)
	if res.Pick == nil {
		t.Fatal("no pick")
	}
	if r := qualityRisks(cat, *res.Pick); len(r) != 1 || !strings.Contains(r[0], "97.9 %") || !strings.Contains(r[0], "MMLU (5-shot)") {
		t.Errorf("INT4 pick's quality risks = %q, want one saying 97.9 %% on MMLU (5-shot)", r)
	}
}

// qualityRisks are an option's quality risks, in English.
func qualityRisks(cat *catalog.Catalog, o advisor.Option) []string {
	var out []string
	for _, r := range o.Risks {
		if r.Kind == advisor.RiskQuality {
			out = append(out, say(cat, r.Message))
		}
	}
	return out
}

// Ensure an LLM pick lists, for each other precision the model is
// published in that its GPU runs, the answer asked in that precision on
// that GPU (its GPUs and total) with the precision's quality note: on the
// RTX PRO 6000 question the FP4 pick lists BF16, FP8 and INT4, FP8 on no
// more GPUs than its 4 and dearer than FP4; asked in BF16, FP4 is listed
// and cheaper.
func TestPrecisionAlternatives(t *testing.T) {
	cat := realCatalog(t)
	res := recommend(t, cat, rtxProQuestion())
	if res.Pick == nil {
		t.Fatal("no pick")
	}
	s := res.Pick.Serving
	var got []string
	for _, a := range s.PrecisionAlternatives {
		got = append(got, a.Precision)
		req := rtxProQuestion()
		req.Workload.Precision, req.GPUs = a.Precision, []string{res.Pick.Placements[0].GPU}
		want := recommend(t, cat, req).Pick
		if want == nil || !a.Total.Equal(want.Total) || a.GPUs != want.GPUs() || a.QualityNote.ID == "" {
			t.Errorf("%s alternative = %d GPUs, %s, note %q; want the answer asked in it on %s (%v) and a quality note", a.Precision, a.GPUs, a.Total, a.QualityNote.ID, req.GPUs[0], want)
		}
		if a.Precision == catalog.PrecisionFP8 && (a.GPUs > 4 || !a.Total.GreaterThan(res.Pick.Total)) {
			t.Errorf("FP8 alternative: %d GPUs, %s; want at most 4 and dearer than the FP4 pick's %s", a.GPUs, a.Total, res.Pick.Total)
		}
	}
	if want := []string{catalog.PrecisionMixed, catalog.PrecisionFP8, catalog.PrecisionINT4}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("alternatives of the %s pick = %v, want %v", s.Precision, got, want)
	}
	if s.DefaultPrecision != catalog.PrecisionFP8 || s.QualityNote == nil {
		t.Errorf("pick's default precision %q, quality note %v; want fp8 and the FP4 checkpoint's note", s.DefaultPrecision, s.QualityNote)
	}
	req := rtxProQuestion()
	req.Workload.Precision = "bf16"
	res = recommend(t, cat, req)
	for _, a := range res.Pick.Serving.PrecisionAlternatives {
		if a.Precision == catalog.PrecisionFP4 && a.Total.LessThan(res.Pick.Total) {
			return
		}
	}
	t.Errorf("bf16 asked: alternatives %+v, want FP4 cheaper than the pick's %s", res.Pick.Serving.PrecisionAlternatives, res.Pick.Total)
}
