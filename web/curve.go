package web

import (
	"errors"
	"net/http"
	"net/url"

	"gpuplace/internal/api"
	"gpuplace/internal/locale"
	"gpuplace/internal/servingcurve"
	"gpuplace/templates"
)

// curveQuery reads the serving curve's keys.
func curveQuery(q url.Values) servingcurve.Query {
	return servingcurve.Query{Profile: q.Get(servingcurve.KeyProfile), GPU: q.Get(servingcurve.KeyGPU),
		Precision: q.Get(servingcurve.KeyPrecision), Engine: q.Get(servingcurve.KeyEngine), TP: q.Get(servingcurve.KeyTP), PP: q.Get(servingcurve.KeyPP),
		InputTokens: q.Get(servingcurve.KeyInputTokens), OutputTokens: q.Get(servingcurve.KeyOutputTokens),
		PrefixCachePct: q.Get(servingcurve.KeyPrefixCache)}
}

// handleAPIServingCurve handles GET /api/v1/serving/curve: the serving
// model's curve of one setup, the measured figures near it, its error and
// its knee; bad keys are 422.
func (s *Server) handleAPIServingCurve(w http.ResponseWriter, r *http.Request) error {
	out, err := api.ServingCurve(s.cat(r), curveQuery(r.URL.Query()))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

// handleServingPage handles GET /serving: the serving curve drawn, with a
// form to change its keys; bad keys are shown in the form (422).
func (s *Server) handleServingPage(w http.ResponseWriter, r *http.Request) error {
	ctx, cat, q := r.Context(), s.cat(r), r.URL.Query()
	v := templates.CurveView{Frame: frame(r), Form: map[string]string{}}
	for _, k := range servingcurve.Keys {
		v.Form[k] = q.Get(k)
	}
	for _, p := range cat.Profiles {
		if p.LLM != nil {
			v.Profiles = append(v.Profiles, templates.Choice{Value: p.ID, Label: p.Name})
		}
	}
	for _, g := range cat.GPUs {
		v.GPUs = append(v.GPUs, templates.Choice{Value: g.ID, Label: g.Name})
	}
	if q.Get(servingcurve.KeyProfile) == "" && q.Get(servingcurve.KeyGPU) == "" {
		return render(w, r, http.StatusOK, templates.CurvePage(v))
	}
	c, err := servingcurve.Of(cat, curveQuery(q))
	var fe locale.FieldErrors
	if errors.As(err, &fe) {
		for _, e := range fe {
			v.Errors = append(v.Errors, templates.CurveError{Key: e.Field, Message: locale.Say(ctx, e.Message)})
		}
		return render(w, r, http.StatusUnprocessableEntity, templates.CurvePage(v))
	}
	if err != nil {
		return err
	}
	curveView(ctx, &v, c)
	return render(w, r, http.StatusOK, templates.CurvePage(v))
}
