package web_test

// Issue 5's journey in chromium: a sales engineer signs in, makes a quote
// from a result, sends it, downloads its PDF, reads its XLSX and CSV, and
// revises it.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/csv"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"gpuplace/internal/account"
	"gpuplace/internal/export"
)

var (
	quotePath = regexp.MustCompile(`^/quotes/Q-\d{4}-\d{4}$`)
	linkID    = regexp.MustCompile(`^[A-Z2-7]{26}$`)
)

func TestBrowserQuote(t *testing.T) {
	base, db := startAppDB(t)
	ctx := newBrowser(t, true)
	const email, password = "sales@example.com", testPassword
	addUser(t, db, email, account.RoleSales)

	// A visitor sees the results but no quote button, and signs in.
	results := base + "/advice?" + germanInference
	follow(t, ctx, "open the results", http.StatusOK, chromedp.Navigate(results))
	// The cost breakdown's total, to the cent (the card rounds it).
	resultTotal := text(t, ctx, `[data-testid=lines-total]`)
	if n := count(t, ctx, `[data-testid=make-quote]`); n != 0 {
		t.Fatalf("an anonymous visitor is offered %d quote buttons", n)
	}
	follow(t, ctx, "click Sign in", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=login-link]`)))
	if p := here(t, ctx).Path; p != "/login" {
		t.Fatalf("Sign in went to %s, want /login", here(t, ctx))
	}
	do(t, ctx, "type the credentials",
		chromedp.SendKeys(chromedp.ID("f-email"), email),
		chromedp.SendKeys(chromedp.ID("f-password"), password))
	follow(t, ctx, "sign in", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=login-submit]`)))
	if n := count(t, ctx, `[data-testid=logout]`); n != 1 {
		t.Fatalf("after signing in at %s: %d sign-out buttons, want 1 (wrong password?)", here(t, ctx), n)
	}
	t.Logf("signed in, landed on %s", here(t, ctx).Path)

	// Back on the results: "Create a quote" pins them and opens the builder.
	follow(t, ctx, "back to the results", http.StatusOK, chromedp.Navigate(results))
	follow(t, ctx, "click Create a quote", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=make-quote]`)))
	if u := here(t, ctx); u.Path != "/quotes/new" || !linkID.MatchString(u.Query().Get("link")) {
		t.Fatalf("Create a quote went to %s, want /quotes/new?link={pinned id}", u)
	}
	if cur := text(t, ctx, `[data-testid=quote-currency]`); cur != "USD" {
		t.Errorf("builder currency = %q, want the result's USD", cur)
	}
	do(t, ctx, "fill the customer",
		chromedp.SendKeys(chromedp.ID("f-customer_name"), "Ada Lovelace"),
		chromedp.SendKeys(chromedp.ID("f-company"), "Analytical Engines"))
	screenshot(t, ctx, "quote-builder")
	follow(t, ctx, "save the quote", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=quote-save]`)))
	if p := here(t, ctx).Path; !quotePath.MatchString(p) {
		t.Fatalf("saving went to %s, want /quotes/Q-YYYY-NNNN", here(t, ctx))
	}
	number := text(t, ctx, `[data-testid=quote-number]`)
	if "/quotes/"+number != here(t, ctx).Path {
		t.Errorf("quote number %q is not the one in the address bar %s", number, here(t, ctx))
	}
	if st := text(t, ctx, `[data-testid=quote-status]`); st != "Draft" {
		t.Errorf("new quote status = %q, want Draft", st)
	}
	if c := text(t, ctx, `[data-testid=quote-customer]`); !strings.Contains(c, "Ada Lovelace") || !strings.Contains(c, "Analytical Engines") {
		t.Errorf("quote customer = %q", c)
	}
	// The page writes the total grouped (1,588.19), as the exports do.
	total := text(t, ctx, `[data-testid=quote-total]`)
	plainTotal := strings.ReplaceAll(total, ",", "")
	if _, err := decimal.NewFromString(plainTotal); err != nil {
		t.Fatalf("quote total = %q, want an amount", total)
	}
	// No discount: the quote costs what the recommendation said.
	if plain := strings.NewReplacer("$", "", ",", "").Replace(resultTotal); plain != plainTotal {
		t.Errorf("quote total %s differs from the results' total %s", total, resultTotal)
	}

	follow(t, ctx, "mark as sent", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=status-sent]`)))
	if st := text(t, ctx, `[data-testid=quote-status]`); st != "Sent" {
		t.Fatalf("status after Mark as sent = %q, want Sent", st)
	}
	screenshot(t, ctx, "quote-sent")

	// The PDF, downloaded as a user would, carries number, customer, total.
	name, pdf := download(t, ctx, `[data-testid=export-pdf]`)
	if name != number+".pdf" {
		t.Errorf("PDF downloads as %q, want %s.pdf", name, number)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("the PDF download starts %q, want %%PDF-", pdf[:min(len(pdf), 16)])
	}
	if text, ok := pdfToText(t, pdf); ok {
		for _, want := range []string{number, "Ada Lovelace", "Analytical Engines", total} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, text)
			}
		}
	}

	// The XLSX sums to the same total; the CSV's total row says it too.
	if got := xlsxTotal(t, fetchBytes(t, ctx, "/quotes/"+number+".xlsx")); !got.Equal(decimal.RequireFromString(plainTotal)) {
		t.Errorf("XLSX total = %s, want the page's %s", got, total)
	}
	rows, err := csv.NewReader(bytes.NewReader(fetchBytes(t, ctx, "/quotes/"+number+".csv"))).ReadAll()
	if err != nil {
		t.Fatalf("CSV: %v", err)
	}
	if last := rows[len(rows)-1]; last[1] != "Total" || last[slices.Index(export.CSVColumns, "totals")] != plainTotal {
		t.Errorf("CSV total row %q, want the page's %s as a plain decimal", last, total)
	}

	// A sent quote is revised into -R2; the sent one stays as it was.
	follow(t, ctx, "click Revise", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=quote-edit]`)))
	if p := here(t, ctx).Path; p != "/quotes/"+number+"/edit" {
		t.Fatalf("Revise went to %s", here(t, ctx))
	}
	do(t, ctx, "change the notes", chromedp.SendKeys(chromedp.ID("f-notes"), "Revised after the call."))
	follow(t, ctx, "save the revision", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=quote-save]`)))
	if got := text(t, ctx, `[data-testid=quote-number]`); got != number+"-R2" || here(t, ctx).Path != "/quotes/"+number+"-R2" {
		t.Fatalf("the revision is %q at %s, want %s-R2", got, here(t, ctx), number)
	}
	if st := text(t, ctx, `[data-testid=quote-status]`); st != "Draft" {
		t.Errorf("revision status = %q, want Draft", st)
	}
	if got := text(t, ctx, `[data-testid=quote-total]`); got != total {
		t.Errorf("revision total = %s, want the unchanged %s", got, total)
	}
	revs := text(t, ctx, `[data-testid=revisions]`)
	if !strings.Contains(revs, number+" — Sent") || !strings.Contains(revs, number+"-R2 — Draft") {
		t.Errorf("revisions list:\n%s\nwant %s — Sent and %s-R2 — Draft", revs, number, number)
	}
	screenshot(t, ctx, "quote-revised")
	follow(t, ctx, "open the sent revision", http.StatusOK,
		chromedp.Click(chromedp.CSS(`[data-testid=revisions] a[href="/quotes/`+number+`"]`)))
	if st := text(t, ctx, `[data-testid=quote-status]`); st != "Sent" {
		t.Errorf("the old revision's status = %q, want Sent", st)
	}
	if doc := text(t, ctx, `[data-testid=quote-doc]`); strings.Contains(doc, "Revised after the call.") {
		t.Error("the sent revision took the new notes")
	}
	if n := count(t, ctx, `[data-testid=quote-edit]`); n != 0 {
		t.Error("the superseded revision still offers to revise it")
	}
	discountAndCheckSums(t, ctx, number+"-R2")
}

// download clicks a link that answers with an attachment and returns the
// file's suggested name and its bytes, as the browser saved them.
func download(t testing.TB, ctx context.Context, css string) (string, []byte) {
	t.Helper()
	dir := t.TempDir()
	begun := make(chan *browser.EventDownloadWillBegin, 1)
	done := make(chan *browser.EventDownloadProgress, 1)
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := chromedp.Listen(lctx, func(ev any) {
		switch ev := ev.(type) {
		case *browser.EventDownloadWillBegin:
			select {
			case begun <- ev:
			default:
			}
		case *browser.EventDownloadProgress:
			if ev.State == browser.DownloadProgressStateCompleted || ev.State == browser.DownloadProgressStateCanceled {
				select {
				case done <- ev:
				default:
				}
			}
		}
	}); err != nil {
		t.Fatalf("listen for downloads: %v", err)
	}
	events := true
	do(t, ctx, "allow downloads", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: &events})
		return err
	}))
	do(t, ctx, "click "+css, chromedp.Click(chromedp.CSS(css)))
	timeout := time.After(20 * time.Second)
	var name string
	select {
	case ev := <-begun:
		name = ev.SuggestedFilename
	case <-timeout:
		t.Fatalf("clicking %s started no download", css)
	}
	select {
	case ev := <-done:
		if ev.State != browser.DownloadProgressStateCompleted {
			t.Fatalf("download of %s: %s", name, ev.State)
		}
		b, err := os.ReadFile(filepath.Join(dir, ev.GUID))
		if err != nil {
			t.Fatalf("read the download: %v", err)
		}
		return name, b
	case <-timeout:
		t.Fatalf("the download of %s did not complete", name)
	}
	return "", nil
}

// fetchBytes fetches a path from inside the page, with its cookies, and
// returns the body.
func fetchBytes(t testing.TB, ctx context.Context, path string) []byte {
	t.Helper()
	js := `fetch(` + strconv.Quote(path) + `).then(r => {
		if (!r.ok) throw new Error(r.status + ' ' + r.url);
		return r.arrayBuffer();
	}).then(b => {
		let s = '';
		for (const c of new Uint8Array(b)) s += String.fromCharCode(c);
		return btoa(s);
	})`
	b64 := get(t, ctx, "fetch "+path, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatalf("fetch %s: %v", path, err)
	}
	return b
}

// pdfToText returns the text of a PDF (poppler's pdftotext); false when
// pdftotext is missing outside CI.
func pdfToText(t testing.TB, pdf []byte) (string, bool) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext missing: apt-get install poppler-utils")
		}
		t.Log("pdftotext not installed (apt-get install poppler-utils): the PDF's text is not checked")
		return "", false
	}
	path := filepath.Join(t.TempDir(), "quote.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out), true
}

// xlsxTotal opens a quote workbook and computes the cell beside "Total"
// (followed by the currency).
func xlsxTotal(t testing.TB, b []byte) decimal.Decimal {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("open the XLSX: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows("Quote")
	if err != nil {
		t.Fatalf("XLSX sheet Quote: %v", err)
	}
	for i, r := range rows {
		for j, v := range r {
			if v != "Total" && !strings.HasPrefix(v, "Total ") {
				continue
			}
			cell, _ := excelize.CoordinatesToCellName(j+2, i+1)
			got, err := f.CalcCellValue("Quote", cell)
			if err != nil {
				t.Fatalf("XLSX %s: %v", cell, err)
			}
			d, err := decimal.NewFromString(strings.ReplaceAll(got, ",", ""))
			if err != nil {
				t.Fatalf("XLSX total %s = %q", cell, got)
			}
			return d
		}
	}
	t.Fatalf("no Total in the XLSX: %q", rows)
	return decimal.Zero
}

// Ensure an admin sets the seller details in chromium: the page is in the
// menu, the form posts as a browser sends it (multipart, with a logo file
// and the page's own origin), and the saved page shows the details and the
// logo.
func TestBrowserSeller(t *testing.T) {
	base, db := startAppDB(t)
	ctx := newBrowser(t, true)
	const email, password = "admin@example.com", testPassword
	addUser(t, db, email, account.RoleAdmin)
	logo := filepath.Join(t.TempDir(), "logo.png")
	if err := os.WriteFile(logo, pngLogo(t), 0o644); err != nil {
		t.Fatal(err)
	}

	follow(t, ctx, "open the sign-in page", http.StatusOK, chromedp.Navigate(base+"/login"))
	do(t, ctx, "type the credentials",
		chromedp.SendKeys(chromedp.ID("f-email"), email),
		chromedp.SendKeys(chromedp.ID("f-password"), password))
	follow(t, ctx, "sign in", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=login-submit]`)))
	follow(t, ctx, "click Seller details", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=nav-seller]`)))
	if p := here(t, ctx).Path; p != "/admin/seller" {
		t.Fatalf("Seller details went to %s", here(t, ctx))
	}
	do(t, ctx, "fill the seller details",
		chromedp.SendKeys(chromedp.ID("f-seller_company"), "GPU Place GmbH"),
		chromedp.SendKeys(chromedp.ID("f-seller_address"), "Friedrichstraße 1\n10117 Berlin"),
		chromedp.SendKeys(chromedp.ID("f-seller_email"), "sales@gpuplace.test"),
		chromedp.SendKeys(chromedp.ID("f-seller_vat_id"), "DE123456789"),
		chromedp.SetUploadFiles(chromedp.ID("f-logo"), []string{logo}))
	follow(t, ctx, "save", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=seller-save]`)))
	if u := here(t, ctx); u.Path != "/admin/seller" || u.Query().Get("saved") == "" {
		t.Fatalf("saving went to %s, want /admin/seller?saved=1", u)
	}
	if n := count(t, ctx, `[data-testid=seller-saved]`) + count(t, ctx, `[data-testid=seller-logo]`); n != 2 {
		t.Errorf("after saving: %d of the saved note and the logo, want both", n)
	}
	if v := get(t, ctx, "company", chromedp.Value(chromedp.ID("f-seller_company"))); v != "GPU Place GmbH" {
		t.Errorf("company field = %q after saving", v)
	}
	screenshot(t, ctx, "seller-saved")
	sl, err := db.Seller(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sl.Address != "Friedrichstraße 1\n10117 Berlin" || sl.VATID != "DE123456789" || len(sl.Logo) == 0 {
		t.Errorf("stored seller %+v", sl)
	}
}
