package launch

import (
	"net/url"
	"strconv"
	"strings"

	"gpuplace/internal/locale"
)

// Query keys of GET /api/v1/advice/launch, beside the question's.
const (
	KeyFormat = "format"
	KeyAlt    = "alt"
)

// ReadKeys reads the launch keys of a query: the format (required) and
// the option (alt, absent for the pick, N ≥ 1 for the N-th alternative).
func ReadKeys(q url.Values) (Format, int, locale.FieldErrors) {
	var fe locale.FieldErrors
	f, ok := ParseFormat(q.Get(KeyFormat))
	if !ok {
		fe.Add(KeyFormat, "invalid.one_of3", string(SkyPilot), string(Dstack), string(Kubernetes))
	}
	alt := 0
	if s := strings.TrimSpace(q.Get(KeyAlt)); s != "" {
		n, err := strconv.Atoi(s)
		switch {
		case err != nil:
			fe.Add(KeyAlt, "invalid.whole.got", s)
		case n < 1:
			fe.Add(KeyAlt, "invalid.min", "1")
		default:
			alt = n
		}
	}
	return f, alt, fe
}
