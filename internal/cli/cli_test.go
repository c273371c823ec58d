package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuplace/data"
	"gpuplace/internal/account"
	"gpuplace/internal/catalog"
	"gpuplace/internal/store"
)

// env is a getenv over a map.
func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// runCmd runs a command line and returns its exit code (0, or the code of
// an exitError; 1 for other errors) and output.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), args, env(nil), strings.NewReader(stdin), &stdout, &stderr)
	code := 0
	var exit exitError
	switch {
	case errors.As(err, &exit):
		code = exit.code
	case err != nil:
		code = 1
		stderr.WriteString(err.Error())
	}
	return code, stdout.String(), stderr.String()
}

// Ensure catalog validate passes the embedded catalog and lists every
// problem of a broken one, one per line, with exit 1.
func TestCatalogValidate(t *testing.T) {
	code, out, _ := runCmd(t, "", "catalog", "validate")
	if code != 0 || !strings.Contains(out, "is valid") {
		t.Fatalf("validate embedded: code %d, output %q", code, out)
	}
	dir := t.TempDir()
	entries, _ := fs.ReadDir(data.FS, ".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			b, _ := fs.ReadFile(data.FS, e.Name())
			os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644)
		}
	}
	offers, _ := os.ReadFile(filepath.Join(dir, "offers.json"))
	broken := strings.Replace(string(offers), `"gpu_count":1,`, `"gpu_count":0,`, 1)
	broken = strings.Replace(broken, `"provider":"aws","region":"us-east-1"`, `"provider":"aws","region":"mars-1"`, 1)
	os.WriteFile(filepath.Join(dir, "offers.json"), []byte(broken), 0o644)
	code, out, _ = runCmd(t, "", "catalog", "validate", dir)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("validate broken: code %d, %d lines, want 1 and 2:\n%s", code, len(lines), out)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "offers.json: offers[") {
			t.Errorf("line %q does not name file and row", l)
		}
	}
}

// Ensure catalog stats prints the catalog summary as JSON.
func TestCatalogStats(t *testing.T) {
	code, out, _ := runCmd(t, "", "catalog", "stats")
	var got struct {
		Version string         `json:"version"`
		Counts  map[string]int `json:"counts"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.Version == "" || got.Counts["offers"] < 300 {
		t.Fatalf("stats: code %d, output %.300s", code, out)
	}
}

// Ensure advise answers a request from stdin and exits 2 naming the field
// of a bad one.
func TestAdvise(t *testing.T) {
	req := `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"peak_rps":120,"latency_ms":100},"users":[{"location":"DE","share":100}],"gdpr":"eu"}`
	code, out, errOut := runCmd(t, req, "advise", "-f", "-")
	if code != 0 {
		t.Fatalf("advise: code %d, stderr %s", code, errOut)
	}
	var res struct {
		Pick struct {
			Placements []struct{ Country string } `json:"placements"`
			Total      string                     `json:"total"`
		} `json:"pick"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Pick.Placements) == 0 || res.Pick.Total == "" {
		t.Fatalf("advise output %.300s (%v), want a pick with a total", out, err)
	}
	code, _, errOut = runCmd(t, `{"workload":{"kind":"training","profile":"resnet50","epochs":-2}}`, "advise", "-f", "-")
	if code != 2 || !strings.Contains(errOut, "workload.epochs:") {
		t.Errorf("bad request: code %d, stderr %q, want 2 and workload.epochs", code, errOut)
	}
	if code, _, _ := runCmd(t, "", "advise"); code != 2 {
		t.Errorf("advise without -f: code %d, want 2", code)
	}
	if code, _, _ := runCmd(t, "", "frobnicate"); code != 2 {
		t.Errorf("unknown command: code %d, want 2", code)
	}
}

// Ensure serve creates the database, answers /healthz and shuts down when
// its context ends; and refuses an invalid catalog.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "gpuplace.db")
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-addr", addr}, env(map[string]string{"GPUPLACE_DB": db}),
			strings.NewReader(""), io.Discard, io.Discard)
	}()
	var resp *http.Response
	var err error
	for range 100 {
		if resp, err = http.Get("http://" + addr + "/healthz"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("server did not answer: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz = %d, want 200", resp.StatusCode)
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("database file not created: %v", err)
	}
	stopServe(t, cancel, done)

	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "version.json"), []byte(`{}`), 0o644)
	code, _, errOut := runCmd(t, "", "serve", "-catalog", bad, "-db", filepath.Join(dir, "x.db"), "-addr", "127.0.0.1:0")
	if code == 0 || !strings.Contains(errOut, "refusing to start") {
		t.Errorf("serve on an invalid catalog: code %d, stderr %q", code, errOut)
	}
}

