package templates

import (
	"context"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// embeddedCatalog loads the catalog the program embeds.
func embeddedCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// Ensure the option lists NewOptions writes once are those the form wrote
// for each page: every region with the one asked for selected (or none,
// for none or an unknown one), and the users' places named in each
// language; and that Options made without NewOptions write the same.
func TestOptionListsWrittenOnce(t *testing.T) {
	cat := embeddedCatalog(t)
	locations := []LocationOption{{ID: "DE", Name: "Germany"}, {ID: "CN", Name: "China"}, {ID: "fra", Name: "Frankfurt (metro)"}, {ID: `x"y`, Name: "R&D <lab>"}}
	made, bare := NewOptions(cat, locations, nil), Options{Catalog: cat, Locations: locations}
	selected := []string{"", "nowhere:else", `x"y`}
	for _, r := range cat.Regions {
		selected = append(selected, r.Key())
	}
	for _, s := range selected {
		want := optionsMarkup(regionOptions(cat.Regions, s))
		if got := made.regionsMarkup(s); got != want {
			t.Errorf("regionsMarkup(%q) differs from the options written for the page", s)
		}
		if got := bare.regionsMarkup(s); got != want {
			t.Errorf("regionsMarkup(%q) without NewOptions differs from the options written for the page", s)
		}
	}
	for _, lang := range locale.Langs {
		ctx := locale.WithPrinter(context.Background(), locale.For(lang))
		want := optionsMarkup(locationOptions(ctx, locations))
		if got := made.locationsMarkup(ctx); got != want {
			t.Errorf("locationsMarkup in %s = %s, want %s", lang, got, want)
		}
		if got := bare.locationsMarkup(ctx); got != want {
			t.Errorf("locationsMarkup in %s without NewOptions = %s, want %s", lang, got, want)
		}
	}
}
