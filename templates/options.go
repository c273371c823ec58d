package templates

import (
	"context"
	"html"
	"strings"

	"gpuplace/internal/catalog"
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
		out[i] = option{Value: l.ID, Label: CountryName(ctx, l.ID, l.Name)}
	}
	return out
}
