package web_test

// Issue 6's journeys in chromium: from a recommendation to the offer and
// the benchmark it used; the offers explorer's filters and CSV export; the
// providers by headquarters and their offers (issue 13); the latency heat
// map; an admin importing a price list, reading the diff and activating it
// while a pinned link keeps its numbers.

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"gpuplace/templates"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"

	"gpuplace/internal/account"
)

// awsT4 asks for BERT-large inference for US users on an on-demand AWS
// T4: the pick is g4dn.xlarge in us-east-1, the offer priceList reprices.
const awsT4 = "kind=inference&profile=bert-large&rps=50&peak_rps=60&latency_ms=200&users=US:1&pricing=on_demand&gpus=t4&providers=aws"

func TestBrowserExplorer(t *testing.T) {
	t.Run("js", func(t *testing.T) { explorer(t, true) })
	t.Run("nojs", func(t *testing.T) { explorer(t, false) })
}

// offerRow is one row of an offers table as the page shows it.
type offerRow struct {
	Offer    string // provider:region:instance|pricing (data-offer)
	GPU      string
	Provider string
	Region   string
	Instance string
	VCPUs    string
	RAM      string
	Pricing  string
	Price    string // data-price: the CSV's figure
	Shown    string // the price cell's text
	Date     string
	Source   string // the source link's address
}

// hostSizeShown reports whether an offer row shows its offer's vCPUs and
// memory as the embedded catalog states them.
func hostSizeShown(t testing.TB, r *offerRow) bool {
	t.Helper()
	cat, err := realCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range cat.Offers {
		if o.ID()+"|on_demand" == r.Offer {
			return o.VCPUs > 0 && r.VCPUs == strconv.Itoa(o.VCPUs) && r.RAM == strconv.FormatFloat(o.MemoryGiB, 'f', -1, 64)
		}
	}
	return false
}

// offerRows reads the body rows of the offers table css.
func offerRows(t testing.TB, ctx context.Context, css string) []offerRow {
	t.Helper()
	js := `[...document.querySelectorAll(` + strconv.Quote(css+" tbody tr") + `)].map(tr => {
		const c = tr.cells, txt = e => e ? e.textContent.replace(/\s+/g, ' ').trim() : '';
		const price = tr.querySelector('[data-price]'), src = c[9] && c[9].querySelector('a');
		return {Offer: tr.dataset.offer || '', GPU: txt(c[0]), Provider: txt(c[2]),
			Region: txt(c[3] && c[3].querySelector('.nowrap')), Instance: txt(c[4] && c[4].querySelector('.instance')),
			VCPUs: txt(c[5]), RAM: txt(c[6]), Pricing: txt(c[7]),
			Price: price ? price.dataset.price : '', Shown: txt(price), Date: txt(c[9]), Source: src ? src.href : ''};
	})`
	return get(t, ctx, "rows of "+css, chromedp.Evaluate[[]offerRow](js))
}

// cellTexts returns the text of every cell of every body row of the table
// css, hidden or not.
func cellTexts(t testing.TB, ctx context.Context, css string) [][]string {
	t.Helper()
	js := `[...document.querySelectorAll(` + strconv.Quote(css+" tbody tr") + `)].map(tr =>
		[...tr.cells].map(c => c.textContent.replace(/\s+/g, ' ').trim()))`
	return get(t, ctx, "cells of "+css, chromedp.Evaluate[[][]string](js))
}

