package web_test

// Real-browser tests (chromedp, Debian's chromium) of issue 4's journeys,
// script on and off. BROWSER_SHOTS=dir keeps the screenshots (default t.TempDir()).

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/store"
)

const chromiumPath = "/usr/bin/chromium"

var loadCatalog = sync.OnceValues(func() (*catalog.Catalog, error) { return catalog.Load(data.FS) })

// startApp serves the app over a fresh SQLite file and returns its URL.
func startApp(t testing.TB) string {
	t.Helper()
	base, _ := startAppDB(t)
	return base
}

// startAppDB is startApp that also returns the app's store, to add users.
func startAppDB(t testing.TB) (string, *store.DB) {
	t.Helper()
	return serveApp(t, true)
}

// Ensure that without -base-url, where the page holds a relative share
// link, the copy button copies it whole, on the page's own origin.
func TestBrowserCopiesWholeLink(t *testing.T) {
	base, _ := serveApp(t, false)
	ctx := newBrowser(t, true)
	follow(t, ctx, "open the results", http.StatusOK, chromedp.Navigate(base+"/advice?"+germanInference))
	if v := get(t, ctx, "share-url", chromedp.Value(chromedp.CSS(`[data-testid=share-url]`))); !strings.HasPrefix(v, "/advice?") {
		t.Fatalf("share-url box = %q, want the relative link the server wrote", v)
	}
	do(t, ctx, "copy", chromedp.Click(chromedp.CSS(`[data-copy=share-url]`)))
	if v := get(t, ctx, "share-url", chromedp.Value(chromedp.CSS(`[data-testid=share-url]`))); v != base+"/advice?"+germanInference {
		t.Errorf("after copying, share-url box = %q, want %q", v, base+"/advice?"+germanInference)
	}
}

// newBrowser starts its own chromium (own profile) and returns a tab's
// context that ends after 150 s (a journey's steps each wait less; the
// whole has room on a busy machine). With js false, the tab runs no
// script.
func newBrowser(t testing.TB, js bool) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("chromium not installed: apt-get install chromium (%v)", err)
		}
		t.Skip("chromium not installed: apt-get install chromium")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	)
	ctx, cancelTimeout := context.WithTimeout(context.Background(), 150*time.Second)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	tabCtx, cancelTab := chromedp.NewContext(allocCtx)
	t.Cleanup(func() { cancelTab(); cancelAlloc(); cancelTimeout() })
	if err := chromedp.Do(tabCtx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	if !js {
		if _, err := chromedp.Call(tabCtx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatalf("disable scripts: %v", err)
		}
	}
	return tabCtx
}

