package advisor

import (
	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// The answer's last stage says of each option, pick and alternatives,
// whether it meets what was asked (its verdict) and how far a buyer can
// rely on it (its confidence), from the option's own figures: pages, the
// API, MCP and quotes read both from the answer.

// Verdict is whether an option meets the question's target, said before
// anything else: for serving, the share of users within the latency
// target (and an LLM's time per output token); for training, the
// deadline.
type Verdict struct {
	// Meets is true when the option meets every target asked, and when
	// none was asked (Target empty).
	Meets bool `json:"meets"`
	// ShareWithinTarget is, for serving, the share of users (percent)
	// within the latency target; nil where there is none.
	ShareWithinTarget *float64 `json:"share_within_target"`
	// Target is what the verdict judges: TargetLatency, TargetDeadline,
	// or empty when the question set no target to meet.
	Target string      `json:"target,omitempty"`
	Text   locale.Text `json:"text_text"`
}

// Targets a verdict judges.
const (
	// TargetLatency: the users' latency target and, for an LLM, the time
	// per output token.
	TargetLatency = "latency"
	// TargetDeadline: a training job's deadline.
	TargetDeadline = "deadline"
)

// Kind is the verdict in a word: "meets", "misses", or "pick" where no
// target was asked (the option is only the pick).
func (v Verdict) Kind() string {
	switch {
	case v.Target == "":
		return "pick"
	case v.Meets:
		return "meets"
	}
	return "misses"
}

// Confidence is how far a buyer can rely on an option: a grade (GradeFirm,
// GradeLikely, GradeRough) and its reasons, each a short phrase.
type Confidence struct {
	Grade       string        `json:"grade"`
	ReasonsText []locale.Text `json:"reasons_text"`
}

// ConfidenceHeading is the words said before an option's confidence: its
// grade ("Likely answer:"), or, where the option misses its target, the
// grade said of its figures alone, with the miss ("Likely figures, but the
// pick misses your target:"), so that a grade never reads as trust in a
// pick that misses.
func (o *Option) ConfidenceHeading() locale.Text {
	if o.Verdict.Kind() == "misses" {
		return locale.New("conf.grade.missed." + o.Confidence.Grade)
	}
	return locale.New("conf.grade." + o.Confidence.Grade)
}

// Confidence grades, from an answer resting on measured figures and
// published prices to one resting on an estimate outside its band.
const (
	GradeFirm   = "firm"
	GradeLikely = "likely"
	GradeRough  = "rough"
)

// Grades lists the confidence grades, firmest first.
var Grades = []string{GradeFirm, GradeLikely, GradeRough}

// RoughErrorPct is the held-out median miss above which an estimate makes
// an answer rough rather than likely; RoughShare the share of the total a
// price nobody publishes may take before it does.
const (
	RoughErrorPct = 25
	RoughShare    = 0.25
)

// judge states the verdict and the confidence of every option of res.
func judge(res *Result) {
	if res.Pick != nil {
		judgeOption(res, res.Pick)
	}
	for i := range res.Alternatives {
		judgeOption(res, &res.Alternatives[i])
	}
}

func judgeOption(res *Result, o *Option) {
	o.Verdict = verdictOf(res.Request.Workload, o)
	o.Confidence = confidenceOf(res.Basis, o)
}

// Judge states the verdict and the confidence of each option of res that
// states none: an answer pinned before answers stated them. What an answer
// stated is kept as it stated it.
func Judge(res *Result) {
	if res.Pick != nil && res.Pick.Confidence.Grade == "" {
		judgeOption(res, res.Pick)
	}
	for i := range res.Alternatives {
		if o := &res.Alternatives[i]; o.Confidence.Grade == "" {
			judgeOption(res, o)
		}
	}
}

// verdictOf says whether o meets w's target: for serving, MeetsTargetShare
// of the users within the latency target and, where one is asked, the
// time per output token; for training, the deadline.
func verdictOf(w Workload, o *Option) Verdict {
	switch l := o.Latency; {
	case w.Kind == catalog.KindInference && l != nil:
		v := Verdict{Target: TargetLatency, ShareWithinTarget: new(l.ShareWithinTarget)}
		tpotMissed := w.TPOTMS > 0 && l.TPOTMS > w.TPOTMS
		switch {
		case l.ShareWithinTarget >= MeetsTargetShare && !tpotMissed:
			v.Meets, v.Text = true, locale.New("verdict.meets", locale.Pct(l.ShareWithinTarget), locale.Num(l.TargetMS))
		case tpotMissed:
			v.Text = locale.New("verdict.misses.tpot", locale.F1(l.TPOTMS), locale.Num(w.TPOTMS))
		default:
			v.Text = locale.New("verdict.misses", locale.Pct(l.ShareWithinTarget), locale.Num(l.TargetMS), locale.F1(l.WeightedMS))
		}
		return v
	case o.FinishesWithinDeadline != nil && *o.FinishesWithinDeadline:
		return Verdict{Meets: true, Target: TargetDeadline, Text: locale.New("verdict.deadline", locale.Num(w.DeadlineHours))}
	case o.FinishesWithinDeadline != nil:
		return Verdict{Target: TargetDeadline, Text: locale.New("verdict.deadline.missed", locale.Num(w.DeadlineHours))}
	}
	return Verdict{Meets: true, Text: locale.New("verdict.pick")}
}

// confidenceOf grades o from what its figures rest on: measured or
// estimated throughput (with the estimate's held-out error, from basis),
// prices the provider does not publish (and their share of the total),
// estimated prices, capacity, stale figures and spot interruptions.
func confidenceOf(basis []BasisFigure, o *Option) Confidence {
	c := Confidence{Grade: GradeFirm}
	lower := func(grade string) {
		if grade == GradeRough || c.Grade == GradeFirm {
			c.Grade = grade
		}
	}
	add := func(grade, id string, args ...any) {
		lower(grade)
		c.ReasonsText = append(c.ReasonsText, locale.New(id, args...))
	}
	switch s := o.Serving; {
	case s != nil && s.Unvalidated:
		add(GradeRough, "conf.serving.unvalidated", locale.Pct(s.ErrorPct))
	case s != nil && s.ErrorPct > RoughErrorPct:
		add(GradeRough, "conf.serving", locale.Pct(s.ErrorPct))
	case s != nil:
		add(GradeLikely, "conf.serving", locale.Pct(s.ErrorPct))
	case o.Throughput.Estimated:
		if e := basisError(basis, o); e == nil || *e > RoughErrorPct {
			add(GradeRough, "conf.estimate.unvalidated")
		} else {
			add(GradeLikely, "conf.estimate", locale.Pct(*e))
		}
	default:
		c.ReasonsText = append(c.ReasonsText, locale.New("conf.measured"))
	}
	if s := o.Serving; s != nil && s.GPUsAtBandEdge > o.GPUs() {
		// The counts ungrouped (Short), as the card writes the GPUs it
		// rents.
		c.ReasonsText = append(c.ReasonsText, locale.New("conf.serving.band", locale.Pct(-s.ErrorRangePct[0]),
			locale.Pct(s.ErrorRangePct[1]), locale.Short(float64(s.GPUsAtBandEdge)), locale.Short(float64(o.GPUs()))))
	}
	seen := map[string]bool{}
	for _, k := range o.Risks {
		if seen[k.Message.ID] {
			continue
		}
		seen[k.Message.ID] = true
		switch {
		case k.Message.ID == "risk.unknown.egress":
			share := itemShare(o, "egress")
			grade := GradeLikely
			if share >= RoughShare {
				grade = GradeRough
			}
			add(grade, "conf.unknown.egress", locale.Pct(100*share))
		case k.Message.ID == "risk.unknown.setup":
			add(GradeLikely, "conf.unknown.setup")
		case k.Kind == RiskUnknownPrice:
			add(GradeLikely, "conf.unknown")
		case k.Message.ID == "risk.estimate.price":
			add(GradeLikely, "conf.price_estimated")
		case k.Kind == RiskCapacity:
			add(GradeLikely, "conf.capacity")
		case k.Kind == RiskStaleData:
			add(GradeLikely, "conf.stale")
		case k.Kind == RiskSpot:
			add(GradeLikely, "conf.spot")
		}
	}
	if len(c.ReasonsText) == 1 && c.Grade == GradeFirm {
		c.ReasonsText = append(c.ReasonsText, locale.New("conf.published"))
	}
	return c
}

// basisError is the held-out median miss of the estimate behind o's
// throughput (the basis figure of its GPU), nil when none was measured.
func basisError(basis []BasisFigure, o *Option) *float64 {
	if len(o.Placements) == 0 {
		return nil
	}
	for _, b := range basis {
		if b.GPU == o.Placements[0].GPU && b.Estimated && !b.Unvalidated && b.ErrorPct != nil {
			return b.ErrorPct
		}
	}
	return nil
}

// itemShare is the share of o's total its lines of one item take.
func itemShare(o *Option, item string) float64 {
	if !o.Total.IsPositive() {
		return 0
	}
	sum := decimal.Zero
	for _, l := range o.Lines {
		if l.Item == item {
			sum = sum.Add(l.Amount)
		}
	}
	return sum.Div(o.Total).InexactFloat64()
}

// candidateVerdict is a chart candidate's verdict from its plan's figures,
// as verdictOf says an option's: for serving, whether the search found it
// to meet the latency target (and an LLM's time per output token) and its
// share of users within the target; for training with a deadline, whether
// it finishes in time.
func (e *engine) candidateVerdict(p *plan) (string, *float64) {
	w := e.req.Workload
	switch {
	case w.Kind == catalog.KindInference && w.LatencyMS > 0:
		kind := "misses"
		if p.meets {
			kind = "meets"
		}
		return kind, new(round1(p.within))
	case w.Kind == catalog.KindTraining && w.DeadlineHours > 0:
		if p.hours <= w.DeadlineHours {
			return "meets", nil
		}
		return "misses", nil
	}
	return "", nil
}
