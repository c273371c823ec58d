package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"gpuplace/internal/account"
)

// postForm sends a url-encoded form as the user of cookie.
func (s *testServer) postForm(t testing.TB, cookie, path string, form url.Values) *http.Response {
	t.Helper()
	return s.do(t, "POST", path, strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded", "Cookie", cookie).Result()
}

// Ensure, on both databases, that on every quote route (pages, API,
// exports) a sales user reaches only their own quotes — anyone else's is
// 404, as if it did not exist — while an admin reaches all of them and
// can give a quote to another user, and that every change shows in the
// quote's history.
func TestQuoteOwnership(t *testing.T) {
	onBothDatabases(t, func(t *testing.T, s *testServer) {
		link := s.pinLink(t)
		ann := s.signInAs(t, "ann@example.com", account.RoleSales)
		ben := s.signInAs(t, "ben@example.com", account.RoleSales)
		admin := s.signIn(t, account.RoleAdmin)
		annQuote := s.createQuote(t, ann, link, nil)
		benQuote := s.createQuote(t, ben, link, url.Values{"customer_name": {"Ben's customer"}})

		reads := []string{"/quotes/" + annQuote, "/quotes/" + annQuote + "/edit", "/quotes/" + annQuote + "/print",
			"/quotes/" + annQuote + ".pdf", "/quotes/" + annQuote + ".xlsx", "/quotes/" + annQuote + ".csv",
			"/api/v1/quotes/" + annQuote}
		for _, who := range []struct {
			name, cookie string
			want         int
		}{{"owner", ann, http.StatusOK}, {"other sales user", ben, http.StatusNotFound}, {"admin", admin, http.StatusOK}} {
			for _, path := range reads {
				if rec := s.do(t, "GET", path, nil, "Cookie", who.cookie); rec.Code != who.want {
					t.Errorf("%s: GET %s = %d, want %d", who.name, path, rec.Code, who.want)
				}
			}
		}

		// Ben cannot change Ann's quote in any way; it stays as it was.
		edit := formValues(t, s.do(t, "GET", "/quotes/"+annQuote+"/edit", nil, "Cookie", ann).Body.String())
		edit.Set("notes", "changed by ben")
		for _, r := range []struct {
			path string
			form url.Values
			want int
		}{
			{"/quotes/" + annQuote, edit, http.StatusNotFound},
			{"/quotes/" + annQuote + "/status", url.Values{"status": {"sent"}}, http.StatusNotFound},
			{"/quotes/" + annQuote + "/owner", url.Values{"owner": {"ben@example.com"}}, http.StatusForbidden},
		} {
			if got := s.postForm(t, ben, r.path, r.form).StatusCode; got != r.want {
				t.Errorf("other sales user: POST %s = %d, want %d", r.path, got, r.want)
			}
		}
		if got := s.postForm(t, ann, "/quotes/"+annQuote+"/owner", url.Values{"owner": {"ben@example.com"}}).StatusCode; got != http.StatusForbidden {
			t.Errorf("owner reassigning = %d, want 403 (admins only)", got)
		}
		page := s.do(t, "GET", "/quotes/"+annQuote, nil, "Cookie", ann).Body.String()
		wantContains(t, page, "Draft", `data-testid="quote-owner">ann@example.com<`)
		if strings.Contains(page, "changed by ben") || strings.Contains(page, `data-testid="reassign"`) {
			t.Error("ben changed ann's quote, or ann is offered to reassign it")
		}

		// Lists and searches show each sales user their own quotes only.
		for _, l := range []struct {
			who, cookie, path string
			has, hasNot       string
		}{
			{"ann", ann, "/quotes", `href="/quotes/` + annQuote + `"`, `href="/quotes/` + benQuote + `"`},
			{"ben", ben, "/quotes", `href="/quotes/` + benQuote + `"`, `href="/quotes/` + annQuote + `"`},
			{"ben", ben, "/quotes?q=" + annQuote, "", `href="/quotes/` + annQuote + `"`},
			{"ben", ben, "/api/v1/quotes", `"total":1`, `"number":"` + annQuote + `"`},
			{"ben", ben, "/api/v1/quotes?q=" + annQuote, `"total":0`, `"number":"` + annQuote + `"`},
			{"admin", admin, "/quotes", `href="/quotes/` + annQuote + `"`, ""},
			{"admin", admin, "/api/v1/quotes", `"total":2`, ""},
		} {
			body := s.do(t, "GET", l.path, nil, "Cookie", l.cookie).Body.String()
			if l.has != "" && !strings.Contains(body, l.has) {
				t.Errorf("%s: %s does not show %q", l.who, l.path, l.has)
			}
			if l.hasNot != "" && strings.Contains(body, l.hasNot) {
				t.Errorf("%s: %s shows %q", l.who, l.path, l.hasNot)
			}
		}

		// The admin edits, sends and gives Ann's quote to Ben: Ben has it now,
		// Ann does not, and the page says who did what.
		edit.Set("notes", "checked by the admin")
		edit.Set("customer_name", "Grace Hopper")
		if got := s.postForm(t, admin, "/quotes/"+annQuote, edit).StatusCode; got != http.StatusSeeOther {
			t.Fatalf("admin edit = %d", got)
		}
		if got := s.postForm(t, admin, "/quotes/"+annQuote+"/status", url.Values{"status": {"sent"}}).StatusCode; got != http.StatusSeeOther {
			t.Fatalf("admin status = %d", got)
		}
		adminPage := s.do(t, "GET", "/quotes/"+annQuote, nil, "Cookie", admin).Body.String()
		wantContains(t, adminPage, `data-testid="reassign"`, `<option value="ben@example.com">`)
		if got := s.postForm(t, admin, "/quotes/"+annQuote+"/owner", url.Values{"owner": {"nobody@example.com"}}).StatusCode; got != http.StatusUnprocessableEntity {
			t.Errorf("giving a quote to no user = %d, want 422", got)
		}
		if got := s.postForm(t, admin, "/quotes/"+annQuote+"/owner", url.Values{"owner": {"ben@example.com"}}).StatusCode; got != http.StatusSeeOther {
			t.Fatalf("admin reassign = %d", got)
		}
		wantStatus(t, s.do(t, "GET", "/quotes/"+annQuote, nil, "Cookie", ann), http.StatusNotFound)
		page = s.do(t, "GET", "/quotes/"+annQuote, nil, "Cookie", ben).Body.String()
		wantContains(t, page, `data-testid="quote-owner">ben@example.com<`, `data-testid="quote-history"`,
			`<tr data-action="created"><td>`, "ann@example.com", "Created",
			`<tr data-action="edited">`, "admin@example.com", `data-field="customer_name">Customer name: Ada Lovelace → Grace Hopper<`,
			`data-field="notes">Notes: (empty) → checked by the admin<`,
			`<tr data-action="status">`, `data-field="status">Status: Draft → Sent<`,
			`<tr data-action="reassigned">`, `data-field="owner">Owner: ann@example.com → ben@example.com<`)
		zh := s.do(t, "GET", "/quotes/"+annQuote+"?lang=zh-CN", nil, "Cookie", ben).Body.String()
		wantContains(t, zh, "变更记录", "负责人变更", "状态: 草稿 → 已发送")
		if strings.Contains(page, "changed by ben") {
			t.Error("ben's refused edit shows in the history")
		}
	})
}

// Ensure revising a revision that was revised already (a stale second
// tab, two people at once) answers 409 with a link to the latest
// revision, on both databases, and so do editing it and changing its
// status.
func TestReviseRevisedQuote(t *testing.T) {
	onBothDatabases(t, func(t *testing.T, s *testServer) {
		sales := s.signIn(t, account.RoleSales)
		number := s.createQuote(t, sales, s.pinLink(t), nil)
		if got := s.postForm(t, sales, "/quotes/"+number+"/status", url.Values{"status": {"sent"}}).StatusCode; got != http.StatusSeeOther {
			t.Fatalf("send = %d", got)
		}
		tab1 := formValues(t, s.do(t, "GET", "/quotes/"+number+"/edit", nil, "Cookie", sales).Body.String())
		tab2 := formValues(t, s.do(t, "GET", "/quotes/"+number+"/edit", nil, "Cookie", sales).Body.String())
		tab1.Set("notes", "first tab")
		tab2.Set("notes", "second tab")
		if got := s.postForm(t, sales, "/quotes/"+number, tab1).Header.Get("Location"); got != "/quotes/"+number+"-R2" {
			t.Fatalf("first revision went to %q", got)
		}
		for _, r := range []struct {
			method, path string
			form         url.Values
		}{
			{"POST", "/quotes/" + number, tab2},
			{"GET", "/quotes/" + number + "/edit", nil},
			{"POST", "/quotes/" + number + "/status", url.Values{"status": {"accepted"}}},
		} {
			rec := s.do(t, r.method, r.path, strings.NewReader(r.form.Encode()), "Content-Type", "application/x-www-form-urlencoded", "Cookie", sales)
			wantStatus(t, rec, http.StatusConflict)
			wantContains(t, rec.Body.String(), `href="/quotes/`+number+`-R2" data-testid="error-link"`, "was revised meanwhile")
		}
		revs := s.do(t, "GET", "/quotes/"+number+"-R2", nil, "Cookie", sales).Body.String()
		wantContains(t, revs, "first tab")
		if strings.Contains(revs, "second tab") || strings.Contains(s.do(t, "GET", "/quotes", nil, "Cookie", sales).Body.String(), number+"-R3") {
			t.Error("the stale tab made a revision")
		}
	})
}
