package advisor_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// propertyRequests is how many generated requests the property tests try.
// Under the race detector, which slows Recommend down several times, fewer.
func propertyRequests() int {
	if raceEnabled {
		return 150
	}
	return 300
}

// requestGen makes random valid requests over a catalog's ids.
type requestGen struct {
	r         *rand.Rand
	cat       *catalog.Catalog
	locations []string
	regions   []string
	providers []string
	gpus      []string
}

func newRequestGen(cat *catalog.Catalog, seed uint64) *requestGen {
	g := &requestGen{r: rand.New(rand.NewPCG(seed, 2026)), cat: cat}
	for _, c := range cat.Countries {
		g.locations = append(g.locations, c.Code)
	}
	for _, m := range cat.Metros {
		g.locations = append(g.locations, m.ID)
	}
	for _, r := range cat.Regions {
		g.regions = append(g.regions, r.Key())
	}
	for _, p := range cat.Providers {
		g.providers = append(g.providers, p.ID)
	}
	for _, gpu := range cat.GPUs {
		g.gpus = append(g.gpus, gpu.ID)
	}
	return g
}

// some returns 1..max distinct entries of list, in random order.
func some[T any](g *requestGen, list []T, max int) []T {
	n := 1 + g.r.IntN(max)
	perm := g.r.Perm(len(list))
	out := make([]T, 0, n)
	for _, i := range perm[:min(n, len(list))] {
		out = append(out, list[i])
	}
	return out
}

func (g *requestGen) training() bool { return g.r.IntN(2) == 0 }

// request returns a random valid request; training decides its kind.
func (g *requestGen) request(training bool) advisor.Request {
	r := g.r
	var profiles []catalog.Profile
	for _, p := range g.cat.Profiles {
		if (training && p.Training != nil) || (!training && p.Inference != nil) {
			profiles = append(profiles, p)
		}
	}
	p := profiles[r.IntN(len(profiles))]
	kind := catalog.KindInference
	if training {
		kind = catalog.KindTraining
	}
	precisions := []string{""} // "" = the profile's default
	for _, b := range g.cat.Bases(p.ID) {
		if b.Kind == kind {
			precisions = append(precisions, b.Precision)
		}
	}
	req := advisor.Request{
		Workload:  advisor.Workload{Profile: p.ID, Precision: precisions[r.IntN(len(precisions))]},
		GDPR:      []advisor.GDPRMode{"", advisor.GDPRNone, advisor.GDPREU, advisor.GDPREUAdequacy}[r.IntN(4)],
		Objective: []string{"", advisor.ObjectiveCost, advisor.ObjectiveLatency, advisor.ObjectiveBalanced}[r.IntN(4)],
		Currency:  []string{"", "USD", "EUR", "CNY"}[r.IntN(4)],
	}
	if r.IntN(6) == 0 {
		req.Countries = []string{[]string{"US", "DE", "JP", "FR", "GB"}[r.IntN(5)]}
	}
	w := &req.Workload
	if training {
		w.Kind = catalog.KindTraining
		if r.IntN(2) == 0 {
			w.Samples = 1000 + r.Int64N(5_000_000)
		}
		w.Epochs = r.IntN(40) // 0 = the profile's default
		if r.IntN(4) == 0 {
			w.DeadlineHours = float64(1 + r.IntN(200))
		}
	} else {
		w.Kind = catalog.KindInference
		w.RPS = float64(1 + r.IntN(500))
		w.PeakRPS = w.RPS * (1 + 2*r.Float64())
		w.ResponseKB = float64(r.IntN(50))
		w.LatencyMS = float64(20 + r.IntN(280))
		if m := r.IntN(37); m > 0 { // 0: left out, the default
			w.Months = advisor.Months(m)
		}
	}
	if !training || r.IntN(2) == 0 {
		for _, loc := range some(g, g.locations, 4) {
			req.Users = append(req.Users, advisor.UserShare{Location: loc, Share: float64(1 + r.IntN(100))})
		}
	}
	if r.IntN(2) == 0 {
		req.Data.DatasetGB = float64(r.IntN(2000))
	}
	if r.IntN(2) == 0 {
		req.Data.Location = g.regions[r.IntN(len(g.regions))]
	}
	if r.IntN(2) == 0 {
		req.Pricing = some(g, catalog.PricingModels, 3)
	}
	switch r.IntN(3) {
	case 0:
		req.CheckpointMinutes = ptr(0.0)
	case 1:
		req.CheckpointMinutes = ptr(float64(5 + r.IntN(120)))
	}
	if r.IntN(3) == 0 {
		req.Providers = some(g, g.providers, 2)
	}
	if r.IntN(3) == 0 {
		req.GPUs = some(g, g.gpus, 4)
	}
	if r.IntN(3) == 0 {
		req.Budget = ptr(decimal.New(r.Int64N(2_000_000)+1, -2)) // 0.01 .. 20,000.00
	}
	return req
}

