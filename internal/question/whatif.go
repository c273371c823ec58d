package question

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gpuplace/internal/advisor"
)

// Changed is the question q with c's parameter at its break-even:
// the load (average and peak) scaled, the months or the target set, or
// the pricing model left out. A value is rounded away from the question's
// so that the link asks a question on the new pick's side.
func Changed(q url.Values, req advisor.Request, c advisor.WhatIfChange) url.Values {
	out := url.Values{}
	for k, vs := range q {
		out[k] = slices.Clone(vs)
	}
	rounded := func(x float64, places int) float64 {
		p := math.Pow(10, float64(places))
		if c.To > c.From {
			return math.Ceil(x*p) / p
		}
		return math.Floor(x*p) / p
	}
	away := func(x float64, places int) string { return strconv.FormatFloat(rounded(x, places), 'f', -1, 64) }
	w := req.Workload
	switch c.Parameter {
	case advisor.WhatIfPeakRPS:
		f := c.To / c.From
		out.Set(KeyRPS, away(w.RPS*f, 2))
		out.Set(KeyPeakRPS, away(w.PeakRPS*f, 2))
	case advisor.WhatIfRPS:
		// Rounded away from the question's, but never past its peak.
		out.Set(KeyRPS, strconv.FormatFloat(min(rounded(c.To, 2), w.PeakRPS), 'f', -1, 64))
	case advisor.WhatIfMonths:
		out.Set(KeyMonths, strconv.Itoa(int(c.To)))
	case advisor.WhatIfLatencyMS:
		out.Set(KeyLatencyMS, away(c.To, 1))
	case advisor.WhatIfTTFTMS:
		out.Set(KeyTTFT, away(c.To, 1))
	case advisor.WhatIfTPOTMS:
		out.Set(KeyTPOT, away(c.To, 1))
	case advisor.WhatIfDeadline:
		out.Set(KeyDeadline, away(c.To, 2))
	case advisor.WhatIfPricing:
		var kept []string
		for _, pm := range req.Pricing {
			if pm != c.Left {
				kept = append(kept, string(pm))
			}
		}
		out.Set(KeyPricing, strings.Join(kept, ","))
	}
	return Canonical(out)
}
