package templates

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Heat map geometry (SVG user units). The matrix is symmetric, so the map
// draws each pair once: row i holds the pairs of metro i with metros 0..i-1.
const (
	hmCell     = 16.0
	hmLeft     = 130.0 // room for row labels
	hmTop      = 8.0
	hmBottom   = 118.0 // room for the slanted column labels
	hmRight    = 8.0
	hmLabelGap = 5.0
)

// hmEdges are the upper bounds (ms) of the colour bins; the last bin is
// open-ended.
var hmEdges = []float64{25, 50, 100, 150, 200, 300}

// HeatMap is the metro round-trip matrix laid out as SVG.
type HeatMap struct {
	Width, Height float64
	Cells         []HeatCell
	Rows, Cols    []HeatLabel
	Bins          []HeatBin
	Sources       []HeatSource
	Measured      int
	Estimated     int
}

// HeatCell is one metro pair.
type HeatCell struct {
	X, Y      float64
	Bin       int
	Estimated bool
	// Title says the pair, its round trip and where it comes from; it is
	// the cell's tooltip and its accessible name.
	Title string
}

// Class is the cell's CSS classes: its colour bin and whether estimated.
func (c HeatCell) Class() string {
	s := "cell h" + itoa(c.Bin)
	if c.Estimated {
		s += " est"
	}
	return s
}

// Mark is the diagonal stroke that hatches an estimated cell.
func (c HeatCell) Mark() string {
	return fmt.Sprintf("M%s %sL%s %s", fu(c.X+2), fu(c.Y+hmCell-3), fu(c.X+hmCell-3), fu(c.Y+2))
}

// fu formats a coordinate with no more places than it needs.
func fu(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// HeatLabel is a row or column label.
type HeatLabel struct {
	X, Y     float64
	Text     string
	Selected bool
}

// Rotate is the transform that slants a column label.
func (l HeatLabel) Rotate() string { return "rotate(-60 " + ff(l.X) + " " + ff(l.Y) + ")" }

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
	Methods   []HeatMethod
}

// HeatMethod is one kind of estimate: its name (the text before the colon
// of a method), one full example and how many cells used it.
type HeatMethod struct {
	Name, Example string
	Cells         int
}

// heatMapOf lays out every metro pair of the catalog; from (a metro id or
// "") marks its row and column labels.
func heatMapOf(ctx context.Context, c *catalog.Catalog, from string) HeatMap {
	n := len(c.Metros)
	side := float64(max(n-1, 0)) * hmCell
	h := HeatMap{Width: hmLeft + side + hmRight, Height: hmTop + side + hmBottom}
	for i, e := range hmEdges {
		lo := "0"
		if i > 0 {
			lo = fmtNum(hmEdges[i-1])
		}
		h.Bins = append(h.Bins, HeatBin{Class: "h" + itoa(i), Label: lo + "–" + fmtNum(e) + " ms"})
	}
	h.Bins = append(h.Bins, HeatBin{Class: "h" + itoa(len(hmEdges)), Label: "≥ " + fmtNum(hmEdges[len(hmEdges)-1]) + " ms"})

	type key struct {
		source    string
		estimated bool
	}
	groups := map[key]*HeatSource{}
	var order []key
	for i := 1; i < n; i++ {
		y := hmTop + float64(i-1)*hmCell
		h.Rows = append(h.Rows, HeatLabel{X: hmLeft - hmLabelGap, Y: y + hmCell*0.72, Text: labelName(c.Metros[i].Name), Selected: c.Metros[i].ID == from})
		for j := 0; j < i; j++ {
			p := c.Pair(i, j)
			cell := HeatCell{X: hmLeft + float64(j)*hmCell, Y: y, Bin: heatBin(p.RTTMS), Estimated: p.Estimated,
				Title: pairTitle(ctx, c, c.Metros[i].Name, c.Metros[j].Name, p)}
			h.Cells = append(h.Cells, cell)
			if p.Estimated {
				h.Estimated++
			} else {
				h.Measured++
			}
			k := key{p.Source, p.Estimated}
			g, ok := groups[k]
			if !ok {
				g = &HeatSource{Source: pairSource(ctx, c, p.Source), Estimated: p.Estimated}
				groups[k] = g
				order = append(order, k)
			}
			g.Cells++
			if p.Estimated {
				g.addMethod(p.Method)
			}
		}
	}
	for j := 0; j < n-1; j++ {
		x := hmLeft + float64(j)*hmCell + hmCell/2
		h.Cols = append(h.Cols, HeatLabel{X: x + 4, Y: hmTop + side + hmLabelGap, Text: labelName(c.Metros[j].Name), Selected: c.Metros[j].ID == from})
	}
	for _, k := range order {
		h.Sources = append(h.Sources, *groups[k])
	}
	slices.SortStableFunc(h.Sources, func(a, b HeatSource) int { return cmp.Compare(b.Cells, a.Cells) })
	return h
}

func (g *HeatSource) addMethod(method string) {
	name, _, _ := strings.Cut(method, ":")
	for i := range g.Methods {
		if g.Methods[i].Name == name {
			g.Methods[i].Cells++
			return
		}
	}
	g.Methods = append(g.Methods, HeatMethod{Name: name, Example: method, Cells: 1})
}

// heatBin is the colour bin of a round trip.
func heatBin(ms float64) int {
	for i, e := range hmEdges {
		if ms < e {
			return i
		}
	}
	return len(hmEdges)
}

// pairSource names where a pair comes from; pairs the data lacks are the
// catalog's own distance model.
func pairSource(ctx context.Context, c *catalog.Catalog, id string) catalog.Source {
	if id == "" {
		return catalog.Source{Title: locale.T(ctx, "explorer.lat.model")}
	}
	return c.SourceOrID(id)
}

// pairTitle describes one pair for its tooltip and screen readers.
func pairTitle(ctx context.Context, c *catalog.Catalog, a, b string, p catalog.LatencyPair) string {
	kind := locale.T(ctx, "explorer.measured")
	if p.Estimated {
		kind = locale.T(ctx, "explorer.estimated")
	}
	figure := locale.Tf(ctx, "explorer.lat.ms", fmtMS(p.RTTMS))
	if p.Statistic != "" && p.Statistic != "estimate" {
		figure += " (" + p.Statistic + ")"
	}
	s := locale.Tf(ctx, "explorer.lat.cell", a, b, figure, kind, shortSource(pairSource(ctx, c, p.Source)).Title, p.Date)
	if p.Method != "" {
		s += " " + locale.Tf(ctx, "explorer.lat.method", p.Method)
	}
	return s
}

// shortSource keeps a source's title up to its first parenthesis: the
// legend has the full title, and 1,600 tooltips had better be short.
func shortSource(s catalog.Source) catalog.Source {
	s.Title, _, _ = strings.Cut(s.Title, " (")
	return s
}

// labelName shortens a metro name for an axis label: "Ashburn (N.
// Virginia)" is "Ashburn"; the cells' titles keep the full name.
func labelName(name string) string {
	short, _, _ := strings.Cut(name, " (")
	return short
}