// Ensure generated requests on the real catalog keep GDPR, allow-lists and budget, add up, and repeat byte for byte.
func TestRecommendProperties(t *testing.T) {
	cat := realCatalog(t)
	g := newRequestGen(cat, 1)
	picks := 0
	for i := range propertyRequests() {
		req := g.request(g.training())
		res, err := advisor.Recommend(cat, req)
		if err != nil {
			t.Fatalf("request %d: Recommend(%+v) error = %v", i, req, err)
		}
		if res.Pick != nil {
			picks++
		}
		checkResult(t, cat, i, res)
		first, err := json.Marshal(res)
		if err != nil {
			t.Fatalf("request %d: json.Marshal(result) error = %v", i, err)
		}
		again, _ := advisor.Recommend(cat, req)
		second, _ := json.Marshal(again)
		if !bytes.Equal(first, second) {
			t.Errorf("request %d: Recommend() twice gave different JSON:\n%s\n%s", i, first, second)
		}
		if res.Pick != nil && req.Budget == nil && i%3 == 0 {
			// A budget of exactly the pick's total, and a cent less: where
			// float costs and rounded lines could disagree.
			for _, cents := range []int64{0, 1} {
				b := res.Pick.Total.Sub(decimal.New(cents, -2))
				tight := req
				tight.Budget = &b
				res := recommend(t, cat, tight)
				checkResult(t, cat, i, res)
				// The old pick still fits, so there is a pick (not
				// necessarily the same: a balanced score is normalised
				// over what fits).
				if cents == 0 && res.Pick == nil {
					t.Errorf("request %d: with a budget of exactly the pick's total %s, Recommend() pick = nil (excluded %+v)", i, b, res.Excluded)
				}
			}
		}
	}
	// Besides the generated ones, questions known to say what the check
	// reads (a latency objective over five continents, whose runners-up
	// keep fewer users within the target), so that a short run (under the
	// race detector) checks them too.
	for j, users := range [][]advisor.UserShare{{{Location: "US", Share: 1}, {Location: "DE", Share: 1}, {Location: "JP", Share: 1}, {Location: "BR", Share: 1}, {Location: "AU", Share: 1}}} {
		req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 300, LatencyMS: 100},
			Users: users, Objective: advisor.ObjectiveLatency}
		res, err := advisor.Recommend(cat, req)
		if err != nil {
			t.Fatalf("fixed request %d: %v", j, err)
		}
		checkSentences(t, propertyRequests()+j, res)
	}
	// The sentences the explanation checks read must have come up.
	for _, id := range []string{"why.fast_enough", "lost.fewer_within"} {
		if sentencesChecked[id] == 0 {
			t.Errorf("no generated answer said %s: the explanation check read nothing of it", id)
		}
	}
	// A generator whose requests all come back empty tests nothing.
	if picks < propertyRequests()/3 {
		t.Errorf("only %d of %d generated requests have a pick; the generator is too strict", picks, propertyRequests())
	}
}