// stopServe cancels a running serve and waits for it to return cleanly.
func stopServe(t *testing.T, cancel context.CancelFunc, done <-chan error) {
	t.Helper()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v after shutdown", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not shut down")
	}
}

// Ensure -metrics-addr serves /metrics on its own address (with the
// -metrics-token it names) and takes it off the app's address.
func TestServeMetricsApart(t *testing.T) {
	app, metrics := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-addr", app, "-metrics-addr", metrics},
			env(map[string]string{"GPUPLACE_DB": filepath.Join(t.TempDir(), "m.db"), "GPUPLACE_METRICS_TOKEN": "s3cret-token"}),
			strings.NewReader(""), io.Discard, io.Discard)
	}()
	get := func(url, token string) int {
		req, _ := http.NewRequest("GET", url, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	answers(app, 5*time.Second, 50*time.Millisecond) // the table below says what failed
	for _, tt := range []struct {
		url, token string
		want       int
	}{
		{"http://" + metrics + "/metrics", "s3cret-token", http.StatusOK},
		{"http://" + metrics + "/metrics", "", http.StatusUnauthorized},
		{"http://" + app + "/metrics", "s3cret-token", http.StatusNotFound},
		{"http://" + app + "/healthz", "", http.StatusOK},
	} {
		if got := get(tt.url, tt.token); got != tt.want {
			t.Errorf("GET %s (token %q) = %d, want %d", tt.url, tt.token, got, tt.want)
		}
	}
	stopServe(t, cancel, done)
}

// Ensure user add reads the password from stdin, refuses a short password
// or an unknown role (exit 2) and a second account for an email (exit 1),
// and that the user it adds can sign in.
func TestUserAdd(t *testing.T) {
	db := filepath.Join(t.TempDir(), "users.db")
	const password = "a long enough password"
	add := func(stdin, email, role string) (int, string, string) {
		t.Helper()
		return runCmd(t, stdin, "user", "add", "-email", email, "-role", role, "-db", db)
	}
	if code, out, errOut := add(password+"\n", "Sales@Example.com", "sales"); code != 0 || out != "added sales@example.com (sales)\n" {
		t.Fatalf("user add: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, errOut := add("another long password", "admin@example.com", "admin"); code != 0 {
		t.Fatalf("user add (no newline after the password): code %d, stderr %q", code, errOut)
	}
	for _, c := range []struct {
		name, stdin, email, role string
		code                     int
		stderr                   string
	}{
		{"short password", "too short\n", "short@example.com", "sales", 2, "at least 10 characters"},
		{"no password", "", "empty@example.com", "sales", 2, "at least 10 characters"},
		{"bad role", password + "\n", "boss@example.com", "boss", 2, `role must be sales or admin, got "boss"`},
		{"bad email", password + "\n", "not-an-email", "sales", 2, "not an email address"},
		{"duplicate", "a different password\n", "sales@example.com", "admin", 1, "sales@example.com already has an account"},
		{"duplicate in other case", password + "\n", "SALES@example.com", "sales", 1, "sales@example.com already has an account"},
	} {
		code, out, errOut := add(c.stdin, c.email, c.role)
		if code != c.code || !strings.Contains(errOut, c.stderr) || out != "" {
			t.Errorf("%s: code %d, stdout %q, stderr %q; want %d and %q", c.name, code, out, errOut, c.code, c.stderr)
		}
		if strings.Contains(out+errOut, password) || strings.Contains(out+errOut, "different password") {
			t.Errorf("%s: the password was echoed: %q %q", c.name, out, errOut)
		}
	}
	if code, _, _ := runCmd(t, password+"\n", "user", "remove", "-email", "x@example.com", "-db", db); code != 2 {
		t.Errorf("user remove: code %d, want 2 (usage)", code)
	}

	s, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, u := range []struct{ email, role, password string }{
		{"sales@example.com", account.RoleSales, password},
		{"admin@example.com", account.RoleAdmin, "another long password"},
	} {
		got, err := s.UserByEmail(context.Background(), u.email)
		if err != nil {
			t.Fatalf("%s: %v", u.email, err)
		}
		if got.Role != u.role || !got.CheckPassword(u.password) {
			t.Errorf("%s: role %q, password accepted %v; want %s and true", u.email, got.Role, got.CheckPassword(u.password), u.role)
		}
		if got.CheckPassword(u.password+"x") || got.CheckPassword("a different password") {
			t.Errorf("%s: a wrong password is accepted", u.email)
		}
	}
	for _, email := range []string{"short@example.com", "empty@example.com", "boss@example.com"} {
		if _, err := s.UserByEmail(context.Background(), email); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("refused user %s: lookup error %v, want account.ErrNotFound", email, err)
		}
	}
}

// Ensure catalog import, versions and activate take their flags after the
// FILE or ID too, as the usage writes them.
func TestCatalogVersionsFlagsAfterArgs(t *testing.T) {
	dir := t.TempDir()
	db, csv := filepath.Join(dir, "cat.db"), filepath.Join(dir, "aws.csv")
	if err := os.WriteFile(csv, []byte("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone\n"+
		"g4dn.xlarge,T4,1,4,16,,0.25,0.09,us-east-1,us-east-1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "catalog", "import", csv, "-db", db, "-provider", "aws")
	if code != 0 || !strings.Contains(out, "(inactive)") || !strings.Contains(out, "aws:us-east-1:g4dn.xlarge") {
		t.Fatalf("catalog import FILE -db DB -provider aws: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	id := strings.Fields(strings.TrimPrefix(out, "imported "))[0]
	// The one-row list drops the region's other offers: activating it
	// needs -confirm, and without it the rows are listed.
	if code, out, errOut := runCmd(t, "", "catalog", "activate", id, "-db", db); code != 1 || !strings.Contains(out, "check aws:us-east-1:") ||
		!strings.Contains(errOut, "catalog activate "+id+" -confirm") {
		t.Fatalf("catalog activate %s -db DB without -confirm: code %d, stdout %q, stderr %q; want 1, the rows and the hint", id, code, out, errOut)
	}
	if code, out, errOut := runCmd(t, "", "catalog", "activate", id, "-db", db, "-confirm"); code != 0 || out != "activated "+id+"\n" {
		t.Fatalf("catalog activate %s -db DB -confirm: code %d, stdout %q, stderr %q", id, code, out, errOut)
	}
	if code, out, _ := runCmd(t, "", "catalog", "versions", "-db", db); code != 0 || !strings.Contains(out, "* "+id) {
		t.Errorf("catalog versions after activating %s: code %d\n%s", id, code, out)
	}
	if code, _, errOut := runCmd(t, "", "catalog", "activate", id, "extra", "-db", db); code != 2 || !strings.Contains(errOut, "catalog activate ID") {
		t.Errorf("catalog activate with two ids: code %d, stderr %q; want 2 and the usage", code, errOut)
	}
}

// Ensure the catalog commands stop when their context ends, as on Ctrl-C:
// an import asked then stores nothing.
func TestCatalogStopsWhenInterrupted(t *testing.T) {
	dir := t.TempDir()
	db, csv := filepath.Join(dir, "cat.db"), filepath.Join(dir, "aws.csv")
	if err := os.WriteFile(csv, []byte(strings.Join(catalog.PublicCSVColumns, ",")+"\n"+
		"g4dn.xlarge,T4,1,4,16,,0.25,0.09,us-east-1,us-east-1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	err := run(ctx, []string{"catalog", "import", csv, "-db", db}, env(nil), strings.NewReader(""), &stdout, &stderr)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("catalog import after Ctrl-C = %v, stdout %q; want context.Canceled", err, stdout.String())
	}
	if code, out, _ := runCmd(t, "", "catalog", "versions", "-db", db); code != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("catalog versions after an interrupted import: code %d, want the embedded version alone:\n%s", code, out)
	}
}

// Ensure catalog import reads a provider's own feed with -format: the
// Azure Retail Prices API's pages become a new inactive version, the
// changes and what the feed had that the catalog keeps out are printed,
// and an unknown format imports nothing.
func TestCatalogImportFeed(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cat.db")
	feed := filepath.Join("..", "catalog", "testdata", "azure_retail_pages.json")
	code, out, errOut := runCmd(t, "", "catalog", "import", feed, "-format", "azure-retail", "-db", db)
	if code != 0 || !strings.Contains(out, "(inactive): 0 offers added, 0 removed, 2 changed") ||
		!strings.Contains(out, "azure:eastus:Standard_NC4as_T4_v3") || !strings.Contains(out, "kept out: 1 items: Windows meters") ||
		!strings.Contains(out, "Standard_D2s_v5") {
		t.Fatalf("catalog import FEED -format azure-retail: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	// SkyPilot's CSVs are the public layout, for the provider given.
	csv := filepath.Join(t.TempDir(), "vms.csv")
	os.WriteFile(csv, []byte("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone\n"+
		"g4dn.xlarge,T4,1,4,16,,0.25,0.09,us-east-1,us-east-1a\n"), 0o644)
	if code, out, errOut := runCmd(t, "", "catalog", "import", csv, "-format", "skypilot", "-provider", "aws", "-db", db); code != 0 || !strings.Contains(out, "aws:us-east-1:g4dn.xlarge") {
		t.Errorf("catalog import CSV -format skypilot: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, _ := runCmd(t, "", "catalog", "import", feed, "-format", "skypilot", "-db", db); code != 1 || !strings.Contains(out, "is a CSV") {
		t.Errorf("catalog import JSON -format skypilot: code %d, stdout %q; want 1 and why", code, out)
	}
	if code, out, _ := runCmd(t, "", "catalog", "import", feed, "-format", "nope", "-db", db); code != 1 || !strings.Contains(out, `unknown feed format "nope"`) {
		t.Errorf("catalog import -format nope: code %d, stdout %q; want 1 and the formats", code, out)
	}
}

// Ensure the Spot Instance Advisor's data file imports as a version whose
// only changes are interruption bands, and says what it kept out.
func TestCatalogImportSpotAdvisor(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cat.db")
	feed := filepath.Join("..", "catalog", "testdata", "aws_spot_advisor.json")
	code, out, errOut := runCmd(t, "", "catalog", "import", feed, "-format", "aws-spot-advisor", "-db", db)
	if code != 0 || !strings.Contains(out, "0 offers added, 0 removed, 0 changed") || !strings.Contains(out, "spot interruption bands changed") ||
		!strings.Contains(out, "kept out: 1 items: Windows") {
		t.Fatalf("catalog import FILE -format aws-spot-advisor: code %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// Ensure catalog refresh DIR applies every feed downloaded into DIR as one
// new inactive version and says what each file kept out; a file it cannot
// read imports nothing.
func TestCatalogRefresh(t *testing.T) {
	dir, db := t.TempDir(), filepath.Join(t.TempDir(), "cat.db")
	for _, name := range []string{"azure_retail_pages.json", "aws_price_list.json", "aws_spot_advisor.json"} {
		b, err := os.ReadFile(filepath.Join("..", "catalog", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	// Two Azure offers and two AWS ones (g4dn.xlarge and p5.48xlarge in
	// us-east-1) change price; the Advisor changes bands.
	code, out, errOut := runCmd(t, "", "catalog", "refresh", dir, "-db", db)
	if code != 0 || !strings.Contains(out, "4 changed") || !strings.Contains(out, "kept out: aws_price_list.json: ") || !strings.Contains(out, "spot interruption bands changed") ||
		!strings.Contains(out, "kept out: aws_spot_advisor.json: ") || !strings.Contains(out, "kept out: azure_retail_pages.json: ") {
		t.Fatalf("catalog refresh DIR: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	os.WriteFile(filepath.Join(dir, "notes.json"), []byte(`{"hello": 1}`), 0o644)
	if code, out, _ := runCmd(t, "", "catalog", "refresh", dir, "-db", db); code != 1 || !strings.Contains(out, "notes.json") {
		t.Errorf("catalog refresh with an unknown file: code %d, stdout %q; want 1 naming it", code, out)
	}
}
