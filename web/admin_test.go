package web_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/account"
	"gpuplace/internal/catalog"
	"gpuplace/internal/versions"
)

// upload builds a multipart import form with one file.
func upload(t testing.TB, name, body, provider string) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte(body))
	mw.WriteField("provider", provider)
	mw.Close()
	return &buf, mw.FormDataContentType()
}

// priceList lists g4dn.xlarge in us-east-1 at a new price, in the public
// layout, over two zones.
const priceList = `InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone
g4dn.xlarge,T4,1,4,16,,0.1111,0.0555,us-east-1,us-east-1a
g4dn.xlarge,T4,1,4,16,,0.1111,0.0444,us-east-1,us-east-1b
m5.large,,,2,8,,0.096,0.04,us-east-1,us-east-1a
`

// Ensure only admins reach the catalog admin, an import becomes an
// inactive version with its diff, activation switches new answers to it,
// and a pinned link keeps the numbers it was made with.
func TestAdminCatalog(t *testing.T) {
	s := newTestServer(t)
	sales := s.signIn(t, account.RoleSales)
	admin := s.signIn(t, account.RoleAdmin)

	if rec := s.do(t, "GET", "/admin/catalog", nil); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Errorf("anonymous /admin/catalog = %d → %s, want 303 to /login", rec.Code, rec.Header().Get("Location"))
	}
	wantStatus(t, s.do(t, "GET", "/admin/catalog", nil, "Cookie", sales), http.StatusForbidden)
	body, ct := upload(t, "aws.csv", priceList, "aws")
	wantStatus(t, s.do(t, "POST", "/admin/catalog", body, "Content-Type", ct, "Cookie", sales), http.StatusForbidden)

	// A pinned link made on the first version.
	query := "kind=inference&profile=bert-large&rps=50&peak_rps=60&latency_ms=200&users=US:1&pricing=on_demand&gpus=t4&providers=aws"
	rec := s.do(t, "POST", "/s", strings.NewReader(query), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, rec, http.StatusSeeOther)
	pinned := rec.Header().Get("Location")
	pinnedTotal := totalOf(t, s.do(t, "GET", pinned, nil).Body.String())

	// A bad row imports nothing and names the row.
	bad, badCT := upload(t, "aws.csv", strings.Replace(priceList, "0.0444", "fifty", 1), "aws")
	rec = s.do(t, "POST", "/admin/catalog", bad, "Content-Type", badCT, "Cookie", admin)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), "row 3", "SpotPrice")

	body, ct = upload(t, "aws.csv", priceList, "aws")
	rec = s.do(t, "POST", "/admin/catalog", body, "Content-Type", ct, "Cookie", admin)
	wantStatus(t, rec, http.StatusSeeOther)
	diffURL := rec.Header().Get("Location")
	id := strings.TrimPrefix(diffURL, "/admin/catalog?diff=")
	page := s.do(t, "GET", diffURL, nil, "Cookie", admin).Body.String()
	wantContains(t, page, `data-testid="diff-summary"`, "aws:us-east-1:g4dn.xlarge", "0.1111", `data-testid="activate"`)
	if !strings.Contains(s.do(t, "GET", "/api/v1/catalog", nil).Body.String(), `"version":"`+s.cat.Version.ID+`"`) {
		t.Error("the import activated itself")
	}

	// The list leaves out offers of its regions: without the confirm the
	// activation is refused and the changes shown with the checkbox.
	rec = s.do(t, "POST", "/admin/catalog/"+id+"/activate", nil, "Cookie", admin)
	wantStatus(t, rec, http.StatusSeeOther)
	if loc := rec.Header().Get("Location"); !strings.Contains(loc, "confirm=needed") {
		t.Fatalf("activation without a confirm redirects to %q, want the changes with confirm=needed", loc)
	}
	page = s.do(t, "GET", rec.Header().Get("Location"), nil, "Cookie", admin).Body.String()
	wantContains(t, page, `data-testid="admin-message"`, `data-kind="vanished"`, `data-testid="activate-confirm"`)
	if strings.Contains(s.do(t, "GET", "/api/v1/catalog", nil).Body.String(), `"version":"`+id+`"`) {
		t.Fatal("activated without the confirm")
	}
	confirm := url.Values{"confirm": {"1"}}.Encode()
	wantStatus(t, s.do(t, "POST", "/admin/catalog/"+id+"/activate", strings.NewReader(confirm), "Cookie", admin,
		"Content-Type", "application/x-www-form-urlencoded"), http.StatusSeeOther)
	var cat struct{ Version string }
	json.Unmarshal(s.do(t, "GET", "/api/v1/catalog", nil).Body.Bytes(), &cat)
	if cat.Version != id {
		t.Fatalf("active version = %s after activating %s", cat.Version, id)
	}
	live := s.do(t, "GET", "/api/v1/advice?"+query, nil).Body.String()
	if !strings.Contains(live, `"hourly_usd":"0.1111"`) {
		t.Errorf("new answers do not use the activated price 0.1111:\n%.600s", live)
	}
	page = s.do(t, "GET", pinned, nil).Body.String()
	if got := totalOf(t, page); got != pinnedTotal {
		t.Errorf("pinned total moved from %s to %s after an activation", pinnedTotal, got)
	}
	wantContains(t, page, `data-testid="today-total"`)

	// Roll back: its price moves are rows to check too.
	wantStatus(t, s.do(t, "POST", "/admin/catalog/"+s.cat.Version.ID+"/activate", strings.NewReader(confirm), "Cookie", admin,
		"Content-Type", "application/x-www-form-urlencoded"), http.StatusSeeOther)
	json.Unmarshal(s.do(t, "GET", "/api/v1/catalog", nil).Body.Bytes(), &cat)
	if cat.Version != s.cat.Version.ID {
		t.Errorf("after rollback the active version is %s, want %s", cat.Version, s.cat.Version.ID)
	}
	wantStatus(t, s.do(t, "POST", "/admin/catalog/no-such-version/activate", nil, "Cookie", admin), http.StatusNotFound)
}

