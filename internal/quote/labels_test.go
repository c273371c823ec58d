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

// Ensure a line's unit prints as typed when a person added the line, and
// in words when it came from the recommendation.
func TestUnitLabel(t *testing.T) {
	for _, c := range []struct {
		lang       locale.Lang
		engine     bool
		unit, want string
	}{
		{locale.EN, false, "month", "month"},
		{locale.ZH, false, "month", "month"},
		{locale.EN, false, "hour", "hour"},
		{locale.EN, true, "month", "server-month"},
		{locale.ZH, true, "hour", "实例小时"},
		{locale.EN, true, "seat", "seat"},
	} {
		if got := (Line{Unit: c.unit, FromEngine: c.engine}).UnitLabel(locale.For(c.lang)); got != c.want {
			t.Errorf("%s line (engine %v) in %q prints %q, want %q", c.lang, c.engine, c.unit, got, c.want)
		}
	}
}
