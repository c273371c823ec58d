package templates

import (
	"context"
	"net/url"
	"strconv"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
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
	if s.PipelineParallel > 1 {
		q.Set("pp", strconv.Itoa(s.PipelineParallel))
	}
	q.Set("input_tokens", strconv.Itoa(r.Request.Workload.InputTokens))
	q.Set("output_tokens", strconv.Itoa(r.Request.Workload.OutputTokens))
	if c := r.Request.Workload.PrefixCachePct; c > 0 {
		q.Set("prefix_cache_pct", strconv.FormatFloat(c, 'f', -1, 64))
	}
	return "/serving?" + q.Encode()
}

// replicaShape says how many GPUs one replica of an LLM option spans and,
// for a pipeline, how they split into stages.
func replicaShape(ctx context.Context, s *advisor.Serving) string {
	if s.PipelineParallel > 1 {
		return locale.Tf(ctx, "results.gpus_per_replica.pipeline", s.TensorParallel*s.PipelineParallel, s.PipelineParallel, s.TensorParallel)
	}
	return locale.Tn(ctx, "results.gpus_per_replica", s.TensorParallel)
}
