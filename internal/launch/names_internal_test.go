package launch

import (
	"strings"
	"testing"
)

// Ensure each region of a plan in several regions is named apart within
// each tool's longest name, the region kept whole and the profile's name
// shortened to make room, and a plan in one region keeps its name.
func TestPlaceNamesFitEachTool(t *testing.T) {
	long := Name("a-profile-with-a-rather-long-name-for-its-model")
	p := Plan{Name: long, Places: []Place{{Region: "australia-southeast1"}, {Region: "northamerica-northeast2"}}}
	for f, most := range maxName {
		seen := map[string]bool{}
		for _, pl := range p.Places {
			name := p.forPlace(pl, most).Name
			if len(name) > most || !strings.HasSuffix(name, "-"+pl.Region) || !strings.HasPrefix(name, "gpuplace-") ||
				seen[name] || strings.Contains(name, "--") {
				t.Errorf("%s: %q for %s; want at most %d characters, distinct, ending in the region", f, name, pl.Region, most)
			}
			seen[name] = true
		}
	}
	one := Plan{Name: "gpuplace-bert-large", Places: []Place{{Region: "us-east-1"}}}
	if got := one.forPlace(one.Places[0], maxName[Dstack]).Name; got != "gpuplace-bert-large" {
		t.Errorf("one region: %q, want the plan's name", got)
	}
}
