package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"gpuplace/internal/advisor"
	"gpuplace/internal/link"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
	"gpuplace/templates"
)

// pin answers a canonical query and stores it with its result as a link:
// the same question on the same catalog version gets the link it got
// before. The question is the request as the advisor answered it, every
// default filled in, so "rps=50" and "rps=50.0", a form and the JSON API,
// English and Chinese pages ask the same question.
func (s *Server) pin(r *http.Request, q url.Values, req advisor.Request) (link.Link, advisor.Result, error) {
	ctx := r.Context()
	res, err := s.recommend(ctx, s.cat(r), req)
	if err != nil {
		return link.Link{}, res, err
	}
	b, err := json.Marshal(res)
	if err != nil {
		return link.Link{}, res, fmt.Errorf("web: encode result: %w", err)
	}
	stored := url.Values{}
	for k, v := range q {
		if k != keyLang { // a page's language, not part of the question
			stored[k] = v
		}
	}
	l := link.Link{ID: link.NewID(), Query: stored.Encode(), CatalogVersion: res.CatalogVersion, Result: b, CreatedAt: s.now(),
		Question: link.QuestionHash(res.CatalogVersion, question.Query(res.Request).Encode())}
	// The same question pinned before costs nothing; a new pin is bounded.
	if got, err := s.store.LinkByQuestion(ctx, l.Question); err == nil {
		return got, res, nil
	} else if !errors.Is(err, link.ErrNotFound) {
		return link.Link{}, res, err
	}
	if err := s.admitPin(ctx, r); err != nil {
		return link.Link{}, res, err
	}
	l, err = s.store.PinLink(ctx, l)
	if err != nil {
		return link.Link{}, res, err
	}
	return l, res, nil
}

// handleLinkCreate handles POST /s: pin the inputs of the form and send the
// visitor to the pinned page.
func (s *Server) handleLinkCreate(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return badRequest(err)
	}
	then := r.PostForm.Get("then")
	r.PostForm.Del("then")
	q := question.Canonical(r.PostForm)
	f := parseAdviceForm(s.cat(r), q)
	err := f.errs.OrNil()
	var l link.Link
	if err == nil {
		l, _, err = s.pin(r, q, f.req)
	}
	var fe locale.FieldErrors
	if errors.As(err, &fe) {
		v := s.adviceView(r, q, f)
		v.Errors, v.BadUserRows = formErrors(r.Context(), fe), badUserRows(fe)
		s.boundUsers(&v)
		return render(w, r, http.StatusUnprocessableEntity, templates.AdvicePage(v))
	}
	if err != nil {
		return err
	}
	if then == "quote" {
		http.Redirect(w, r, "/quotes/new?link="+l.ID, http.StatusSeeOther)
		return nil
	}
	http.Redirect(w, r, "/s/"+l.ID+langSuffix(q), http.StatusSeeOther)
	return nil
}

func langSuffix(q url.Values) string {
	if l := q.Get(keyLang); l != "" {
		return "?lang=" + url.QueryEscape(l)
	}
	return ""
}

// loadLink returns a pinned link with its frozen result.
func (s *Server) loadLink(ctx context.Context, id string) (link.Link, advisor.Result, error) {
	l, err := s.store.Link(ctx, id)
	if err != nil {
		return l, advisor.Result{}, err
	}
	// An opened pin is used: it expires and is evicted last (see
	// PinLimits).
	if err := s.store.VisitLink(ctx, l.ID, s.now()); err != nil {
		s.log.WarnContext(ctx, "could not record a pin's visit", "id", l.ID, "err", err)
	}
	var res advisor.Result
	if err := json.Unmarshal(l.Result, &res); err != nil {
		return l, res, fmt.Errorf("web: decode pinned result %s: %w", id, err)
	}
	// An answer pinned before answers stated their verdict and confidence
	// gets them as its card worked them out.
	advisor.Judge(&res)
	return l, res, nil
}

// handleLinkView handles GET /s/{id}: the frozen result, and today's total
// beside it when the active catalog is not the one it was made with.
func (s *Server) handleLinkView(w http.ResponseWriter, r *http.Request) error {
	l, res, err := s.loadLink(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	q, err := url.ParseQuery(l.Query)
	if err != nil {
		return fmt.Errorf("web: pinned query %s: %w", l.ID, err)
	}
	f := parseAdviceForm(s.cat(r), q)
	v := s.adviceView(r, q, f)
	v.Result, v.Charts = &res, answerCharts(r.Context(), s.cat(r), &res)
	v.Launch = s.launchView(s.cat(r), &res, q, false)
	v.Pinned = &templates.Pinned{ID: l.ID, URL: s.linkURL("/s/" + l.ID), CreatedAt: l.CreatedAt.UTC().Format("2006-01-02 15:04 UTC"), CatalogVersion: l.CatalogVersion}
	v.ShareURL = v.Pinned.URL
	if l.CatalogVersion != s.cat(r).Version.ID {
		if today, err := s.answer(r.Context(), s.cat(r), f); err == nil {
			v.Pinned.Today = &today
		}
	}
	if _, signedIn := userOf(r.Context()); !signedIn {
		w.Header().Set("Cache-Control", "public, max-age=300")
	}
	return render(w, r, http.StatusOK, templates.AdvicePage(v))
}
