package templates

import (
	"context"
	"html"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// option is one <option> of a list: its value, its label and whether it is
// selected.
type option struct {
	Value, Label string
	Selected     bool
}

// optionsMarkup writes options as HTML, escaped. The form lists every
// region and every place users can be: hundreds of options, written here
// in one pass at a fraction of what the template's attribute handling
// costs for each.
func optionsMarkup(opts []option) string {
	var b strings.Builder
	for _, o := range opts {
		b.WriteString(`<option value="`)
		b.WriteString(html.EscapeString(o.Value))
		if o.Selected {
			b.WriteString(`" selected>`)
		} else {
			b.WriteString(`">`)
		}
		b.WriteString(html.EscapeString(o.Label))
		b.WriteString(`</option>`)
	}
	return b.String()
}

// regionOptions lists the regions a dataset can come from, "provider id
// (city)", selected the one named.
func regionOptions(regions []catalog.Region, selected string) []option {
	out := make([]option, len(regions))
	for i, r := range regions {
		k := r.Key()
		out[i] = option{Value: k, Label: r.Provider + " " + r.ID + " (" + r.City + ")", Selected: k == selected}
	}
	return out
}

// locationOptions lists the places users can be, named in the page's
// language.
func locationOptions(ctx context.Context, locs []LocationOption) []option {
	out := make([]option, len(locs))
	for i, l := range locs {
		out[i] = option{Value: l.ID, Label: locale.From(ctx).CountryName(l.ID, l.Name)}
	}
	return out
}

// NewOptions returns the form's choices from a catalog, its long option
// lists written once for every page that shows the form: hundreds of
// options, which every page would otherwise write again.
func NewOptions(cat *catalog.Catalog, locations []LocationOption, presets []Preset) Options {
	o := Options{Catalog: cat, Locations: locations, Presets: presets,
		regions: optionsMarkup(regionOptions(cat.Regions, "")), locations: map[string]string{}}
	for _, lang := range locale.Langs {
		o.locations[string(lang)] = optionsMarkup(locationOptions(locale.WithPrinter(context.Background(), locale.For(lang)), locations))
	}
	return o
}

// regionsMarkup is every region's <option>, the one named selected.
func (o Options) regionsMarkup(selected string) string {
	all := o.regions
	if all == "" { // not made by NewOptions
		all = optionsMarkup(regionOptions(o.Catalog.Regions, ""))
	}
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

// locationsMarkup is every place users can be as an <option>, named in the
// page's language.
func (o Options) locationsMarkup(ctx context.Context) string {
	if m, ok := o.locations[locale.LangOf(ctx)]; ok {
		return m
	}
	return optionsMarkup(locationOptions(ctx, o.Locations))
}