// checkResult checks the properties every result must have.
func checkResult(t *testing.T, cat *catalog.Catalog, i int, res advisor.Result) {
	t.Helper()
	checkSentences(t, i, res)
	req := res.Request
	for k, o := range options(res) {
		if !o.Total.Equal(sumLines(o.Lines)) {
			t.Errorf("request %d option %d: Recommend() total = %s, want the sum of lines %s", i, k, o.Total, sumLines(o.Lines))
		}
		for _, l := range o.Lines {
			checkCounts(t, i, say(cat, l.DescriptionText))
			if want := l.Quantity.Mul(l.UnitPrice).Round(2); !l.Amount.Equal(want) {
				t.Errorf("request %d option %d: line %q amount = %s, want %s × %s = %s", i, k, say(cat, l.DescriptionText), l.Amount, l.Quantity, l.UnitPrice, want)
			}
		}
		if req.Budget != nil && o.Total.GreaterThan(*req.Budget) {
			t.Errorf("request %d option %d: Recommend() total = %s %s, over the budget of %s", i, k, o.Total, req.Currency, req.Budget)
		}
		if !o.Compliance.OK {
			t.Errorf("request %d option %d: compliance = %+v, want OK", i, k, o.Compliance)
		}
		for _, p := range o.Placements {
			checkPlacement(t, cat, i, req, p)
		}
		for _, e := range sayAll(cat, o.Why) {
			checkComparison(t, i, e)
			checkAgreement(t, i, e)
			checkCounts(t, i, e)
		}
		for _, r := range o.Risks {
			checkCounts(t, i, say(cat, r.Message))
		}
		if k > 0 && o.TradeOffText == nil {
			t.Errorf("request %d option %d: an alternative without its trade-off", i, k)
		}
	}
	for _, x := range res.Excluded {
		checkCounts(t, i, say(cat, x.ExampleText))
	}
	checkChart(t, i, res)
	for _, c := range res.Pricing {
		// The comparison prices the pick's instance under every model; under
		// the pick's own model it must show the pick's total.
		if c.Pricing == res.Pick.Placements[0].Pricing && !c.Total.Equal(res.Pick.Total) {
			t.Errorf("request %d: pricing comparison %s total = %s, want the pick's %s", i, c.Pricing, c.Total, res.Pick.Total)
		}
	}
}

// checkChart checks that the chart's rows for the options shown (the pick
// and the alternatives among the candidates) read the options' totals, the
// sums of their rounded lines, and that the pick's row is the first.
func checkChart(t *testing.T, i int, res advisor.Result) {
	t.Helper()
	if res.Pick == nil {
		return
	}
	if len(res.Candidates) == 0 || !res.Candidates[0].Pick {
		t.Errorf("request %d: the chart's first row is not the pick's", i)
		return
	}
	rows := map[string]advisor.Candidate{}
	for _, c := range res.Candidates {
		rows[c.Label] = c
	}
	for k, o := range options(res) {
		c, ok := rows[optionLabel(o)]
		if !ok {
			continue // an alternative ranked beyond the chart's rows
		}
		if want := o.Total.InexactFloat64(); c.Total != want {
			t.Errorf("request %d option %d: chart row %s total = %v, want the option's %v", i, k, c.Label, c.Total, want)
		}
		if c.Pick != (k == 0) {
			t.Errorf("request %d option %d: chart row %s pick = %v", i, k, c.Label, c.Pick)
		}
	}
}

// optionLabel is the chart's label of an option:
// "provider:region:instance_type/pricing", joined with "+".
func optionLabel(o advisor.Option) string {
	parts := make([]string, len(o.Placements))
	for k, p := range o.Placements {
		parts[k] = placementID(p) + "/" + string(p.Pricing)
	}
	return strings.Join(parts, "+")
}

// comparisonRE finds a sentence that sets two figures against each other:
// "Slower: weighted latency 48.3 ms against 48.3 ms".
var comparisonRE = regexp.MustCompile(`(Slower|Faster|Takes longer|Finishes sooner|Keeps fewer)[^:]*: [a-z ]*([0-9.,]+) (ms|h|%) against ([0-9.,]+) (ms|h|%)`)

// checkComparison checks that an explanation never calls two equal figures
// different, as the first release did ("higher: 48 ms against 48 ms").
func checkComparison(t *testing.T, i int, sentence string) {
	t.Helper()
	for _, m := range comparisonRE.FindAllStringSubmatch(sentence, -1) {
		if m[2] == m[4] {
			t.Errorf("request %d: %q compares equal figures as different", i, sentence)
		}
	}
}

// pluralVerbRE finds a sentence about one instance with the verb of many:
// "1 × g4dn.xlarge in Geneva (ch-gva) serve 150 requests/s".
var pluralVerbRE = regexp.MustCompile(`^1 × [^:]*?\) (serve|run|finish) `)

