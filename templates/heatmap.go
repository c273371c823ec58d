package templates

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/chart"
)

// HeatMapView is the metro round-trip heat map with its legend: the
// colour bins, how many pairs are measured and estimated, and where they
// come from.
type HeatMapView struct {
	Map                 chart.HeatMap
	Bins                []HeatBin
	Sources             []HeatSource
	Measured, Estimated int
}

// HeatBin is one colour of the legend.
type HeatBin struct {
	Class, Label string
}

// HeatSource is one source of the cells, with how many it gave and, for
// estimates, the methods used.
type HeatSource struct {
	Source    catalog.Source
	Estimated bool
	Cells     int
	Methods   []catalog.PairMethod
}
