package advisor

import (
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// How says in p's language how a figure was measured or derived:
// "TensorRT 8.6.0, INT8, offline".
func (b BasisFigure) How(p locale.Printer) string {
	var parts []string
	for i, s := range []string{b.Engine, b.Format, b.Scenario} {
		switch {
		case s == "":
			continue
		case i == 1:
			s = catalog.PrecisionLabel(s)
		case i == 2 && locale.Has("basis.scenario."+s):
			s = p.T("basis.scenario." + s)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// Device names what the figure was measured or derived on: its GPU, or
// its CPU (CPUs of one family, where they share an estimate).
func (b BasisFigure) Device() string {
	if b.CPUName != "" {
		return b.CPUName
	}
	return b.GPUName
}
