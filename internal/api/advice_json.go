package api

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// The answer's JSON is most of what a new API question costs after the
// advisor: encoding/json spent a fifth of it finding fields by reflection.
// advice_json_gen.go writes the same bytes with one appender per type,
// generated from the types' fields and json tags (which stay the one place
// the shape is said); TestAdviceJSONAsEncodingJSON holds them to
// encoding/json byte for byte.
//
// Kept against github.com/go-json-experiment/json (the upstream of
// encoding/json/v2), set to write the same bytes, because a new question
// costs more than 10 % more with it. Measured in December 2026 (go1.26.8,
// two cores shared with other work; medians of ten runs, each comparing
// within itself): writing the performance figures' answer took it 351 µs
// with 432 allocations, the appenders 105 µs with none (3.1×;
// BenchmarkAdviceJSONLibrary); through the handler, gzip asked for, a new
// such question took 1.21× the time and 1.21× the CPU (1.45 ms against
// 1.17), a language model's 1.11× and 1.09× (3.33 ms against 2.91; both
// web.BenchmarkAnswerJSON, side by side). The library's benchmarks build
// only with -tags jsonbench: the module does not build with Go 1.27.3.
// Measure again before the generator needs more than it writes now.
//go:generate go run -tags jsongen ./internal/jsongen -o advice_json_gen.go

// AppendAdviceJSON appends a as JSON and a newline to b: the bytes, and
// the error, of json.NewEncoder(…).Encode(a).
func AppendAdviceJSON(b []byte, a *AdviceJSON) ([]byte, error) {
	w := jsonWriter{b: b}
	w.apiAdviceJSON(a)
	if w.err != nil {
		return b, w.err
	}
	return append(w.b, '\n'), nil
}

// jsonWriter is what the generated appenders write with: the bytes so far
// and the first error (a number JSON cannot hold).
type jsonWriter struct {
	b   []byte
	err error
}

func (w *jsonWriter) raw(s string) { w.b = append(w.b, s...) }

func (w *jsonWriter) int(i int64) { w.b = strconv.AppendInt(w.b, i, 10) }

func (w *jsonWriter) uint(u uint64) { w.b = strconv.AppendUint(w.b, u, 10) }

func (w *jsonWriter) bool(v bool) { w.b = strconv.AppendBool(w.b, v) }

// float writes f as encoding/json does: the shortest decimal that reads
// back the same, in exponent form below 1e-6 and from 1e21 (with no
// leading zero in the exponent); NaN and infinities are an error.
func (w *jsonWriter) float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if w.err == nil {
			w.err = unsupportedValue(strconv.FormatFloat(f, 'g', -1, 64))
		}
		w.b = append(w.b, "null"...)
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	w.b = strconv.AppendFloat(w.b, f, format, -1, 64)
	if n := len(w.b); format == 'e' && n >= 4 && w.b[n-4] == 'e' && w.b[n-3] == '-' && w.b[n-2] == '0' {
		w.b[n-2] = w.b[n-1]
		w.b = w.b[:n-1]
	}
}

// unsupportedValue is encoding/json's error for a number JSON cannot hold.
type unsupportedValue string

func (u unsupportedValue) Error() string { return "json: unsupported value: " + string(u) }

// htmlSafe marks the ASCII bytes a JSON string holds as they are when
// HTML characters are escaped (encoding/json's default): not control
// characters, quotes, backslashes, <, > or &.
var htmlSafe = func() (safe [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		safe[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return safe
}()

const hexDigits = "0123456789abcdef"

// invalidUTF8 is what encoding/json writes for a byte that is not UTF-8:
// the replacement character, escaped (\ufffd) by Go 1.26's encoder and as
// it is by the one Go 1.27 builds on encoding/json/v2. Asked of the
// encoder this program was built with, so that the bytes stay its bytes.
var invalidUTF8 = func() string {
	b, err := json.Marshal("\xff")
	if err != nil || len(b) < 2 {
		return `\ufffd`
	}
	return string(b[1 : len(b)-1])
}()

// str writes s quoted as encoding/json does with HTML escaping: control
// characters, <, > and & as \u00XX (but \b, \f, \n, \r, \t), invalid UTF-8
// as the replacement character (see invalidUTF8), and U+2028 and U+2029
// escaped.
func (w *jsonWriter) str(s string) {
	b := append(w.b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if htmlSafe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, invalidUTF8...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	w.b = append(b, '"')
}

// decimal writes d as its MarshalJSON does: its String in quotes. Under
// the package's default settings, a coefficient of up to 18 digits is
// written here without the big.Int String allocates; any other goes
// through MarshalJSON.
func (w *jsonWriter) decimal(d decimal.Decimal) {
	if decimal.MarshalJSONWithoutQuotes || !decimal.TrimTrailingZeros || decimal.UseScientificNotation || d.NumDigits() > 18 {
		b, err := d.MarshalJSON()
		if err != nil && w.err == nil {
			w.err = err
		}
		w.b = append(w.b, b...)
		return
	}
	w.b = append(w.b, '"')
	w.b = appendDecimal(w.b, d.CoefficientInt64(), int(d.Exponent()))
	w.b = append(w.b, '"')
}

// appendDecimal appends coef×10^exp as decimal.Decimal's String writes
// it: every digit of the integer part, and the fraction without its
// trailing zeros (no point when none is left).
func appendDecimal(b []byte, coef int64, exp int) []byte {
	if exp >= 0 {
		b = strconv.AppendInt(b, coef, 10)
		for ; exp > 0 && coef != 0; exp-- {
			b = append(b, '0')
		}
		return b
	}
	var buf [20]byte
	digits := strconv.AppendUint(buf[:0], absUint(coef), 10)
	if coef < 0 {
		b = append(b, '-')
	}
	scale := -exp
	var whole, frac []byte
	zeros := 0 // leading zeros of the fraction
	if len(digits) > scale {
		whole, frac = digits[:len(digits)-scale], digits[len(digits)-scale:]
	} else {
		whole, frac, zeros = zeroDigit[:], digits, scale-len(digits)
	}
	for len(frac) > 0 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	b = append(b, whole...)
	if len(frac) == 0 {
		return b
	}
	b = append(b, '.')
	for ; zeros > 0; zeros-- {
		b = append(b, '0')
	}
	return append(b, frac...)
}

var zeroDigit = [1]byte{'0'}

// absUint is |x| as an unsigned integer (whole for the smallest int64).
func absUint(x int64) uint64 {
	if x < 0 {
		return uint64(-(x + 1)) + 1
	}
	return uint64(x)
}