// checkAgreement checks that a sentence about one instance says "serves",
// "runs" or "finishes".
func checkAgreement(t *testing.T, i int, sentence string) {
	t.Helper()
	if m := pluralVerbRE.FindStringSubmatch(sentence); m != nil {
		t.Errorf("request %d: %q says %q of one instance", i, sentence, m[1])
	}
}

// oneManyRE finds one thing counted as many: "× 1 months", "for 1 GPUs",
// "1 spare replicas", "of 1 options", "every 1 minutes", "× 1 epochs".
var oneManyRE = regexp.MustCompile(`\b1 (months|GPUs|spare replicas|options|minutes|epochs)\b`)

// checkCounts checks that a sentence counts one thing as one.
func checkCounts(t *testing.T, i int, sentence string) {
	t.Helper()
	if m := oneManyRE.FindString(sentence); m != "" {
		t.Errorf("request %d: %q says %q", i, sentence, m)
	}
}

// checkPlacement checks one placement against the request's hard limits.
func checkPlacement(t *testing.T, cat *catalog.Catalog, i int, req advisor.Request, p advisor.Placement) {
	t.Helper()
	region, ok := cat.Region(p.Provider + ":" + p.Region)
	if !ok || region.Country != p.Country {
		t.Errorf("request %d: placement %s in %s, want a catalog region and its country (%s)", i, placementID(p), p.Country, region.Country)
	}
	country, _ := cat.Country(region.Country)
	switch req.GDPR {
	case advisor.GDPREU:
		if !country.EUEEA {
			t.Errorf("request %d: placement %s is in %s, outside the EU/EEA (gdpr=eu)", i, placementID(p), country.Name)
		}
	case advisor.GDPREUAdequacy:
		if !country.EUEEA && country.Adequacy == catalog.AdequacyNone {
			t.Errorf("request %d: placement %s is in %s, with no adequacy decision (gdpr=eu_adequacy)", i, placementID(p), country.Name)
		}
	}
	if !slices.Contains(req.Pricing, p.Pricing) {
		t.Errorf("request %d: placement %s on %s, not in the allowed %v", i, placementID(p), p.Pricing, req.Pricing)
	}
	if len(req.Providers) > 0 && !slices.Contains(req.Providers, p.Provider) {
		t.Errorf("request %d: placement %s, provider not in the allowed %v", i, placementID(p), req.Providers)
	}
	if len(req.GPUs) > 0 && !slices.Contains(req.GPUs, p.GPU) {
		t.Errorf("request %d: placement %s with %s, not in the allowed %v", i, placementID(p), p.GPU, req.GPUs)
	}
	if len(req.Countries) > 0 && !slices.Contains(req.Countries, p.Country) {
		t.Errorf("request %d: placement %s in %s, not in the allowed %v", i, placementID(p), p.Country, req.Countries)
	}
}

// Ensure doubling a training job's epochs, all else equal, never lowers the cheapest total.
func TestRecommendDoublingEpochs(t *testing.T) {
	cat := realCatalog(t)
	g := newRequestGen(cat, 2)
	for i := range propertyRequests() / 2 {
		req := g.request(true)
		req.Workload.DeadlineHours = 0
		req.Budget = nil
		req.Objective = advisor.ObjectiveCost
		if req.Workload.Epochs == 0 {
			req.Workload.Epochs = 1 + i%20
		}
		once := recommend(t, cat, req)
		req.Workload.Epochs *= 2
		twice := recommend(t, cat, req)
		if once.Pick == nil {
			if twice.Pick != nil {
				t.Errorf("request %d: %d epochs have no pick but twice as many do (%s)", i, req.Workload.Epochs/2, twice.Pick.Total)
			}
			continue
		}
		if twice.Pick == nil {
			t.Errorf("request %d: %d epochs have no pick but half as many do (%s)", i, req.Workload.Epochs, once.Pick.Total)
			continue
		}
		if twice.Pick.Total.LessThan(once.Pick.Total) {
			t.Errorf("request %d: Recommend() total for %d epochs = %s, below %s for %d (%s vs %s)", i,
				req.Workload.Epochs, twice.Pick.Total, once.Pick.Total, req.Workload.Epochs/2,
				placementID(twice.Pick.Placements[0]), placementID(once.Pick.Placements[0]))
		}
	}
}

