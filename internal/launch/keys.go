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
	KeyRegion = "region"
)

// Keys are the launch keys of a query: the tool's format, the option (0
// for the pick, N for the N-th alternative) and its region (0 for every
// region, one YAML document each; N for the N-th region's alone, a file
// the tools that read one document a file take as it is).
type Keys struct {
	Format      Format
	Alt, Region int
}

// ReadKeys reads the launch keys of a query: the format is required, alt
// and region are whole numbers from 1 when given.
func ReadKeys(q url.Values) (Keys, locale.FieldErrors) {
	var fe locale.FieldErrors
	f, ok := ParseFormat(q.Get(KeyFormat))
	if !ok {
		fe.Add(KeyFormat, "invalid.one_of3", string(SkyPilot), string(Dstack), string(Kubernetes))
	}
	return Keys{Format: f, Alt: ordinal(q, KeyAlt, &fe), Region: ordinal(q, KeyRegion, &fe)}, fe
}

// ordinal reads key as a whole number from 1; 0 when it is absent.
func ordinal(q url.Values, key string, fe *locale.FieldErrors) int {
	s := strings.TrimSpace(q.Get(key))
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		fe.Add(key, "invalid.whole.got", s)
	case n < 1:
		fe.Add(key, "invalid.min", "1")
	default:
		return n
	}
	return 0
}
