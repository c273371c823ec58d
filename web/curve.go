package web

import (
	"net/http"
	"net/url"

	"gpuplace/internal/api"
	"gpuplace/internal/servingcurve"
)

// curveQuery reads the serving curve's keys.
func curveQuery(q url.Values) servingcurve.Query {
	return servingcurve.Query{Profile: q.Get(servingcurve.KeyProfile), GPU: q.Get(servingcurve.KeyGPU),
		Precision: q.Get(servingcurve.KeyPrecision), Engine: q.Get(servingcurve.KeyEngine), TP: q.Get(servingcurve.KeyTP),
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