func do(t testing.TB, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func get[T any](t testing.TB, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// text returns the visible text of the first match of a CSS selector.
func text(t testing.TB, ctx context.Context, css string) string {
	t.Helper()
	return strings.TrimSpace(get(t, ctx, "text of "+css, chromedp.Text(chromedp.CSS(css))))
}

// attr returns an attribute of the first match of a CSS selector.
func attr(t testing.TB, ctx context.Context, css, name string) string {
	t.Helper()
	return get(t, ctx, name+" of "+css, chromedp.AttributeValue(chromedp.CSS(css), name)).Value
}

// count returns how many elements match a CSS selector, without waiting.
func count(t testing.TB, ctx context.Context, css string) int {
	t.Helper()
	return len(get(t, ctx, "count "+css, chromedp.QueryNodeIDs(chromedp.CSSAll(css), chromedp.AtLeast(0))))
}

// follow runs a step that loads a new page (a click on a link or a submit
// button), waits for the page and checks its HTTP status.
func follow(t testing.TB, ctx context.Context, what string, status int, step chromedp.Action[chromedp.Void]) {
	t.Helper()
	resp, err := chromedp.RunResponse(ctx, step)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if int(resp.Status) != status {
		t.Fatalf("%s: %s answered %d, want %d", what, resp.URL, resp.Status, status)
	}
}

// here returns the address bar.
func here(t testing.TB, ctx context.Context) *url.URL {
	t.Helper()
	u, err := url.Parse(get(t, ctx, "location", chromedp.Location()))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// screenshot saves a full-page PNG of the tab.
func screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	savePNG(t, name, get(t, ctx, "screenshot", chromedp.FullScreenshot(100)))
}

// savePNG writes a screenshot under $BROWSER_SHOTS (a temporary directory
// without it) and logs where.
func savePNG(t testing.TB, name string, png []byte) {
	t.Helper()
	dir := os.Getenv("BROWSER_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// checkScripts makes sure the page ran app.js exactly when it should.
func checkScripts(t testing.TB, ctx context.Context, js bool) {
	t.Helper()
	class := attr(t, ctx, "html", "class")
	if ran := strings.Contains(" "+class+" ", " js "); ran != js {
		t.Fatalf("app.js ran = %v, want %v (html class %q)", ran, js, class)
	}
}

// fillForm opens the form and types the inputs of the journey: inference
// at 50 requests/s for users in DE (60) and US (40) under GDPR with
// adequacy countries.
func fillForm(t testing.TB, ctx context.Context, base string, js bool) {
	t.Helper()
	do(t, ctx, "open the form",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.ID("advice-form")),
		chromedp.Click(chromedp.CSS(`input[name=kind][value=inference]`)),
		// The form starts with an example question: clear what the
		// journey sets.
		chromedp.Clear(chromedp.ID("f-rps")), chromedp.Clear(chromedp.ID("f-peak_rps")),
		chromedp.Clear(chromedp.ID("f-user-0")), chromedp.Clear(chromedp.ID("f-share-0")),
		chromedp.Clear(chromedp.ID("f-user-1")), chromedp.Clear(chromedp.ID("f-share-1")),
		chromedp.Clear(chromedp.ID("f-user-2")), chromedp.Clear(chromedp.ID("f-share-2")),
		chromedp.SendKeys(chromedp.ID("f-rps"), "50"),
		chromedp.SendKeys(chromedp.ID("f-user-0"), "DE"),
		chromedp.SendKeys(chromedp.ID("f-share-0"), "60"),
		chromedp.SendKeys(chromedp.ID("f-user-1"), "US"),
		chromedp.SendKeys(chromedp.ID("f-share-1"), "40"),
		chromedp.Click(chromedp.CSS(`input[name=gdpr][value=eu_adequacy]`)),
	)
	checkScripts(t, ctx, js)
}

// submit clicks the submit button and waits for the answer: swapped in
// place with script on, a page load (303 to the share link) without.
func submit(t testing.TB, ctx context.Context, js bool, status int) {
	t.Helper()
	click := chromedp.Click(chromedp.CSS(`[data-testid=submit]`))
	if js && status == http.StatusOK {
		// A mark on window survives only if the page was not reloaded.
		do(t, ctx, "submit", chromedp.Evaluate[chromedp.Void](`window.stayed = true`), click,
			chromedp.WaitVisible(chromedp.CSS(`#results [data-testid=total]`)))
		if !get(t, ctx, "in place", chromedp.Evaluate[bool](`window.stayed === true`)) {
			t.Fatal("with script on, submitting reloaded the page instead of updating the results in place")
		}
		return
	}
	follow(t, ctx, "submit", status, click)
}

var pinnedPath = regexp.MustCompile(`^/s/[A-Z2-7]{26}$`)

// journey is issue 4's walk through the app: fill the form and get results,
// open the copied link in a fresh browser, pin it, switch to Chinese.
func journey(t *testing.T, js bool) {
	base, ctx, mode := startApp(t), newBrowser(t, js), map[bool]string{true: "js", false: "nojs"}[js]
	fillForm(t, ctx, base, js)
	submit(t, ctx, js, http.StatusOK)
	total := text(t, ctx, `#results [data-testid=total]`)
	u := here(t, ctx)
	if q := u.Query(); u.Path != "/advice" || !strings.Contains(u.RawQuery, "users=DE%3A60%2CUS%3A40") || q.Get("gdpr") != "eu_adequacy" || q.Get("rps") != "50" {
		t.Fatalf("address bar = %s, want the share link /advice?…rps=50…users=DE%%3A60%%2CUS%%3A40…gdpr=eu_adequacy", u)
	}
	link := get(t, ctx, "share-url", chromedp.Value(chromedp.CSS(`[data-testid=share-url]`)))
	if link != u.String() {
		t.Errorf("share-url box = %q, want the address bar %q", link, u)
	}
	do(t, ctx, "a pick", chromedp.WaitVisible(chromedp.CSS(`#results [data-testid=pick] [data-testid=pick-region]`)))
	if total == "" || !strings.ContainsAny(total, "0123456789") {
		t.Fatalf("total = %q, want an amount", total)
	}
	t.Logf("pick total %s at %s", total, u)
	screenshot(t, ctx, "results-"+mode)

	t.Run("fresh browser", func(t *testing.T) {
		other := newBrowser(t, js)
		follow(t, other, "open the copied link", http.StatusOK, chromedp.Navigate(link))
		if got := text(t, other, `[data-testid=total]`); got != total {
			t.Errorf("the link shows total %q in a fresh browser, want %q", got, total)
		}
		checkScripts(t, other, js)
	})

	t.Run("Chinese results", func(t *testing.T) {
		follow(t, ctx, "click 中文", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=lang-zh]`)))
		checkChinese(t, ctx, js, total, "/advice")
		if got := here(t, ctx).Query().Get("users"); got != "DE:60,US:40" {
			t.Errorf("中文 link lost the inputs: users = %q at %s", got, here(t, ctx))
		}
	})

	// The switch is remembered (a cookie): switch back, then reopen the link.
	follow(t, ctx, "click English", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=lang-en]`)))
	if lang := attr(t, ctx, "html", "lang"); lang != "en" {
		t.Fatalf("<html lang> = %q after English, want en", lang)
	}
	follow(t, ctx, "reopen the link", http.StatusOK, chromedp.Navigate(link))
	follow(t, ctx, "pin", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=pin]`)))
	pinned := here(t, ctx)
	if !pinnedPath.MatchString(pinned.Path) {
		t.Fatalf("after pinning the address bar is %s, want /s/{26 base32 chars}", pinned)
	}
	do(t, ctx, "pinned banner", chromedp.WaitVisible(chromedp.CSS(`[data-testid=pinned]`)))
	if got := text(t, ctx, `[data-testid=total]`); got != total {
		t.Errorf("pinned page total = %q, want %q", got, total)
	}
	if got := get(t, ctx, "share-url", chromedp.Value(chromedp.CSS(`[data-testid=share-url]`))); got != pinned.String() {
		t.Errorf("pinned share-url = %q, want %q", got, pinned)
	}
	if n := count(t, ctx, `[data-testid=pin]`); n != 0 {
		t.Errorf("a pinned page offers to pin again (%d pin buttons)", n)
	}

	follow(t, ctx, "switch to Chinese", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=lang-zh]`)))
	checkChinese(t, ctx, js, total, pinned.Path)
	do(t, ctx, "pinned banner in Chinese", chromedp.WaitVisible(chromedp.CSS(`[data-testid=pinned]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=lang-en]`)))
	screenshot(t, ctx, "pinned-zh-"+mode)
}

