package web_test

import (
	"encoding/csv"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/account"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// offerCell is one row of the offers table (or CSV): which price of which
// offer, and the price as exported.
type offerCell struct{ key, price string }

var offerRowRE = regexp.MustCompile(`(?s)<tr data-offer="([^"]+)">.*?data-price="([^"]+)"`)

// tableRows reads the offer rows of a page, in order.
func tableRows(body string) []offerCell {
	var out []offerCell
	for _, m := range offerRowRE.FindAllStringSubmatch(body, -1) {
		out = append(out, offerCell{html.UnescapeString(m[1]), m[2]})
	}
	return out
}

// csvRows reads the CSV export into the same shape, checking its header.
func csvRows(t testing.TB, body string) []offerCell {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	var out []offerCell
	for _, r := range recs[1:] {
		id := r[col["provider"]] + ":" + r[col["region"]] + ":" + r[col["instance_type"]]
		out = append(out, offerCell{id + "|" + r[col["pricing"]], r[col["price"]]})
	}
	return out
}

// allPages collects the rows of every page of an offers view.
func (s *testServer) allPages(t testing.TB, query string) []offerCell {
	t.Helper()
	var out []offerCell
	for page := 1; ; page++ {
		rec := s.do(t, "GET", fmt.Sprintf("/catalog/offers?%s&page=%d", query, page), nil)
		wantStatus(t, rec, http.StatusOK)
		rows := tableRows(rec.Body.String())
		out = append(out, rows...)
		if len(rows) < 100 {
			return out
		}
	}
}

// countPrices counts the catalog's prices an offers filter selects.
func countPrices(c *catalog.Catalog, keep func(o catalog.Offer) bool, pricing catalog.PricingModel) int {
	n := 0
	for _, o := range c.Offers {
		if !keep(o) {
			continue
		}
		has := map[catalog.PricingModel]bool{"on_demand": o.OnDemand != nil, "spot": o.Spot != nil, "reserved_1y": o.Reserved1Y != nil,
			"reserved_3y": o.Reserved3Y != nil, "monthly": o.Monthly != nil}
		for p, ok := range has {
			if ok && (pricing == "" || pricing == p) {
				n++
			}
		}
	}
	return n
}

// Ensure every explorer page answers, links to the others and carries the
// elements the browser tests look for.
func TestExplorerRoutes(t *testing.T) {
	s := newTestServer(t)
	for path, testid := range map[string]string{
		"/catalog/gpus": "gpu-list", "/catalog/gpus/a100-80gb": "gpu-benchmarks", "/catalog/regions": "region-list",
		"/catalog/offers": "offer-table", "/catalog/latency": "heatmap", "/catalog/providers": "provider-list",
	} {
		rec := s.do(t, "GET", path, nil)
		wantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		wantContains(t, body, `data-testid="`+testid+`"`, `data-testid="explorer-nav"`, `href="/catalog/gpus"`,
			`href="/catalog/providers"`, `href="/catalog/regions"`, `href="/catalog/offers"`, `href="/catalog/latency"`,
			`aria-current="page"`)
		if strings.Contains(body, "<script>") || strings.Contains(body, "style=") {
			t.Errorf("%s has an inline script or style", path)
		}
	}
	rec := s.do(t, "GET", "/catalog/", nil)
	wantStatus(t, rec, http.StatusSeeOther)
	wantStatus(t, s.do(t, "GET", "/catalog/gpus/no-such-gpu", nil), http.StatusNotFound)
}

// Ensure a GPU page lists every benchmark of the GPU with source, date and
// measured/estimated status, and its cheapest offers in ascending order.
func TestExplorerGPU(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/catalog/gpus/a100-40gb", nil)
	wantStatus(t, rec, http.StatusOK)
	body := rec.Body.String()
	bench := body[strings.Index(body, `data-testid="gpu-benchmarks"`):strings.Index(body, `id="offers"`)]
	n, est := 0, 0
	for _, b := range s.cat.Benchmarks {
		if b.GPU != "a100-40gb" {
			continue
		}
		n++
		if b.Estimated {
			est++
			wantContains(t, bench, html.EscapeString(b.Method))
		}
		src, _ := s.cat.Source(b.Source)
		wantContains(t, bench, html.EscapeString(src.Title), b.Date)
	}
	if got := strings.Count(bench, "<tr>") - 1; got != n {
		t.Errorf("benchmark rows = %d, want %d", got, n)
	}
	if got := strings.Count(bench, `data-testid="estimated"`); got != est || est == 0 {
		t.Errorf("estimated badges = %d, want %d (> 0)", got, est)
	}
	if got := strings.Count(bench, `data-testid="measured"`); got != n-est {
		t.Errorf("measured badges = %d, want %d", got, n-est)
	}
	rows := tableRows(body)
	if len(rows) == 0 || len(rows) > 10 {
		t.Fatalf("cheapest offers: %d rows", len(rows))
	}
	for i := 1; i < len(rows); i++ {
		if decimal.RequireFromString(rows[i].price).LessThan(decimal.RequireFromString(rows[i-1].price)) {
			t.Errorf("cheapest offers out of order at %d: %v", i, rows)
		}
	}
	wantContains(t, body, `data-testid="gpu-offers"`, `href="/catalog/offers?gpu=a100-40gb&amp;unit=gpu_hour"`)
	// The list links each name to its page.
	list := s.do(t, "GET", "/catalog/gpus", nil).Body.String()
	for _, g := range s.cat.GPUs {
		wantContains(t, list, `href="/catalog/gpus/`+g.ID+`"`)
	}
}

// Ensure the regions page filters by jurisdiction and provider and shows
// the adequacy scope and offer counts.
func TestExplorerRegions(t *testing.T) {
	s := newTestServer(t)
	juris := func(r catalog.Region) string {
		c, _ := s.cat.Country(r.Country)
		switch {
		case c.EUEEA:
			return "eu"
		case c.Adequacy != "":
			return "adequacy"
		case c.ICPRequired:
			return "icp_required"
		}
		return "neither"
	}
	rowRE := regexp.MustCompile(`<tr data-region="([^"]+)" data-jurisdiction="([^"]+)">`)
	for _, tt := range []struct{ query, provider, juris string }{
		{"", "", ""}, {"jurisdiction=eu", "", "eu"}, {"jurisdiction=adequacy&provider=aws", "aws", "adequacy"},
		{"jurisdiction=neither", "", "neither"}, {"jurisdiction=icp_required", "", "icp_required"}, {"provider=gcp", "gcp", ""},
	} {
		body := s.do(t, "GET", "/catalog/regions?"+tt.query, nil).Body.String()
		want := 0
		for _, r := range s.cat.Regions {
			// A jurisdiction filter leaves out regions whose country the
			// source does not state.
			if (tt.provider == "" || r.Provider == tt.provider) && (tt.juris == "" || (juris(r) == tt.juris && !r.CountryAssumed)) {
				want++
			}
		}
		rows := rowRE.FindAllStringSubmatch(body, -1)
		if len(rows) != want || want == 0 {
			t.Errorf("%q: %d rows, want %d (> 0)", tt.query, len(rows), want)
		}
		for _, m := range rows {
			if (tt.juris != "" && m[2] != tt.juris) || (tt.provider != "" && !strings.HasPrefix(m[1], tt.provider+":")) {
				t.Errorf("%q: row %s (%s) does not match", tt.query, m[1], m[2])
			}
		}
	}
	body := s.do(t, "GET", "/catalog/regions?jurisdiction=adequacy", nil).Body.String()
	wantContains(t, body, "Adequacy decision (partial)", "EU-US Data Privacy Framework", `href="/catalog/offers?region=aws%3Aus-east-1"`)
}

// Ensure the offers filters select exactly the matching prices and the
// sort links order the rows both ways.
func TestExplorerOffersFilterSort(t *testing.T) {
	s := newTestServer(t)
	rows := s.allPages(t, "gpu=h100&provider=aws&pricing=spot")
	want := countPrices(s.cat, func(o catalog.Offer) bool { return o.GPU == "h100" && o.Provider == "aws" }, "spot")
	if len(rows) != want || want == 0 {
		t.Fatalf("rows = %d, want %d (> 0)", len(rows), want)
	}
	for _, r := range rows {
		if !strings.HasPrefix(r.key, "aws:") || !strings.HasSuffix(r.key, "|spot") {
			t.Errorf("row %s does not match the filter", r.key)
		}
	}
	// The whole catalog is read through the CSV export, which lists the
	// table's rows in the table's order (TestExplorerOffersCSV): one
	// request rather than sixty pages.
	// Per GPU-hour, every GPU offer's price (a CPU server has no GPU to
	// divide by); per instance-hour, every price.
	all := csvRows(t, s.do(t, "GET", "/catalog/offers.csv?unit=gpu_hour", nil).Body.String())
	if want := countPrices(s.cat, func(o catalog.Offer) bool { return !o.IsCPU() }, ""); len(all) != want {
		t.Errorf("unfiltered rows per GPU-hour = %d, want %d", len(all), want)
	}
	if all, want := csvRows(t, s.do(t, "GET", "/catalog/offers.csv", nil).Body.String()), countPrices(s.cat, func(catalog.Offer) bool { return true }, ""); len(all) != want {
		t.Errorf("unfiltered rows per instance-hour = %d, want %d", len(all), want)
	}
	for _, dir := range []string{"asc", "desc"} {
		rows := csvRows(t, s.do(t, "GET", "/catalog/offers.csv?sort=price&dir="+dir+"&currency=EUR&unit=month", nil).Body.String())
		for i := 1; i < len(rows); i++ {
			c := decimal.RequireFromString(rows[i].price).Cmp(decimal.RequireFromString(rows[i-1].price))
			if (dir == "asc" && c < 0) || (dir == "desc" && c > 0) {
				t.Fatalf("%s: row %d %v after %v", dir, i, rows[i], rows[i-1])
			}
		}
	}
	body := s.do(t, "GET", "/catalog/offers?sort=gpus&dir=desc", nil).Body.String()
	wantContains(t, body, `aria-sort="descending"`, `href="/catalog/offers?sort=gpus"`)
	most, first, top := 0, 0, tableRows(body)[0].key
	for _, o := range s.cat.Offers {
		most = max(most, o.GPUCount)
		if o.ID()+"|"+strings.SplitN(top, "|", 2)[1] == top {
			first = o.GPUCount
		}
	}
	if first != most {
		t.Errorf("sort=gpus&dir=desc starts with %d GPUs, want %d", first, most)
	}
}

// Ensure the unit switch and the currency convert with decimal math: per
// GPU-hour divides by the GPU count, a month is 730 hours, EUR and CNY use
// the catalog's rates.
func TestExplorerOffersUnitCurrency(t *testing.T) {
	s := newTestServer(t)
	var o catalog.Offer
	for _, x := range s.cat.Offers {
		if x.GPUCount == 8 {
			o = x
			break
		}
	}
	usd := o.OnDemand.USDPerHour
	for _, cur := range []string{"USD", "EUR", "CNY"} {
		rate, _ := s.cat.Rate(cur)
		for unit, want := range map[string]string{
			"hour":     usd.Mul(rate.PerUSD).Round(4).StringFixed(4),
			"gpu_hour": usd.Mul(rate.PerUSD).Div(decimal.NewFromInt(8)).Round(4).StringFixed(4),
			"month":    usd.Mul(rate.PerUSD).Mul(decimal.NewFromInt(730)).Round(2).StringFixed(2),
		} {
			q := fmt.Sprintf("region=%s&gpu=%s&pricing=on_demand&unit=%s&currency=%s", o.RegionKey(), o.GPU, unit, cur)
			body := s.do(t, "GET", "/catalog/offers?"+q, nil).Body.String()
			var got string
			for _, r := range tableRows(body) {
				if r.key == o.ID()+"|on_demand" {
					got = r.price
				}
			}
			if got != want {
				t.Errorf("%s %s: price %q, want %q", cur, unit, got, want)
			}
		}
	}
	body := s.do(t, "GET", "/catalog/offers?currency=EUR&unit=gpu_hour", nil).Body.String()
	wantContains(t, body, "€", "Price (EUR per GPU-hour)", "1 USD = 0.8548 EUR")
}

// Ensure the CSV export holds exactly the rows and prices of the filtered
// table, over every page, in the same order.
func TestExplorerOffersCSV(t *testing.T) {
	s := newTestServer(t)
	for _, q := range []string{
		"provider=aws&pricing=spot&unit=gpu_hour&currency=EUR&sort=price&dir=desc",
		"gpu=a100-80gb&unit=month&currency=CNY&sort=region",
		"sort=instance",
	} {
		rec := s.do(t, "GET", "/catalog/offers.csv?"+q, nil)
		wantStatus(t, rec, http.StatusOK)
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Errorf("Content-Type = %q", ct)
		}
		got, want := csvRows(t, rec.Body.String()), s.allPages(t, q)
		if len(got) != len(want) || len(want) == 0 {
			t.Fatalf("%s: CSV has %d rows, table %d", q, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: row %d: CSV %v, table %v", q, i, got[i], want[i])
			}
		}
		page := s.do(t, "GET", "/catalog/offers?"+q, nil).Body.String()
		wantContains(t, page, locale.GroupDigits(strconv.Itoa(len(want)))+" prices match.")
	}
}

