package web

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
	"gpuplace/templates"
)

// handleHome handles GET /: the placement form with its defaults.
func (s *Server) handleHome(w http.ResponseWriter, r *http.Request) error {
	v := s.adviceView(r, homeDefaults, parseAdviceForm(s.cat(r), homeDefaults))
	return render(w, r, http.StatusOK, templates.AdvicePage(v))
}

// homeDefaults fill the empty form with a question worth asking: a small
// BERT service for users in the US, Germany and Japan.
var homeDefaults = url.Values{
	question.KeyKind: {string(catalog.KindInference)}, question.KeyProfile: {"bert-large"}, question.KeyRPS: {"50"}, question.KeyPeakRPS: {"100"},
	question.KeyLatencyMS: {"100"}, question.KeyMonths: {"12"}, question.KeyUsers: {"US:50,DE:30,JP:20"},
}

// handleAdvice handles GET /advice: it answers the inputs in the query
// string, which is the share link. A form submission (user rows, empty
// fields) is first redirected to the canonical link, so the address bar
// always holds a link that reproduces the answer.
func (s *Server) handleAdvice(w http.ResponseWriter, r *http.Request) error {
	// The same URL answers the whole page or, for htmx, the results only.
	w.Header().Add("Vary", "HX-Request")
	q := r.URL.Query()
	if !question.IsCanonical(q) {
		http.Redirect(w, r, "/advice?"+question.Canonical(q).Encode(), http.StatusSeeOther)
		return nil
	}
	// The page is the same for everyone who asks in that language, but for
	// its header, which names a signed-in user: such a page is kept for
	// that user only (and as they are: a new role is a new page).
	viewer := ""
	if u, ok := userOf(r.Context()); ok {
		viewer = strconv.FormatInt(u.ID, 10) + ":" + u.Role + ":" + u.Email
	}
	pageKey := "page " + s.cat(r).Version.ID + " " + locale.LangOf(r.Context()) + " " + r.Header.Get("HX-Request") + " " + viewer + " " + r.URL.RawQuery
	if gz, ok := s.bodies.get(pageKey); ok {
		return writeGzipped(w, http.StatusOK, contentTypeHTML, gz, nil)
	}
	q = askedIn(r.Context(), q)
	f := parseAdviceForm(s.cat(r), q)
	v := s.adviceView(r, q, f)
	res, err := s.answer(r.Context(), s.cat(r), f)
	status := http.StatusOK
	var fe locale.FieldErrors
	switch {
	case errors.As(err, &fe):
		v.Errors, v.BadUserRows = formErrors(r.Context(), fe), badUserRows(fe)
		status = http.StatusUnprocessableEntity
		s.boundUsers(&v)
	case err != nil:
		return err
	default:
		v.Result, v.Charts = &res, answerCharts(r.Context(), s.cat(r), &res)
		v.Launch = s.launchView(s.cat(r), &res, q, true)
	}
	page := templates.AdvicePage(v)
	if r.Header.Get("HX-Request") == "true" && status == http.StatusOK {
		// Script on: the results swap in place. Field errors then come as
		// the whole form (the script swaps it too).
		page = templates.Results(v)
	}
	if status != http.StatusOK {
		return render(w, r, status, page)
	}
	return renderBytes(r, page, func(b []byte) error { return s.writeKept(w, pageKey, contentTypeHTML, b) })
}

// handleAdviceEdit handles GET /advice/edit?… (the advice keys): the
// question in the form, to change and ask again. An answer's page links to
// it rather than carrying the form, and its script unfolds this page's
// form in place. Nothing is worked out: what does not parse is said beside
// its field, as on the answer's page.
func (s *Server) handleAdviceEdit(w http.ResponseWriter, r *http.Request) error {
	q := askedIn(r.Context(), r.URL.Query())
	f := parseAdviceForm(s.cat(r), q)
	v := s.adviceView(r, q, f)
	v.Editing = true
	errs := f.errs
	if len(errs) == 0 && len(q) > 0 {
		errs = errs.Merge(advisor.Check(s.cat(r), f.req))
	}
	if len(errs) > 0 {
		v.Errors, v.BadUserRows = formErrors(r.Context(), errs), badUserRows(errs)
		s.boundUsers(&v)
	}
	return render(w, r, http.StatusOK, templates.AdvicePage(v))
}

// askedIn is the question q as the reader's language asks it: asked in
// Chinese without a currency, it is answered in yuan, and its share link
// says so (it answers alike for anyone).
func askedIn(ctx context.Context, q url.Values) url.Values {
	if cur := templates.DefaultCurrency(ctx); q.Get(question.KeyCurrency) == "" && cur != catalog.BaseCurrency && q.Get(question.KeyKind) != "" {
		q.Set(question.KeyCurrency, cur)
		return question.Canonical(q)
	}
	return q
}

// answer asks the advisor the form's question with the request's catalog,
// or returns the form's field errors; ctx is the request's (see
// recommend).
func (s *Server) answer(ctx context.Context, cat *catalog.Catalog, f adviceForm) (advisor.Result, error) {
	if len(f.errs) > 0 {
		return advisor.Result{}, f.errs
	}
	return s.recommend(ctx, cat, f.req)
}

