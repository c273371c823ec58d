package templates

import (
	"net/url"
	"strconv"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// servingCurveURL is the serving curve's page of an LLM option: the
// answer's profile, GPU, precision, engine, replica size, lengths and
// prefix-cache share.
func servingCurveURL(r *advisor.Result, o *advisor.Option) string {
	s := o.Serving
	q := url.Values{}
	q.Set("profile", r.Request.Workload.Profile)
	if len(o.Placements) > 0 {
		q.Set("gpu", o.Placements[0].GPU)
	}
	q.Set("precision", s.Precision)
	if f := catalog.EngineFamilyOf(s.Engine); f != "" {
		q.Set("engine", f)
	}
	q.Set("tp", strconv.Itoa(s.TensorParallel))
	q.Set("input_tokens", strconv.Itoa(r.Request.Workload.InputTokens))
	q.Set("output_tokens", strconv.Itoa(r.Request.Workload.OutputTokens))
	if c := r.Request.Workload.PrefixCachePct; c > 0 {
		q.Set("prefix_cache_pct", strconv.FormatFloat(c, 'f', -1, 64))
	}
	return "/serving?" + q.Encode()
}
