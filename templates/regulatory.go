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

// RegulatoryLines are the decision card's lines on the law and borders
// an option meets: its regulatory risks, each with its source where the
// catalog has one — for a place in mainland China (a country where
// serving the public needs an ICP filing) the ICP filing, the account of
// its own, the filtered border; for users served across that border
// what crossing it costs them (PIPL), and for a language model offered
// to the public there the generative-AI filing. Mainland is true where
// the option serves from such a country (the lines' heading says so).
// None for an option without regulatory risks.
func RegulatoryLines(cat *catalog.Catalog, o *advisor.Option) (lines []SourcedLine, mainland bool) {
	if o == nil {
		return nil, false
	}
	for _, r := range o.Risks {
		if r.Kind != advisor.RiskRegulatory {
			continue
		}
		l := SourcedLine{Risk: r}
		if src, ok := cat.Source(r.Source); cat != nil && ok && r.Source != "" {
			l.SourceTitle, l.SourceURL = src.Title, src.URL
		}
		lines = append(lines, l)
	}
	mainland = cat != nil && slices.ContainsFunc(o.Placements, func(p advisor.Placement) bool {
		c, ok := cat.Country(p.Country)
		return ok && c.ICPRequired
	})
	return lines, mainland
}
