package advisor_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// formDefaults is the question the form starts from (web's homeDefaults):
// BERT-large for users in the US, Germany and Japan, at peak load peak.
func formDefaults(peak float64) advisor.Request {
	return advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: peak, LatencyMS: 100, Months: advisor.Months(12)},
		Users:    []advisor.UserShare{{Location: "US", Share: 50}, {Location: "DE", Share: 30}, {Location: "JP", Share: 20}},
	}
}

// mainland reports whether a region key ("provider:region") is in a
// country whose regions serve the public only after an ICP filing.
func mainland(cat *catalog.Catalog, key string) bool {
	r, ok := cat.Region(key)
	if !ok {
		return false
	}
	c, ok := cat.Country(r.Country)
	return ok && c.ICPRequired
}

// countryOf is the country of a user location.
func countryOf(cat *catalog.Catalog, location string) string {
	if loc, ok := cat.Location(location); ok {
		return loc.Country
	}
	return location
}

// servedFromMainland lists, for every option of an answer, the user
// groups outside mainland China that a mainland region serves, as
// "location←region"; and whether any option uses a mainland region.
func servedFromMainland(cat *catalog.Catalog, res advisor.Result) (foreign []string, any bool) {
	for _, o := range options(res) {
		for _, p := range o.Placements {
			key := p.Provider + ":" + p.Region
			if !mainland(cat, key) {
				continue
			}
			any = true
			for _, u := range p.Users {
				if countryOf(cat, u) != p.Country {
					foreign = append(foreign, u+"←"+key)
				}
			}
		}
		if o.Latency == nil {
			continue
		}
		for _, g := range o.Latency.Groups {
			if mainland(cat, g.Region) && countryOf(cat, g.Location) != "CN" {
				foreign = append(foreign, g.Location+"←"+g.Region)
			}
		}
	}
	return foreign, any
}

// Ensure the form's own question, at a peak where a mainland region is
// the cheapest place for its Japanese users, serves no one from mainland
// China: regions there serve only users there unless the question allows
// it (china_regions=allow), and the answer counts them out with a reason.
func TestMainlandServesOnlyItsOwnUsers(t *testing.T) {
	cat := realCatalog(t)
	for _, peak := range []float64{102, 400} {
		res := recommend(t, cat, formDefaults(peak))
		if res.Pick == nil {
			t.Fatalf("peak %g: no pick", peak)
		}
		if foreign, any := servedFromMainland(cat, res); any || len(foreign) > 0 {
			t.Errorf("peak %g: an option serves from mainland China (%v) users who are all outside it", peak, foreign)
		}
		i := slices.IndexFunc(res.Excluded, func(x advisor.Exclusion) bool { return x.Reason == "china_regions" })
		if i < 0 || res.Excluded[i].Count == 0 {
			t.Errorf("peak %g: the mainland regions are not counted out: %+v", peak, res.Excluded)
		} else if ex := say(cat, res.Excluded[i].ExampleText); !strings.Contains(ex, "china_regions=allow") {
			t.Errorf("peak %g: the exclusion's example %q does not say how to allow them", peak, ex)
		}
		if rs := risksOf(cat, *res.Pick, advisor.RiskRegulatory); len(rs) > 0 {
			t.Errorf("peak %g: the pick carries regulatory risks %q", peak, rs)
		}
	}
	// Asked to, the mainland's cheapest region serves Japan again.
	req := formDefaults(400)
	req.ChinaRegions = advisor.ChinaRegionsAllow
	res := recommend(t, cat, req)
	if res.Pick == nil {
		t.Fatal("china_regions=allow: no pick")
	}
	if foreign, _ := servedFromMainland(cat, advisor.Result{Pick: res.Pick}); len(foreign) == 0 {
		t.Errorf("china_regions=allow: the pick %v no longer serves Japan from mainland China", res.Pick.Placements)
	}
	if res.Request.ChinaRegions != advisor.ChinaRegionsAllow {
		t.Errorf("the answer's request says china_regions %q", res.Request.ChinaRegions)
	}
	if d := recommend(t, cat, formDefaults(400)); d.Request.ChinaRegions != advisor.ChinaRegionsOwnUsers {
		t.Errorf("the default china_regions is %q, want %q", d.Request.ChinaRegions, advisor.ChinaRegionsOwnUsers)
	}
}

