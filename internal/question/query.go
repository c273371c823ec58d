package question

import (
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Canonical turns what a form sent into the share-link query: the user
// rows become one users key, empty fields and fields of the other workload
// kind are dropped, and keys come out sorted (url.Values.Encode). Keys the
// question does not know are dropped, but for the page's language
// (KeyLang), kept as it is: a link never echoes what it was sent. A field
// of the other kind that does not read as its type is kept, so that the
// answer refuses it: every field is checked wherever it appears, and only
// a valid one that does not apply is left out.
func Canonical(q url.Values) url.Values {
	out := url.Values{}
	for k, vs := range q {
		if _, known := ByKey(k); (!known && k != KeyLang) || len(vs) == 0 {
			continue
		}
		if v := strings.TrimSpace(strings.Join(vs, ",")); v != "" {
			out.Set(k, v)
		}
	}
	if locs := q[KeyUserLocation]; len(locs) > 0 {
		if rows := userRows(locs, q[KeyUserShare]); len(rows) > 0 {
			out.Set(KeyUsers, strings.Join(rows, ","))
		} else {
			out.Del(KeyUsers)
		}
	}
	kind := catalog.WorkloadKind(out.Get(KeyKind))
	for _, f := range Fields {
		if v := out.Get(f.Key); v != "" && !f.AppliesTo(kind) && reads(f, v) {
			out.Del(f.Key)
		}
	}
	return out
}

// reads reports whether v is a valid value of f's type (its range aside):
// a finite number for a number, a whole number, an amount.
func reads(f Field, v string) bool {
	p := parser{q: url.Values{f.Key: {v}}, form: Form{text: map[string]string{}, lists: map[string][]string{}}}
	p.field(f)
	return len(p.errs) == 0
}

// userRows folds the form's user rows into LOCATION:SHARE items; a row
// without a location is left out, one without a share gets 1.
func userRows(locs, shares []string) []string {
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
	return rows
}

// IsCanonical reports whether a query is already in share-link form.
func IsCanonical(q url.Values) bool { return Canonical(q).Encode() == q.Encode() }

// Query writes a request as the query of its share link: the inverse of
// Parse for every field the request sets.
func Query(req advisor.Request) url.Values {
	q := url.Values{}
	for _, f := range Fields {
		if s := format(f, f.bind(&req)); s != "" {
			q.Set(f.Key, s)
		}
	}
	return q
}

// format writes a field's value as its query text; "" when absent.
func format(f Field, ptr any) string {
	if isWord(ptr) {
		return reflect.ValueOf(ptr).Elem().String()
	}
	if isWords(ptr) {
		v := reflect.ValueOf(ptr).Elem()
		items := make([]string, v.Len())
		for i := range items {
			items[i] = v.Index(i).String()
		}
		return strings.Join(items, ",")
	}
	switch v := ptr.(type) {
	case *float64:
		return number(*v)
	case *int:
		return number(float64(*v))
	case *int64:
		return number(float64(*v))
	case **float64:
		if *v == nil {
			return ""
		}
		return strconv.FormatFloat(**v, 'f', -1, 64)
	case **int:
		if *v == nil {
			return ""
		}
		return strconv.Itoa(**v)
	case **decimal.Decimal:
		if *v == nil {
			return ""
		}
		return (*v).String()
	case *bool:
		if *v {
			return "true"
		}
		return ""
	case *[]advisor.UserShare:
		users := make([]string, len(*v))
		for i, u := range *v {
			users[i] = u.Location + ":" + strconv.FormatFloat(u.Share, 'f', -1, 64)
		}
		return strings.Join(users, ",")
	}
	panic("question: cannot write field " + f.Key)
}

// number writes a number, "" for 0 (absent).
func number(x float64) string {
	if x == 0 {
		return ""
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}
