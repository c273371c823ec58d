package apiclient_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/apiclient"
	"gpuplace/internal/catalog"
	"gpuplace/internal/store"
	"gpuplace/internal/versions"
	"gpuplace/web"
)

// Ensure the checked-in client is what the generator makes of the served
// description: a change to the description needs go generate here.
func TestGeneratedClientIsCurrent(t *testing.T) {
	dir := t.TempDir()
	spec, out := filepath.Join(dir, "openapi.json"), filepath.Join(dir, "client.gen.go")
	if err := os.WriteFile(spec, web.OpenAPI(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The same command as doc.go's go:generate line, into the temporary
	// directory.
	cmd := exec.Command("go", "tool", "oapi-codegen", "-config", "oapi-codegen.yaml", "-o", out, spec)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, b)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("client.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		gotLines, wantLines := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		line := 0
		for line < min(len(gotLines), len(wantLines)) && gotLines[line] == wantLines[line] {
			line++
		}
		t.Errorf("client.gen.go differs from what the served description generates, from line %d:\n"+
			"generated: %s\nchecked in: %s\nrun: go generate ./internal/apiclient",
			line+1, lineAt(gotLines, line), lineAt(wantLines, line))
	}
}

func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end of file)"
}

// newServer serves the app on the embedded catalog and a fresh SQLite
// file, without rate limits, and returns its URL and the catalog.
func newServer(t *testing.T) (string, *catalog.Catalog) {
	t.Helper()
	ctx := context.Background()
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	cats, err := versions.Open(ctx, db, cat, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.NewServer(web.Config{Log: slog.New(slog.DiscardHandler), Catalogs: cats, Store: db}))
	t.Cleanup(srv.Close)
	return srv.URL, cat
}

// wantPick fails unless the client's answer has the pick Recommend gives
// for req: the same places, instances and total.
func wantPick(t *testing.T, cat *catalog.Catalog, req advisor.Request, got *apiclient.Result) {
	t.Helper()
	want, err := advisor.Recommend(cat, req)
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || got.Pick == nil || want.Pick == nil {
		t.Fatalf("pick = %+v, Recommend's = %+v; want both", got, want.Pick)
	}
	if got.CatalogVersion != want.CatalogVersion || got.Currency != want.Currency {
		t.Errorf("catalog %s in %s, want %s in %s", got.CatalogVersion, got.Currency, want.CatalogVersion, want.Currency)
	}
	if len(got.Pick.Placements) != len(want.Pick.Placements) {
		t.Fatalf("%d placements, want %d", len(got.Pick.Placements), len(want.Pick.Placements))
	}
	for i, p := range got.Pick.Placements {
		w := want.Pick.Placements[i]
		if p.Provider != w.Provider || p.Region != w.Region || p.InstanceType != w.InstanceType || string(p.Pricing) != string(w.Pricing) {
			t.Errorf("placement %d = %s %s %s %s, want %s %s %s %s", i, p.Provider, p.Region, p.InstanceType, p.Pricing,
				w.Provider, w.Region, w.InstanceType, w.Pricing)
		}
	}
	total, err := decimal.NewFromString(got.Pick.Total)
	if err != nil || !total.Equal(want.Pick.Total) {
		t.Errorf("total = %q, want %s", got.Pick.Total, want.Pick.Total)
	}
}

// Ensure the generated client asks the real server for advice, by query
// keys and as JSON, and gets the pick the advisor gives for the same
// question; and that a problem comes back typed.
func TestClientAdvice(t *testing.T) {
	base, cat := newServer(t)
	c, err := apiclient.NewClientWithResponses(base)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	kind, profile, users, gdpr := "inference", "bert-large", "DE:60,US:40", apiclient.GetAdviceParamsGdpr("eu")
	rps, peak, latency, none := 50.0, 120.0, 100.0, 0
	get, err := c.GetAdviceWithResponse(ctx, &apiclient.GetAdviceParams{Kind: &kind, Profile: &profile, RPS: &rps, PeakRPS: &peak,
		LatencyMS: &latency, Users: &users, Gdpr: &gdpr, Candidates: &none})
	if err != nil {
		t.Fatal(err)
	}
	if get.StatusCode() != http.StatusOK {
		t.Fatalf("GET /api/v1/advice = %d: %s", get.StatusCode(), get.Body)
	}
	wantPick(t, cat, advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindInference, Profile: profile, RPS: rps, PeakRPS: peak, LatencyMS: latency},
		Users:    []advisor.UserShare{{Location: "DE", Share: 60}, {Location: "US", Share: 40}}, GDPR: "eu",
	}, get.JSON200)
	if n := len(get.JSON200.Candidates); n != 0 {
		t.Errorf("candidates=0 listed %d candidates", n)
	}

	trainingKind, resnet, currency := apiclient.WorkloadKind("training"), "resnet50", apiclient.RequestCurrency("EUR")
	post, err := c.PostAdviceWithResponse(ctx, &apiclient.PostAdviceParams{}, apiclient.Request{
		Workload: &apiclient.Workload{Kind: &trainingKind, Profile: &resnet}, Currency: &currency})
	if err != nil {
		t.Fatal(err)
	}
	if post.StatusCode() != http.StatusOK {
		t.Fatalf("POST /api/v1/advice = %d: %s", post.StatusCode(), post.Body)
	}
	wantPick(t, cat, advisor.Request{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: resnet}, Currency: "EUR"}, post.JSON200)

	bad := -1.0
	refused, err := c.GetAdviceWithResponse(ctx, &apiclient.GetAdviceParams{Kind: &kind, Profile: &profile, RPS: &bad, Users: &users})
	if err != nil {
		t.Fatal(err)
	}
	if p := refused.ApplicationProblemJSON422; refused.StatusCode() != http.StatusUnprocessableEntity || p == nil || p.Errors == nil || len(*p.Errors) == 0 {
		t.Fatalf("rps=-1: %d %s, want 422 with the fields named", refused.StatusCode(), refused.Body)
	}
}
