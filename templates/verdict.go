package templates

import (
	"context"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Verdict is the answer card's first line: whether the pick meets what
// was asked, in words, before anything else.
type Verdict struct {
	Text string
	// Kind is "meets", "misses" or "pick" (no target to meet).
	Kind string
}

// VerdictOf says whether o meets the request's target: for serving, the
// share of users within the latency target (and the time per token of an
// LLM); for training, the deadline.
func VerdictOf(ctx context.Context, r *advisor.Result, o *advisor.Option) Verdict {
	w := r.Request.Workload
	switch l := o.Latency; {
	case w.Kind == catalog.KindInference && l != nil:
		tpotMissed := w.TPOTMS > 0 && l.TPOTMS > w.TPOTMS
		if l.ShareWithinTarget >= advisor.MeetsTargetShare && !tpotMissed {
			return Verdict{Kind: "meets", Text: locale.Tf(ctx, "verdict.meets", locale.Percent(l.ShareWithinTarget), locale.Figure(l.TargetMS))}
		}
		if tpotMissed {
			return Verdict{Kind: "misses", Text: locale.Tf(ctx, "verdict.misses.tpot", locale.Tenths(l.TPOTMS), locale.Figure(w.TPOTMS))}
		}
		return Verdict{Kind: "misses", Text: locale.Tf(ctx, "verdict.misses", locale.Percent(l.ShareWithinTarget), locale.Figure(l.TargetMS), locale.Tenths(l.WeightedMS))}
	case o.FinishesWithinDeadline != nil && *o.FinishesWithinDeadline:
		return Verdict{Kind: "meets", Text: locale.Tf(ctx, "verdict.deadline", locale.Figure(w.DeadlineHours))}
	case o.FinishesWithinDeadline != nil:
		return Verdict{Kind: "misses", Text: locale.Tf(ctx, "verdict.deadline.missed", locale.Figure(w.DeadlineHours))}
	}
	return Verdict{Kind: "pick", Text: locale.T(ctx, "results.pick")}
}
