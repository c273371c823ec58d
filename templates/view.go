package templates

import (
	"slices"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/chart"
	"gpuplace/internal/question"
)

// AdviceView is everything the placement page shows: the form as the
// visitor filled it, its errors, and the answer when there is one.
type AdviceView struct {
	// Frame is what the page frame shows of the request.
	Frame Frame
	Form  question.Form
	// Errors holds messages by form field ("epochs", "users").
	Errors map[string][]string
	// BadUserRows marks the user rows (from 0) whose location or share is
	// wrong, so the page outlines the input at fault.
	BadUserRows map[int]UserRowFault
	Result      *advisor.Result
	// ShareURL is the URL of this answer (the share link); Query is its
	// query string.
	ShareURL string
	Query    string
	Options  Options
	// Pinned is set on a pinned link's page.
	Pinned *Pinned
	// Charts are the answer's charts, laid out.
	Charts AnswerCharts
}

// AnswerCharts are an answer's charts: the pick's costs by item, the
// candidates on cost against latency, and an LLM pick's serving curve.
type AnswerCharts struct {
	Cost       chart.Bars
	Candidates chart.Scatter
	Serving    *chart.Curve
}

// UserRowFault says which input of a user row is wrong.
type UserRowFault struct{ Location, Share bool }

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

// Options are the choices the form offers, from the catalog. Made with
// NewOptions, they also hold the form's long option lists written out once
// (see regionsMarkup, locationsMarkup).
type Options struct {
	Catalog   *catalog.Catalog
	Locations []LocationOption
	Presets   []Preset
	// regions is every region's <option>, none selected; locations, by
	// language, every place users can be.
	regions   string
	locations map[string]string
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

// ErrorsFor returns the messages for a form field.
func (v AdviceView) ErrorsFor(key string) []string { return v.Errors[key] }

// HasErrors reports whether the form has any error.
func (v AdviceView) HasErrors() bool { return len(v.Errors) > 0 }

// ErrorKeys returns the keys with errors in a stable order.
func (v AdviceView) ErrorKeys() []string {
	var keys []string
	for _, f := range question.Fields {
		if len(v.Errors[f.Key]) > 0 {
			keys = append(keys, f.Key)
		}
	}
	for _, k := range sortedKeys(v.Errors) {
		if _, known := question.ByKey(k); !known {
			keys = append(keys, k)
		}
	}
	return keys
}

// placeholder is what a question's empty input shows.
func placeholder(key string) string {
	f, _ := question.ByKey(key)
	return f.Placeholder
}

// sortedKeys returns a map's keys in order, for stable error lists.
func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
