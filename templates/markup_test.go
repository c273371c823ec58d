package templates

import (
	"testing"
)

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
