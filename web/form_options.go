package web

import (
	"cmp"
	"html"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/templates"
)

// formOptions are the placement form's choices from a catalog, its long
// option lists written once for every page that shows the form: hundreds
// of options, which every page would otherwise write again.
func formOptions(cat *catalog.Catalog, locations []templates.LocationOption, presets []templates.Preset) templates.Options {
	o := templates.Options{Catalog: cat, Locations: locations, Presets: presets,
		Regions: map[string]string{}, Places: map[string]string{}}
	for _, lang := range locale.Langs {
		p := locale.For(lang).WithCountryNames(catalogCountryNames(cat))
		o.Regions[string(lang)] = optionsMarkup(regionOptions(p, cat, ""))
		o.Places[string(lang)] = optionsMarkup(placeOptions(p, locations))
	}
	return o
}

// option is one <option> of a list: its value, its label and whether it is
// selected.
type option struct {
	Value, Label string
	Selected     bool
}

// optionsMarkup writes options as HTML, escaped, in one pass at a
// fraction of what a template's attribute handling costs for each.
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

// regionOptions lists the regions a dataset can come from, "AWS
// eu-west-1 (Dublin)" in p's language (the country where the city is not
// stated), selected the one named.
func regionOptions(p locale.Printer, cat *catalog.Catalog, selected string) []option {
	out := make([]option, len(cat.Regions))
	for i, r := range cat.Regions {
		k := r.Key()
		out[i] = option{Value: k, Label: cat.RegionLabel(k) + " (" + cmp.Or(p.City(r.City), p.Country(r.Country)) + ")", Selected: k == selected}
	}
	return out
}

// placeOptions lists the places users can be, named in p's language.
func placeOptions(p locale.Printer, locs []templates.LocationOption) []option {
	out := make([]option, len(locs))
	for i, l := range locs {
		out[i] = option{Value: l.ID, Label: p.CountryName(l.ID, l.Name)}
	}
	return out
}