// back goes one page back in the tab's history, as the Back button does,
// and waits until the page at want shows css. It polls with scripts of its
// own: chromium restores the page from its back/forward cache, which
// chromedp does not follow (chromedp.NavigateBack waits for a response
// that never comes, and its DOM queries for a document it never sees),
// until the next page load.
func back(t testing.TB, ctx context.Context, want, css string) {
	t.Helper()
	do(t, ctx, "go back", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		h, err := chromedp.Call(ctx, page.GetNavigationHistory, cdp.Empty{})
		if err != nil {
			return err
		}
		if h.CurrentIndex < 1 {
			return errors.New("no page to go back to")
		}
		_, err = chromedp.Call(ctx, page.NavigateToHistoryEntry, page.NavigateToHistoryEntryParams{EntryID: h.Entries[h.CurrentIndex-1].ID})
		return err
	}))
	ready := `location.href === ` + strconv.Quote(want) + ` && document.readyState === 'complete' && document.querySelector(` + strconv.Quote(css) + `) !== null`
	for !get(t, ctx, "back at "+want, chromedp.Evaluate[bool](ready)) {
		select {
		case <-ctx.Done():
			t.Fatalf("going back did not show %s at %s (at %s)", css, want, here(t, ctx))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// clickJS clicks the first match of css from a script of the test's own,
// for a page chromedp's queries do not see (see back).
func clickJS(css string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`document.querySelector(` + strconv.Quote(css) + `).click()`)
}

// nonEmpty returns the keys of q with a value, and their first value.
func nonEmpty(q url.Values) map[string]string {
	m := map[string]string{}
	for k, v := range q {
		if len(v) > 0 && v[0] != "" {
			m[k] = v[0]
		}
	}
	return m
}

var (
	throughputNote = regexp.MustCompile(`Throughput: (.+?) per GPU \(source (.+), (\d{4}(?:-\d{2}){0,2})\)`)
	leadingCount   = regexp.MustCompile(`^[\d,]+`)
)

// explorer walks from a recommendation to its GPU's benchmarks and to its
// offer, filters the offers table and exports it, and looks at the heat map.
func explorer(t *testing.T, js bool) {
	base, ctx, mode := startApp(t), newBrowser(t, js), map[bool]string{true: "js", false: "nojs"}[js]

	// The recommendation names its instance, GPU and the benchmark it used.
	results := base + "/advice?" + awsT4
	follow(t, ctx, "open the results", http.StatusOK, chromedp.Navigate(results))
	checkScripts(t, ctx, js)
	if got := text(t, ctx, `[data-testid=pick-region]`); got != "AWS us-east-1" {
		t.Fatalf("pick region = %q, want AWS us-east-1", got)
	}
	instance := text(t, ctx, `[data-testid=pick-instance]`)
	if instance != "g4dn.xlarge" {
		t.Fatalf("pick instance = %q, want g4dn.xlarge", instance)
	}
	gpuName := text(t, ctx, `[data-testid=pick-gpu]`)
	if gpuHref, benchHref := attr(t, ctx, `[data-testid=pick-gpu]`, "href"), attr(t, ctx, `[data-testid=benchmark-link]`, "href"); gpuHref != "/catalog/gpus/t4" || benchHref != gpuHref {
		t.Errorf("pick GPU links to %q and the benchmark link to %q, want both /catalog/gpus/t4", gpuHref, benchHref)
	}
	notes := get(t, ctx, "data notes", chromedp.TextContent(chromedp.CSS(`[data-testid=data-notes]`)))
	m := throughputNote.FindStringSubmatch(strings.Join(strings.Fields(notes), " "))
	if m == nil {
		t.Fatalf("the data notes name no throughput and source:\n%s", notes)
	}
	throughput, benchDate := m[1], m[3]
	lines := cellTexts(t, ctx, `[data-testid=lines]`)
	if len(lines) == 0 || len(lines[0]) < 4 || !strings.Contains(lines[0][0], instance) {
		t.Fatalf("the first line item is %q, want the %s instance", lines, instance)
	}
	hourly := decimal.RequireFromString(lines[0][3])
	t.Logf("pick %s × %s at %s/h, %s (source %s, %s)", instance, gpuName, hourly, throughput, m[2], benchDate)

	// The GPU page lists its benchmarks, each with a source and whether it
	// was measured or estimated, among them the one the answer used.
	follow(t, ctx, "click the pick's GPU", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=pick-gpu]`)))
	if p := here(t, ctx).Path; p != "/catalog/gpus/t4" {
		t.Fatalf("the pick's GPU link went to %s", here(t, ctx))
	}
	if got := text(t, ctx, `[data-testid=gpu-name]`); got != gpuName {
		t.Errorf("GPU page is for %q, want %q", got, gpuName)
	}
	type benchRow struct{ Throughput, Badge, Source, Href, Date string }
	benches := get(t, ctx, "benchmark rows", chromedp.Evaluate[[]benchRow](`[...document.querySelectorAll('table[data-testid=gpu-benchmarks] tbody tr')].map(tr => {
		const c = tr.cells, txt = e => e ? e.textContent.replace(/\s+/g, ' ').trim() : '';
		const badge = c[5] && c[5].querySelector('[data-testid=measured], [data-testid=estimated]');
		const a = c[6] && c[6].querySelector('a');
		return {Throughput: txt(c[4]), Badge: badge ? badge.dataset.testid + ':' + txt(badge) : '',
			Source: txt(c[6]), Href: a ? a.href : '', Date: txt(c[7])};
	})`))
	if len(benches) == 0 {
		t.Fatal("the GPU page lists no benchmarks")
	}
	used := false
	for _, b := range benches {
		if b.Badge != "measured:measured" && b.Badge != "estimated:estimated" {
			t.Errorf("benchmark %+v: no measured/estimated label", b)
		}
		if b.Source == "" || b.Date == "" {
			t.Errorf("benchmark %+v: no source or date", b)
		}
		if b.Throughput == throughput && b.Date == benchDate {
			used = true
			if !strings.HasPrefix(b.Href, "https://") {
				t.Errorf("the benchmark the answer used (%+v) has no link to its source", b)
			}
		}
	}
	if !used {
		t.Errorf("the GPU page lacks the benchmark the answer used (%s, %s): %+v", throughput, benchDate, benches)
	}
	if n := len(offerRows(t, ctx, `[data-testid=gpu-offers]`)); n == 0 {
		t.Error("the GPU page lists no offers")
	}
	screenshot(t, ctx, "gpu-"+mode)

	// Back on the results, the pick's instance opens its offers.
	back(t, ctx, results, `[data-testid=pick-instance]`)
	follow(t, ctx, "click the pick's instance", http.StatusOK, clickJS(`[data-testid=pick-instance]`))
	if u, q := here(t, ctx), here(t, ctx).Query(); u.Path != "/catalog/offers" || q.Get("gpu") != "t4" || q.Get("provider") != "aws" || q.Get("region") != "aws:us-east-1" {
		t.Fatalf("the pick's instance went to %s, want /catalog/offers?gpu=t4&provider=aws&region=aws:us-east-1", u)
	}
	var pickRow *offerRow
	for _, r := range offerRows(t, ctx, `[data-testid=offer-table]`) {
		if r.Offer == "aws:us-east-1:"+instance+"|on_demand" {
			pickRow = &r
		}
	}
	switch {
	case pickRow == nil:
		t.Fatalf("the offers the pick links to lack %s on-demand in us-east-1", instance)
	case pickRow.Instance != instance || pickRow.Region != "us-east-1" || pickRow.Pricing != "On-demand":
		t.Errorf("the pick's offer row shows %+v", *pickRow)
	case !decimal.RequireFromString(pickRow.Price).Equal(hourly) || pickRow.Shown != "$"+pickRow.Price:
		t.Errorf("the offer row's price is %q (%s), want the results' %s/h", pickRow.Shown, pickRow.Price, hourly)
	case pickRow.Date == "" || !strings.HasPrefix(pickRow.Source, "http"):
		t.Errorf("the offer row has no dated source: %+v", *pickRow)
	case !hostSizeShown(t, pickRow):
		t.Errorf("the offer row's vCPUs and RAM %q, %q are not the catalog's", pickRow.VCPUs, pickRow.RAM)
	}
	screenshot(t, ctx, "pick-offers-"+mode)

	// Filter all offers by GPU and provider with the form.
	follow(t, ctx, "open the offers", http.StatusOK, chromedp.Navigate(base+"/catalog/offers"))
	do(t, ctx, "choose T4 and AWS",
		chromedp.SetValue(chromedp.ID("f-gpu"), "t4"),
		chromedp.SetValue(chromedp.ID("f-provider"), "aws"))
	follow(t, ctx, "apply the filters", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=offer-apply]`)))
	filtered := here(t, ctx)
	if q := filtered.Query(); filtered.Path != "/catalog/offers" || q.Get("gpu") != "t4" || q.Get("provider") != "aws" {
		t.Fatalf("the filter form went to %s, want /catalog/offers?gpu=t4&provider=aws", filtered)
	}
	want, err := strconv.Atoi(strings.ReplaceAll(leadingCount.FindString(text(t, ctx, `[data-testid=offer-count]`)), ",", ""))
	if err != nil {
		t.Fatalf("offer count %q: %v", text(t, ctx, `[data-testid=offer-count]`), err)
	}
	screenshot(t, ctx, "offers-filtered-"+mode)
	// Every page of the table, in order, by the pager's Next link; the
	// pager stays short (first, previous, pages near, next, last).
	rows := offerRows(t, ctx, `[data-testid=offer-table]`)
	pages := 1
	for {
		if n := count(t, ctx, `[data-testid=offer-pages] > *`); n > 2*templates.PagerNear+6 {
			t.Errorf("page %d's pager has %d entries, want a compact one", pages, n)
		}
		next := get(t, ctx, "next link", chromedp.Evaluate[string](`(document.querySelector('[data-testid=offer-pages] a[rel=next]') || {}).href || ""`))
		if next == "" {
			break
		}
		follow(t, ctx, "open "+next, http.StatusOK, chromedp.Navigate(next))
		rows = append(rows, offerRows(t, ctx, `[data-testid=offer-table]`)...)
		pages++
	}
	if len(rows) != want || want == 0 {
		t.Fatalf("the filtered table has %d rows over %d pages, its count says %d", len(rows), pages, want)
	}
	t.Logf("filtered table: %d rows over %d pages", len(rows), pages)
	for _, r := range rows {
		if r.GPU != "NVIDIA T4" || r.Provider != "AWS" || !strings.HasPrefix(r.Offer, "aws:") {
			t.Errorf("row %+v does not match GPU T4 and provider AWS", r)
		}
	}

	// The CSV link downloads exactly the filtered rows.
	follow(t, ctx, "back to page 1", http.StatusOK, chromedp.Navigate(filtered.String()))
	csvLink, err := url.Parse(attr(t, ctx, `[data-testid=offers-csv]`, "href"))
	if err != nil || csvLink.Path != "/catalog/offers.csv" || !maps.Equal(nonEmpty(csvLink.Query()), nonEmpty(filtered.Query())) {
		t.Errorf("CSV link = %s, want /catalog/offers.csv with the filters of %s", csvLink, filtered)
	}
	name, body := download(t, ctx, `[data-testid=offers-csv]`)
	if name != "gpuplace-offers.csv" {
		t.Errorf("the CSV downloads as %q", name)
	}
	records, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil || len(records) == 0 {
		t.Fatalf("CSV: %v (%d records)", err, len(records))
	}
	if h := records[0]; len(h) < 11 || h[3] != "provider" || h[4] != "region" || h[7] != "instance_type" || h[8] != "pricing" || h[10] != "price" {
		t.Fatalf("CSV header %q", h)
	}
	var fromCSV, fromTable []string
	for _, r := range records[1:] {
		fromCSV = append(fromCSV, r[3]+":"+r[4]+":"+r[7]+"|"+r[8]+" "+r[10])
	}
	for _, r := range rows {
		fromTable = append(fromTable, r.Offer+" "+r.Price)
	}
	if !slices.Equal(fromCSV, fromTable) {
		t.Errorf("the CSV's %d rows differ from the table's %d:\nCSV   %q\ntable %q", len(fromCSV), len(fromTable), fromCSV, fromTable)
	}

	headquarters(t, ctx, mode)

	// The latency heat map: cells, measured and estimated told apart, a
	// legend with sources.
	follow(t, ctx, "open the heat map", http.StatusOK, chromedp.Navigate(base+"/catalog/latency"))
	do(t, ctx, "heat map", chromedp.WaitVisible(chromedp.CSS(`svg[data-testid=heatmap]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=heatmap-legend]`)))
	cells := count(t, ctx, `svg[data-testid=heatmap] g.cell`)
	estimated := count(t, ctx, `svg[data-testid=heatmap] g.cell.est`)
	titled := count(t, ctx, `svg[data-testid=heatmap] g.cell > title`)
	if cells == 0 || titled != cells || estimated == 0 || estimated == cells {
		t.Errorf("heat map: %d cells, %d with a title, %d estimated; want cells, each titled, measured and estimated ones", cells, titled, estimated)
	}
	if n := count(t, ctx, `[data-testid=heatmap-legend] .bins li`); n < 2 {
		t.Errorf("the legend has %d colour bins", n)
	}
	for _, id := range []string{"legend-measured", "legend-estimated"} {
		if got := text(t, ctx, `[data-testid=`+id+`]`); !strings.ContainsAny(got, "0123456789") {
			t.Errorf("legend %s = %q, want a count", id, got)
		}
	}
	if n := count(t, ctx, `[data-testid=heatmap-sources] > li a[href^="http"]`); n == 0 {
		t.Error("the legend links no sources")
	}
	screenshot(t, ctx, "latency-"+mode)
}