// Ensure the heat map draws each metro pair once, marks the estimated
// ones, gives every cell a focusable title with its source, and has a
// legend.
func TestExplorerHeatmap(t *testing.T) {
	s := newTestServer(t)
	body := s.do(t, "GET", "/catalog/latency?from=fra", nil).Body.String()
	n := len(s.cat.Metros)
	est := 0
	for i := 1; i < n; i++ {
		for j := 0; j < i; j++ {
			if s.cat.Pair(i, j).Estimated {
				est++
			}
		}
	}
	cellRE := regexp.MustCompile(`(?s)<g class="cell h\d( est)?" tabindex="0" role="img"><title>([^<]+)</title><rect[^>]*></rect>\s*(<path[^>]*class="est-mark")?`)
	cells := cellRE.FindAllStringSubmatch(body, -1)
	if len(cells) != n*(n-1)/2 {
		t.Fatalf("cells = %d, want %d", len(cells), n*(n-1)/2)
	}
	gotEst := 0
	for _, c := range cells {
		isEst := c[1] != ""
		if isEst {
			gotEst++
		}
		if isEst != (c[3] != "") || isEst != strings.Contains(c[2], "estimated") {
			t.Fatalf("cell %q: class, stroke and title disagree", c[2])
		}
	}
	if gotEst != est || est == 0 || est == len(cells) {
		t.Errorf("estimated cells = %d, want %d", gotEst, est)
	}
	wantContains(t, body, "Frankfurt ↔ Amsterdam: 12.5 ms (monthly average), measured — Azure network round-trip latency statistics",
		`data-testid="heatmap-legend"`, `data-testid="legend-estimated"`, `data-testid="heatmap-sources"`,
		`data-testid="latency-from"`, "gpuplace modelled figures")
	gz := s.do(t, "GET", "/catalog/latency", nil, "Accept-Encoding", "gzip")
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Body.Len() > 100_000 {
		t.Errorf("heat map not compressed: %q, %d bytes", gz.Header().Get("Content-Encoding"), gz.Body.Len())
	}
}

