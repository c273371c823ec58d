package web

import (
	"net/url"
	"strconv"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// The query keys of /advice and GET /api/v1/advice (API.md). The page URL
// is the share link, so every input has a key.
const (
	keyKind       = "kind"
	keyProfile    = "profile"
	keyPrecision  = "precision"
	keySamples    = "samples"
	keyEpochs     = "epochs"
	keyDeadline   = "deadline_hours"
	keyRPS        = "rps"
	keyPeakRPS    = "peak_rps"
	keyResponseKB = "response_kb"
	keyLatencyMS  = "latency_ms"
	keyMonths     = "months"
	keyInTokens   = "input_tokens"
	keyOutTokens  = "output_tokens"
	keyTTFT       = "ttft_ms"
	keyTPOT       = "tpot_ms"
	keyUsers      = "users"
	keyGDPR       = "gdpr"
	keyCountries  = "countries"
	keyDatasetGB  = "dataset_gb"
	keyDataLoc    = "data_location"
	keyPricing    = "pricing"
	keyCheckpoint = "checkpoint_minutes"
	keyProviders  = "providers"
	keyGPUs       = "gpus"
	keyBudget     = "budget"
	keyObjective  = "objective"
	keyCurrency   = "currency"
	keyLang       = "lang"
	// The API's alone: how many of the chart's candidates an answer lists.
	keyCandidates = "candidates"

	// The form's user rows, folded into "users" by canonicalQuery.
	keyUserLocation = "user_location"
	keyUserShare    = "user_share"
)

// fieldKeys maps a request field (as locale.FieldErrors name it) to the
// query key that carries it, so form errors land beside their input.
var fieldKeys = map[string]string{
	"workload.kind": keyKind, "workload.profile": keyProfile, "workload.precision": keyPrecision,
	"workload.samples": keySamples, "workload.epochs": keyEpochs, "workload.deadline_hours": keyDeadline,
	"workload.rps": keyRPS, "workload.peak_rps": keyPeakRPS, "workload.response_kb": keyResponseKB,
	"workload.latency_ms": keyLatencyMS, "workload.months": keyMonths,
	"workload.input_tokens": keyInTokens, "workload.output_tokens": keyOutTokens, "workload.ttft_ms": keyTTFT, "workload.tpot_ms": keyTPOT, "users": keyUsers, "gdpr": keyGDPR, "countries": keyCountries,
	"data.dataset_gb": keyDatasetGB, "data.location": keyDataLoc, "pricing": keyPricing,
	"checkpoint_minutes": keyCheckpoint, "providers": keyProviders, "gpus": keyGPUs, "budget": keyBudget,
	"objective": keyObjective, "currency": keyCurrency,
}

// keyOfField returns the query key of a request field; list entries such as
// "users[2].share" or "pricing[0]" map to their list's key.
func keyOfField(field string) string {
	base := field
	if i := strings.IndexByte(base, '['); i >= 0 {
		base = base[:i]
	}
	if k, ok := fieldKeys[base]; ok {
		return k
	}
	if k, ok := fieldKeys[field]; ok {
		return k
	}
	return base
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// canonicalQuery turns what a form sent into the share-link query: the user
// rows become one "users" key, empty fields and fields of the other
// workload kind are dropped, and keys come out sorted (url.Values.Encode).
func canonicalQuery(q url.Values) url.Values {
	out := url.Values{}
	for k, vs := range q {
		if k == keyUserLocation || k == keyUserShare || len(vs) == 0 {
			continue
		}
		v := strings.TrimSpace(strings.Join(vs, ","))
		if v != "" {
			out.Set(k, v)
		}
	}
	if locs := q[keyUserLocation]; len(locs) > 0 {
		shares := q[keyUserShare]
		var rows []string
		for i, loc := range locs {
			loc = strings.TrimSpace(loc)
			if loc == "" {
				continue
			}
			share := ""
			if i < len(shares) {
				share = strings.TrimSpace(shares[i])
			}
			if share == "" {
				share = "1"
			}
			rows = append(rows, loc+":"+share)
		}
		if len(rows) > 0 {
			out.Set(keyUsers, strings.Join(rows, ","))
		} else {
			out.Del(keyUsers)
		}
	}
	var drop []string
	switch out.Get(keyKind) {
	case catalog.KindTraining:
		drop = []string{keyRPS, keyPeakRPS, keyResponseKB, keyLatencyMS, keyMonths, keyInTokens, keyOutTokens, keyTTFT, keyTPOT}
	case catalog.KindInference:
		drop = []string{keySamples, keyEpochs, keyDeadline, keyDatasetGB, keyDataLoc, keyCheckpoint}
	}
	for _, k := range drop {
		out.Del(k)
	}
	return out
}

// isCanonical reports whether a query is already in share-link form.
func isCanonical(q url.Values) bool {
	return canonicalQuery(q).Encode() == q.Encode()
}

// queryOf encodes a request as the query keys of its share link: the
// inverse of requestFromQuery for every field the request sets.
func queryOf(req advisor.Request) url.Values {
	q := url.Values{}
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	num := func(k string, x float64) {
		if x != 0 {
			q.Set(k, strconv.FormatFloat(x, 'f', -1, 64))
		}
	}
	w := req.Workload
	set(keyKind, w.Kind)
	set(keyProfile, w.Profile)
	set(keyPrecision, w.Precision)
	num(keySamples, float64(w.Samples))
	num(keyEpochs, float64(w.Epochs))
	num(keyDeadline, w.DeadlineHours)
	num(keyRPS, w.RPS)
	num(keyPeakRPS, w.PeakRPS)
	num(keyResponseKB, w.ResponseKB)
	num(keyLatencyMS, w.LatencyMS)
	num(keyMonths, float64(w.Months))
	num(keyInTokens, float64(w.InputTokens))
	num(keyOutTokens, float64(w.OutputTokens))
	num(keyTTFT, w.TTFTMS)
	num(keyTPOT, w.TPOTMS)
	var users []string
	for _, u := range req.Users {
		users = append(users, u.Location+":"+strconv.FormatFloat(u.Share, 'f', -1, 64))
	}
	set(keyUsers, strings.Join(users, ","))
	set(keyGDPR, req.GDPR)
	set(keyCountries, strings.Join(req.Countries, ","))
	num(keyDatasetGB, req.Data.DatasetGB)
	set(keyDataLoc, req.Data.Location)
	set(keyPricing, strings.Join(req.Pricing, ","))
	if req.CheckpointMinutes != nil {
		q.Set(keyCheckpoint, strconv.FormatFloat(*req.CheckpointMinutes, 'f', -1, 64))
	}
	set(keyProviders, strings.Join(req.Providers, ","))
	set(keyGPUs, strings.Join(req.GPUs, ","))
	if req.Budget != nil {
		q.Set(keyBudget, req.Budget.String())
	}
	set(keyObjective, req.Objective)
	set(keyCurrency, req.Currency)
	return q
}
