package cli

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Ensure a refresh's fetch follows the Azure API's NextPageLink and saves
// its pages one after another in one file, saves a single-file feed as it
// is, and stops at an error status: against a local server serving the
// committed fixtures (a fetch never reaches the network in tests).
func TestFetchFeeds(t *testing.T) {
	pages, err := os.ReadFile(filepath.Join("..", "catalog", "testdata", "azure_retail_pages.json"))
	if err != nil {
		t.Fatal(err)
	}
	first, second, _ := strings.Cut(string(pages), "\n{\"BillingCurrency\"")
	second = "{\"BillingCurrency\"" + second
	advisor, _ := os.ReadFile(filepath.Join("..", "catalog", "testdata", "aws_spot_advisor.json"))
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/azure":
			if r.URL.Query().Get("skip") == "100" {
				w.Write([]byte(second))
				return
			}
			w.Write([]byte(strings.Replace(first, "https://prices.azure.com:443/api/retail/prices?$filter=serviceName%20eq%20%27Virtual%20Machines%27&$skip=100", srv.URL+"/azure?skip=100", 1)))
		case "/advisor":
			w.Write(advisor)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	feeds := []feedSource{{File: "azure.json", URL: srv.URL + "/azure", Paged: true}, {File: "advisor.json", URL: srv.URL + "/advisor"}}
	if err := fetchFeeds(context.Background(), srv.Client(), dir, feeds); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "azure.json"))
	if strings.Count(string(got), `"Items"`) != 2 || !strings.Contains(string(got), "Standard_D2s_v5") {
		t.Errorf("azure.json has %d pages, want both:\n%.300s", strings.Count(string(got), `"Items"`), got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "advisor.json")); !strings.Contains(string(got), `"spot_advisor"`) {
		t.Errorf("advisor.json = %.100s", got)
	}
	if err := fetchFeeds(context.Background(), srv.Client(), dir, []feedSource{{File: "x.json", URL: srv.URL + "/missing"}}); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("a 404 fetched: %v", err)
	}
	// What was fetched refreshes like any download.
	db := filepath.Join(t.TempDir(), "cat.db")
	os.Remove(filepath.Join(dir, "x.json"))
	if code, out, errOut := runCmd(t, "", "catalog", "refresh", dir, "-db", db); code != 0 || !strings.Contains(out, "2 changed") {
		t.Errorf("refresh of the fetched feeds: code %d, stdout %q, stderr %q", code, out, errOut)
	}
}