// Ensure the pages speak Chinese when asked, with no message key left
// untranslated.
func TestExplorerChinese(t *testing.T) {
	s := newTestServer(t)
	keyRE := regexp.MustCompile(`explorer\.[a-z_]+`)
	for path, want := range map[string]string{
		"/catalog/gpus": "GPU 型号", "/catalog/gpus/h100": "基准测试", "/catalog/regions": "欧盟/欧洲经济区",
		"/catalog/offers?unit=gpu_hour&currency=CNY": "每 GPU 小时", "/catalog/latency?from=sha": "往返时延热力图",
		"/catalog/providers?hq=eu": "欧盟/欧洲经济区内", "/catalog/offers?pricing=monthly&currency=EUR": "原始标价",
	} {
		for _, lang := range []string{"en", "zh-CN"} {
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			body := s.do(t, "GET", path+sep+"lang="+lang, nil).Body.String()
			if k := keyRE.FindString(body); k != "" {
				t.Errorf("%s (%s): untranslated key %q", path, lang, k)
			}
			if lang == "zh-CN" {
				wantContains(t, body, `lang="zh-CN"`, want, "实例报价")
			} else if strings.Contains(body, want) {
				t.Errorf("%s in English shows %q", path, want)
			}
		}
	}
}

// Ensure unknown filter values never fail: the page ignores them, says
// which, and shows every row.
func TestExplorerUnknownValues(t *testing.T) {
	s := newTestServer(t)
	for _, tt := range []struct{ target, ignored string }{
		{"/catalog/offers?gpu=nope&sort=colour&dir=sideways&unit=fortnight&currency=XYZ&page=-3&region=mars&pricing=free&provider=ibm", "gpu, provider, region, pricing, sort, dir, unit, currency, page"},
		{"/catalog/offers?region=eu-central-1&page=999", ""},
		{"/catalog/offers?region=us-east-1", "region"}, // AWS and Lambda both have one
		{"/catalog/regions?jurisdiction=moon&provider=%00", "provider, jurisdiction"},
		{"/catalog/providers?hq=moon&kind=cloud", "hq, kind"},
		{"/catalog/offers?hq=EU", "hq"},
		{"/catalog/gpus?currency=eur", ""},
		{"/catalog/gpus/h100?currency=JPY", "currency"},
		{"/catalog/latency?from=atlantis", "from"},
		{"/catalog/offers.csv?gpu=nope&unit=x", ""},
	} {
		rec := s.do(t, "GET", tt.target, nil)
		wantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		if tt.ignored != "" {
			wantContains(t, body, "Unknown values were ignored for: "+tt.ignored+".")
		} else if strings.Contains(body, `data-testid="ignored"`) {
			t.Errorf("%s: unexpected notice", tt.target)
		}
	}
	// A bare region id that one provider uses is the same as its key;
	// page 999 shows the last page.
	body := s.do(t, "GET", "/catalog/offers?region=eu-central-1&page=999", nil).Body.String()
	wantContains(t, body, `<option value="aws:eu-central-1" selected>`)
	if rows := tableRows(body); len(rows) == 0 {
		t.Error("page past the end shows no rows")
	}
	if body := s.do(t, "GET", "/catalog/gpus?currency=eur", nil).Body.String(); !strings.Contains(body, "€") {
		t.Error("currency=eur is not EUR")
	}
}

