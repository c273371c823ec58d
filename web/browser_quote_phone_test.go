package web_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"

	"gpuplace/internal/account"
	"gpuplace/internal/quote"
	"gpuplace/internal/store"
)

// storeQuote saves a draft quote of owner's with a discount, so that its
// page has a subtotal, a discount and a total row; it returns its number.
func storeQuote(t testing.TB, db *store.DB, owner string) string {
	t.Helper()
	q := quote.Quote{Owner: owner, CreatedBy: owner, CreatedAt: time.Now(), Status: quote.StatusDraft, Currency: "USD", ValidDays: 30,
		Lang: "en", LinkID: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", CatalogVersion: "test", DiscountPct: decimal.NewFromInt(5),
		Customer: quote.Customer{Name: "Ada Lovelace", Company: "Analytical Engines"},
		Lines: []quote.Line{
			{Description: "1 × g5.xlarge in eu-central-1, on-demand, 8,760 h", Quantity: decimal.NewFromInt(8760), Unit: "hour",
				UnitPrice: decimal.RequireFromString("1.006"), FromEngine: true},
			{Description: "Premium support", Quantity: decimal.NewFromInt(12), Unit: "month", UnitPrice: decimal.NewFromInt(100)},
		}}
	q.Compute()
	if err := db.CreateQuote(context.Background(), &q); err != nil {
		t.Fatal(err)
	}
	return q.Number()
}

// signInBrowser signs in as email on the sign-in page.
func signInBrowser(t testing.TB, ctx context.Context, base, email string) {
	t.Helper()
	follow(t, ctx, "open the sign-in page", http.StatusOK, chromedp.Navigate(base+"/login"))
	do(t, ctx, "type the credentials",
		chromedp.SendKeys(chromedp.ID("f-email"), email),
		chromedp.SendKeys(chromedp.ID("f-password"), testPassword))
	follow(t, ctx, "sign in", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=login-submit]`)))
	if n := count(t, ctx, `[data-testid=logout]`); n != 1 {
		t.Fatalf("after signing in as %s: %d sign-out buttons, want 1", email, n)
	}
}

// brokenWords lists the words of the quote's total rows' labels that the
// page breaks over two lines: a word whose text spans boxes at two
// heights. A CJK label with no space is one word.
const brokenWords = `[...document.querySelectorAll('[data-testid=quote-lines] tfoot th')].flatMap(th => {
	const out = [];
	if (th.getBoundingClientRect().width === 0) return ['(hidden) ' + th.textContent.trim()];
	const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
	for (let n; (n = walk.nextNode());) {
		for (const m of n.data.matchAll(/\S+/g)) {
			const r = document.createRange();
			r.setStart(n, m.index);
			r.setEnd(n, m.index + m[0].length);
			const tops = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
			if (tops.size > 1) out.push(m[0]);
		}
	}
	return out;
})`

// Ensure a quote's subtotal, discount and total rows keep their labels'
// words whole on a 390 × 844 phone, in English and in Chinese, and their
// figures in view.
func TestBrowserQuoteTotalsOnPhone(t *testing.T) {
	base, db := startAppDB(t)
	ctx := newBrowser(t, true)
	const email = "sales@example.com"
	addUser(t, db, email, account.RoleSales)
	number := storeQuote(t, db, email)
	signInBrowser(t, ctx, base, email)
	do(t, ctx, "resize to a phone", chromedp.EmulateViewport(390, 844))
	for _, lang := range []string{"en", "zh-CN"} {
		follow(t, ctx, "open the quote in "+lang, http.StatusOK, chromedp.Navigate(base+"/quotes/"+number+"?lang="+lang))
		if n := count(t, ctx, `[data-testid=quote-lines] tfoot th`); n != 3 {
			t.Fatalf("%s: %d total rows' labels, want subtotal, discount and total", lang, n)
		}
		if broken := get(t, ctx, "words broken in the totals", chromedp.Evaluate[[]string](brokenWords)); len(broken) > 0 {
			t.Errorf("%s: on a 390 px phone the totals break %q mid-word", lang, broken)
		}
		for _, id := range []string{"quote-subtotal", "quote-discount", "quote-total"} {
			if right := get(t, ctx, id+"'s right edge", chromedp.Evaluate[float64](
				`document.querySelector('[data-testid=`+id+`]').getBoundingClientRect().right`)); right <= 0 || right > 390 {
				t.Errorf("%s: on a 390 px phone %s ends at %.0f px", lang, id, right)
			}
		}
		screenshot(t, ctx, "quote-totals-phone-"+lang)
	}
}
