package locale

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Text is a sentence or phrase kept as a message id and its arguments, so
// that it can be said in any language: the advisor writes its answers this
// way and never formats a number itself.
type Text struct {
	ID   string `json:"id"`
	Args []Arg  `json:"args,omitempty"`
}

// Arg is one argument of a Text: a literal that reads the same in every
// language (an instance type, a region id), a word said in the reader's
// language (a message id such as "pricing.spot", or "country.DE"), a
// phrase of its own, or a number the reader's language formats (Num, with
// Fmt one of the Fmt constants).
type Arg struct {
	Value string   `json:"value,omitempty"`
	Word  string   `json:"word,omitempty"`
	Text  *Text    `json:"text,omitempty"`
	Num   *float64 `json:"num,omitempty"`
	Fmt   string   `json:"fmt,omitempty"`
}

// Number formats of an Arg.
const (
	FmtInt   = "int"   // a whole number, digits grouped: 1,281,167
	FmtNum   = "num"   // a figure: grouped when ≥ 100 or whole, else 3 significant digits
	FmtShort = "short" // the shortest form that reads back the same (%g), grouped from 1,000
	FmtPct   = "pct"   // a percentage without decimals
	FmtPct1  = "pct1"  // a percentage with one decimal, ".0" dropped
	FmtF1    = "f1"    // one decimal (milliseconds)
	FmtF2    = "f2"    // two decimals
	FmtHours = "hours" // hours: grouped whole hours from 100, two decimals down to 0.005, else two significant digits
	FmtMoney = "money" // an amount: grouped, two decimals under CentsBelow, else whole
	FmtCount = "count" // an expected count: two decimals, two significant digits under 0.1
	FmtSig3  = "sig3"  // three significant digits, never in exponent form: 0.0255, 0.00000294, 12.3
)

// New builds a Text: strings (and types of words, such as a workload
// kind) become literal values, ints whole numbers, Args and Texts are used
// as they are. Any other type is a programming error: format a number with
// Num and a Fmt.
func New(id string, args ...any) Text {
	t := Text{ID: id, Args: make([]Arg, len(args))}
	for i, a := range args {
		switch a := a.(type) {
		case Arg:
			t.Args[i] = a
		case Text:
			t.Args[i] = Arg{Text: &a}
		case string:
			t.Args[i] = Arg{Value: a}
		case int:
			t.Args[i] = Number(float64(a), FmtInt)
		default:
			v := reflect.ValueOf(a)
			if v.Kind() != reflect.String {
				panic(fmt.Sprintf("locale: New(%s): argument %d has type %T", id, i, a))
			}
			t.Args[i] = Arg{Value: v.String()}
		}
	}
	return t
}

// Word is an argument said in the reader's language: a message id.
func Word(id string) Arg { return Arg{Word: id} }

// Number is a numeric argument written in the reader's language by fmt.
// It keeps x as fmt shows it (0.0255, not 0.025520479261056512), so that
// the JSON, which carries the number, says what the page says; a figure
// whose rounded value would show otherwise (999.996 shows as 1,000.00,
// 1,000 as 1,000) keeps every digit.
func Number(x float64, fmt string) Arg {
	if fmt != FmtShort && !math.IsNaN(x) && !math.IsInf(x, 0) {
		shown := figures.Format(x, fmt)
		if r, err := strconv.ParseFloat(strings.ReplaceAll(shown, ",", ""), 64); err == nil && figures.Format(r, fmt) == shown {
			x = r
		}
	}
	return Arg{Num: &x, Fmt: fmt}
}

// Num is a plain figure (FmtNum).
func Num(x float64) Arg { return Number(x, FmtNum) }

// Pct is a whole percentage (FmtPct).
func Pct(x float64) Arg { return Number(x, FmtPct) }

// Pct1 is a percentage with one decimal (FmtPct1).
func Pct1(x float64) Arg { return Number(x, FmtPct1) }

// F1 is a figure with one decimal (FmtF1).
func F1(x float64) Arg { return Number(x, FmtF1) }

// F2 is a figure with two decimals (FmtF2).
func F2(x float64) Arg { return Number(x, FmtF2) }

// Hours is a duration in hours (FmtHours).
func Hours(x float64) Arg { return Number(x, FmtHours) }

// Money is an amount: grouped, cents under CentsBelow (FmtMoney).
func Money(x float64) Arg { return Number(x, FmtMoney) }

// Short is a figure in the shortest form that reads back the same (FmtShort).
func Short(x float64) Arg { return Number(x, FmtShort) }

// Sig3 is a figure to three significant digits (FmtSig3): a score people
// compare, which two decimals would round to 0.00.
func Sig3(x float64) Arg { return Number(x, FmtSig3) }

// Count is an expected count (FmtCount).
func Count(x float64) Arg { return Number(x, FmtCount) }

