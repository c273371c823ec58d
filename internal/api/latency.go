package api

import (
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// LatencyQuery names the metros of GET /api/v1/latency: the round trip
// from From to To, or from From to every other metro when To is empty.
type LatencyQuery struct {
	From string `json:"from" jsonschema:"a metro id (ams, fra, iad, sin…) as /api/v1/regions gives them"`
	To   string `json:"to,omitempty" jsonschema:"a metro id; empty: every other metro"`
}

// LatencyJSON is the body of GET /api/v1/latency: round trips with their
// statistic and source, estimated ones marked.
type LatencyJSON struct {
	Pairs []catalog.LatencyPair `json:"pairs"`
}

// Latency answers q from the catalog's figures; an unknown metro is a
// field error.
func Latency(cat *catalog.Catalog, q LatencyQuery) (LatencyJSON, error) {
	fi := cat.MetroIndex(q.From)
	if fi < 0 {
		return LatencyJSON{}, locale.FieldErrors{locale.Invalid("from", "invalid.metro", q.From)}
	}
	if q.To != "" {
		ti := cat.MetroIndex(q.To)
		if ti < 0 {
			return LatencyJSON{}, locale.FieldErrors{locale.Invalid("to", "invalid.metro", q.To)}
		}
		return LatencyJSON{Pairs: []catalog.LatencyPair{cat.Pair(fi, ti)}}, nil
	}
	out := LatencyJSON{Pairs: []catalog.LatencyPair{}}
	for i := range cat.Metros {
		if i != fi {
			out.Pairs = append(out.Pairs, cat.Pair(fi, i))
		}
	}
	return out, nil
}
