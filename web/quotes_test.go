package web_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"gpuplace/internal/account"
	"gpuplace/internal/export"
	"gpuplace/internal/store"
)

// signIn creates a user with role (role@example.com) and returns its
// session cookie.
func (s *testServer) signIn(t testing.TB, role string) string {
	t.Helper()
	return s.signInAs(t, role+"@example.com", role)
}

// testPassword is the password of every user the tests add.
const testPassword = "a long enough password"

// addUser adds a user with a role to db, signing in with testPassword.
func addUser(t testing.TB, db *store.DB, email, role string) {
	t.Helper()
	// The fixture's hash at bcrypt's lowest cost: sign-in checks read the
	// cost from the hash, and tests that sign in hundreds of times
	// (guessing budgets, limits) would otherwise mostly time bcrypt, many
	// times over under the race detector. Production hashes keep
	// account.NewUser's cost, so the fixture does not call it: its hash
	// alone was a tenth of this package's tests.
	fast, err := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	u := account.User{Email: account.NormalizeEmail(email), Role: role, PasswordHash: string(fast)}
	if _, err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
}

// signInAs creates a user with an email and a role and returns its
// session cookie.
func (s *testServer) signInAs(t testing.TB, email, role string) string {
	t.Helper()
	addUser(t, s.db, email, role)
	form := url.Values{"email": {email}, "password": {testPassword}, "next": {"/quotes"}}
	rec := s.do(t, "POST", "/login", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, rec, http.StatusSeeOther)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "__Host-gpuplace_session" {
			if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || !c.Secure || c.Path != "/" || c.Domain != "" {
				t.Errorf("session cookie %+v: want __Host-, HttpOnly, SameSite=Lax, Secure and Path=/ (the base URL is https)", c)
			}
			return c.Name + "=" + c.Value
		}
	}
	t.Fatal("no session cookie after signing in")
	return ""
}

// pinLink pins the German inference answer and returns the link id.
func (s *testServer) pinLink(t testing.TB) string {
	t.Helper()
	rec := s.do(t, "POST", "/s", strings.NewReader(germanInference), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, rec, http.StatusSeeOther)
	return strings.TrimPrefix(rec.Header().Get("Location"), "/s/")
}

