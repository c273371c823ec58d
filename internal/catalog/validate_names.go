package catalog

import "regexp"

// Strict patterns for the catalog's names that reach launch files and the
// tools' shells: a catalog is an upload, and a name that needs quoting
// anywhere is refused on import, not only quoted where it lands.
var (
	// repoPattern is a Hugging Face repository id as the Hub takes it:
	// owner/name, each of letters, digits, '-', '_' and '.', starting and
	// ending with a letter or digit, at most 96 characters.
	repoPattern = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?/[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?$`)
	// namePattern is an id of a GPU, CPU, profile, provider or region:
	// lower-case letters, digits and . _ + -, at most 64 characters.
	namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._+-]{0,63}$`)
	// instanceTypePattern is a provider's instance type: letters, digits,
	// spaces between words ("1x A100 80GB") and . _ + / : -, at most 100
	// characters.
	instanceTypePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 ._+/:-]{0,99}$`)
)

// names checks the ids and names launch files and shells read against
// the strict patterns.
func (v *validator) names() {
	ids := func(section, array string, n int, at func(i int) (key, id string)) {
		c := v.col(section)
		for i := range n {
			key, id := at(i)
			if id != "" && !namePattern.MatchString(id) {
				c.add(itemName(array, i, key), "id", "must be 1 to 64 lower-case letters, digits, dots, underscores, pluses or dashes, starting with a letter or digit; got %q", id)
			}
		}
	}
	ids("gpus", "gpus", len(v.c.GPUs), func(i int) (string, string) { return v.c.GPUs[i].ID, v.c.GPUs[i].ID })
	ids("cpus", "cpus", len(v.c.CPUs), func(i int) (string, string) { return v.c.CPUs[i].ID, v.c.CPUs[i].ID })
	ids("profiles", "profiles", len(v.c.Profiles), func(i int) (string, string) { return v.c.Profiles[i].ID, v.c.Profiles[i].ID })
	ids("providers", "providers", len(v.c.Providers), func(i int) (string, string) { return v.c.Providers[i].ID, v.c.Providers[i].ID })
	ids("regions", "regions", len(v.c.Regions), func(i int) (string, string) { return v.c.Regions[i].Key(), v.c.Regions[i].ID })
	pc := v.col("profiles")
	for i, p := range v.c.Profiles {
		if p.LLM != nil && !repoPattern.MatchString(p.LLM.Repo) {
			pc.add(itemName("profiles", i, p.ID), "llm.repo", "must name the model's Hugging Face repository as owner/name "+
				"(letters, digits, '.', '_' and '-', each part starting and ending with a letter or digit, at most 96 characters); got %q", p.LLM.Repo)
		}
	}
	oc := v.col("offers")
	for i, o := range v.c.Offers {
		if o.InstanceType != "" && !instanceTypePattern.MatchString(o.InstanceType) {
			oc.add(itemName("offers", i, o.ID()), "instance_type", "must be 1 to 100 letters, digits, spaces, dots, underscores, pluses, slashes, colons or dashes, starting with a letter or digit; got %q", o.InstanceType)
		}
	}
}
