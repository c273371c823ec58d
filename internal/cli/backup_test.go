package cli

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/link"
	"gpuplace/internal/quote"
	"gpuplace/internal/store"
	"gpuplace/internal/versions"
	"gpuplace/web"
)

// Ensure a backup restores: the restored file serves the same pinned link,
// quote and active catalog version as the original.
func TestBackupRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	orig := filepath.Join(dir, "gpuplace.db")
	builtin, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, orig)
	if err != nil {
		t.Fatal(err)
	}
	m, err := versions.Open(ctx, db, builtin, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	list := strings.Join(catalog.PublicCSVColumns, ",") + "\ng4dn.xlarge,T4,1,4,16,,0.3333,,us-east-1,us-east-1a\n"
	imp, err := m.Import(ctx, "aws.csv", []byte(list), "aws", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Activate(ctx, imp.Catalog.Version.ID, true); err != nil {
		t.Fatal(err)
	}
	req := advisor.Request{Workload: advisor.Workload{Kind: "training", Profile: "resnet50"}, Providers: []string{"aws"}}
	res, err := advisor.Recommend(m.Active(), req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(res)
	l := link.Link{ID: link.NewID(), Query: "kind=training&profile=resnet50&providers=aws", CatalogVersion: res.CatalogVersion, Result: body, CreatedAt: time.Now()}
	if err := db.CreateLink(ctx, l); err != nil {
		t.Fatal(err)
	}
	q := &quote.Quote{LinkID: l.ID, CatalogVersion: res.CatalogVersion, Customer: quote.Customer{Name: "Ada"}, Currency: "USD", ValidDays: 30,
		CreatedAt: time.Now(), Lines: []quote.Line{{Description: "GPU", Quantity: decimal.NewFromInt(3), Unit: "hour", UnitPrice: decimal.RequireFromString("1.5")}}}
	q.Compute()
	if err := db.CreateQuote(ctx, q); err != nil {
		t.Fatal(err)
	}

	backup := filepath.Join(dir, "backup.db")
	code, out, errOut := runCmd(t, "", "backup", backup, "-db", orig)
	if code != 0 {
		t.Fatalf("backup: code %d: %s %s", code, out, errOut)
	}
	db.Close()

	// Restore: a server on the copy alone.
	restored, err := store.Open(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	rm, err := versions.Open(ctx, restored, builtin, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.NewServer(web.Config{Log: slog.New(slog.DiscardHandler), Catalogs: rm, Store: restored,
		Limits: web.DefaultLimits}))
	defer srv.Close()
	get := func(path string) (int, string) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/api/v1/catalog"); code != 200 || !strings.Contains(body, `"version":"`+imp.Catalog.Version.ID+`"`) {
		t.Errorf("restored active version: %d %.200s, want %s", code, body, imp.Catalog.Version.ID)
	}
	if code, body := get("/api/v1/links/" + l.ID); code != 200 || !strings.Contains(body, `"total":"`+res.Pick.Total.String()+`"`) {
		t.Errorf("restored link: %d, want its total %s", code, res.Pick.Total)
	}
	got, err := restored.QuoteByNumber(ctx, q.Year, q.Seq, q.Revision)
	if err != nil || !got.Total.Equal(q.Total) || got.Customer.Name != "Ada" {
		t.Errorf("restored quote = %+v (%v), want %s for Ada", got, err, q.Total)
	}
}