// createQuote saves a quote from a pinned link through the builder and
// returns its number.
func (s *testServer) createQuote(t testing.TB, cookie, link string, extra url.Values) string {
	t.Helper()
	rec := s.do(t, "GET", "/quotes/new?link="+link, nil, "Cookie", cookie)
	wantStatus(t, rec, http.StatusOK)
	form := formValues(t, rec.Body.String())
	form.Set("customer_name", "Ada Lovelace")
	form.Set("company", "Analytical Engines")
	for k, v := range extra {
		form[k] = v
	}
	rec = s.do(t, "POST", "/quotes", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded", "Cookie", cookie)
	wantStatus(t, rec, http.StatusSeeOther)
	return strings.TrimPrefix(rec.Header().Get("Location"), "/quotes/")
}

// formValues reads the inputs of the quote builder back, as a browser
// would submit them.
func formValues(t testing.TB, page string) url.Values {
	t.Helper()
	v := url.Values{}
	for _, part := range strings.Split(page, "<input")[1:] {
		tag := part[:strings.Index(part, ">")]
		name, value := tagAttr(tag, "name"), tagAttr(tag, "value")
		if name != "" && !strings.Contains(tag, `type="checkbox"`) {
			v.Add(name, value)
		}
	}
	for _, part := range strings.Split(page, `<textarea`)[1:] {
		v.Set(tagAttr(part[:strings.Index(part, ">")], "name"), "")
	}
	v.Set("lang", "en")
	return v
}

func tagAttr(tag, name string) string {
	i := strings.Index(tag, " "+name+`="`)
	if i < 0 {
		return ""
	}
	rest := tag[i+len(name)+3:]
	return htmlUnescape(rest[:strings.Index(rest, `"`)])
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&#34;", `"`, "&#39;", "'", "&lt;", "<", "&gt;", ">", "&times;", "×").Replace(s)
}

// Ensure every quote route (pages, API, exports) answers anonymous
// visitors, the quote's owner, another sales user and an admin as
// designed, on both databases: pages redirect anonymous visitors to
// /login and the API answers them 401; the owner and admins get in;
// another sales user finds the quote missing (404, not 403, so numbers
// say nothing); only admins reassign.
func TestQuoteAuthorisation(t *testing.T) { onBothDatabases(t, testQuoteAuthorisation) }

func testQuoteAuthorisation(t *testing.T, s *testServer) {
	link := s.pinLink(t)
	sales := s.signIn(t, account.RoleSales)
	other := s.signInAs(t, "other@example.com", account.RoleSales)
	admin := s.signIn(t, account.RoleAdmin)
	number := s.createQuote(t, sales, link, nil)
	routes := []struct{ method, path string }{
		{"GET", "/quotes"}, {"GET", "/quotes/new?link=" + link}, {"POST", "/quotes"},
		{"GET", "/quotes/" + number}, {"GET", "/quotes/" + number + "/edit"}, {"GET", "/quotes/" + number + "/print"},
		{"POST", "/quotes/" + number + "/status"}, {"POST", "/quotes/" + number}, {"POST", "/quotes/" + number + "/owner"},
		{"GET", "/quotes/" + number + ".pdf"}, {"GET", "/quotes/" + number + ".xlsx"}, {"GET", "/quotes/" + number + ".csv"},
	}
	for _, r := range routes {
		rec := s.do(t, r.method, r.path, strings.NewReader(""), "Content-Type", "application/x-www-form-urlencoded")
		if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login?next=") {
			t.Errorf("anonymous %s %s = %d → %q, want 303 to /login", r.method, r.path, rec.Code, rec.Header().Get("Location"))
		}
	}
	for _, api := range []string{"/api/v1/quotes", "/api/v1/quotes/" + number} {
		if rec := s.do(t, "GET", api, nil); rec.Code != http.StatusUnauthorized {
			t.Errorf("anonymous GET %s = %d, want 401", api, rec.Code)
		}
	}
	quotePaths := []string{"/quotes/" + number, "/quotes/" + number + "/edit", "/quotes/" + number + "/print",
		"/quotes/" + number + ".pdf", "/quotes/" + number + ".xlsx", "/quotes/" + number + ".csv", "/api/v1/quotes/" + number}
	for _, who := range []struct{ name, cookie string }{{"sales", sales}, {"admin", admin}} {
		for _, path := range append([]string{"/quotes", "/api/v1/quotes"}, quotePaths...) {
			if rec := s.do(t, "GET", path, nil, "Cookie", who.cookie); rec.Code != http.StatusOK {
				t.Errorf("%s GET %s = %d, want 200", who.name, path, rec.Code)
			}
		}
	}
	for _, path := range quotePaths {
		if rec := s.do(t, "GET", path, nil, "Cookie", other); rec.Code != http.StatusNotFound {
			t.Errorf("another sales user: GET %s = %d, want 404", path, rec.Code)
		}
	}
	for _, r := range []struct {
		path string
		want int
	}{{"/quotes/" + number, http.StatusNotFound}, {"/quotes/" + number + "/status", http.StatusNotFound},
		{"/quotes/" + number + "/owner", http.StatusForbidden}} {
		if got := s.postForm(t, other, r.path, url.Values{"status": {"sent"}, "owner": {"other@example.com"}}).StatusCode; got != r.want {
			t.Errorf("another sales user: POST %s = %d, want %d", r.path, got, r.want)
		}
	}
	if got := s.postForm(t, sales, "/quotes/"+number+"/owner", url.Values{"owner": {"other@example.com"}}).StatusCode; got != http.StatusForbidden {
		t.Errorf("owner: POST /owner = %d, want 403", got)
	}
	if got := s.postForm(t, admin, "/quotes/"+number+"/owner", url.Values{"owner": {"other@example.com"}}).StatusCode; got != http.StatusSeeOther {
		t.Errorf("admin: POST /owner = %d, want 303", got)
	}
	// A forged or ended session is anonymous.
	if rec := s.do(t, "GET", "/api/v1/quotes", nil, "Cookie", "gpuplace_session=forged"); rec.Code != http.StatusUnauthorized {
		t.Errorf("forged session = %d, want 401", rec.Code)
	}
	wantStatus(t, s.do(t, "POST", "/logout", nil, "Cookie", sales), http.StatusSeeOther)
	if rec := s.do(t, "GET", "/api/v1/quotes", nil, "Cookie", sales); rec.Code != http.StatusUnauthorized {
		t.Errorf("after sign-out = %d, want 401", rec.Code)
	}
}