// recommendAnswer works an answer out: the advisor, unless the server is
// built to measure what answering costs without it (see ceiling.go).
var recommendAnswer = advisor.Recommend

// recommend asks the advisor, reusing a cached answer to the same request
// on the same catalog, for a client that may leave (ctx ends): a question
// still waiting for a slot is then not worked out.
func (s *Server) recommend(ctx context.Context, cat *catalog.Catalog, req advisor.Request) (advisor.Result, error) {
	key := s.cacheKey(cat, req)
	if res, ok := s.answers.get(key); ok {
		return res, nil
	}
	// However many ask at once, only so many answers are worked out at
	// a time: more would not finish sooner on the cores there are, and
	// each holds a few MB while it runs.
	release, err := s.takeSlot(ctx, answerSlot)
	if err != nil {
		return advisor.Result{}, err
	}
	start := time.Now()
	res, err := recommendAnswer(cat, req)
	release()
	if err == nil {
		s.metrics.adviceSeconds.Observe(time.Since(start).Seconds())
		if s.asked.again(key) {
			s.answers.put(key, res, resultBytes(res))
		}
	}
	return res, err
}

// cacheKey names an answer: the catalog version and the request's query.
func (s *Server) cacheKey(cat *catalog.Catalog, req advisor.Request) string {
	return cat.Version.ID + "?" + question.Query(req).Encode()
}

// formErrors files field errors under the query key of their input, said
// in the page's language; an error in a list names its row as a person
// counts ("row 2").
func formErrors(ctx context.Context, fe locale.FieldErrors) map[string][]string {
	type rowMessage struct {
		row int // the list row it names, −1 for none
		msg string
	}
	byKey := map[string][]rowMessage{}
	for _, e := range fe {
		k := question.KeyOf(e.Field)
		m := rowMessage{row: -1, msg: locale.Say(ctx, e.Message)}
		if _, n, _, ok := listEntry(e.Field); ok {
			m = rowMessage{row: n, msg: locale.Tf(ctx, "form.row", n+1) + m.msg}
		}
		byKey[k] = append(byKey[k], m)
	}
	out := make(map[string][]string, len(byKey))
	for k, ms := range byKey {
		// A list's errors in the order of its rows, as the form shows them.
		slices.SortStableFunc(ms, func(a, b rowMessage) int { return cmp.Compare(a.row, b.row) })
		for _, m := range ms {
			out[k] = append(out[k], m.msg)
		}
	}
	return out
}

// listEntry splits the field of a list entry, "users[2].share", into its
// list, index and the entry's field ("users", 2, "share").
func listEntry(field string) (list string, i int, sub string, ok bool) {
	list, rest, found := strings.Cut(field, "[")
	idx, sub, closed := strings.Cut(rest, "]")
	if !found || !closed {
		return "", 0, "", false
	}
	i, err := strconv.Atoi(idx)
	return list, i, strings.TrimPrefix(sub, "."), err == nil
}

// badUserRows finds the user rows a field error names ("users[1].location").
func badUserRows(fe locale.FieldErrors) map[int]templates.UserRowFault {
	out := map[int]templates.UserRowFault{}
	for _, e := range fe {
		list, n, input, ok := listEntry(e.Field)
		if !ok || list != "users" {
			continue
		}
		f := out[n]
		f.Location = f.Location || input == "location"
		f.Share = f.Share || input == "share"
		out[n] = f
	}
	return out
}

// adviceView prepares the page for a query and its form.
func (s *Server) adviceView(r *http.Request, q url.Values, f adviceForm) templates.AdviceView {
	query := q.Encode()
	return templates.AdviceView{Frame: frame(r), Form: f.view, Query: query, ShareURL: s.linkURL("/advice?" + query), Options: s.optionsFor(s.cat(r))}
}

// linkURL is the URL of a path on this site for links people share or
// scripts follow: under the configured base URL, or relative when there is
// none — never built from the request's Host header, which the client
// chooses.
func (s *Server) linkURL(path string) string { return s.baseURL + path }

// boundUsers keeps the page that refuses a users list over the cap small:
// it shows the first rows and says how many there were, instead of
// echoing thousands of rows — in the table, the share link and the
// language switch — back to the client.
func (s *Server) boundUsers(v *templates.AdviceView) {
	if v.Form.UsersOver == 0 {
		return
	}
	q, err := url.ParseQuery(v.Query)
	if err != nil {
		return
	}
	rows := make([]string, len(v.Form.Users))
	for i, u := range v.Form.Users {
		rows[i] = u.Location + ":" + u.Share
	}
	q.Set(question.KeyUsers, strings.Join(rows, ","))
	v.Query, v.ShareURL = q.Encode(), s.linkURL("/advice?"+q.Encode())
	u := *v.Frame.URI
	u.RawQuery = q.Encode()
	v.Frame.URI = &u
}
