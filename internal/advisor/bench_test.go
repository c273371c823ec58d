package advisor_test

import (
	"bytes"
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// syntheticCatalog grows the real catalog to n offers: its regions copied
// under new ids over the same metros, its offers copied into them with
// prices jittered by ±20 % (spot and reserved kept at or below on-demand).
func syntheticCatalog(tb testing.TB, n int) *catalog.Catalog {
	tb.Helper()
	real := realCatalog(tb)
	r := rand.New(rand.NewPCG(7, uint64(n)))
	copies := (n + len(real.Offers) - 1) / len(real.Offers)
	jitter := func(p decimal.Decimal, ceiling *decimal.Decimal) decimal.Decimal {
		q := p.Mul(decimal.NewFromFloat(0.8 + 0.4*r.Float64())).Round(4)
		if ceiling != nil && q.GreaterThan(*ceiling) {
			q = *ceiling
		}
		return decimal.Max(q, decimal.New(1, -4))
	}
	grown := *real
	grown.Regions, grown.Offers = nil, nil
	for k := range copies {
		suffix := ""
		if k > 0 {
			suffix = fmt.Sprintf("-x%d", k)
		}
		for _, reg := range real.Regions {
			reg.ID += suffix
			grown.Regions = append(grown.Regions, reg)
		}
		for _, o := range real.Offers {
			o.Region += suffix
			if o.OnDemand == nil || o.OnDemand.Currency != "" && o.OnDemand.Currency != catalog.BaseCurrency {
				// Monthly servers and prices in other currencies: copied as they are.
				grown.Offers = append(grown.Offers, o)
				continue
			}
			od := jitter(o.OnDemand.USDPerHour, nil)
			o.OnDemand = &catalog.Price{USDPerHour: od, Ref: o.OnDemand.Ref}
			if o.Spot != nil {
				s := *o.Spot
				s.USDPerHour = jitter(s.USDPerHour, &od)
				o.Spot = &s
			}
			if o.Reserved1Y != nil {
				p := *o.Reserved1Y
				p.USDPerHour = jitter(p.USDPerHour, &od)
				o.Reserved1Y = &p
			}
			if o.Reserved3Y != nil {
				p := *o.Reserved3Y
				p.USDPerHour = jitter(p.USDPerHour, &od)
				o.Reserved3Y = &p
			}
			grown.Offers = append(grown.Offers, o)
		}
	}
	grown.Offers = grown.Offers[:n]
	var buf bytes.Buffer
	if err := grown.Bundle(&buf); err != nil {
		tb.Fatal(err)
	}
	cat, err := catalog.LoadBundle(&buf, fmt.Sprintf("synthetic-%d.json", n))
	if err != nil {
		tb.Fatalf("LoadBundle(synthetic %d offers) error:\n%v", n, err)
	}
	if got := len(cat.Offers); got != n {
		tb.Fatalf("synthetic catalog has %d offers, want %d", got, n)
	}
	return cat
}

// worldUsers is n user groups spread over the world: the most populous
// countries weighted by population, then metros.
func worldUsers(cat *catalog.Catalog, n int) []advisor.UserShare {
	countries := slices.Clone(cat.Countries)
	slices.SortStableFunc(countries, func(a, b catalog.Country) int { return cmp.Compare(b.Population, a.Population) })
	var out []advisor.UserShare
	for _, c := range countries[:min(len(countries), n*3/4)] {
		out = append(out, advisor.UserShare{Location: c.Code, Share: float64(c.Population) / 1e6})
	}
	for _, m := range cat.Metros {
		if len(out) == n {
			break
		}
		out = append(out, advisor.UserShare{Location: m.ID, Share: 5})
	}
	return out
}

// Ensure Recommend stays fast: embedded catalog (training, inference, the
// performance issue's question) and generated 1,000 to 100,000-offer catalogs
// with 200 user places, where the cost should grow linearly in offers.
func BenchmarkRecommend(b *testing.B) {
	real := realCatalog(b)
	training := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50"},
		Users:    []advisor.UserShare{{Location: "DE", Share: 1}},
	}
	inference, err := advisor.DecodeRequest(strings.NewReader(apiExample))
	if err != nil {
		b.Fatal(err)
	}
	issueQuestion := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50, PeakRPS: 150, LatencyMS: 80},
		Users:    []advisor.UserShare{{Location: "DE", Share: 50}, {Location: "US", Share: 30}, {Location: "JP", Share: 20}},
	}
	// An LLM served to three continents (the answer's slowest kind).
	llm := advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 10, PeakRPS: 20},
		Users:    []advisor.UserShare{{Location: "US", Share: 50}, {Location: "DE", Share: 30}, {Location: "JP", Share: 20}},
	}
	llm70 := llm
	llm70.Workload.Profile = "llama-3.3-70b"
	world := func(cat *catalog.Catalog) advisor.Request {
		return advisor.Request{
			Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 200, PeakRPS: 500},
			Users:    worldUsers(cat, 200),
		}
	}
	cases := []struct {
		name string
		cat  func() *catalog.Catalog
		req  func(*catalog.Catalog) advisor.Request
	}{
		{"embedded/training", func() *catalog.Catalog { return real }, func(*catalog.Catalog) advisor.Request { return training }},
		{"embedded/inference", func() *catalog.Catalog { return real }, func(*catalog.Catalog) advisor.Request { return inference }},
		{"embedded/resnet50-DE-US-JP", func() *catalog.Catalog { return real }, func(*catalog.Catalog) advisor.Request { return issueQuestion }},
		{"embedded/llm-8b-US-DE-JP", func() *catalog.Catalog { return real }, func(*catalog.Catalog) advisor.Request { return llm }},
		{"embedded/llm-70b-US-DE-JP", func() *catalog.Catalog { return real }, func(*catalog.Catalog) advisor.Request { return llm70 }},
		{"embedded/inference-200-users", func() *catalog.Catalog { return real }, world},
		{"offers=1000/inference-200-users", func() *catalog.Catalog { return syntheticCatalog(b, 1000) }, world},
		{"offers=5000/inference-200-users", func() *catalog.Catalog { return syntheticCatalog(b, 5000) }, world},
		{"offers=10000/inference-200-users", func() *catalog.Catalog { return syntheticCatalog(b, 10000) }, world},
		{"offers=20000/inference-200-users", func() *catalog.Catalog { return syntheticCatalog(b, 20000) }, world},
		{"offers=100000/inference-200-users", func() *catalog.Catalog { return syntheticCatalog(b, 100000) }, world},
		{"offers=10000/training", func() *catalog.Catalog { return syntheticCatalog(b, 10000) }, func(*catalog.Catalog) advisor.Request { return training }},
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			cat := bc.cat()
			req := bc.req(cat)
			if len(req.Users) == 0 && req.Workload.Kind == catalog.KindInference {
				b.Fatal("no users")
			}
			res, err := advisor.Recommend(cat, req)
			if err != nil || res.Pick == nil {
				b.Fatalf("Recommend() = pick %v, error %v; want a pick", res.Pick, err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := advisor.Recommend(cat, req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A what-if next to the one question it varies, in one run: the budget
// is a what-if over at least 20 variations within 5× its question.
func BenchmarkWhatIf(b *testing.B) {
	cat := realCatalog(b)
	for _, bc := range []struct {
		name string
		req  advisor.Request
	}{
		{"resnet50-EU-20rps", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 20},
			Users: []advisor.UserShare{{Location: "DE", Share: 40}, {Location: "FR", Share: 30}, {Location: "IT", Share: 30}}, GDPR: advisor.GDPREU}},
		{"bert-US-300rps", advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 300},
			Users: []advisor.UserShare{{Location: "US", Share: 100}}}},
	} {
		b.Run(bc.name+"/question", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := advisor.Recommend(cat, bc.req); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bc.name+"/what-if", func(b *testing.B) {
			wi, err := advisor.RecommendWhatIf(cat, bc.req)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := advisor.RecommendWhatIf(cat, bc.req); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(wi.Changes)), "changes")
			b.ReportMetric(float64(wi.Variations), "variations")
		})
	}
}