// bundleOf encodes the real catalog under another version id with one
// price changed, after change.
func bundleOf(t testing.TB, id string, change func(*catalog.Catalog)) string {
	t.Helper()
	c, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	c.Version.ID = id
	c.Offers[0].OnDemand.USDPerHour = c.Offers[0].OnDemand.USDPerHour.Add(c.Offers[0].OnDemand.USDPerHour)
	if change != nil {
		change(c)
	}
	var b bytes.Buffer
	if err := c.Bundle(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Ensure an admin import refuses, with 422 and the problems listed, a
// bundle whose source links are not http(s) or whose version id is not a
// plain token, a version id that exists, and a price list over the row
// limit; a good bundle's diff link carries its id escaped.
func TestAdminImportRefusals(t *testing.T) {
	s := newTestServer(t)
	admin := s.signIn(t, account.RoleAdmin)
	send := func(name, body string) *httptest.ResponseRecorder {
		b, ct := upload(t, name, body, "aws")
		return s.do(t, "POST", "/admin/catalog", b, "Content-Type", ct, "Cookie", admin)
	}
	evil := bundleOf(t, `../../quotes/x"><script>alert(1)</script>`, func(c *catalog.Catalog) {
		c.Version.Sources[0].URL = "javascript:alert(document.cookie)"
	})
	rec := send("evil.json", evil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), "version: id: must be 1 to 64 letters", "url: must be an http:// or https:// URL")
	if strings.Contains(rec.Body.String(), "<script>alert(1)") || rec.Header().Get("Location") != "" {
		t.Error("the refused id was echoed unescaped or redirected to")
	}

	good := bundleOf(t, "2099-01-01.1", nil)
	rec = send("good.json", good)
	wantStatus(t, rec, http.StatusSeeOther)
	if loc := rec.Header().Get("Location"); loc != "/admin/catalog?diff=2099-01-01.1" {
		t.Errorf("Location = %q, want the diff of 2099-01-01.1", loc)
	}
	rec = send("again.json", good)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `a version &#34;2099-01-01.1&#34; exists already`)

	head := strings.Join(catalog.PublicCSVColumns, ",") + "\n"
	rec = send("huge.csv", head+strings.Repeat("g4dn.xlarge,T4,1,4,16,,0.5,,us-east-1,a\n", versions.MaxImportRows+1))
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), "has more than 100000 rows, the most one import takes")
}

// Ensure the admin page imports a provider's own feed: the Azure Retail
// Prices API's pages, chosen in the form's format list, become a new
// inactive version whose changes are shown with what the feed had that
// the catalog keeps out, and which the activation button activates.
func TestAdminImportFeed(t *testing.T) {
	s := newTestServer(t)
	admin := s.signIn(t, account.RoleAdmin)
	feed, err := os.ReadFile("../internal/catalog/testdata/azure_retail_pages.json")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "azure.json")
	fw.Write(feed)
	mw.WriteField("format", "azure-retail")
	mw.Close()
	rec := s.do(t, "POST", "/admin/catalog", &buf, "Content-Type", mw.FormDataContentType(), "Cookie", admin)
	wantStatus(t, rec, http.StatusOK)
	page := rec.Body.String()
	wantContains(t, page, `data-testid="diff-summary"`, "0 offers added, 0 removed, 2 changed", `data-testid="kept-out"`,
		"Windows meters", "azure:eastus:Standard_D2s_v5", `data-testid="activate"`, `<option value="azure-retail" selected>`)
	if !strings.Contains(s.do(t, "GET", "/api/v1/catalog", nil).Body.String(), `"version":"`+s.cat.Version.ID+`"`) {
		t.Error("the feed's import activated itself")
	}
}

// Ensure the admin page asks for a confirm before activating a bundle
// that changes an LLM profile's model repository, and shows both.
func TestAdminModelRepositoryNeedsConfirm(t *testing.T) {
	s := newTestServer(t)
	admin := s.signIn(t, account.RoleAdmin)
	next := *s.cat
	next.Version.ID = "repo-move"
	next.Profiles = slices.Clone(s.cat.Profiles)
	repo := ""
	for i, p := range next.Profiles {
		if p.LLM != nil {
			llm := *p.LLM
			repo, llm.Repo = llm.Repo, "someone-else/"+p.ID
			next.Profiles[i].LLM = &llm
			break
		}
	}
	var bundle bytes.Buffer
	if err := next.Bundle(&bundle); err != nil {
		t.Fatal(err)
	}
	body, ct := upload(t, "bundle.json", bundle.String(), "")
	wantStatus(t, s.do(t, "POST", "/admin/catalog", body, "Content-Type", ct, "Cookie", admin), http.StatusSeeOther)
	rec := s.do(t, "POST", "/admin/catalog/repo-move/activate", nil, "Cookie", admin)
	wantStatus(t, rec, http.StatusSeeOther)
	if loc := rec.Header().Get("Location"); !strings.Contains(loc, "confirm=needed") {
		t.Fatalf("activation without a confirm redirects to %q, want the changes with confirm=needed", loc)
	}
	page := s.do(t, "GET", rec.Header().Get("Location"), nil, "Cookie", admin).Body.String()
	wantContains(t, page, `data-kind="repo"`, repo+" → someone-else/", `data-testid="activate-confirm"`)
	if s.versions.Active().Version.ID == "repo-move" {
		t.Error("activated without the confirm")
	}
}
