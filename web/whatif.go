package web

import (
	"net/http"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
	"gpuplace/templates"
)

// whatIf answers a question's what-if, kept as answers are.
func (s *Server) whatIf(cat *catalog.Catalog, req advisor.Request) (advisor.WhatIf, error) {
	s.adviceSlots <- struct{}{}
	defer func() { <-s.adviceSlots }()
	return advisor.RecommendWhatIf(cat, req)
}

// handleWhatIf handles GET /advice/what-if?… (the advice keys): the
// answer page's "What would change the pick", as a document of its own
// (the page frames it without script, and its script takes the list).
func (s *Server) handleWhatIf(w http.ResponseWriter, r *http.Request) error {
	cat := s.cat(r)
	q := askedIn(r.Context(), r.URL.Query())
	key := "what-if page " + cat.Version.ID + " " + locale.LangOf(r.Context()) + " " + question.Canonical(q).Encode()
	if gz, ok := s.bodies.get(key); ok {
		return writeGzipped(w, http.StatusOK, contentTypeHTML, gz, nil)
	}
	f := parseAdviceForm(cat, q)
	if err := f.errs.OrNil(); err != nil {
		return err
	}
	wi, err := s.whatIf(cat, f.req)
	if err != nil {
		return err
	}
	v := templates.WhatIfView{}
	for _, c := range wi.Changes {
		v.Changes = append(v.Changes, templates.WhatIfItem{Text: c.Text, URL: "/advice?" + question.Changed(q, wi.Result.Request, c).Encode()})
	}
	return renderBytes(r, templates.WhatIfPage(v), func(b []byte) error { return s.writeKept(w, key, contentTypeHTML, b) })
}
