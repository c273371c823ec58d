package templates

import (
	"slices"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// SourcedLine is a sentence of the answer with the source of the fact it
// rests on: its title and address ("" where the catalog has none).
type SourcedLine struct {
	Risk        advisor.Risk
	SourceTitle string
	SourceURL   string
}

// MainlandLines are the decision card's lines of an option that serves
// from mainland China (a country where serving the public needs an ICP
// filing): its regulatory risks — the ICP filing, the account of its own,
// the filtered border, and what else law asks there — each with its
// source where the catalog has one. None for an option that does not.
func MainlandLines(cat *catalog.Catalog, o *advisor.Option) []SourcedLine {
	if cat == nil || o == nil || !slices.ContainsFunc(o.Placements, func(p advisor.Placement) bool {
		c, ok := cat.Country(p.Country)
		return ok && c.ICPRequired
	}) {
		return nil
	}
	var out []SourcedLine
	for _, r := range o.Risks {
		if r.Kind != advisor.RiskRegulatory {
			continue
		}
		l := SourcedLine{Risk: r}
		if src, ok := cat.Source(r.Source); ok && r.Source != "" {
			l.SourceTitle, l.SourceURL = src.Title, src.URL
		}
		out = append(out, l)
	}
	return out
}
