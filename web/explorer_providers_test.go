package web_test

import (
	"fmt"
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

// catalogOffersPerPage is how many rows a page of the offers table holds.
const catalogOffersPerPage = 100

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
			if noPublicPrice(s.cat, p.ID) {
				wantContains(t, r[3], `data-testid="hq-source"`, p.HQRef.Date, `data-testid="no-public-price"`,
					`href="/catalog/regions?provider=`+p.ID+`"`)
			} else {
				wantContains(t, r[3], `data-testid="hq-source"`, p.HQRef.Date, `href="/catalog/offers?provider=`+p.ID+`"`,
					`href="/catalog/regions?provider=`+p.ID+`"`)
			}
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
		"aws":      {"2025 – 2026-01-21", "not stated 100%", `data-testid="egress-known"`, "United States", ">557<"}, // 417 GPU offers, 140 CPU servers
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
// of providers headquartered in the EU/EEA, or outside it, and the CSV
// export says where each is headquartered.
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
	csv := s.do(t, "GET", "/catalog/offers.csv?hq=eu&pricing=monthly&unit=month&currency=EUR", nil).Body.String()
	wantContains(t, csv, "gpu_fraction,source_quality,listed_only,own_price,own_currency,setup,provider_hq",
		"hetzner,hel,Helsinki,FI,GEX45,monthly,,214.00,EUR,month,exomem-cloud-hardware,2026-10-07,false,,secondary,false,214.00,EUR,209.00,DE")
}

// Ensure a monthly-only server shows one price in every unit and
// currency, its setup fee beside it, and its own euro figure: as the price
// when the page is in euros, beside the converted price otherwise.
func TestExplorerOffersMonthlyOnly(t *testing.T) {
	s := newTestServer(t)
	const gex = "hetzner:hel:GEX45|monthly"
	for _, tt := range []struct{ query, price, own string }{
		// 214 EUR a month; a month is 730 hours; 1 USD = 0.8532 EUR.
		{"unit=month&currency=EUR", "214.00", "as stated"},
		{"unit=hour&currency=EUR", "0.2932", "as stated"},
		{"unit=gpu_hour&currency=EUR", "0.2932", "as stated"},
		{"unit=month", "250.35", "€214.00 as stated"},
		{"unit=hour", "0.3429", "€0.2932 as stated"},
	} {
		body := s.do(t, "GET", "/catalog/offers?provider=hetzner&"+tt.query, nil).Body.String()
		var got string
		for _, r := range tableRows(body) {
			if r.key == gex {
				got = r.price
			}
			if strings.HasPrefix(r.key, "hetzner:") && !strings.HasSuffix(r.key, "|monthly") {
				t.Errorf("%s: a monthly-only server has the price %s", tt.query, r.key)
			}
		}
		if got != tt.price {
			t.Errorf("%s: GEX45 at %q, want %q", tt.query, got, tt.price)
		}
		row := body[strings.Index(body, `data-offer="`+gex+`"`):]
		row = row[:strings.Index(row, "</tr>")]
		wantContains(t, row, `data-testid="own-price">`+tt.own+`<`, `data-testid="setup">`, `data-testid="secondary-source"`)
	}
	body := s.do(t, "GET", "/catalog/offers?provider=hetzner&currency=EUR", nil).Body.String()
	wantContains(t, body, "setup fee €209.00", "setup fee €999.00", html.EscapeString("are the provider's own figures in EUR, not converted."))
	body = s.do(t, "GET", "/catalog/offers?provider=safespring&pricing=monthly", nil).Body.String()
	wantContains(t, body, "setup fee not stated")
	// A USD price in a USD page is no one's conversion: no mark.
	body = s.do(t, "GET", "/catalog/offers?provider=aws&gpu=t4&pricing=on_demand", nil).Body.String()
	if strings.Contains(body, `data-testid="own-price"`) {
		t.Error("AWS's USD prices in USD are marked as own or converted")
	}
}

// Ensure the offers table marks a GPU partition with its share (priced
// per GPU-hour as a whole GPU's worth), a price listed without confirmed
// capacity, and a price from a secondary source, with the offer's note.
func TestExplorerOffersMarks(t *testing.T) {
	s := newTestServer(t)
	o, ok := s.cat.Offer("azure:westeurope:Standard_NV6ads_A10_v5")
	if !ok || o.GPUFraction == 0 {
		t.Fatal("no Azure West Europe A10 partition in the catalog")
	}
	body := s.do(t, "GET", "/catalog/offers?region=azure:westeurope&gpu=a10&pricing=on_demand&unit=gpu_hour", nil).Body.String()
	row := body[strings.Index(body, `data-offer="`+o.ID()+`|on_demand"`):]
	row = row[:strings.Index(row, "</tr>")]
	wantContains(t, row, `data-testid="partition"`, "1/6 of a GPU", html.EscapeString(o.Note))
	// 0.59 USD an hour for a 0.1667 share: 3.5393 per GPU-hour.
	if got := regexp.MustCompile(`data-price="([^"]+)"`).FindStringSubmatch(row); got == nil || got[1] != "3.5393" {
		t.Errorf("the partition per GPU-hour = %v, want 3.5393 (0.59 ÷ 0.1667)", got)
	}
	marks := map[string]string{}
	for _, x := range s.cat.Offers {
		if x.ListedOnly && marks["listed-only"] == "" {
			marks["listed-only"] = x.Provider + ":" + x.Region
		}
		if x.SourceQuality == catalog.QualitySecondary && marks["secondary-source"] == "" {
			marks["secondary-source"] = x.Provider + ":" + x.Region
		}
	}
	for testid, region := range marks {
		got := 0
		for page := 1; ; page++ {
			body := s.do(t, "GET", fmt.Sprintf("/catalog/offers?region=%s&page=%d", region, page), nil).Body.String()
			got += strings.Count(body, `data-testid="`+testid+`"`)
			if len(tableRows(body)) < catalogOffersPerPage {
				break
			}
		}
		want := countPrices(s.cat, func(x catalog.Offer) bool {
			return x.RegionKey() == region && ((testid == "listed-only" && x.ListedOnly) || (testid == "secondary-source" && x.SourceQuality == catalog.QualitySecondary))
		}, "")
		if got != want || want == 0 {
			t.Errorf("%s: %d rows marked %s, want %d (> 0)", region, got, testid, want)
		}
	}
}

// Ensure the regions page shows beside each region where its provider is
// headquartered, and under which jurisdiction.
func TestExplorerRegionsProviderHQ(t *testing.T) {
	s := newTestServer(t)
	body := s.do(t, "GET", "/catalog/regions?jurisdiction=eu", nil).Body.String()
	cellRE := regexp.MustCompile(`(?s)<tr data-region="([^"]+)" data-jurisdiction="eu">.*?<td data-testid="region-hq" data-hq-jurisdiction="([^"]+)"[^>]*>(.*?)</td>`)
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

// noPublicPrice reports whether every region of a provider sells GPUs at
// no public price.
func noPublicPrice(cat *catalog.Catalog, provider string) bool {
	n := 0
	for _, r := range cat.Regions {
		if r.Provider == provider {
			if !r.NoPublicPrice {
				return false
			}
			n++
		}
	}
	return n > 0
}
