package advisor

import (
	"testing"

	"gpuplace/internal/locale"
)

// Ensure every reason an offer is ruled out for has its name on the
// answer's page ("reason." and the reason), in both languages: a missing
// one shows the reader its key (reason.location_unknown).
func TestEveryReasonIsNamed(t *testing.T) {
	for _, r := range reasonOrder {
		if !locale.Has("reason." + r) {
			t.Errorf("reason %q has no message reason.%s", r, r)
		}
	}
}
