package serving

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteErrorTable prints a validation's held-out errors by group and
// overall, one line each.
func WriteErrorTable(w io.Writer, v Validation) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "group\tpoints\tmedian %\tp90 %\tmax %\tworst ratio\t")
	for _, g := range append(v.Groups, v.Overall) {
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%.1f\t%.2f×\t\n", g.Group, g.Points, g.MedianPct, g.P90Pct, g.MaxPct, g.MaxRatio)
	}
	tw.Flush()
}