// checkChinese checks a page after the 中文 switch: Chinese, on path, with
// the same total.
func checkChinese(t testing.TB, ctx context.Context, js bool, total, path string) {
	t.Helper()
	if lang := attr(t, ctx, "html", "lang"); lang != "zh-CN" {
		t.Fatalf("<html lang> = %q after 中文, want zh-CN (at %s)", lang, here(t, ctx))
	}
	// An answer page shows the answer first and the question folded below
	// it: open the question to read its button. The script brings the form
	// into the fold; without it, the fold links to the form's page, read
	// there.
	read := false
	if count(t, ctx, `[data-testid=edit-question]:not([open])`) > 0 {
		if got := text(t, ctx, `[data-testid=edit-question] > summary`); got != "修改问题" {
			t.Errorf("the folded question says %q in Chinese, want 修改问题", got)
		}
		do(t, ctx, "open the question", chromedp.Click(chromedp.CSS(`[data-testid=edit-question] > summary`)))
		if js {
			do(t, ctx, "the form comes into the fold", chromedp.WaitVisible(chromedp.CSS(`#edit-question [data-testid=submit]`)))
			if n := count(t, ctx, `[data-testid=edit-page-link]`); n != 0 {
				t.Errorf("the fold still links to the form's page once the form is in it (%d links)", n)
			}
		} else {
			answer := here(t, ctx).String()
			if got := text(t, ctx, `[data-testid=edit-page-link]`); got != "在表单中打开这个问题" {
				t.Errorf("the fold's link says %q in Chinese, want 在表单中打开这个问题", got)
			}
			follow(t, ctx, "open the question's form", http.StatusOK, chromedp.Click(chromedp.CSS(`[data-testid=edit-page-link]`)))
			if p := here(t, ctx).Path; p != "/advice/edit" {
				t.Errorf("the fold's link went to %s, want /advice/edit", p)
			}
			if got := get(t, ctx, "the form's rps", chromedp.Value(chromedp.CSS(`#advice-form [name=rps]`))); got != "50" {
				t.Errorf("the question's form has rps %q, want the answer's 50", got)
			}
			if got := text(t, ctx, `[data-testid=submit]`); got != "给出推荐" {
				t.Errorf("submit button says %q in Chinese, want 给出推荐", got)
			}
			follow(t, ctx, "back to the answer", http.StatusOK, chromedp.Navigate(answer))
			read = true
		}
	}
	if !read {
		if got := text(t, ctx, `[data-testid=submit]`); got != "给出推荐" {
			t.Errorf("submit button says %q in Chinese, want 给出推荐", got)
		}
	}
	if p := here(t, ctx).Path; p != path {
		t.Errorf("中文 went to %s, want to stay on %s", here(t, ctx), path)
	}
	if count(t, ctx, `[data-testid=total]`) == 0 {
		t.Fatalf("no total after 中文 at %s, want %s", here(t, ctx), total)
	}
	if got := text(t, ctx, `[data-testid=total]`); got != total {
		t.Errorf("Chinese total = %q, want %q", got, total)
	}
	if got := text(t, ctx, `#results-title`); !regexp.MustCompile(`\p{Han}`).MatchString(got) {
		t.Errorf("results title %q has no Chinese", got)
	}
}

