package question

import (
	"slices"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Form is the placement form as the visitor filled it: each input as
// typed (so a value that did not parse shows back as it was), lists as
// their items. Parse fills it from the same read of the query that builds
// the request.
type Form struct {
	text  map[string]string
	lists map[string][]string
	// Users holds the user rows; UsersOver is, when the list was over
	// advisor.MaxUsers and only its first rows are kept, how many it had.
	Users     []UserRow
	UsersOver int
}

// UserRow is one row of the users table, as typed.
type UserRow struct {
	Location string
	Share    string
}

// Text is an input as typed (a list's items joined as they came for
// UpperList); "" when empty.
func (f Form) Text(key string) string { return f.text[key] }

// List is a list input's items.
func (f Form) List(key string) []string { return f.lists[key] }

// KindOrDefault is the selected workload kind, inference by default.
func (f Form) KindOrDefault() string {
	if k := f.Text(KeyKind); k != "" {
		return k
	}
	return string(catalog.KindInference)
}

// PricingChecked reports whether a pricing model's box is ticked: when
// none is, those the workload kind allows by default (every model for
// training, all but spot for inference).
func (f Form) PricingChecked(pm catalog.PricingModel) bool {
	if pricing := f.List(KeyPricing); len(pricing) > 0 {
		return slices.Contains(pricing, string(pm))
	}
	return slices.Contains(advisor.DefaultPricing(catalog.WorkloadKind(f.KindOrDefault())), pm)
}

// UserRowsShown returns the user rows to show: those filled in, then empty
// rows, at least two and up to a total of at least eight, so the form works
// without script; a list cut at the cap gets none.
func (f Form) UserRowsShown() []UserRow {
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
// when one of its inputs is filled in, or mainland China's regions may
// serve any users.
func (f Form) MoreOpen() bool {
	return len(f.List(KeyProviders)) > 0 || len(f.List(KeyGPUs)) > 0 || f.Text(KeyBudget) != "" || f.Text(KeyCountries) != "" ||
		f.Text(KeyAccelerator) == advisor.AcceleratorCPU || f.Text(KeyAccelerator) == advisor.AcceleratorGPU ||
		f.Text(KeyChina) == advisor.ChinaRegionsAllow
}
