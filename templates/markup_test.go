package templates

import "testing"

// Ensure the chart's points are written as the template wrote them: a
// circle sized and classed by its role, a triangle on the edge for one
// beyond the axes, and every tooltip escaped.
func TestPointsMarkup(t *testing.T) {
	points := []Point{
		{X: 156.14, Y: 149.25, Pareto: true, Pick: true, Detail: `aws:us-east-1:g4dn.xlarge/spot: $1,000.00, 31.3 ms`},
		{X: 10, Y: 20, Detail: `<b>"R&D" o'clock</b>`},
		{X: 620, Y: 230.2, Clipped: true, Pareto: true, Detail: "far & dear"},
	}
	want := `<circle cx="156.1" cy="149.2" r="7" class="pt pareto pick"><title>aws:us-east-1:g4dn.xlarge/spot: $1,000.00, 31.3 ms</title></circle>` +
		`<circle cx="10.0" cy="20.0" r="` + pointRadius(points[1]) + `" class="pt"><title>&lt;b&gt;&#34;R&amp;D&#34; o&#39;clock&lt;/b&gt;</title></circle>` +
		`<path d="M615.0 235.2 L625.0 235.2 L620.0 226.2 Z" class="pt clipped"><title>far &amp; dear</title></path>`
	if got := pointsMarkup(points); got != want {
		t.Errorf("pointsMarkup:\n got %s\nwant %s", got, want)
	}
}

// Ensure options are written as the template wrote them, values and labels
// escaped and the selected one marked.
func TestOptionsMarkup(t *testing.T) {
	got := optionsMarkup([]option{
		{Value: "aws:us-east-1", Label: "aws us-east-1 (N. Virginia)", Selected: true},
		{Value: `x"y`, Label: "R&D <lab>"},
	})
	want := `<option value="aws:us-east-1" selected>aws us-east-1 (N. Virginia)</option>` +
		`<option value="x&#34;y">R&amp;D &lt;lab&gt;</option>`
	if got != want {
		t.Errorf("optionsMarkup:\n got %s\nwant %s", got, want)
	}
}
