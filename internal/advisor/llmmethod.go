package advisor

import (
	"fmt"
	"strconv"
	"strings"

	"gpuplace/internal/locale"
)

// method says how the operating point's figure is made, for the basis and
// the risks.
func (s *llmServing) method(e *engine) string {
	if s.methodText == "" {
		s.methodText = s.describe(e)
	}
	return s.methodText
}

// describe writes the method (see method).
func (s *llmServing) describe(e *engine) string {
	p := e.cat.ServingFit.Params
	g := s.replica.Hardware
	eff := p.Architectures[g.Architecture]
	arch := g.Architecture
	if !p.Fitted(arch) {
		arch += " (no figures: the fitted architectures' mean)"
	}
	m := fmt.Sprintf("serving model, %s, %s weights, %s KV cache, %d GPU(s) a replica: %.0f running requests, %.0f ms p95 to the first token, %.1f ms p95 per token; "+
		"fitted on %s measured points (%s: memory efficiency %.2f, compute %.2f), held-out error median %.0f %% over %s points",
		engineName(s.engine()), s.precision, s.kv(), s.gpus, s.point.Concurrency, s.ttftMS, s.tpotMS,
		locale.GroupDigits(strconv.Itoa(e.cat.ServingFit.Fitted)), arch, eff.Memory, eff.Compute, s.err.MedianPct, locale.GroupDigits(strconv.Itoa(s.err.Points)))
	if s.pp > 1 {
		m = strings.Replace(m, " a replica:", fmt.Sprintf(" a replica (%d pipeline stages of %d):", s.pp, s.tp), 1)
	}
	if !s.validated {
		m += " (too few held-out points of this GPU family: the overall error)"
	}
	if s.anchor != nil {
		m += fmt.Sprintf("; anchored on a measured figure at these lengths (%s, %s, %g in / %g out: ×%.2f)", s.anchor.Source, s.anchor.Scenario,
			s.anchor.InputTokens, s.anchor.OutputTokens, s.anchorRatio)
	}
	if c := s.replica.Cached; c > 0 {
		m += fmt.Sprintf("; %.0f %% of each prompt served from the prefix cache, as the question states (its prefill not computed, its KV cache held)", 100*c)
	}
	return m
}
