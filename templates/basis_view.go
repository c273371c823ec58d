package templates

import (
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// BasisRow is one row of the page's basis table: a figure of the answer's
// basis, or the measured servers behind a CPU estimate gathered in one
// row (their figures side by side, their submitters named).
type BasisRow struct {
	advisor.BasisFigure
	// Values are the measured servers' figures, when the row gathers them.
	Values []float64
	// Submitters name those servers' submitters, in the same order.
	Submitters []string
}

// BasisRows is the basis as the page shows it: the measured servers of
// one CPU, profile and source, which follow one another in the answer,
// in one row.
func BasisRows(basis []advisor.BasisFigure) []BasisRow {
	var out []BasisRow
	for _, b := range basis {
		if b.Scenario == advisor.ScenarioMeasuredServer {
			if n := len(out); n > 0 {
				last := &out[n-1]
				if last.Values != nil && last.CPU == b.CPU && last.Profile == b.Profile && last.Source == b.Source {
					last.Values = append(last.Values, b.Value)
					last.Submitters = append(last.Submitters, submitterOf(b))
					continue
				}
			}
			out = append(out, BasisRow{BasisFigure: b, Values: []float64{b.Value}, Submitters: []string{submitterOf(b)}})
			continue
		}
		out = append(out, BasisRow{BasisFigure: b})
	}
	return out
}

// submitterOf is who submitted a measured server's figure, as people
// write it ("Quanta Cloud Technology").
func submitterOf(b advisor.BasisFigure) string { return strings.ReplaceAll(b.Submitter, "_", " ") }

// Figures are a gathered row's figures, as people read them: "16,007 ·
// 16,307 · 16,506".
func (r BasisRow) Figures() string {
	parts := make([]string, len(r.Values))
	for i, v := range r.Values {
		parts[i] = locale.Figure(v)
	}
	return strings.Join(parts, " · ")
}

// UnitIn is the row's unit in p's language, where the page has words for
// it ("output tokens/s per GPU"); else as the figure gives it.
func (r BasisRow) UnitIn(p locale.Printer) string {
	if k := "basis.unit." + r.Unit; locale.Has(k) {
		return p.T(k)
	}
	return r.Unit
}