// Ensure a wrong password is refused, and guessing stops at the limit.
func TestLoginLimits(t *testing.T) {
	s := newTestServer(t)
	s.signIn(t, account.RoleSales)
	try := func(password string) int {
		form := url.Values{"email": {"sales@example.com"}, "password": {password}}
		return s.do(t, "POST", "/login", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded").Code
	}
	if code := try("wrong password"); code != http.StatusUnauthorized {
		t.Errorf("wrong password = %d, want 401", code)
	}
	limited := false
	for range 10 {
		if try("still wrong") == http.StatusTooManyRequests {
			limited = true
			break
		}
	}
	if !limited {
		t.Error("ten more wrong passwords were all tried: want 429 once the account's limit is reached")
	}
	if code := try("a long enough password"); code != http.StatusTooManyRequests {
		t.Errorf("the right password while limited = %d, want 429", code)
	}
}

// Ensure guessing an account's password from one address slows that
// address down, not the account: its owner, elsewhere, still signs in
// with the correct password at once.
func TestLoginBackoffPerAddress(t *testing.T) {
	s := newTestServer(t)
	s.signIn(t, account.RoleSales)
	try := func(addr, password string) *httptest.ResponseRecorder {
		form := url.Values{"email": {"sales@example.com"}, "password": {password}, "next": {"/quotes"}}
		req := httptest.NewRequest("POST", "/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.RemoteAddr = addr
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec
	}
	const attacker, owner = "198.51.100.7:4000", "203.0.113.9:5000"
	codes := []int{}
	for range 8 {
		codes = append(codes, try(attacker, "guess").Code)
	}
	if codes[0] != http.StatusUnauthorized || codes[len(codes)-1] != http.StatusTooManyRequests {
		t.Fatalf("wrong passwords from one address answered %v, want 401 … then 429", codes)
	}
	rec := try(attacker, "a long enough password")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Errorf("the right password from the guessing address = %d (Retry-After %q), want 429 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	wantContains(t, rec.Body.String(), "Too many wrong passwords for this account from your address")
	if rec := try(owner, "a long enough password"); rec.Code != http.StatusSeeOther {
		t.Errorf("the owner, from another address, = %d, want 303: locked out by someone else's guesses", rec.Code)
	}
}

// Ensure a quote made from a pinned link carries its lines and total,
// follows its life cycle, and its exports agree with the page.
func TestQuoteJourney(t *testing.T) {
	s := newTestServer(t)
	link := s.pinLink(t)
	sales := s.signIn(t, account.RoleSales)
	number := s.createQuote(t, sales, link, url.Values{"discount_pct": {"10"}})
	if !strings.HasPrefix(number, "Q-") {
		t.Fatalf("quote number %q", number)
	}
	page := s.do(t, "GET", "/quotes/"+number, nil, "Cookie", sales).Body.String()
	wantContains(t, page, "Ada Lovelace", `data-testid="quote-total"`, s.cat.Version.ID, "Draft")
	total := page[strings.Index(page, `data-testid="quote-total">`)+len(`data-testid="quote-total">`):]
	total = total[:strings.Index(total, "<")]
	// The CSV writes the page's total as a plain decimal (1234.56).
	rows, err := csv.NewReader(s.do(t, "GET", "/quotes/"+number+".csv", nil, "Cookie", sales).Body).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	totals := slices.Index(export.CSVColumns, "totals")
	if last := rows[len(rows)-1]; last[1] != "Total" || last[totals] != strings.ReplaceAll(total, ",", "") {
		t.Errorf("CSV total row %q, want the page total %s", last, total)
	}

	// Bad input: the builder comes back with the fields named.
	form := formValues(t, s.do(t, "GET", "/quotes/new?link="+link, nil, "Cookie", sales).Body.String())
	form.Set("customer_name", "")
	form.Set("discount_pct", "150")
	form["line_quantity"][0] = "-3"
	rec := s.do(t, "POST", "/quotes", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded", "Cookie", sales)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), "customer_name", "discount_pct", "lines[0].quantity")

	// Sent: no more edits in place; a revision takes the next number.
	send := url.Values{"status": {"sent"}}
	wantStatus(t, s.do(t, "POST", "/quotes/"+number+"/status", strings.NewReader(send.Encode()), "Content-Type", "application/x-www-form-urlencoded", "Cookie", sales), http.StatusSeeOther)
	edit := formValues(t, s.do(t, "GET", "/quotes/"+number+"/edit", nil, "Cookie", sales).Body.String())
	edit.Set("notes", "Revised after the call.")
	rec = s.do(t, "POST", "/quotes/"+number, strings.NewReader(edit.Encode()), "Content-Type", "application/x-www-form-urlencoded", "Cookie", sales)
	wantStatus(t, rec, http.StatusSeeOther)
	if loc := rec.Header().Get("Location"); loc != "/quotes/"+number+"-R2" {
		t.Fatalf("revising a sent quote went to %s, want /quotes/%s-R2", loc, number)
	}
	old := s.do(t, "GET", "/quotes/"+number, nil, "Cookie", sales).Body.String()
	wantContains(t, old, "Sent", "Superseded")
	if strings.Contains(old, "Revised after the call.") {
		t.Error("the sent revision changed")
	}
	wantContains(t, s.do(t, "GET", "/quotes/"+number+"-R2", nil, "Cookie", sales).Body.String(), "Revised after the call.", "Draft")
	// Accepting a draft skips a step: refused.
	accept := url.Values{"status": {"accepted"}}
	rec = s.do(t, "POST", "/quotes/"+number+"-R2/status", strings.NewReader(accept.Encode()), "Content-Type", "application/x-www-form-urlencoded", "Cookie", sales)
	wantStatus(t, rec, http.StatusConflict)
	list := s.do(t, "GET", "/quotes?q=lovelace", nil, "Cookie", sales).Body.String()
	wantContains(t, list, number+"-R2")
	wantStatus(t, s.do(t, "GET", "/quotes/Q-1999-0001", nil, "Cookie", sales), http.StatusNotFound)
	// A number resolves only in its canonical form: an alias with an extra
	// leading zero is not the same quote.
	alias := number[:len("Q-2026-")] + "0" + number[len("Q-2026-"):]
	for _, path := range []string{"/quotes/" + alias, "/quotes/" + alias + ".csv", "/api/v1/quotes/" + alias, "/quotes/" + number + "-R02"} {
		wantStatus(t, s.do(t, "GET", path, nil, "Cookie", sales), http.StatusNotFound)
	}
}
