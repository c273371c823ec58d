package web

import (
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

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
		v.Changes = append(v.Changes, templates.WhatIfItem{Text: c.Text, URL: "/advice?" + changedQuery(q, wi.Result.Request, c).Encode()})
	}
	return renderBytes(r, templates.WhatIfPage(v), func(b []byte) error { return s.writeKept(w, key, contentTypeHTML, b) })
}

// changedQuery is the question q with c's parameter at its break-even:
// the load (average and peak) scaled, the months or the target set, or
// the pricing model left out. A value is rounded away from the question's
// so that the link asks a question on the new pick's side.
func changedQuery(q url.Values, req advisor.Request, c advisor.WhatIfChange) url.Values {
	out := url.Values{}
	for k, vs := range q {
		out[k] = slices.Clone(vs)
	}
	away := func(x float64, places int) string {
		p := math.Pow(10, float64(places))
		if c.To > c.From {
			x = math.Ceil(x*p) / p
		} else {
			x = math.Floor(x*p) / p
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	w := req.Workload
	switch c.Parameter {
	case advisor.WhatIfPeakRPS:
		f := c.To / c.From
		out.Set(question.KeyRPS, away(w.RPS*f, 2))
		out.Set(question.KeyPeakRPS, away(w.PeakRPS*f, 2))
	case advisor.WhatIfMonths:
		out.Set(question.KeyMonths, strconv.Itoa(int(c.To)))
	case advisor.WhatIfLatencyMS:
		if w.TTFTMS > 0 {
			out.Set(question.KeyTTFT, away(c.To, 1))
		} else {
			out.Set(question.KeyLatencyMS, away(c.To, 1))
		}
	case advisor.WhatIfDeadline:
		out.Set(question.KeyDeadline, away(c.To, 2))
	case advisor.WhatIfPricing:
		var kept []string
		for _, pm := range req.Pricing {
			if pm != c.Left {
				kept = append(kept, string(pm))
			}
		}
		out.Set(question.KeyPricing, strings.Join(kept, ","))
	}
	return question.Canonical(out)
}
