package web

import (
	"context"
	"strings"
	"testing"

	"gpuplace/internal/locale"
)

// Ensure a list's errors read in the order of its rows, whatever order the
// checks found them in.
func TestFormErrorsInRowOrder(t *testing.T) {
	fe := locale.FieldErrors{
		locale.Invalid("users[1].share", "invalid.number", "abc"),
		locale.Invalid("users[0].location", "invalid.number", "XX"),
		locale.Invalid("users[2].location", "invalid.number", "Narnia"),
	}
	got := formErrors(context.Background(), fe)["users"]
	if len(got) != 3 || !strings.HasPrefix(got[0], "row 1") || !strings.HasPrefix(got[1], "row 2") || !strings.HasPrefix(got[2], "row 3") {
		t.Errorf("users errors %q, want rows 1, 2, 3 in order", got)
	}
}