// writeCounter is a ResponseWriter that counts the writes of the body.
type writeCounter struct {
	*httptest.ResponseRecorder
	writes int
}

func (w *writeCounter) Write(b []byte) (int, error) {
	w.writes++
	return w.ResponseRecorder.Write(b)
}

// Ensure an instance name that looks like a formula is refused on import,
// a city name that does, imported by an admin in a bundle, leaves
// /catalog/offers.csv as text, and the CSV streams out in pieces rather
// than as one encoded buffer.
func TestOffersCSVFormulaSafeAndStreamed(t *testing.T) {
	s := newTestServer(t)
	admin := s.signIn(t, account.RoleAdmin)
	formula := `=HYPERLINK("http://evil.example";"x")`
	list := strings.ReplaceAll(priceList, "g4dn.xlarge", `"=HYPERLINK(""http://evil.example"";""x"")"`)
	body, ct := upload(t, "aws.csv", list, "aws")
	rec := s.do(t, "POST", "/admin/catalog", body, "Content-Type", ct, "Cookie", admin)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), "InstanceType")
	bundle := bundleOf(t, "2099-01-01.1", func(c *catalog.Catalog) {
		for i, r := range c.Regions {
			if r.Provider == "aws" && r.ID == "us-east-1" {
				c.Regions[i].City = formula
			}
		}
	})
	body, ct = upload(t, "formula.json", bundle, "aws")
	rec = s.do(t, "POST", "/admin/catalog", body, "Content-Type", ct, "Cookie", admin)
	wantStatus(t, rec, http.StatusSeeOther)
	id := strings.TrimPrefix(rec.Header().Get("Location"), "/admin/catalog?diff=")
	// The list drops the region's other offers: activated with the confirm
	// an admin gives once the rows are checked.
	wantStatus(t, s.do(t, "POST", "/admin/catalog/"+id+"/activate", strings.NewReader("confirm=1"), "Cookie", admin,
		"Content-Type", "application/x-www-form-urlencoded"), http.StatusSeeOther)
	if got := s.do(t, "GET", "/api/v1/catalog", nil).Body.String(); !strings.Contains(got, `"version":"`+id+`"`) {
		t.Fatalf("version %s not active after a confirmed activation", id)
	}

	rec = s.do(t, "GET", "/catalog/offers.csv?provider=aws&gpu=t4", nil)
	wantStatus(t, rec, http.StatusOK)
	recs, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range recs[1:] {
		if strings.Contains(r[5], "HYPERLINK") {
			found = true
			if r[5] != "'"+formula {
				t.Errorf("city cell = %q, want it neutralised with a leading quote", r[5])
			}
		}
		if strings.HasPrefix(r[10], "'") {
			t.Errorf("price cell %q was quoted: numbers must stay numbers", r[10])
		}
	}
	if !found {
		t.Fatal("the imported city is not in the CSV")
	}

	w := &writeCounter{ResponseRecorder: httptest.NewRecorder()}
	s.ServeHTTP(w, httptest.NewRequest("GET", "/catalog/offers.csv", nil))
	if w.Code != http.StatusOK || w.Body.Len() < 64<<10 {
		t.Fatalf("offers.csv = %d with %d bytes, want the whole catalog", w.Code, w.Body.Len())
	}
	if min := w.Body.Len() / (16 << 10); w.writes < min {
		t.Errorf("%d bytes came in %d writes, want them streamed (at least %d writes)", w.Body.Len(), w.writes, min)
	}
}