// Ensure users in mainland China are still served from there, alone or
// beside users elsewhere, while no one else ever is: in a placement of
// several regions, a mainland region serves only the mainland's users.
func TestMainlandStillServesItsOwnUsers(t *testing.T) {
	cat := realCatalog(t)
	for _, req := range []advisor.Request{chinaServing("CN"), {
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 100, LatencyMS: 100},
		Users:    []advisor.UserShare{{Location: "CN", Share: 100}},
	}} {
		alone := recommend(t, cat, req)
		if alone.Pick == nil || !mainland(cat, alone.Pick.Latency.Groups[0].Region) {
			t.Fatalf("%s for users in China alone is not served from mainland China: %+v", req.Workload.Profile, alone.Pick)
		}
	}
	for _, q := range []struct {
		users   string
		latency float64
		// inside: the pick serves the mainland's users from there.
		inside bool
	}{
		{"CN:50,US:50", 60, true},
		{"CN:60,JP:40", 100, false},
		{"sha:50,JP:30,US:20", 40, false},
		{"CN:40,HK:30,TW:30", 50, false},
		{"CN:70,DE:30", 60, true},
	} {
		req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 100, LatencyMS: q.latency}}
		for _, u := range strings.Split(q.users, ",") {
			loc, share, _ := strings.Cut(u, ":")
			x, _ := strconv.ParseFloat(share, 64)
			req.Users = append(req.Users, advisor.UserShare{Location: loc, Share: x})
		}
		res := recommend(t, cat, req)
		if res.Pick == nil {
			t.Fatalf("%s: no pick", q.users)
		}
		if foreign, _ := servedFromMainland(cat, res); len(foreign) > 0 {
			t.Errorf("%s: users outside mainland China served from there: %v", q.users, foreign)
		}
		if _, any := servedFromMainland(cat, advisor.Result{Pick: res.Pick}); q.inside && !any {
			t.Errorf("%s: the pick %v does not serve the mainland's users from there", q.users, res.Pick.Placements)
		}
		for _, o := range options(res) {
			if o.Latency.WeightedMS <= 0 || o.Latency.WeightedMS > 1e5 {
				t.Errorf("%s: an option's weighted latency is %v", q.users, o.Latency.WeightedMS)
			}
		}
	}
}

// Ensure a failover placement keeps a region in reach of every user
// group when one fails: a mainland region never takes over the users
// outside.
func TestMainlandFailover(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 100, LatencyMS: 60},
		Users: []advisor.UserShare{{Location: "CN", Share: 50}, {Location: "JP", Share: 50}}, MinRegions: 2}
	res := recommend(t, cat, req)
	if res.Pick == nil || res.Pick.Failover == nil {
		t.Fatalf("no failover pick: %+v", res.Pick)
	}
	for _, o := range options(res) {
		if o.Failover == nil {
			continue
		}
		for _, g := range o.Failover.Groups {
			if countryOf(cat, g.Location) != "CN" && mainland(cat, g.RegionIfFailed) {
				t.Errorf("%s is taken over by %s when its region fails", g.Location, g.RegionIfFailed)
			}
		}
	}
	if foreign, _ := servedFromMainland(cat, res); len(foreign) > 0 {
		t.Errorf("users outside mainland China served from there: %v", foreign)
	}
}

// Ensure the border sentence names the user group that crosses the
// border, whichever way: with users in China and in Hong Kong served from
// mainland China, it is Hong Kong's users who cross (into it); served
// from outside, it is China's (out of it). No sentence names a group that
// does not cross.
func TestBorderSentenceNamesTheGroupThatCrosses(t *testing.T) {
	cat := realCatalog(t)
	for _, china := range []string{advisor.ChinaRegionsAllow, advisor.ChinaRegionsOwnUsers} {
		req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 50, PeakRPS: 100, LatencyMS: 100},
			Users: []advisor.UserShare{{Location: "CN", Share: 50}, {Location: "HK", Share: 50}}, ChinaRegions: china}
		res := recommend(t, cat, req)
		if res.Pick == nil {
			t.Fatalf("%s: no pick", china)
		}
		for _, o := range options(res) {
			var sentences []string
			for _, r := range risksOf(cat, o, advisor.RiskRegulatory) {
				if strings.HasPrefix(r, "Users in ") {
					sentences = append(sentences, r)
				}
			}
			for _, g := range o.Latency.Groups {
				named := slices.ContainsFunc(sentences, func(s string) bool { return strings.HasPrefix(s, "Users in "+g.Name+" are served from") })
				if g.CrossBorder != named {
					t.Errorf("%s, %v: group %s crosses the border: %v; named by a border sentence: %v (%q)", china, o.Placements, g.Name, g.CrossBorder, named, sentences)
				}
			}
		}
		if china == advisor.ChinaRegionsAllow {
			// The bug as found: both groups served from Ningxia, the
			// sentence named China's users.
			rs := strings.Join(risksOf(cat, *res.Pick, advisor.RiskRegulatory), " ")
			if mainland(cat, res.Pick.Latency.Groups[1].Region) && !strings.Contains(rs, "Users in Hong Kong are served from") {
				t.Errorf("Hong Kong's users are served from mainland China, and the risks %q do not say so", rs)
			}
		}
	}
}

