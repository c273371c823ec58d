package web_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"gpuplace/internal/catalog"
)

// euHQ reports whether a provider of the catalog is headquartered in the
// EU/EEA, read from the catalog's own data.
func euHQ(t testing.TB, c *catalog.Catalog, provider string) bool {
	t.Helper()
	p, ok := c.Provider(provider)
	if !ok {
		t.Fatalf("no provider %q", provider)
	}
	hq, ok := c.Country(p.HQCountry)
	if !ok {
		t.Fatalf("provider %s: no country %q", provider, p.HQCountry)
	}
	return hq.EUEEA
}

var providerRowRE = regexp.MustCompile(`(?s)<tr data-provider="([^"]+)" data-hq="([^"]+)" data-hq-scope="([^"]+)" data-kind="([^"]+)">(.*?)</tr>`)

// providerCells reads the rows of the providers page by provider id: the
// headquarters country, scope, kind and the row's markup.
func providerCells(body string) map[string][4]string {
	out := map[string][4]string{}
	for _, m := range providerRowRE.FindAllStringSubmatch(body, -1) {
		out[m[1]] = [4]string{m[2], m[3], m[4], m[5]}
	}
	return out
}

// Ensure the providers page lists each provider the filters select, with
// its headquarters and their source, kind, counts, price dates, source
// quality and whether its egress price is known.
func TestExplorerProviders(t *testing.T) {
	s := newTestServer(t)
	for _, tt := range []struct{ query, hq, kind string }{
		{"", "", ""}, {"hq=eu", "eu", ""}, {"hq=non_eu", "non_eu", ""}, {"kind=gpu_cloud", "", "gpu_cloud"},
		{"hq=non_eu&kind=hyperscaler", "non_eu", "hyperscaler"},
	} {
		rec := s.do(t, "GET", "/catalog/providers?"+tt.query, nil)
		wantStatus(t, rec, http.StatusOK)
		rows := providerCells(rec.Body.String())
		want := 0
		for _, p := range s.cat.Providers {
			scope := map[bool]string{true: "eu", false: "non_eu"}[euHQ(t, s.cat, p.ID)]
			if (tt.hq != "" && scope != tt.hq) || (tt.kind != "" && p.Kind != tt.kind) {
				if _, shown := rows[p.ID]; shown {
					t.Errorf("%q shows %s (%s, %s)", tt.query, p.ID, scope, p.Kind)
				}
				continue
			}
			want++
			r, ok := rows[p.ID]
			if !ok {
				t.Errorf("%q lacks %s", tt.query, p.ID)
				continue
			}
			if r[0] != p.HQCountry || r[1] != scope || r[2] != p.Kind {
				t.Errorf("%q: %s shows headquarters %s (%s), kind %s; want %s (%s), %s", tt.query, p.ID, r[0], r[1], r[2], p.HQCountry, scope, p.Kind)
			}
			wantContains(t, r[3], `data-testid="hq-source"`, p.HQRef.Date, `href="/catalog/offers?provider=`+p.ID+`"`,
				`href="/catalog/regions?provider=`+p.ID+`"`)
		}
		if len(rows) != want || want == 0 {
			t.Errorf("%q: %d rows, want %d (> 0)", tt.query, len(rows), want)
		}
	}
	if n := len(providerCells(s.do(t, "GET", "/catalog/providers?hq=eu&kind=hyperscaler", nil).Body.String())); n != 0 {
		t.Errorf("European hyperscalers: %d rows, the catalog has none", n)
	}

	// Figures worked out from the catalog's data by hand.
	rows := providerCells(s.do(t, "GET", "/catalog/providers", nil).Body.String())
	for id, want := range map[string][]string{
		// Two offers, each a monthly price from one secondary source.
		"hetzner": {`data-testid="prices-as-of">2026-10-07<`, "secondary 100%", `data-testid="egress-unknown"`, "Germany", "EU/EEA"},
		// 45 offers from the provider, 11 from a transcription.
		"ovhcloud": {`data-testid="prices-as-of">2024 – 2026-08-14<`, "primary 80%", "secondary 20%", `data-testid="egress-known"`},
		"aws":      {"2025 – 2026-01-21", "not stated 100%", `data-testid="egress-known"`, "United States", ">417<"},
		// Its headquarters come from general knowledge, marked estimated.
		"lambda": {`data-testid="estimated"`},
	} {
		wantContains(t, rows[id][3], want...)
	}
	body := s.do(t, "GET", "/catalog/providers?hq=eu", nil).Body.String()
	wantContains(t, body, `<option value="eu" selected>`, `href="/catalog/offers?hq=eu" data-testid="provider-offers"`)
	if strings.Contains(s.do(t, "GET", "/catalog/providers", nil).Body.String(), `data-testid="provider-offers"`) {
		t.Error("the unfiltered page links to the offers of its providers, which are all offers")
	}
}

// Ensure the offers page's headquarters filter keeps exactly the prices
// of providers headquartered in the EU/EEA, or outside it.
func TestExplorerOffersByHeadquarters(t *testing.T) {
	s := newTestServer(t)
	total := 0
	for _, hq := range []string{"eu", "non_eu"} {
		rows := s.allPages(t, "hq="+hq)
		want := countPrices(s.cat, func(o catalog.Offer) bool { return euHQ(t, s.cat, o.Provider) == (hq == "eu") }, "")
		if len(rows) != want || want == 0 {
			t.Errorf("hq=%s: %d rows, want %d (> 0)", hq, len(rows), want)
		}
		for _, r := range rows {
			if provider := strings.SplitN(r.key, ":", 2)[0]; euHQ(t, s.cat, provider) != (hq == "eu") {
				t.Errorf("hq=%s shows %s", hq, r.key)
			}
		}
		total += len(rows)
	}
	if all := countPrices(s.cat, func(catalog.Offer) bool { return true }, ""); total != all {
		t.Errorf("EU and non-EU headquarters: %d prices together, want all %d", total, all)
	}
	body := s.do(t, "GET", "/catalog/offers?hq=eu&pricing=monthly", nil).Body.String()
	wantContains(t, body, `<select id="f-hq" name="hq">`, `<option value="eu" selected>`, `href="/catalog/offers?hq=eu&amp;pricing=monthly&amp;unit=gpu_hour"`)
}

// Ensure the regions page shows beside each region where its provider is
// headquartered, and under which jurisdiction.
func TestExplorerRegionsProviderHQ(t *testing.T) {
	s := newTestServer(t)
	body := s.do(t, "GET", "/catalog/regions?jurisdiction=eu", nil).Body.String()
	cellRE := regexp.MustCompile(`(?s)<tr data-region="([^"]+)" data-jurisdiction="eu">.*?<td data-testid="region-hq" data-hq-jurisdiction="([^"]+)">(.*?)</td>`)
	cells := cellRE.FindAllStringSubmatch(body, -1)
	if len(cells) == 0 {
		t.Fatal("no region shows its provider's headquarters")
	}
	seen := map[string]bool{}
	for _, m := range cells {
		r, _ := s.cat.Region(m[1])
		p, _ := s.cat.Provider(r.Provider)
		hq, _ := s.cat.Country(p.HQCountry)
		if m[2] != hq.Jurisdiction() || !strings.Contains(m[3], html.EscapeString(hq.Name)) {
			t.Errorf("%s: provider headquarters %q (%s), want %s (%s)", m[1], m[3], m[2], hq.Name, hq.Jurisdiction())
		}
		seen[m[2]] = true
	}
	if !seen["eu"] || len(seen) < 2 {
		t.Errorf("EU/EEA regions show provider headquarters under %v; the catalog has European and American providers there", seen)
	}
}
