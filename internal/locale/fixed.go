package locale

import (
	"strconv"

	"github.com/shopspring/decimal"
)

// Figures with a fixed count of decimals, written without big numbers.
// Amounts, prices and quantities fit in an int64 many times over; for them
// the rounding decimal.Round does (half away from zero) takes a division or
// two, where decimal's own takes several big.Int operations and strings.
// Anything that does not fit goes the decimal way (see Printer.Decimal).

// pow10 holds the powers of ten an int64 holds.
var pow10 = [...]int64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
	1e17, 1e18}

// roundedUnits returns c × 10^e rounded half away from zero to places
// decimals, as a count of 10^−places — what decimal.Round does, truncating
// to one more decimal and adding or taking five —, and false when that
// count would not fit an int64 or places is out of range.
func roundedUnits(c int64, e, places int32) (int64, bool) {
	if places < 0 || int(places) >= len(pow10) {
		return 0, false
	}
	if e >= -places {
		k := int(e + places)
		if c == 0 {
			return 0, true
		}
		if k >= len(pow10) || c > maxInt64/pow10[k] || c < -maxInt64/pow10[k] {
			return 0, false
		}
		return c * pow10[k], true
	}
	// Truncated to places + 1 decimals (toward zero, as big.Int.Quo);
	// beyond an int64's digits that leaves nothing.
	t := int64(0)
	if k := int(-places - e - 1); k < len(pow10) {
		t = c / pow10[k]
	}
	if t < 0 {
		t -= 5
	} else {
		t += 5
	}
	return t / 10, true // toward zero again
}

const maxInt64 = 1<<63 - 1

// decimalUnits is roundedUnits for a decimal, false when its coefficient
// may not fit an int64.
func decimalUnits(d decimal.Decimal, places int32) (int64, bool) {
	if d.NumDigits() > len(pow10)-1 {
		return 0, false
	}
	return roundedUnits(d.CoefficientInt64(), d.Exponent(), places)
}

// floatUnits is roundedUnits for the decimal decimal.NewFromFloat makes of
// x: the shortest digits that read back as x.
func floatUnits(x float64, places int32) (int64, bool) {
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], x, 'e', -1, 64) // -d.ddde±dd
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	c, digits, i := int64(0), 0, 0
	for ; i < len(s) && s[i] != 'e'; i++ {
		if s[i] != '.' {
			c = c*10 + int64(s[i]-'0')
			digits++
		}
	}
	exp, err := strconv.Atoi(string(s[i+1:]))
	if err != nil || digits > len(pow10)-1 {
		return 0, false
	}
	if neg {
		c = -c
	}
	return roundedUnits(c, int32(exp-digits+1), places)
}

// fractionDigits is how many decimals d has once its trailing zeros are
// dropped (as decimal's String writes it), false when its coefficient may
// not fit an int64.
func fractionDigits(d decimal.Decimal) (int32, bool) {
	if d.NumDigits() > len(pow10)-1 {
		return 0, false
	}
	c, e := d.CoefficientInt64(), d.Exponent()
	if c == 0 || e >= 0 {
		return 0, true
	}
	for e < 0 && c%10 == 0 {
		c, e = c/10, e+1
	}
	return -e, true
}

// appendGrouped appends units, a count of 10^−places, with thousands
// separators and places decimals: -1,281,167.50.
func appendGrouped(dst []byte, units int64, places int32) []byte {
	u := uint64(units)
	if units < 0 {
		dst = append(dst, '-')
		u = -u
	}
	var buf [24]byte
	digits := strconv.AppendUint(buf[:0], u, 10)
	// Zeros in front when there are fewer digits than decimals: 5 at two
	// places is 0.05.
	zeros := max(0, int(places)+1-len(digits))
	digit := func(i int) byte {
		if i < zeros {
			return '0'
		}
		return digits[i-zeros]
	}
	whole := zeros + len(digits) - int(places)
	for i := range whole {
		if i > 0 && (whole-i)%3 == 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, digit(i))
	}
	if places > 0 {
		dst = append(dst, '.')
		for i := whole; i < zeros+len(digits); i++ {
			dst = append(dst, digit(i))
		}
	}
	return dst
}
