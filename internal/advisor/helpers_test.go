package advisor_test

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// loadReal loads the embedded catalog once for every test, fuzz target and
// benchmark of the package; a Catalog is read-only, so sharing it is safe.
var loadReal = sync.OnceValues(func() (*catalog.Catalog, error) { return catalog.Load(data.FS) })

// realCatalog returns the embedded catalog.
func realCatalog(tb testing.TB) *catalog.Catalog {
	tb.Helper()
	cat, err := loadReal()
	if err != nil {
		tb.Fatalf("catalog.Load(data.FS) error:\n%v", err)
	}
	return cat
}

// answerJSON is Recommend's answer to req as JSON, to compare answers to
// the byte.
func answerJSON(t *testing.T, cat *catalog.Catalog, req advisor.Request) string {
	t.Helper()
	res, err := advisor.Recommend(cat, req)
	if err != nil {
		t.Fatalf("Recommend(%+v) error: %v", req, err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// wantAgreeAtOnce asks req of 8 answers at once and wants each to be want.
func wantAgreeAtOnce(t *testing.T, cat *catalog.Catalog, req advisor.Request, want string) {
	t.Helper()
	var wg sync.WaitGroup
	got := make([]string, 8)
	for k := range got {
		wg.Go(func() { got[k] = answerJSON(t, cat, req) })
	}
	wg.Wait()
	for k, g := range got {
		if g != want {
			t.Errorf("answer %d of 8 at once differs from the first", k)
		}
	}
}

// handCatalog loads testdata/hand, the pencil-and-paper catalog described in
// testdata/hand/README.md.
func handCatalog(tb testing.TB) *catalog.Catalog {
	tb.Helper()
	cat, err := catalog.Load(os.DirFS("testdata/hand"))
	if err != nil {
		tb.Fatalf("catalog.Load(testdata/hand) error:\n%v", err)
	}
	return cat
}

// recommend runs Recommend and fails the test on an error.
func recommend(tb testing.TB, cat *catalog.Catalog, req advisor.Request) advisor.Result {
	tb.Helper()
	res, err := advisor.Recommend(cat, req)
	if err != nil {
		tb.Fatalf("Recommend() error = %v", err)
	}
	return res
}

// options returns the pick and the alternatives, best first.
func options(res advisor.Result) []advisor.Option {
	var out []advisor.Option
	if res.Pick != nil {
		out = append(out, *res.Pick)
	}
	return append(out, res.Alternatives...)
}

// placementID is a placement's offer id, "provider:region:instance_type".
func placementID(p advisor.Placement) string {
	return p.Provider + ":" + p.Region + ":" + p.InstanceType
}

// optionFor finds the single-region option on one offer among the pick and
// the alternatives, failing the test when it is not there.
func optionFor(tb testing.TB, res advisor.Result, offerID string) advisor.Option {
	tb.Helper()
	var seen []string
	for _, o := range options(res) {
		if len(o.Placements) == 1 && placementID(o.Placements[0]) == offerID {
			return o
		}
		ids := make([]string, len(o.Placements))
		for i, p := range o.Placements {
			ids[i] = placementID(p)
		}
		seen = append(seen, strings.Join(ids, "+"))
	}
	tb.Fatalf("Recommend() has no option on %s; options: %v; excluded: %+v", offerID, seen, res.Excluded)
	return advisor.Option{}
}

// linesOf returns an option's lines of one item (compute, storage, …).
func linesOf(o advisor.Option, item string) []advisor.Line {
	var out []advisor.Line
	for _, l := range o.Lines {
		if l.Item == item {
			out = append(out, l)
		}
	}
	return out
}

// sumLines adds up the amounts of lines.
func sumLines(lines []advisor.Line) decimal.Decimal {
	total := decimal.Zero
	for _, l := range lines {
		total = total.Add(l.Amount)
	}
	return total
}

// dec parses a decimal literal of a test table.
func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// ptr returns a pointer to v, for optional request fields.
func ptr[T any](v T) *T { return &v }

// fieldErrors unwraps a locale.FieldErrors, failing when err is another
// kind of error or when a field error has no field or message.
func fieldErrors(tb testing.TB, err error) locale.FieldErrors {
	tb.Helper()
	var fe locale.FieldErrors
	if !errors.As(err, &fe) {
		tb.Fatalf("error = %v (%T), want locale.FieldErrors", err, err)
	}
	if len(fe) == 0 {
		tb.Fatalf("error = empty locale.FieldErrors, want at least one field")
	}
	for _, e := range fe {
		if e.Field == "" || e.Message.ID == "" {
			tb.Fatalf("field error %+v has no field or no message (all: %v)", e, fe)
		}
	}
	return fe
}

// near reports whether got is within tol of want.
func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// wantLine checks one estimate line's quantity, unit price and amount.
func wantLine(tb testing.TB, what string, l advisor.Line, qty, unitPrice, amount string) {
	tb.Helper()
	if !l.Quantity.Equal(dec(qty)) || !l.UnitPrice.Equal(dec(unitPrice)) || !l.Amount.Equal(dec(amount)) {
		tb.Errorf("Recommend() %s line = %s × %s = %s (%q), want %s × %s = %s",
			what, l.Quantity, l.UnitPrice, l.Amount, locale.For(locale.EN).Text(l.DescriptionText), qty, unitPrice, amount)
	}
}

// say renders a Text in English, countries named as cat names them.
func say(cat *catalog.Catalog, t locale.Text) string {
	return locale.For(locale.EN).WithCountryNames(func(code string) string {
		c, _ := cat.Country(code)
		return c.Name
	}).Text(t)
}

// sayAll renders Texts in English.
func sayAll(cat *catalog.Catalog, ts []locale.Text) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = say(cat, t)
	}
	return out
}

// explanation is an option's sentences in English, joined.
func explanation(cat *catalog.Catalog, o advisor.Option) string {
	return strings.Join(sayAll(cat, o.Why), " ")
}

// tradeOff is an alternative's trade-off in English, or "".
func tradeOff(cat *catalog.Catalog, o advisor.Option) string {
	if o.TradeOffText == nil {
		return ""
	}
	return say(cat, *o.TradeOffText)
}
