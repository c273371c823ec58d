package templates

import (
	"context"
	"html"
	"maps"
	"net/url"
	"slices"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/chart"
	"gpuplace/internal/locale"
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
	// Launch is the answer's launch files (nil without a pick).
	Launch *LaunchView
	// Editing is set on the page that opens an answer's question in the
	// form (GET /advice/edit), which has no answer of its own.
	Editing bool
}

// EditURL is the page that opens this question in the form: an answer's
// page links to it instead of carrying the whole form, which its script
// unfolds in place on request.
func (v AdviceView) EditURL(ctx context.Context) string {
	return "/advice/edit?" + strings.TrimPrefix(v.Query+locale.LangParam(ctx), "&")
}

// WhatIfURL is the document of this answer's "What would change the
// pick": the page frames it without script, and its script fetches the
// list from it. It is written into the answer, so the section asks about
// the answer it is part of wherever the answer is shown.
func (v AdviceView) WhatIfURL() string {
	return "/advice/what-if?" + v.Query
}

// AnswerCharts are an answer's charts: the pick's costs by item, the
// candidates on cost against latency, and an LLM pick's serving curve.
type AnswerCharts struct {
	Cost       chart.Bars
	Candidates chart.Scatter
	Serving    *chart.Curve
	// Map shows the pick's user groups and serving regions (nil without
	// a latency answer).
	Map *MapView
}

// MapView is a world map with the legend of its lines' colours: what
// they measure (Lines: the round trip, or the users against the
// question's target) and each colour, its Class a line's (MapLine.Class).
type MapView struct {
	Map   chart.WorldMap
	Lines string
	Bins  []HeatBin
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
	// Regions is, by language tag, every region's <option>, none
	// selected; Places every place users can be, named in it. Written
	// once per catalog: hundreds of options every page would write again.
	Regions map[string]string
	Places  map[string]string
}

// RegionsMarkup is every region's <option> in the language tagged lang,
// the one named selected.
func (o Options) RegionsMarkup(lang, selected string) string {
	all := o.Regions[lang]
	if selected == "" {
		return all
	}
	// Values are unique, so the option that starts with this is the one.
	value := `<option value="` + html.EscapeString(selected)
	if i := strings.Index(all, value+`">`); i >= 0 {
		return all[:i] + value + `" selected>` + all[i+len(value)+2:]
	}
	return all
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
	for _, k := range slices.Sorted(maps.Keys(v.Errors)) {
		if _, known := question.ByKey(k); !known {
			keys = append(keys, k)
		}
	}
	return keys
}

// Placeholder is what a question's empty input shows.
func (v AdviceView) Placeholder(key string) string {
	f, _ := question.ByKey(key)
	return f.Placeholder
}

// HiddenFields is the page's query as sorted name/value pairs, for a form
// that sends the question again.
func (v AdviceView) HiddenFields() [][2]string {
	q, _ := url.ParseQuery(v.Query)
	var out [][2]string
	for _, k := range slices.Sorted(maps.Keys(q)) {
		for _, val := range q[k] {
			out = append(out, [2]string{k, val})
		}
	}
	return out
}

// Meta titles the placement page; with an answer, title and description
// carry the pick and its total, for link previews.
func (v AdviceView) Meta(ctx context.Context) Meta {
	m := Meta{Title: locale.T(ctx, "meta.title"), Description: locale.T(ctx, "meta.description")}
	if r := v.Result; r != nil && r.Pick != nil && len(r.Pick.Placements) > 0 {
		// Every place of the pick: an answer from two regions names both.
		total := catalog.MoneyOf(r.Pick.Total, r.Currency).String()
		var where, desc string
		for i, p := range r.Pick.Placements {
			one := v.PlacementRegion(p) + " " + p.InstanceType
			var d string
			if p.CPU != nil {
				d = locale.Tf(ctx, "meta.pick.cpu", v.PlacementRegion(p), locale.From(ctx).Place(p.City, p.Country), p.InstanceType, p.VCPUs,
					locale.T(ctx, "label.pricing."+string(p.Pricing)))
			} else {
				d = locale.Tf(ctx, "meta.pick", v.PlacementRegion(p), locale.From(ctx).Place(p.City, p.Country), p.InstanceType, p.GPUCount, p.GPUName,
					locale.T(ctx, "label.pricing."+string(p.Pricing)))
			}
			if i == 0 {
				where, desc = one, d
			} else {
				where, desc = where+" + "+one, locale.Tf(ctx, "meta.pick.places", desc, d)
			}
		}
		m.Title = where + ": " + total + " — gpuplace"
		m.Description = locale.Tf(ctx, "meta.pick.total", desc, total)
	}
	return m
}

// lineShown is a cost line's quantity and unit price as the page prints
// them: figures whose product is the amount printed beside them.
type lineShown struct{ Quantity, UnitPrice string }

// shownLine writes l's quantity and unit price (see locale.LineFigures).
func shownLine(l advisor.Line, currency string) lineShown {
	minor := int32(2)
	if c, ok := catalog.CurrencyOf(currency); ok {
		minor = c.MinorUnit()
	}
	q, p := locale.LineFigures(l.Quantity, l.UnitPrice, l.Amount, minor)
	return lineShown{q, p}
}

// priceDate says the date of a placement's price: "prices as of
// 2025-11-30", or where its source gives only a year or a month, that it
// does ("prices from 2025 (the source gives no day)"), never a year where
// a date belongs.
func priceDate(ctx context.Context, d string) string {
	switch len(d) {
	case len("2025"):
		return locale.Tf(ctx, "results.price_date.year", d)
	case len("2025-11"):
		return locale.Tf(ctx, "results.price_date.month", d)
	}
	return locale.Tf(ctx, "results.price_date", d)
}

// DefaultCurrency is the currency a question asks in when it names none,
// as the reader's language has it: CNY in Chinese, else the catalog's base.
func DefaultCurrency(ctx context.Context) string {
	if locale.From(ctx).Lang() == locale.ZH {
		return "CNY"
	}
	return catalog.BaseCurrency
}

// PlacementRegion names a placement's region as pages do: "AWS
// eu-west-1", or the provider alone where the region's id is the
// catalog's own (catalog.Region.OwnID).
func (v AdviceView) PlacementRegion(p advisor.Placement) string {
	return v.Options.Catalog.RegionLabel(p.Provider + ":" + p.Region)
}

// LaunchView is the answer page's "Launch files": the pick's file for
// each launch tool and the address of the page with every file (empty on
// a pinned answer, which shows its files in place).
type LaunchView struct {
	Files   []LaunchFile
	PageURL string
}

// LaunchFile is one tool's file: its text, or why the tool cannot launch
// the option. URL downloads it (empty on a pinned answer, whose question
// a new catalog would answer differently).
type LaunchFile struct {
	Format, Label, FileName, URL string
	YAML                         string
	Refusal                      *locale.Text
	// RegionURLs download each region's file alone, for an option in
	// several regions.
	RegionURLs []RegionLink
}

// RegionLink is one region's launch file alone.
type RegionLink struct {
	Region, FileName, URL string
}

// LaunchOption is one option's files: N is 0 for the pick, else the
// alternative's number; Where names its places.
type LaunchOption struct {
	N     int
	Where string
	Files []LaunchFile
}

// LaunchPageView is the page of every launch file of an answer.
type LaunchPageView struct {
	Frame        Frame
	AnswerURL    string
	Pick         LaunchOption
	Alternatives []LaunchOption
}