// Ensure a language model served to users in mainland China names the
// generative-AI service filing with the CAC and the model's registration,
// wherever it is served from, and that it is not said to anyone else.
func TestGenerativeAIFilingForMainlandUsers(t *testing.T) {
	cat := realCatalog(t)
	llm := func(users ...advisor.UserShare) advisor.Request {
		return advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 2}, Users: users}
	}
	for _, q := range []struct {
		name string
		req  advisor.Request
		want bool
	}{
		{"users in China", llm(advisor.UserShare{Location: "CN", Share: 100}), true},
		{"users in Shanghai and the US", llm(advisor.UserShare{Location: "sha", Share: 30}, advisor.UserShare{Location: "US", Share: 70}), true},
		{"users in the US", llm(advisor.UserShare{Location: "US", Share: 100}), false},
		{"users in Hong Kong", llm(advisor.UserShare{Location: "HK", Share: 100}), false},
	} {
		res := recommend(t, cat, q.req)
		if res.Pick == nil {
			t.Fatalf("%s: no pick", q.name)
		}
		for _, o := range options(res) {
			rs := strings.Join(risksOf(cat, o, advisor.RiskRegulatory), " ")
			said := strings.Contains(rs, "Interim Measures for the Management of Generative AI Services")
			if said != q.want {
				t.Errorf("%s: the generative-AI filing said: %v, want %v (%q)", q.name, said, q.want, rs)
			}
			for _, part := range []string{"2023-08-15", "Cyberspace Administration of China", "registered"} {
				if q.want && !strings.Contains(rs, part) {
					t.Errorf("%s: the generative-AI risk does not say %q: %q", q.name, part, rs)
				}
			}
		}
	}
	// A model that is not a language model needs no such filing.
	res := recommend(t, cat, chinaServing())
	if rs := strings.Join(risksOf(cat, *res.Pick, advisor.RiskRegulatory), " "); strings.Contains(rs, "Generative AI") {
		t.Errorf("an image model served in China carries the generative-AI filing: %q", rs)
	}
}

// Ensure a mainland pick's risks name their catalog sources where the
// catalog has them: the ICP filing, the account of its own.
func TestMainlandRisksNameTheirSources(t *testing.T) {
	cat := realCatalog(t)
	res := recommend(t, cat, chinaServing("CN"))
	if res.Pick == nil {
		t.Fatal("no pick")
	}
	sources := map[string]string{}
	for _, r := range res.Pick.Risks {
		if r.Kind == advisor.RiskRegulatory {
			sources[r.Message.ID] = r.Source
		}
	}
	for id, want := range map[string]string{"risk.regulatory.icp": "aws-icp-recordal", "risk.regulatory.account": "aws-china-general-info", "risk.regulatory.border": ""} {
		got, ok := sources[id]
		if !ok {
			t.Errorf("the mainland pick has no %s risk: %v", id, sources)
			continue
		}
		if got != want {
			t.Errorf("%s: source %q, want %q", id, got, want)
		}
		if _, known := cat.Source(got); got != "" && !known {
			t.Errorf("%s: source %q is not in the catalog", id, got)
		}
	}
	// Users in China served from outside: PIPL's Article 38.
	out := recommend(t, cat, chinaServing("JP"))
	found := false
	for _, r := range out.Pick.Risks {
		found = found || (r.Message.ID == "risk.regulatory.cross_border" && r.Source == "pipl-article-38")
	}
	if !found {
		t.Errorf("served from Japan, the cross-border risk does not cite PIPL Article 38: %+v", out.Pick.Risks)
	}
}
