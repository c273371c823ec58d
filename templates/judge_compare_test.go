package templates

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Ensure the advisor's verdict and confidence, stated in the answer, are
// what the card worked out from the answer before (VerdictOf,
// ConfidenceOf): the same kind, grade and words, in both languages, for
// the pick and every alternative of many generated questions, and for a
// link pinned by the first release.
func TestJudgementAsTheCardWorkedItOut(t *testing.T) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(4, 2026))
	var training, serving, llm []catalog.Profile
	for _, p := range cat.Profiles {
		switch {
		case p.Training != nil:
			training = append(training, p)
		}
		switch {
		case p.Inference != nil && p.LLM != nil:
			llm = append(llm, p)
		case p.Inference != nil:
			serving = append(serving, p)
		}
	}
	var locations []string
	for _, c := range cat.Countries {
		locations = append(locations, c.Code)
	}
	var gpus []string
	for _, g := range cat.GPUs {
		gpus = append(gpus, g.ID)
	}
	n := 400
	if testing.Short() {
		n = 60
	}
	seen := map[string]int{}
	for i := range n {
		req := advisor.Request{
			GDPR:      []advisor.GDPRMode{"", advisor.GDPRNone, advisor.GDPREU}[r.IntN(3)],
			Objective: []string{"", advisor.ObjectiveCost, advisor.ObjectiveLatency, advisor.ObjectiveBalanced}[r.IntN(4)],
			Currency:  []string{"", "USD", "EUR"}[r.IntN(3)],
		}
		w := &req.Workload
		switch k := r.IntN(3); {
		case k == 0 && len(training) > 0:
			p := training[r.IntN(len(training))]
			w.Kind, w.Profile = catalog.KindTraining, p.ID
			w.Epochs = 1 + r.IntN(20)
			if r.IntN(2) == 0 {
				w.DeadlineHours = float64(1 + r.IntN(100))
			}
		case k == 1 && len(llm) > 0:
			p := llm[r.IntN(len(llm))]
			w.Kind, w.Profile = catalog.KindInference, p.ID
			w.RPS = float64(1 + r.IntN(40))
			w.PeakRPS = w.RPS * (1 + 2*r.Float64())
			w.Months = 1 + r.IntN(24)
			w.InputTokens, w.OutputTokens = 200+r.IntN(4000), 50+r.IntN(800)
			w.TTFTMS = float64(200 + r.IntN(3000))
			w.TPOTMS = float64(10 + r.IntN(80))
		default:
			p := serving[r.IntN(len(serving))]
			w.Kind, w.Profile = catalog.KindInference, p.ID
			w.RPS = float64(1 + r.IntN(500))
			w.PeakRPS = w.RPS * (1 + 2*r.Float64())
			w.LatencyMS = float64(5 + r.IntN(200))
			w.Months = 1 + r.IntN(36)
			w.ResponseKB = float64(r.IntN(50))
		}
		if w.Kind == catalog.KindInference || r.IntN(2) == 0 {
			for range 1 + r.IntN(3) {
				req.Users = append(req.Users, advisor.UserShare{Location: locations[r.IntN(len(locations))], Share: float64(1 + r.IntN(100))})
			}
		}
		if r.IntN(2) == 0 {
			req.Data.DatasetGB = float64(r.IntN(5000))
		}
		if r.IntN(3) == 0 {
			req.Pricing = []catalog.PricingModel{catalog.OnDemand, catalog.Spot}
		}
		if r.IntN(4) == 0 {
			req.GPUs = []string{gpus[r.IntN(len(gpus))], gpus[r.IntN(len(gpus))]}
		}
		if r.IntN(6) == 0 {
			req.Budget = new(decimal.New(r.Int64N(2_000_000)+1, -2))
		}
		res, err := advisor.Recommend(cat, req)
		if err != nil {
			continue // an invalid combination: nothing to compare
		}
		compareJudgement(t, i, &res, seen)
	}
	raw, err := os.ReadFile("../web/testdata/pinned-first-release.json")
	if err != nil {
		t.Fatal(err)
	}
	var old advisor.Result
	if err := json.Unmarshal(raw, &old); err != nil {
		t.Fatal(err)
	}
	advisor.Judge(&old)
	compareJudgement(t, -1, &old, seen)
	t.Logf("kinds, grades and reasons compared: %v", seen)
	// No answer offers a training option that misses its deadline: that
	// verdict is left to the advisor's own test.
	for _, k := range []string{"meets", "misses", "pick", "firm", "likely", "rough", "verdict.misses.tpot",
		"conf.serving.band_gpus", "conf.serving.unvalidated", "conf.estimate", "conf.estimate.unvalidated", "conf.unknown.egress", "conf.spot"} {
		if seen[k] == 0 {
			t.Errorf("no option was %s: the questions leave a case untried", k)
		}
	}
}

// compareJudgement checks every option of res, counting in seen the kinds,
// grades and reasons met.
func compareJudgement(t *testing.T, i int, res *advisor.Result, seen map[string]int) {
	t.Helper()
	options := []*advisor.Option{}
	if res.Pick != nil {
		options = append(options, res.Pick)
	}
	for k := range res.Alternatives {
		options = append(options, &res.Alternatives[k])
	}
	for k, o := range options {
		seen[o.Verdict.Kind()]++
		seen[o.Confidence.Grade]++
		seen[o.Verdict.Text.ID]++
		for _, reason := range o.Confidence.ReasonsText {
			seen[reason.ID]++
		}
		for _, lang := range locale.Langs {
			ctx := locale.WithPrinter(context.Background(), locale.For(lang))
			v := VerdictOf(ctx, res, o)
			if v.Kind != o.Verdict.Kind() || v.Text != locale.Say(ctx, o.Verdict.Text) {
				t.Errorf("question %d, option %d, %s: verdict %s %q, the card said %s %q (%+v)", i, k, lang,
					o.Verdict.Kind(), locale.Say(ctx, o.Verdict.Text), v.Kind, v.Text, res.Request.Workload)
			}
			c := ConfidenceOf(ctx, res, o)
			if got := locale.SayAll(ctx, o.Confidence.ReasonsText); c.Grade != o.Confidence.Grade || !slices.Equal(c.Reasons, got) {
				t.Errorf("question %d, option %d, %s: confidence %s %q, the card said %s %q", i, k, lang,
					o.Confidence.Grade, got, c.Grade, c.Reasons)
			}
		}
	}
}