// Text renders t in the printer's language. A Text whose id no table has
// (a stored answer of an older release, say) shows its id; an empty one,
// nothing.
func (p Printer) Text(t Text) string {
	if t.ID == "" {
		return ""
	}
	format, ok := p.message(t.ID)
	if !ok {
		return t.ID
	}
	if len(t.Args) == 0 {
		return format
	}
	var room [16]string // an answer's longest message takes 15
	args := room[:0]
	for _, a := range t.Args {
		args = append(args, p.arg(a))
	}
	if s, ok := substitute(format, args); ok {
		return s
	}
	boxed := make([]any, len(args))
	for i, a := range args {
		boxed[i] = a
	}
	return fmt.Sprintf(format, boxed...)
}

// Texts renders each of ts.
func (p Printer) Texts(ts []Text) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = p.Text(t)
	}
	return out
}

// Sentences writes sentences one after another as the language does: a
// space between them in English, none after a Chinese full stop.
func (p Printer) Sentences(ss []string) string {
	if p.Lang() == ZH {
		return strings.Join(ss, "")
	}
	return strings.Join(ss, " ")
}

func (p Printer) arg(a Arg) string {
	switch {
	case a.Text != nil:
		return p.Text(*a.Text)
	case strings.HasPrefix(a.Word, "country."):
		code := strings.TrimPrefix(a.Word, "country.")
		return p.CountryName(code, p.countryName(code))
	case strings.HasPrefix(a.Word, cityPrefix):
		return p.City(strings.TrimPrefix(a.Word, cityPrefix))
	case a.Word != "":
		if s, ok := p.message(a.Word); ok {
			return s
		}
		return a.Word
	case a.Num != nil:
		return p.Format(*a.Num, a.Fmt)
	}
	return a.Value
}

// countryName is a country's English name from the printer's names (the
// catalog's), or its code.
func (p Printer) countryName(code string) string {
	if p.names != nil {
		if n := p.names(code); n != "" {
			return n
		}
	}
	return code
}

// Format writes x in one of the Fmt formats.
func (p Printer) Format(x float64, format string) string {
	switch format {
	case FmtInt:
		return p.Grouped(x, 0)
	case FmtNum:
		if x >= 100 || x == float64(int64(x)) {
			return p.Grouped(x, 0)
		}
		return strconv.FormatFloat(x, 'g', 3, 64)
	case FmtPct:
		return strconv.FormatFloat(roundTo(x, 0), 'f', 0, 64)
	case FmtPct1:
		return strings.TrimSuffix(strconv.FormatFloat(roundTo(x, 1), 'f', 1, 64), ".0")
	case FmtF1:
		return strconv.FormatFloat(x, 'f', 1, 64)
	case FmtF2:
		return strconv.FormatFloat(x, 'f', 2, 64)
	case FmtHours:
		if x >= 100 {
			return p.Grouped(x, 0)
		}
		if x != 0 && x < 0.005 && x > -0.005 {
			// Two decimals would read 0.00 (a job of seconds).
			return significant2(x)
		}
		return strconv.FormatFloat(x, 'f', 2, 64)
	case FmtMoney:
		return p.roundedMoney(x)
	case FmtSig3:
		return significant(x, 3)
	case FmtCount:
		if x != 0 && x < 0.1 && x > -0.1 {
			return significant2(x)
		}
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
	if format == FmtShort && math.Abs(x) >= 1000 && math.Abs(x) < 1e21 {
		// A target of 1000 ms reads "1,000 ms", as every count does.
		return group(strconv.FormatFloat(x, 'f', -1, 64))
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// Equal reports whether two Texts have the same id and arguments: whether
// they read the same in every language. It is Key(t) == Key(u) without
// encoding either.
func (t Text) Equal(u Text) bool {
	return t.ID == u.ID && slices.EqualFunc(t.Args, u.Args, func(a, b Arg) bool {
		return a.Value == b.Value && a.Word == b.Word && a.Fmt == b.Fmt &&
			(a.Text == b.Text || a.Text != nil && b.Text != nil && a.Text.Equal(*b.Text)) &&
			(a.Num == b.Num || a.Num != nil && b.Num != nil && *a.Num == *b.Num)
	})
}

// Key identifies a Text by its id and arguments, for telling two apart
// without rendering them.
func (t Text) Key() string {
	b, _ := json.Marshal(t)
	return string(b)
}

// significant writes x to n significant digits as a plain decimal, never
// in exponent form, trailing zeros after the point dropped; 0 as 0.
func significant(x float64, n int) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	places := max(n-1-int(math.Floor(math.Log10(math.Abs(x)))), 0)
	s := strconv.FormatFloat(x, 'f', places, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// significant2 writes x (0 < |x| < 0.1) with two significant digits as a
// plain decimal, never in exponent form ("0.000032", not "3.2e-05": an
// expected count or a job's hours a buyer reads), trailing zeros dropped;
// below 1e-8 it writes 0.
func significant2(x float64) string {
	places := min(1-int(math.Floor(math.Log10(math.Abs(x)))), 8)
	s := strings.TrimRight(strconv.FormatFloat(x, 'f', places, 64), "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-" || s == "" || s == "-0" {
		return "0"
	}
	return s
}
