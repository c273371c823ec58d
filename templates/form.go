package templates

import (
	"slices"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// AdviceForm is the placement form as the visitor filled it: each input as
// typed (so a value that did not parse shows back as it was), lists as
// their items. The web package fills it from the same parse of the query
// that builds the advisor's request.
type AdviceForm struct {
	Kind, Profile, Precision string
	// Training.
	Samples, Epochs, DeadlineHours, DatasetGB, DataLocation, CheckpointMinutes string
	// Inference.
	RPS, PeakRPS, ResponseKB, LatencyMS, Months string
	// LLM serving.
	InputTokens, OutputTokens, TTFTMS, TPOTMS string
	// Users holds the user rows; UsersOver is, when the list was over
	// advisor.MaxUsers and only its first rows are kept, how many it had.
	Users     []UserRow
	UsersOver int
	GDPR      string
	Countries string
	// Pricing lists the ticked pricing models; none means the kind's
	// default (advisor.DefaultPricing).
	Pricing             []string
	Providers, GPUs     []string
	Budget              string
	Objective, Currency string
}

// UserRow is one row of the users table, as typed.
type UserRow struct {
	Location string
	Share    string
}

// KindOrDefault is the selected workload kind, inference by default.
func (f AdviceForm) KindOrDefault() string {
	if f.Kind == "" {
		return catalog.KindInference
	}
	return f.Kind
}

// PricingChecked reports whether a pricing model's box is ticked: when
// none is, those the workload kind allows by default (every model for
// training, all but spot for inference).
func (f AdviceForm) PricingChecked(pm string) bool {
	if len(f.Pricing) == 0 {
		return slices.Contains(advisor.DefaultPricing(f.KindOrDefault()), pm)
	}
	return slices.Contains(f.Pricing, pm)
}

// UserRowsShown returns the user rows to show: those filled in, then empty
// rows, at least two and up to a total of at least eight, so the form works
// without script; a list cut at the cap gets none.
func (f AdviceForm) UserRowsShown() []UserRow {
	rows := slices.Clone(f.Users)
	if f.UsersOver > 0 {
		return rows
	}
	for empty := 0; empty < 2 || len(rows) < 8; empty++ {
		rows = append(rows, UserRow{})
	}
	return rows
}

// MoreOpen reports whether the "providers, GPUs and budget" section opens:
// when one of its inputs is filled in.
func (f AdviceForm) MoreOpen() bool {
	return len(f.Providers) > 0 || len(f.GPUs) > 0 || f.Budget != "" || f.Countries != ""
}
