package quote

import (
	"testing"

	"gpuplace/internal/locale"
)

// Ensure every field a quote's history names has a label in both
// languages, and a line's field names its line.
func TestFieldLabels(t *testing.T) {
	for field, key := range fieldLabels {
		if !locale.Has(key) {
			t.Errorf("field %s: message %s is not defined", field, key)
		}
	}
	if got := FieldLabel(locale.For(locale.EN), "lines[1].quantity"); got != "Line 2 · Quantity" {
		t.Errorf("FieldLabel(lines[1].quantity) = %q", got)
	}
}
