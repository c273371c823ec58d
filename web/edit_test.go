package web_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// editLink finds the answer page's link to its question in the form.
var editLink = regexp.MustCompile(`<a href="(/advice/edit\?[^"]*)" data-testid="edit-link">`)

// Ensure an answer's page carries a link to its question in the form
// instead of the form itself, and that the link opens the form with every
// value of the question, in the reader's language.
func TestAnswerLinksToItsQuestion(t *testing.T) {
	s := newTestServer(t)
	for _, lang := range []struct{ param, heading, fold string }{
		{"", "<h1>Edit the question</h1>", "Open the question in the form"},
		{"&lang=zh-CN", "<h1>修改问题</h1>", "在表单中打开这个问题"},
	} {
		page := s.do(t, "GET", "/advice?"+germanInference+"&currency=EUR"+lang.param, nil)
		if page.Code == http.StatusSeeOther {
			page = s.do(t, "GET", page.Header().Get("Location"), nil)
		}
		wantStatus(t, page, http.StatusOK)
		body := page.Body.String()
		if strings.Contains(body, `id="advice-form"`) {
			t.Errorf("%q: the answer's page still carries the form", lang.param)
		}
		wantContains(t, body, `data-testid="edit-question"`, `data-testid="edit-page-link"`, lang.fold)
		m := editLink.FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("%q: no link to the question's form on the answer's page", lang.param)
		}
		edit := s.do(t, "GET", html.UnescapeString(m[1]), nil)
		wantStatus(t, edit, http.StatusOK)
		form := edit.Body.String()
		wantContains(t, form, lang.heading, `id="advice-form"`, `data-testid="presets"`,
			`name="rps" inputmode="decimal" value="50"`, `name="peak_rps" inputmode="decimal" value="120"`,
			`value="DE"`, `<option value="EUR" selected>`)
		if strings.Contains(form, `data-testid="results"`) || strings.Contains(form, `data-testid="form-errors"`) {
			t.Errorf("%q: the question's form page shows an answer or errors", lang.param)
		}
		if zh := lang.param != ""; zh != strings.Contains(form, `<input type="hidden" name="lang" value="zh-CN">`) {
			t.Errorf("%q: the form does not keep the reader's language (hidden lang input: %v)", lang.param, !zh)
		}
	}
}

// Ensure the question's form page says beside each field what is wrong
// with a question it cannot answer, without working anything out.
func TestEditPageSaysWhatIsWrong(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/advice/edit?kind=inference&profile=bert-large&rps=-3&users=DE%3A100", nil)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `data-testid="form-errors"`, `href="#f-rps"`, `id="advice-form"`)
	if strings.Contains(rec.Body.String(), `data-testid="results"`) {
		t.Error("the form page shows an answer")
	}
	empty := s.do(t, "GET", "/advice/edit", nil)
	wantStatus(t, empty, http.StatusOK)
	if strings.Contains(empty.Body.String(), `data-testid="form-errors"`) {
		t.Error("the form page without a question shows errors")
	}
}