// providerRow is one row of the providers table as the page shows it.
type providerRow struct {
	ID, Scope, HQ, AsOf, Quality, NoPrice string
}

// providerRows reads the body rows of the providers table.
func providerRows(t testing.TB, ctx context.Context) []providerRow {
	t.Helper()
	return get(t, ctx, "provider rows", chromedp.Evaluate[[]providerRow](`[...document.querySelectorAll('table[data-testid=provider-list] tbody tr')].map(tr => {
		const txt = e => e ? e.textContent.replace(/\s+/g, ' ').trim() : '';
		return {ID: tr.dataset.provider, Scope: tr.dataset.hqScope, HQ: txt(tr.cells[1]),
			AsOf: txt(tr.querySelector('[data-testid=prices-as-of]')), Quality: txt(tr.querySelector('[data-testid=source-quality]')),
			NoPrice: txt(tr.querySelector('[data-testid=no-public-price]'))};
	})`))
}

// headquarters opens the providers from the explorer's menu, keeps those
// headquartered in the EU/EEA with the filter form, follows them to their
// offers and then asks the offers form for the other providers' ones.
func headquarters(t *testing.T, ctx context.Context, mode string) {
	follow(t, ctx, "open the providers", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=explorer-nav] a[href="/catalog/providers"]`)))
	all := providerRows(t, ctx)
	european := map[string]bool{}
	for _, p := range all {
		if p.HQ == "" || (p.NoPrice == "" && (p.AsOf == "" || p.AsOf == "—" || p.Quality == "")) {
			t.Errorf("provider %+v: no headquarters, price date or source quality", p)
		}
		if p.Scope == "eu" {
			european[p.ID] = true
		}
	}
	if len(all) < 2 || len(european) == 0 || len(european) == len(all) {
		t.Fatalf("providers: %d rows, %d headquartered in the EU/EEA; want some inside and some outside", len(all), len(european))
	}

	do(t, ctx, "choose EU/EEA headquarters", chromedp.SetValue(chromedp.ID("f-hq"), "eu"))
	follow(t, ctx, "apply the provider filters", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=provider-apply]`)))
	if u := here(t, ctx); u.Path != "/catalog/providers" || u.Query().Get("hq") != "eu" {
		t.Fatalf("the providers form went to %s, want /catalog/providers?hq=eu", u)
	}
	rows := providerRows(t, ctx)
	for _, p := range rows {
		if !european[p.ID] || p.Scope != "eu" {
			t.Errorf("hq=eu lists %+v", p)
		}
	}
	if len(rows) != len(european) {
		t.Errorf("hq=eu lists %d providers, the full list has %d headquartered in the EU/EEA", len(rows), len(european))
	}
	screenshot(t, ctx, "providers-eu-"+mode)

	// Their offers: every row is a European provider's.
	follow(t, ctx, "follow to their offers", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=provider-offers]`)))
	if u := here(t, ctx); u.Path != "/catalog/offers" || u.Query().Get("hq") != "eu" {
		t.Fatalf("the providers' offers link went to %s, want /catalog/offers?hq=eu", u)
	}
	if v := get(t, ctx, "hq select", chromedp.Evaluate[string](`document.getElementById('f-hq').value`)); v != "eu" {
		t.Errorf("the offers form shows headquarters %q, want eu", v)
	}
	offers := offerRows(t, ctx, `[data-testid=offer-table]`)
	if len(offers) == 0 {
		t.Fatal("the European providers' offers page is empty")
	}
	for _, r := range offers {
		if !european[strings.SplitN(r.Offer, ":", 2)[0]] {
			t.Errorf("hq=eu shows %s (%s)", r.Offer, r.Provider)
		}
	}
	screenshot(t, ctx, "offers-hq-eu-"+mode)

	// The offers form asks for the others.
	do(t, ctx, "choose headquarters outside the EU/EEA", chromedp.SetValue(chromedp.ID("f-hq"), "non_eu"))
	follow(t, ctx, "apply the offer filters", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=offer-apply]`)))
	if u := here(t, ctx); u.Path != "/catalog/offers" || u.Query().Get("hq") != "non_eu" {
		t.Fatalf("the offers form went to %s, want /catalog/offers?hq=non_eu", u)
	}
	offers = offerRows(t, ctx, `[data-testid=offer-table]`)
	if len(offers) == 0 {
		t.Fatal("the other providers' offers page is empty")
	}
	for _, r := range offers {
		if european[strings.SplitN(r.Offer, ":", 2)[0]] {
			t.Errorf("hq=non_eu shows %s (%s)", r.Offer, r.Provider)
		}
	}
}

