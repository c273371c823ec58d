package web

import (
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/templates"
)

// Ensure options are written as a template would, values and labels
// escaped and the selected one marked.
func TestOptionsMarkup(t *testing.T) {
	got := optionsMarkup([]option{
		{Value: "aws:us-east-1", Label: "aws us-east-1 (N. Virginia)", Selected: true},
		{Value: `x"y`, Label: "R&D <lab>"},
	})
	want := `<option value="aws:us-east-1" selected>aws us-east-1 (N. Virginia)</option>` +
		`<option value="x&#34;y">R&amp;D &lt;lab&gt;</option>`
	if got != want {
		t.Errorf("optionsMarkup:\n got %s\nwant %s", got, want)
	}
}

// Ensure the option lists written once per catalog are those each page
// would write: every region with the one asked for selected (or none,
// for none or an unknown one), and the users' places named in each
// language.
func TestOptionListsWrittenOnce(t *testing.T) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	locations := []templates.LocationOption{{ID: "DE", Name: "Germany"}, {ID: "CN", Name: "China"}, {ID: "fra", Name: "Frankfurt (metro)"}, {ID: `x"y`, Name: "R&D <lab>"}}
	o := formOptions(cat, locations, nil)
	selected := []string{"", "nowhere:else", `x"y`}
	for _, r := range cat.Regions {
		selected = append(selected, r.Key())
	}
	for _, lang := range locale.Langs {
		p := locale.For(lang).WithCountryNames(catalogCountryNames(cat))
		for _, s := range selected {
			if got, want := o.RegionsMarkup(string(lang), s), optionsMarkup(regionOptions(p, cat, s)); got != want {
				t.Errorf("RegionsMarkup(%s, %q) differs from the options written for the page", lang, s)
			}
		}
		if got, want := o.Places[string(lang)], optionsMarkup(placeOptions(p, locations)); got != want {
			t.Errorf("places in %s = %s, want %s", lang, got, want)
		}
	}
}
