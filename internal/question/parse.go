package question

import (
	"fmt"
	"math"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// ShownUserRows is how many rows of a users list over advisor.MaxUsers
// the form keeps and shows back.
const ShownUserRows = 20

// Parse reads the query of /advice and GET /api/v1/advice: the request
// for the advisor, the form as typed, and the values that do not parse (a
// word where a number belongs), each named by its request field. What the
// values may be is the domain's to check.
func Parse(q url.Values) (advisor.Request, Form, locale.FieldErrors) {
	p := parser{q: q, form: Form{text: map[string]string{}, lists: map[string][]string{}}}
	for _, f := range Fields {
		p.field(f)
	}
	return p.req, p.form, p.errs
}

// parser is one read of a query.
type parser struct {
	q    url.Values
	req  advisor.Request
	form Form
	errs locale.FieldErrors
}

func (p *parser) field(f Field) {
	raw := p.q.Get(f.Key)
	if len(raw) > advisor.MaxValueBytes {
		// Refused unread, and not shown back.
		p.errs = append(p.errs, advisor.TooLong(f.Path))
		return
	}
	s := strings.TrimSpace(raw)
	ptr := f.bind(&p.req)
	switch f.Type {
	case Users:
		p.users(ptr.(*[]advisor.UserShare), f.Path)
		return
	case List:
		items := splitList(p.q.Get(f.Key))
		setWords(ptr, items)
		p.form.lists[f.Key] = items
		return
	case UpperList:
		var items []string
		for _, c := range splitList(p.q.Get(f.Key)) {
			items = append(items, strings.ToUpper(c))
		}
		setWords(ptr, items)
	case Upper:
		s = strings.ToUpper(s)
	}
	if isNumber(f.Type) && len(s) > advisor.MaxNumberChars {
		// A decimal's parse is quadratic in its digits: refused unread,
		// and not shown back.
		p.errs = append(p.errs, advisor.NumberTooLong(f.Path))
		return
	}
	if s != "" {
		p.form.text[f.Key] = s
	}
	if s == "" || f.Type == UpperList {
		return
	}
	switch f.Type {
	case Text, Upper:
		reflect.ValueOf(ptr).Elem().SetString(s)
	case Number:
		*ptr.(*float64) = p.number(f, s)
	case OptionalNumber:
		x := p.number(f, s)
		*ptr.(**float64) = &x
	case OptionalWhole:
		x, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			p.errs.Add(f.Path, "invalid.whole.got", s)
		}
		n := clampInt(x)
		*ptr.(**int) = &n
	case Whole:
		x, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			p.errs.Add(f.Path, "invalid.whole.got", s)
		}
		switch v := ptr.(type) {
		case *int64:
			*v = x
		case *int:
			*v = clampInt(x)
		}
	case Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			p.errs.Add(f.Path, "invalid.bool.got", s)
		}
		*ptr.(*bool) = b
	case Amount:
		d, err := decimal.NewFromString(s)
		if err != nil {
			p.errs.Add(f.Path, "invalid.amount.got", s)
			return
		}
		*ptr.(**decimal.Decimal) = &d
	}
}

// isNumber reports whether a field of type t is written as a number.
func isNumber(t Type) bool {
	return t == Number || t == OptionalNumber || t == Whole || t == OptionalWhole || t == Amount
}

// setWords sets the list ptr points at (of strings or of a type of words)
// to items; none leaves it nil.
func setWords(ptr any, items []string) {
	if items == nil {
		return
	}
	v := reflect.ValueOf(ptr).Elem()
	list := reflect.MakeSlice(v.Type(), len(items), len(items))
	for i, s := range items {
		list.Index(i).SetString(s)
	}
	v.Set(list)
}

// number reads a decimal number: a finite one, whatever the field and
// whether or not the question's kind uses it (NaN and ±Inf are refused
// here, so that no answer ever carries one).
func (p *parser) number(f Field, s string) float64 {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		p.errs.Add(f.Path, "invalid.number.got", s)
		return 0
	}
	return x
}

// users reads "DE:60,US:30": locations with relative shares; a location
// without a share gets 1. A list over advisor.MaxUsers is read only as far
// as the rows the form shows back, and the request gets one group past the
// cap, which validation then refuses once, instead of a message for each
// of thousands of rows.
func (p *parser) users(dst *[]advisor.UserShare, path string) {
	parts := splitList(p.q.Get(KeyUsers))
	if len(parts) > advisor.MaxUsers {
		*dst = make([]advisor.UserShare, advisor.MaxUsers+1)
		p.form.UsersOver = len(parts)
		parts = parts[:ShownUserRows]
	}
	for i, part := range parts {
		loc, share, hasShare := strings.Cut(part, ":")
		u := advisor.UserShare{Location: normLocation(loc), Share: 1}
		share = strings.TrimSpace(share)
		if len(share) > advisor.MaxNumberChars {
			if p.form.UsersOver == 0 {
				p.errs = append(p.errs, advisor.NumberTooLong(fmt.Sprintf("%s[%d].share", path, i)))
			}
			// Not read, and not shown back.
			hasShare, share = false, ""
		}
		if hasShare {
			x, err := strconv.ParseFloat(share, 64)
			if err != nil && p.form.UsersOver == 0 {
				p.errs.Add(fmt.Sprintf("%s[%d].share", path, i), "invalid.number.got", share)
			}
			u.Share = x
		}
		p.form.Users = append(p.form.Users, UserRow{Location: strings.TrimSpace(loc), Share: share})
		if p.form.UsersOver == 0 {
			*dst = append(*dst, u)
		}
	}
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
