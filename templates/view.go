package templates

import (
	"net/url"
	"slices"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// AdviceView is everything the placement page shows: the form as the
// visitor filled it, its errors, and the answer when there is one.
type AdviceView struct {
	// Values holds the raw inputs, echoed back into the form as typed.
	Values url.Values
	// Errors holds messages by query key ("epochs", "users").
	Errors map[string][]string
	Result *advisor.Result
	// ShareURL is the URL of this answer (the share link); Query is its
	// query string.
	ShareURL string
	Query    string
	Options  Options
	// Pinned is set on a pinned link's page.
	Pinned *Pinned
	// UsersOver is, when the users list was over advisor.MaxUsers and
	// only its first rows are shown, how many rows it had.
	UsersOver int
}

// Pinned describes a pinned link: when it was made, from which catalog,
// and today's total when the active catalog is another one.
type Pinned struct {
	ID             string
	URL            string
	CreatedAt      string
	CatalogVersion string
	// Today is the same request answered from the active catalog, when it
	// differs from the pinned one.
	Today *advisor.Result
}

// Options are the choices the form offers, from the catalog.
type Options struct {
	Catalog   *catalog.Catalog
	Locations []LocationOption
	Presets   []Preset
}

// LocationOption is one entry of the users' searchable list.
type LocationOption struct {
	ID   string
	Name string
}

// Preset is a ready-made question, as a link to its answer.
type Preset struct {
	Key   string // message key of its title
	Query string
}

// Value returns the raw value of a query key.
func (v AdviceView) Value(key string) string { return v.Values.Get(key) }

// ValueOr returns the raw value of a key, or def when the key is absent.
func (v AdviceView) ValueOr(key, def string) string {
	if _, ok := v.Values[key]; ok {
		return v.Values.Get(key)
	}
	return def
}

// Listed reports whether item is in the comma-separated list under key.
func (v AdviceView) Listed(key, item string) bool {
	for _, s := range strings.Split(v.Values.Get(key), ",") {
		if strings.TrimSpace(s) == item {
			return true
		}
	}
	return false
}

// PricingChecked reports whether a pricing model's box is ticked: when the
// list is empty, those the workload kind allows by default (every model
// for training, all but spot for inference).
func (v AdviceView) PricingChecked(pm string) bool {
	if strings.TrimSpace(v.Values.Get("pricing")) == "" {
		return slices.Contains(advisor.DefaultPricing(v.Kind()), pm)
	}
	return v.Listed("pricing", pm)
}

// Kind is the selected workload kind, inference by default.
func (v AdviceView) Kind() string { return v.ValueOr("kind", catalog.KindInference) }

// UserRow is one row of the users table.
type UserRow struct {
	Location string
	Share    string
}

// UserRows returns the user rows to show: those in the query, then empty
// rows up to a total of at least five, so the form works without script.
func (v AdviceView) UserRows() []UserRow {
	var rows []UserRow
	for _, part := range strings.Split(v.Values.Get("users"), ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		loc, share, _ := strings.Cut(part, ":")
		rows = append(rows, UserRow{Location: loc, Share: share})
	}
	for len(rows) < 5 {
		rows = append(rows, UserRow{})
	}
	return rows
}

// ErrorsFor returns the messages for a query key.
func (v AdviceView) ErrorsFor(key string) []string { return v.Errors[key] }

// HasErrors reports whether the form has any error.
func (v AdviceView) HasErrors() bool { return len(v.Errors) > 0 }

// ErrorKeys returns the keys with errors in a stable order.
func (v AdviceView) ErrorKeys() []string {
	var keys []string
	for _, k := range formOrder {
		if len(v.Errors[k]) > 0 {
			keys = append(keys, k)
		}
	}
	for _, k := range sortedKeys(v.Errors) {
		if !slices.Contains(formOrder, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// formOrder is the order of the placement form's fields, for error lists.
var formOrder = []string{"kind", "profile", "precision", "samples", "epochs", "deadline_hours", "dataset_gb",
	"data_location", "checkpoint_minutes", "rps", "peak_rps", "response_kb", "latency_ms", "months", "users",
	"gdpr", "pricing", "providers", "gpus", "budget", "objective", "currency"}

// sortedKeys returns a map's keys in order, for stable error lists.
func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