// TestBrowserAdminImport: an admin imports a price list that reprices the
// pick of a pinned link, reads the diff and activates it; new answers use
// the new price, the pinned link keeps its total and shows today's.
func TestBrowserAdminImport(t *testing.T) {
	base, db := startAppDB(t)
	ctx := newBrowser(t, true)
	const email, password = "admin@example.com", testPassword
	addUser(t, db, email, account.RoleAdmin)

	// A visitor pins an answer whose pick is g4dn.xlarge in us-east-1.
	results := base + "/advice?" + awsT4
	follow(t, ctx, "open the results", http.StatusOK, chromedp.Navigate(results))
	if got := text(t, ctx, `[data-testid=pick-instance]`) + " " + text(t, ctx, `[data-testid=pick-region]`); got != "g4dn.xlarge AWS us-east-1" {
		t.Fatalf("pick = %q, want g4dn.xlarge AWS us-east-1", got)
	}
	oldVersion := text(t, ctx, `[data-testid=catalog-version]`)
	follow(t, ctx, "pin", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=pin]`)))
	pinned := here(t, ctx)
	if !pinnedPath.MatchString(pinned.Path) {
		t.Fatalf("pinning went to %s", pinned)
	}
	total := text(t, ctx, `[data-testid=total]`)
	if n := count(t, ctx, `[data-testid=today-total]`); n != 0 {
		t.Errorf("a link pinned on the active catalog shows today's total")
	}

	// The admin page asks to sign in, then comes back.
	follow(t, ctx, "open the admin page", http.StatusOK, chromedp.Navigate(base+"/admin/catalog"))
	if p := here(t, ctx).Path; p != "/login" {
		t.Fatalf("an anonymous visitor to /admin/catalog landed on %s, want /login", here(t, ctx))
	}
	do(t, ctx, "type the credentials",
		chromedp.SendKeys(chromedp.ID("f-email"), email),
		chromedp.SendKeys(chromedp.ID("f-password"), password))
	follow(t, ctx, "sign in", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=login-submit]`)))
	if p := here(t, ctx).Path; p != "/admin/catalog" {
		t.Fatalf("signing in landed on %s, want back on /admin/catalog", here(t, ctx))
	}
	if got := cellTexts(t, ctx, `[data-testid=versions]`); len(got) != 1 || got[0][0] != oldVersion || count(t, ctx, `[data-testid=active-version]`) != 1 {
		t.Fatalf("versions before the import: %q, want only the active %s", got, oldVersion)
	}

	// Upload a price list in the public layout.
	file := filepath.Join(t.TempDir(), "aws-prices.csv")
	if err := os.WriteFile(file, []byte(priceList), 0o644); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "choose the file",
		chromedp.SetUploadFiles(chromedp.ID("f-file"), []string{file}),
		chromedp.SetValue(chromedp.ID("f-provider"), "aws"))
	follow(t, ctx, "import", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=import-submit]`)))
	if n := count(t, ctx, `[data-testid=import-problems]`); n != 0 {
		t.Fatalf("import refused: %s", text(t, ctx, `[data-testid=import-problems]`))
	}
	newVersion := here(t, ctx).Query().Get("diff")
	if here(t, ctx).Path != "/admin/catalog" || newVersion == "" || newVersion == oldVersion {
		t.Fatalf("importing went to %s, want /admin/catalog?diff={new version}", here(t, ctx))
	}
	summary := text(t, ctx, `[data-testid=diff-summary]`)
	if !strings.Contains(summary, "1 changed") {
		t.Errorf("diff summary %q, want 1 changed offer", summary)
	}
	moves := cellTexts(t, ctx, `[data-testid=diff] table`)
	if !slices.ContainsFunc(moves, func(r []string) bool {
		return len(r) >= 3 && r[0] == "aws:us-east-1:g4dn.xlarge" && decimal.RequireFromString(r[1]).Equal(decimal.RequireFromString("0.526")) && r[2] == "0.1111"
	}) {
		t.Errorf("price moves %q, want aws:us-east-1:g4dn.xlarge 0.526 → 0.1111", moves)
	}
	screenshot(t, ctx, "admin-diff")

	// Activate it: its 79 % move is a row to check, so the form asks for
	// the confirm and the browser will not send it without.
	if required := get(t, ctx, "confirm box", chromedp.Evaluate[bool](`(() => { const c = document.querySelector('[data-testid=activate-confirm]');
		return !!c && c.required && !c.form.checkValidity(); })()`)); !required {
		t.Fatal("a version with a row to check can be activated without ticking the confirm")
	}
	get(t, ctx, "tick the confirm", chromedp.Click(chromedp.CSS(`[data-testid=activate-confirm]`)))
	follow(t, ctx, "activate", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=activate]`)))
	active := get(t, ctx, "active row", chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid=versions] tbody tr')]
		.filter(tr => tr.querySelector('[data-testid=active-version]')).map(tr => tr.cells[0].textContent.trim())`))
	if len(active) != 1 || active[0] != newVersion {
		t.Fatalf("after activating %s the versions table marks %q active", newVersion, active)
	}
	screenshot(t, ctx, "admin-activated")

	// The pinned link keeps its total and tells today's beside it.
	follow(t, ctx, "reopen the pinned link", http.StatusOK, chromedp.Navigate(pinned.String()))
	if got := text(t, ctx, `[data-testid=total]`); got != total {
		t.Errorf("pinned total moved from %s to %s after the activation", total, got)
	}
	today := text(t, ctx, `[data-testid=today-total] strong`)
	if today == "" || today == total || !strings.Contains(text(t, ctx, `[data-testid=today-total]`), newVersion) {
		t.Errorf("pinned link says today %q (%s), want a new total on %s", today, text(t, ctx, `[data-testid=today-total]`), newVersion)
	}
	screenshot(t, ctx, "pinned-after-import")

	// A fresh answer for the same request uses the new price.
	follow(t, ctx, "open the results again", http.StatusOK, chromedp.Navigate(results))
	fresh := text(t, ctx, `[data-testid=total]`)
	if fresh == total || fresh != today {
		t.Errorf("a fresh answer totals %s, want the pinned link's today %s (not the old %s)", fresh, today, total)
	}
	if lines := cellTexts(t, ctx, `[data-testid=lines]`); len(lines) == 0 || len(lines[0]) < 4 || lines[0][3] != "0.1111" {
		t.Errorf("a fresh answer's first line item is %q, want g4dn.xlarge at 0.1111", lines)
	}
	if notes := text(t, ctx, `[data-testid=data-notes]`); !strings.Contains(notes, newVersion) {
		t.Errorf("a fresh answer's data notes %q do not name the new version %s", notes, newVersion)
	}
	t.Logf("pinned %s stays %s; today and fresh answers %s on %s", pinned.Path, total, fresh, newVersion)
}
