package web

import (
	"context"
	"math"
	"net/http"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/chart"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
	"gpuplace/templates"
)

// whatIfFor answers a question's what-if for a client that may leave (ctx
// ends): a what-if still waiting for a slot is then not worked out, and
// one under way stops between two of its variations, with ctx's error
// (logged and counted as 499, see observe). Every route charged it one
// answer when it started; once done, its client is charged the questions
// it worked out in full beyond its own (see chargeWork).
func (s *Server) whatIfFor(ctx context.Context, cat *catalog.Catalog, req advisor.Request) (advisor.WhatIf, error) {
	release, err := s.takeSlot(ctx, whatIfSlot)
	if err != nil {
		return advisor.WhatIf{}, err
	}
	defer release()
	wi, err := advisor.RecommendWhatIfContext(ctx, cat, req)
	s.chargeWork(ctx, wi.Asked-1)
	return wi, err
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
	wi, err := s.whatIfFor(r.Context(), cat, f.req)
	if err != nil {
		return err
	}
	v := templates.WhatIfView{Chart: costLoadChart(r.Context(), wi)}
	for _, c := range wi.Changes {
		v.Changes = append(v.Changes, templates.WhatIfItem{Text: c.Text, URL: "/advice?" + question.Changed(q, wi.Result.Request, c).Encode()})
	}
	return renderBytes(r, templates.WhatIfPage(v), func(b []byte) error { return s.writeKept(w, key, contentTypeHTML, b) })
}

// costLoadChart lays out a what-if's total against load in the reader's
// language (nil where the what-if has no curve).
func costLoadChart(ctx context.Context, wi advisor.WhatIf) *chart.CostLoad {
	if len(wi.Load) == 0 {
		return nil
	}
	in := chart.CostLoadInput{Low: advisor.WhatIfLoadLow, High: advisor.WhatIfLoadHigh}
	for _, p := range wi.Load {
		pick := math.NaN()
		if p.Pick != "" {
			pick = p.Total.InexactFloat64()
		}
		in.Points = append(in.Points, chart.CostLoadPoint{Factor: p.Factor, Pick: pick, Asked: p.Asked.InexactFloat64()})
	}
	for _, c := range wi.Changes {
		if c.Parameter == advisor.WhatIfPeakRPS {
			in.Breaks = append(in.Breaks, c.To/c.From)
		}
	}
	c := chart.CostLoadOf(in, locale.Figure, func(x float64) string { return "×" + locale.Figure(x) })
	w := wi.Result.Request.Workload
	c.Title = locale.T(ctx, "whatif.chart.title")
	c.Desc = locale.Tf(ctx, "whatif.chart.desc", locale.Figure(advisor.WhatIfLoadLow), locale.Figure(advisor.WhatIfLoadHigh), len(wi.Load))
	c.XLabel = locale.Tf(ctx, "whatif.chart.x", locale.Figure(w.PeakRPS))
	c.YLabel = locale.T(ctx, "results.total") + " (" + wi.Result.Currency + ")"
	return &c
}