// Ensure the offers CSV states each offer's vCPUs and memory as the
// catalog does, and leaves them empty where the source does not say.
func TestOffersCSVHostSize(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/catalog/offers.csv?pricing=on_demand", nil)
	wantStatus(t, rec, http.StatusOK)
	recs, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	byID := map[string]catalog.Offer{}
	for _, o := range s.cat.Offers {
		byID[o.ID()] = o
	}
	unknown := 0
	for _, r := range recs[1:] {
		o := byID[r[col["provider"]]+":"+r[col["region"]]+":"+r[col["instance_type"]]]
		wantV, wantM := "", ""
		if o.VCPUs > 0 {
			wantV = strconv.Itoa(o.VCPUs)
		} else {
			unknown++
		}
		if o.MemoryGiB > 0 {
			wantM = strconv.FormatFloat(o.MemoryGiB, 'f', -1, 64)
		}
		if r[col["vcpus"]] != wantV || r[col["memory_gib"]] != wantM {
			t.Fatalf("%s: vcpus %q memory %q, want %q %q", o.ID(), r[col["vcpus"]], r[col["memory_gib"]], wantV, wantM)
		}
	}
	if len(recs) < 1000 || unknown == 0 {
		t.Errorf("%d rows, %d without vCPUs: want the whole catalog, some sources silent on host size", len(recs)-1, unknown)
	}
}