func TestBrowserJourney(t *testing.T)      { journey(t, true) }
func TestBrowserJourneyNoJS(t *testing.T)  { journey(t, false) }
func TestBrowserBadInput(t *testing.T)     { badInput(t, true) }
func TestBrowserBadInputNoJS(t *testing.T) { badInput(t, false) }
func TestBrowserPresets(t *testing.T)      { presets(t, true) }
func TestBrowserPresetsNoJS(t *testing.T)  { presets(t, false) }

// presets clicks every preset on the start page; each must answer with
// results (a pick or the "no pick" panel), never an error.
func presets(t *testing.T, js bool) {
	base := startApp(t)
	ctx := newBrowser(t, js)
	do(t, ctx, "open /", chromedp.Navigate(base+"/"))
	links := get(t, ctx, "presets", chromedp.Nodes(chromedp.CSSAll(`[data-testid=presets] a`)))
	if len(links) < 5 {
		t.Fatalf("%d presets, want at least 5", len(links))
	}
	for i, n := range links {
		name := n.AttributeValue("data-preset")
		do(t, ctx, "back to /", chromedp.Navigate(base+"/"))
		sel := chromedp.CSS(`[data-testid=presets] li:nth-child(` + strconv.Itoa(i+1) + `) a`)
		follow(t, ctx, "preset "+name, http.StatusOK, chromedp.Click(sel))
		if p := here(t, ctx).Path; p != "/advice" {
			t.Errorf("preset %s went to %s", name, p)
		}
		answer := get(t, ctx, name+" answer", chromedp.Nodes(chromedp.CSS(
			`#results [data-testid=pick], #results [data-testid=no-pick], [data-testid=error], [data-testid=form-errors]`)))
		kind := answer[0].AttributeValue("data-testid")
		if kind != "pick" && kind != "no-pick" {
			t.Errorf("preset %s answered %s: %s", name, kind, text(t, ctx, `[data-testid=`+kind+`]`))
			continue
		}
		if kind == "pick" {
			kind = text(t, ctx, `[data-testid=total]`)
		}
		t.Logf("preset %s: %s", name, kind)
		if i == 0 && js {
			screenshot(t, ctx, name)
		}
	}
}

// badInput submits a word for the load and an unknown user location: the
// form must come back (422) with each message beside its field and the
// typed values kept.
func badInput(t *testing.T, js bool) {
	base := startApp(t)
	ctx := newBrowser(t, js)
	do(t, ctx, "fill bad values",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.ID("advice-form")),
		chromedp.Clear(chromedp.ID("f-rps")), chromedp.Clear(chromedp.ID("f-user-0")), chromedp.Clear(chromedp.ID("f-share-0")),
		chromedp.SendKeys(chromedp.ID("f-rps"), "abc"),
		chromedp.SendKeys(chromedp.ID("f-user-0"), "XX"),
		chromedp.SendKeys(chromedp.ID("f-share-0"), "100"),
	)
	submit(t, ctx, js, http.StatusUnprocessableEntity)
	do(t, ctx, "error summary", chromedp.WaitVisible(chromedp.CSS(`[data-testid=form-errors]`)))
	for _, field := range []string{"rps", "users"} {
		if msg := text(t, ctx, `[data-field=`+field+`]`); msg == "" {
			t.Errorf("no message beside %s", field)
		} else {
			t.Logf("%s: %s", field, msg)
		}
	}
	if v := get(t, ctx, "rps", chromedp.Value(chromedp.ID("f-rps"))); v != "abc" {
		t.Errorf("rps field = %q after the error, want the typed abc", v)
	}
	if v := get(t, ctx, "user 0", chromedp.Value(chromedp.ID("f-user-0"))); v != "XX" {
		t.Errorf("user location field = %q after the error, want the typed XX", v)
	}
	if count(t, ctx, `[data-testid=results]`) != 0 {
		t.Errorf("results shown beside field errors")
	}
	if !js {
		screenshot(t, ctx, "bad-input")
	}
}
