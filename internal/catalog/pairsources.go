package catalog

import (
	"cmp"
	"slices"
	"strings"
)

// PairSource is where metro pairs' round trips come from: a source (""
// for the catalog's own distance model), whether its figures are
// estimated, how many pairs it gives and, for estimates, the methods used.
type PairSource struct {
	Source    string
	Estimated bool
	Pairs     int
	Methods   []PairMethod
}

// PairMethod is one kind of estimate: its name (the text before the
// colon of a method), one full example and how many pairs used it.
type PairMethod struct {
	Name, Example string
	Pairs         int
}

// PairSources groups every metro pair (each once) by where its figure
// comes from, most pairs first; it also counts the measured and the
// estimated pairs.
func (c *Catalog) PairSources() (sources []PairSource, measured, estimated int) {
	type key struct {
		source    string
		estimated bool
	}
	groups := map[key]int{}
	for i := 1; i < len(c.Metros); i++ {
		for j := 0; j < i; j++ {
			p := c.Pair(i, j)
			if p.Estimated {
				estimated++
			} else {
				measured++
			}
			k := key{p.Source, p.Estimated}
			g, ok := groups[k]
			if !ok {
				g = len(sources)
				groups[k] = g
				sources = append(sources, PairSource{Source: p.Source, Estimated: p.Estimated})
			}
			sources[g].Pairs++
			if p.Estimated {
				sources[g].addMethod(p.Method)
			}
		}
	}
	slices.SortStableFunc(sources, func(a, b PairSource) int { return cmp.Compare(b.Pairs, a.Pairs) })
	return sources, measured, estimated
}

func (s *PairSource) addMethod(method string) {
	name, _, _ := strings.Cut(method, ":")
	for i := range s.Methods {
		if s.Methods[i].Name == name {
			s.Methods[i].Pairs++
			return
		}
	}
	s.Methods = append(s.Methods, PairMethod{Name: name, Example: method, Pairs: 1})
}

// PairsFrom lists a metro's pairs with every other metro, nearest first
// (none for a metro the catalog does not have).
func (c *Catalog) PairsFrom(metro string) []LatencyPair {
	fi := c.MetroIndex(metro)
	if fi < 0 {
		return nil
	}
	var out []LatencyPair
	for i := range c.Metros {
		if i != fi {
			p := c.Pair(fi, i)
			p.From, p.To = metro, c.Metros[i].ID
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b LatencyPair) int { return cmp.Compare(a.RTTMS, b.RTTMS) })
	return out
}

// MetroName names a metro by id, or by the id itself when the catalog
// does not have it.
func (c *Catalog) MetroName(id string) string {
	if m, ok := c.Metro(id); ok {
		return m.Name
	}
	return id
}