// Ensure a GPU page lists the GPU's measured LLM serving figures, one row
// each, with their source, and says how answers treat a GPU without them;
// benchmarks name their precision as measured.
func TestGPUPageServingFigures(t *testing.T) {
	s := newTestServer(t)
	for _, g := range s.cat.GPUs {
		n := 0
		for _, p := range s.cat.Serving {
			if p.GPU == g.ID {
				n++
			}
		}
		body := s.do(t, "GET", "/catalog/gpus/"+g.ID, nil).Body.String()
		table := regexp.MustCompile(`(?s)<table data-testid="gpu-serving".*?</table>`).FindString(body)
		rows := strings.Count(table, "<tr>") - 1 // less the header row
		switch {
		case n == 0 && !strings.Contains(body, "no measured LLM serving figure for this GPU"):
			t.Errorf("%s: no figures, and the page does not say how answers cross-walk", g.ID)
		case n > 0 && rows != n:
			t.Errorf("%s: %d serving rows, want the catalog's %d", g.ID, rows, n)
		}
	}
	t4 := s.do(t, "GET", "/catalog/gpus/t4", nil).Body.String()
	bench := regexp.MustCompile(`(?s)<table data-testid="gpu-benchmarks".*?</table>`).FindString(t4)
	for _, want := range []string{"INT8", "FP16/BF16"} {
		if !regexp.MustCompile(`<td[^>]*>` + regexp.QuoteMeta(want) + `</td>`).MatchString(bench) {
			t.Errorf("T4 benchmarks lack a %s row", want)
		}
	}
	// The interconnect is named as its maker names it.
	if mi := s.do(t, "GET", "/catalog/gpus/mi300x", nil).Body.String(); !strings.Contains(mi, "Infinity Fabric (xGMI)") || strings.Contains(mi, "NVLink") {
		t.Error("the MI300X page does not name AMD's interconnect, or calls it NVLink")
	}
	h100 := s.do(t, "GET", "/catalog/gpus/h100", nil).Body.String()
	for _, want := range []string{"NVLink", "Output tokens/s", "NVIDIA NIM 1.8.0", `<span class="hint">p99</span>`, "mlcommons/inference_results_v"} {
		if !strings.Contains(h100, want) {
			t.Errorf("H100 serving figures lack %q", want)
		}
	}
}

// Ensure the regions page says which regions' country the source does not
// state, and that a jurisdiction filter leaves them out.
func TestRegionsCountryAssumed(t *testing.T) {
	s := newTestServer(t)
	all := s.do(t, "GET", "/catalog/regions?provider=sesterce", nil).Body.String()
	wantContains(t, all, `data-testid="country-assumed"`, "country not stated")
	eu := s.do(t, "GET", "/catalog/regions?jurisdiction=eu", nil).Body.String()
	if strings.Contains(eu, `data-region="sesterce:europe"`) || !strings.Contains(eu, `data-region="verda:fin-01"`) {
		t.Error("the EU/EEA filter lists a region of assumed country, or misses one stated in Finland")
	}
}