// sentencesChecked counts the sentences checkSentences read, by id.
var sentencesChecked = map[string]int{}

// checkSentences checks that an answer's sentences say what its own
// figures show: "fastest" only for the lowest weighted latency among the
// alternatives that meet the target, "as fast as the fastest" only within
// the tie band of it, and "only N %" only for a share the target does not
// reach, never for one shown as 100 %.
func checkSentences(t *testing.T, i int, res advisor.Result) {
	t.Helper()
	p := res.Pick
	if p == nil || p.Latency == nil {
		return
	}
	num := func(a locale.Arg) float64 {
		if a.Num == nil {
			t.Fatalf("request %d: argument %+v is not a number", i, a)
		}
		return *a.Num
	}
	meeting := func(o advisor.Option) bool {
		return len(o.Why) > 0 && !slices.Contains([]string{"lost.fewer_within", "lost.tpot", "lost.less_within.costs"}, o.Why[0].ID)
	}
	for _, w := range p.Why {
		sentencesChecked[w.ID]++
		switch w.ID {
		case "why.fastest.latency":
			for _, a := range res.Alternatives {
				if meeting(a) && a.Latency != nil && math.Round(a.Latency.WeightedMS*10) < math.Round(p.Latency.WeightedMS*10) {
					t.Errorf("request %d: the pick (%.1f ms) is called the fastest, but %s meets the target at %.1f ms",
						i, p.Latency.WeightedMS, a.Placements[0].InstanceType, a.Latency.WeightedMS)
				}
			}
		case "why.fast_enough":
			if band, fastest := num(w.Args[0]), num(w.Args[1]); p.Latency.WeightedMS > fastest+band+0.05 || fastest > p.Latency.WeightedMS+0.05 {
				t.Errorf("request %d: the pick (%.1f ms) is called as fast as the fastest (%.1f ms, band %.1f ms)", i, p.Latency.WeightedMS, fastest, band)
			}
		}
	}
	en := locale.For(locale.EN)
	for _, a := range res.Alternatives {
		for _, w := range a.Why {
			sentencesChecked[w.ID]++
			if s := en.Text(w); strings.Contains(s, " 0 % more") || strings.Contains(s, " 0 % less") {
				t.Errorf("request %d: a difference in money reads as none: %q", i, s)
			}
			if w.ID == "lost.fewer_within" {
				if share := num(w.Args[0]); math.Round(share*10) >= 1000 || share >= advisor.MeetsTargetShare {
					t.Errorf("request %d: an alternative \"keeps only\" %.1f %% of users within the target", i, share)
				}
			}
		}
	}
}

// Ensure the latency objective picks the cheapest of the placements as
// fast as the fastest (within max(5 ms, 10 %)) and says so, with what the
// fastest costs more; and calls the pick the fastest only when it is.
func TestLatencyObjectiveSentences(t *testing.T) {
	cat := realCatalog(t)
	for _, tt := range []struct {
		users     []advisor.UserShare
		providers []string
		gpus      []string
		want      string
	}{
		// Users in Tokyo, one GPU from one provider: every placement in
		// Tokyo is equally fast, so the pick is the fastest.
		{[]advisor.UserShare{{Location: "tyo", Share: 1}}, []string{"aws"}, []string{"t4"}, "why.fastest.latency"},
		{[]advisor.UserShare{{Location: "US", Share: 50}, {Location: "DE", Share: 30}, {Location: "JP", Share: 20}}, nil, nil, "why.fast_enough"},
	} {
		req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 300, PeakRPS: 300, LatencyMS: 100},
			Users: tt.users, Objective: advisor.ObjectiveLatency, Providers: tt.providers, GPUs: tt.gpus}
		res := recommend(t, cat, req)
		checkSentences(t, 0, res)
		if res.Pick == nil || !slices.ContainsFunc(res.Pick.Why, func(w locale.Text) bool { return w.ID == tt.want }) {
			t.Errorf("users %v: why = %v, want %s", tt.users, res.Pick.Why, tt.want)
		}
	}
}
