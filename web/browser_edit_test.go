package web_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// Ensure a reader changes an answer's question where they read it, at
// laptop and phone sizes and in both languages: the fold brings the form
// with the question's values, a changed value asked again updates the
// answer in place, on its new share link, with the form still open; and
// without script the fold's link opens the form on a page of its own.
func TestBrowserEditQuestion(t *testing.T) {
	base := startApp(t)
	answer := "/advice?" + germanInference
	for _, c := range []struct {
		lang, summary string
		w, h          int64
	}{{"en", "Edit the question", 1366, 768}, {"zh-CN", "修改问题", 390, 844}} {
		t.Run(c.lang, func(t *testing.T) {
			ctx := newBrowser(t, true)
			do(t, ctx, "resize", chromedp.EmulateViewport(c.w, c.h))
			follow(t, ctx, "open an answer", http.StatusOK, chromedp.Navigate(base+answer+"&lang="+c.lang))
			do(t, ctx, "wait for the script", chromedp.WaitReady(chromedp.CSS(`html.js`)))
			if got := text(t, ctx, `[data-testid=edit-question] > summary`); got != c.summary {
				t.Errorf("fold says %q, want %q", got, c.summary)
			}
			do(t, ctx, "open the fold", chromedp.Click(chromedp.CSS(`[data-testid=edit-question] > summary`)),
				chromedp.WaitVisible(chromedp.CSS(`#edit-question #advice-form [name=rps]`)))
			if got := get(t, ctx, "rps in the fold", chromedp.Value(chromedp.CSS(`#advice-form [name=rps]`))); got != "50" {
				t.Errorf("the fold's form has rps %q, want the answer's 50", got)
			}
			shot(t, ctx, "edit-fold-"+c.lang, `#edit-question`)
			before := text(t, ctx, `#results [data-testid=total]`)
			do(t, ctx, "ask for four times the traffic",
				chromedp.SetValue(chromedp.CSS(`#advice-form [name=rps]`), "200"),
				chromedp.SetValue(chromedp.CSS(`#advice-form [name=peak_rps]`), "480"),
				chromedp.Click(chromedp.CSS(`#advice-form [data-testid=submit]`)))
			get(t, ctx, "the answer moves to its new link", chromedp.Poll[bool](`location.search.includes("rps=200")`))
			do(t, ctx, "the new answer is in place", chromedp.WaitNotPresent(chromedp.CSS(`#results[aria-busy]`)))
			if u := here(t, ctx); u.Path != "/advice" || u.Query().Get("peak_rps") != "480" {
				t.Errorf("after asking again the address bar is %s, want /advice?…peak_rps=480", u)
			}
			if after := text(t, ctx, `#results [data-testid=total]`); after == before {
				t.Errorf("four times the traffic costs the same %s", after)
			}
			if n := count(t, ctx, `#edit-question[open] #advice-form`); n != 1 {
				t.Errorf("the form left the open fold after asking (%d forms there)", n)
			}
		})
	}
	t.Run("without script", func(t *testing.T) {
		ctx := newBrowser(t, false)
		do(t, ctx, "resize to a phone", chromedp.EmulateViewport(390, 844))
		follow(t, ctx, "open an answer", http.StatusOK, chromedp.Navigate(base+answer))
		do(t, ctx, "open the fold", chromedp.Click(chromedp.CSS(`[data-testid=edit-question] > summary`)))
		shot(t, ctx, "edit-fold-nojs", `#edit-question`)
		follow(t, ctx, "follow the fold's link", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=edit-page-link]`)))
		if got := get(t, ctx, "rps", chromedp.Value(chromedp.CSS(`#advice-form [name=rps]`))); got != "50" {
			t.Errorf("the form's page has rps %q, want the answer's 50", got)
		}
		screenshot(t, ctx, "edit-page-nojs")
	})
}

// shot saves a PNG of one element of the tab, scrolled into view.
func shot(t testing.TB, ctx context.Context, name, css string) {
	t.Helper()
	savePNG(t, name, get(t, ctx, "screenshot of "+css, chromedp.Screenshot(chromedp.CSS(css))))
}
