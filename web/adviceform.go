package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/templates"
)

// adviceForm is the placement question as one parse of its query reads it:
// the request for the advisor, the form as the visitor filled it, and
// every field at fault.
type adviceForm struct {
	req  advisor.Request
	view templates.AdviceForm
	// errs holds what did not parse together with what the domain refuses
	// in the rest, so a page shows every error at once.
	errs locale.FieldErrors
}

// shownUserRows is how many rows of a users list over advisor.MaxUsers the
// form keeps and shows back.
const shownUserRows = 20

// parseAdviceForm reads the query keys of /advice and GET /api/v1/advice.
// Values that do not parse (a word where a number belongs) are field
// errors; the rest is validated by the advisor.
func parseAdviceForm(cat *catalog.Catalog, q url.Values) adviceForm {
	p := formParser{q: q}
	f := &p.form
	w := &f.req.Workload
	v := &f.view
	w.Kind, v.Kind = p.text(keyKind), p.text(keyKind)
	w.Profile, v.Profile = p.text(keyProfile), p.text(keyProfile)
	w.Precision, v.Precision = p.text(keyPrecision), p.text(keyPrecision)
	w.Samples, v.Samples = p.whole(keySamples, "workload.samples")
	var epochs, months int64
	epochs, v.Epochs = p.whole(keyEpochs, "workload.epochs")
	months, v.Months = p.whole(keyMonths, "workload.months")
	w.Epochs, w.Months = clampInt(epochs), clampInt(months)
	var in, out int64
	in, v.InputTokens = p.whole(keyInTokens, "workload.input_tokens")
	out, v.OutputTokens = p.whole(keyOutTokens, "workload.output_tokens")
	w.InputTokens, w.OutputTokens = clampInt(in), clampInt(out)
	w.TTFTMS, v.TTFTMS = p.number(keyTTFT, "workload.ttft_ms")
	w.TPOTMS, v.TPOTMS = p.number(keyTPOT, "workload.tpot_ms")
	w.DeadlineHours, v.DeadlineHours = p.number(keyDeadline, "workload.deadline_hours")
	w.RPS, v.RPS = p.number(keyRPS, "workload.rps")
	w.PeakRPS, v.PeakRPS = p.number(keyPeakRPS, "workload.peak_rps")
	w.ResponseKB, v.ResponseKB = p.number(keyResponseKB, "workload.response_kb")
	w.LatencyMS, v.LatencyMS = p.number(keyLatencyMS, "workload.latency_ms")
	p.users()
	f.req.GDPR, v.GDPR = p.text(keyGDPR), p.text(keyGDPR)
	for _, c := range splitList(q.Get(keyCountries)) {
		f.req.Countries = append(f.req.Countries, strings.ToUpper(c))
	}
	v.Countries = p.text(keyCountries)
	f.req.Data.DatasetGB, v.DatasetGB = p.number(keyDatasetGB, "data.dataset_gb")
	f.req.Data.Location, v.DataLocation = p.text(keyDataLoc), p.text(keyDataLoc)
	f.req.Pricing, v.Pricing = splitList(q.Get(keyPricing)), splitList(q.Get(keyPricing))
	if m, text := p.number(keyCheckpoint, "checkpoint_minutes"); text != "" {
		f.req.CheckpointMinutes, v.CheckpointMinutes = &m, text
	}
	f.req.Providers, v.Providers = splitList(q.Get(keyProviders)), splitList(q.Get(keyProviders))
	f.req.GPUs, v.GPUs = splitList(q.Get(keyGPUs)), splitList(q.Get(keyGPUs))
	f.req.Budget, v.Budget = p.amount(keyBudget, "budget")
	f.req.Objective, v.Objective = p.text(keyObjective), p.text(keyObjective)
	f.req.Currency = strings.ToUpper(p.text(keyCurrency))
	v.Currency = f.req.Currency
	if len(f.errs) > 0 {
		f.errs = f.errs.Merge(advisor.Check(cat, f.req))
	}
	return p.form
}

// formParser reads one query into an adviceForm, collecting the fields
// that do not parse.
type formParser struct {
	q    url.Values
	form adviceForm
}

func (p *formParser) text(key string) string { return strings.TrimSpace(p.q.Get(key)) }

// number reads a decimal number; it returns the text as typed too.
func (p *formParser) number(key, field string) (float64, string) {
	s := p.text(key)
	if s == "" {
		return 0, s
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		p.form.errs.Add(field, "invalid.number.got", s)
	}
	return x, s
}

// whole reads a whole number; it returns the text as typed too.
func (p *formParser) whole(key, field string) (int64, string) {
	s := p.text(key)
	if s == "" {
		return 0, s
	}
	x, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		p.form.errs.Add(field, "invalid.whole.got", s)
	}
	return x, s
}

// amount reads an amount of money, nil when absent.
func (p *formParser) amount(key, field string) (*decimal.Decimal, string) {
	s := p.text(key)
	if s == "" {
		return nil, s
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		p.form.errs.Add(field, "invalid.amount.got", s)
		return nil, s
	}
	return &d, s
}

// users reads "DE:60,US:30": locations with relative shares; a location
// without a share gets 1. A list over advisor.MaxUsers is read only as far
// as the rows the form shows back, and the request gets one group past the
// cap, which validation then refuses once, instead of a message for each
// of thousands of rows.
func (p *formParser) users() {
	parts := splitList(p.q.Get(keyUsers))
	f := &p.form
	if len(parts) > advisor.MaxUsers {
		f.req.Users = make([]advisor.UserShare, advisor.MaxUsers+1)
		f.view.UsersOver = len(parts)
		parts = parts[:shownUserRows]
	}
	for i, part := range parts {
		loc, share, hasShare := strings.Cut(part, ":")
		u := advisor.UserShare{Location: normLocation(loc), Share: 1}
		share = strings.TrimSpace(share)
		if hasShare {
			x, err := strconv.ParseFloat(share, 64)
			if err != nil && f.view.UsersOver == 0 {
				f.errs.Add(fmt.Sprintf("users[%d].share", i), "invalid.number.got", share)
			}
			u.Share = x
		}
		f.view.Users = append(f.view.Users, templates.UserRow{Location: strings.TrimSpace(loc), Share: share})
		if f.view.UsersOver == 0 {
			f.req.Users = append(f.req.Users, u)
		}
	}
}

// clampInt narrows an int64 to int, saturating so that range checks still
// see an absurd value as absurd.
func clampInt(x int64) int {
	const maxInt = int64(^uint32(0) >> 1)
	return int(max(-maxInt, min(maxInt, x)))
}

// normLocation writes countries in upper case (de → DE) and metros in lower
// case (FRA → fra): country codes have two letters, metro ids three or more.
func normLocation(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 2 {
		return strings.ToUpper(s)
	}
	return strings.ToLower(s)
}
