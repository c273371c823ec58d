package versions_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/versions"
)

// Ensure a refresh of the committed feed fixtures (the Azure Retail Prices
// pages and the Spot Instance Advisor's file), then its activation,
// changes the answers that should change and no other: over saved
// questions, an answer whose pick or alternatives use an offer the refresh
// changed (a price or a spot band) has the new figures, and every other
// answer keeps its pick and its total to the cent.
func TestRefreshChangesOnlyTheAnswersItShould(t *testing.T) {
	m, _, _ := open(t)
	ctx := context.Background()
	var files []versions.FeedFile
	for _, name := range []string{"azure_retail_pages.json", "aws_spot_advisor.json"} {
		b, err := os.ReadFile(filepath.Join("..", "catalog", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, versions.FeedFile{Name: name, Data: b})
	}
	before := m.Active()
	imp, err := m.RefreshFrom(ctx, files, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(imp.Diff.Changed) != 2 || len(imp.Diff.Rebanded) == 0 || len(imp.KeptOut) == 0 || !strings.HasPrefix(imp.KeptOut[0], "aws_spot_advisor.json: ") {
		t.Fatalf("refresh: %d changed, %d rebanded, kept out %q", len(imp.Diff.Changed), len(imp.Diff.Rebanded), imp.KeptOut)
	}
	if err := m.Activate(ctx, imp.Catalog.Version.ID, true); err != nil { // its rows checked
		t.Fatal(err)
	}
	after := m.Active()
	touched := map[string]bool{}
	for _, c := range imp.Diff.Changed {
		touched[c.New.ID()] = true
	}
	for _, id := range imp.Diff.Rebanded {
		touched[id] = true
	}
	us := []advisor.UserShare{{Location: "US", Share: 100}}
	questions := []advisor.Request{
		// Served from the refreshed T4 in Azure eastus, and on AWS spot.
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 50}, Users: us, Providers: []string{"azure"}, Accelerator: advisor.AcceleratorGPU},
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 100}, Users: us, Providers: []string{"aws"},
			Pricing: []catalog.PricingModel{catalog.Spot}},
		// Elsewhere.
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "resnet50", RPS: 20}, Users: []advisor.UserShare{{Location: "DE", Share: 100}}, GDPR: advisor.GDPREU},
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 40}, Users: []advisor.UserShare{{Location: "JP", Share: 100}}},
		{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50", DeadlineHours: 8}, Users: us},
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 5}, Users: []advisor.UserShare{{Location: "DE", Share: 100}}},
		{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 300}, Users: us, Providers: []string{"gcp", "lambda"}},
	}
	uses := func(r advisor.Result) bool {
		for _, o := range append([]advisor.Option{*r.Pick}, r.Alternatives...) {
			for _, p := range o.Placements {
				if touched[p.Provider+":"+p.Region+":"+p.InstanceType] {
					return true
				}
			}
		}
		return false
	}
	var changed, kept int
	for i, q := range questions {
		a, errA := advisor.Recommend(before, q)
		b, errB := advisor.Recommend(after, q)
		if errA != nil || errB != nil || a.Pick == nil || b.Pick == nil {
			t.Fatalf("question %d: %v %v", i, errA, errB)
		}
		same := a.Pick.Total.Equal(b.Pick.Total) && slices.Equal(placesOf(a.Pick), placesOf(b.Pick))
		switch {
		case uses(a) || uses(b):
			changed++
			// The T4's new reservation price wins Azure's answer; the new
			// band of g4dn.xlarge in us-east-1 (fewer spares) wins AWS spot's.
			if same {
				t.Errorf("question %d uses a refreshed offer (%v) and its answer did not move: %s", i, placesOf(b.Pick), b.Pick.Total)
			}
		case !same:
			t.Errorf("question %d uses no refreshed offer, yet its answer moved: %v %s → %v %s", i, placesOf(a.Pick), a.Pick.Total, placesOf(b.Pick), b.Pick.Total)
		default:
			kept++
		}
	}
	if changed == 0 || kept == 0 {
		t.Errorf("%d answers touched by the refresh, %d not: the questions test nothing", changed, kept)
	}
}

// placesOf names an option's places: provider, region, instance, pricing.
func placesOf(o *advisor.Option) []string {
	var out []string
	for _, p := range o.Placements {
		out = append(out, p.Provider+":"+p.Region+":"+p.InstanceType+"/"+string(p.Pricing))
	}
	return out
}

// Ensure a refresh tells the Cloud Billing catalog's SKU pages by their
// keys and prices Google Cloud offers from them, and nothing else.
func TestRefreshReadsGCPBilling(t *testing.T) {
	m, _, _ := open(t)
	b, err := os.ReadFile(filepath.Join("..", "catalog", "testdata", "gcp_billing_skus.json"))
	if err != nil {
		t.Fatal(err)
	}
	imp, err := m.RefreshFrom(context.Background(), []versions.FeedFile{{Name: "gcp_billing_skus.json", Data: b}}, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(imp.Diff.Changed) == 0 || len(imp.Diff.Added)+len(imp.Diff.Removed) != 0 {
		t.Fatalf("refresh: %d changed, %d added, %d removed", len(imp.Diff.Changed), len(imp.Diff.Added), len(imp.Diff.Removed))
	}
	for _, c := range imp.Diff.Changed {
		if !strings.HasPrefix(c.New.ID(), "gcp:us-central1:g2-") {
			t.Errorf("%s changed; the pages price only G2 in us-central1", c.New.ID())
		}
	}
}

// Ensure every import format the catalog names has a reader here.
func TestEveryFeedFormatIsRead(t *testing.T) {
	m, _, _ := open(t)
	for _, f := range catalog.FeedFormats {
		if _, err := m.ImportAs(context.Background(), "empty", nil, f, "aws", now); err == nil || strings.Contains(err.Error(), "unknown feed format") {
			t.Errorf("format %s: %v; want its reader's refusal of an empty file", f, err)
		}
	}
}
