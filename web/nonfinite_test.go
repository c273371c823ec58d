package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"gpuplace/internal/question"
	"gpuplace/web"
)

// numericKeys are the question's keys that read a number, whatever kind
// of question uses them.
func numericKeys() []string {
	var out []string
	for _, f := range question.Fields {
		switch f.Type {
		case question.Number, question.OptionalNumber, question.Whole, question.Amount:
			out = append(out, f.Key)
		}
	}
	return out
}

// adviceBases are a training and a serving question, each missing the
// other kind's fields.
var adviceBases = []string{
	"kind=training&profile=resnet50&deadline_hours=24",
	"kind=inference&profile=bert-large&rps=50&users=DE:100",
}

// withField is base with key set to v.
func withField(base, key, v string) string {
	q, _ := url.ParseQuery(base)
	q.Set(key, v)
	return q.Encode()
}

// Ensure a number that is not finite, or too large to read, in any field
// of either kind of question (used by it or not) is refused with 422
// naming the field, on the API, the page and the pin, never a 500.
func TestNonFiniteNumbersInEveryField(t *testing.T) {
	s := newTestServer(t, func(c *web.Config) { c.Limits = web.Limits{} })
	for _, base := range adviceBases {
		for _, key := range numericKeys() {
			for _, v := range []string{"NaN", "Inf", "-Inf", "+Inf", "1e400", "nan"} {
				q := withField(base, key, v)
				api := s.do(t, "GET", "/api/v1/advice?"+q, nil)
				if api.Code != http.StatusUnprocessableEntity || !strings.Contains(api.Body.String(), `"`+key+`"`) && !strings.Contains(api.Body.String(), key) {
					t.Errorf("GET /api/v1/advice?%s: %d %.300s", q, api.Code, api.Body.String())
				}
				page := s.do(t, "GET", "/advice?"+q, nil)
				if page.Code == http.StatusSeeOther { // to the share-link form
					page = s.do(t, "GET", page.Header().Get("Location"), nil)
				}
				if page.Code != http.StatusUnprocessableEntity {
					t.Errorf("GET /advice?%s: %d", q, page.Code)
				}
				pin := s.do(t, "POST", "/s", strings.NewReader(q), "Content-Type", "application/x-www-form-urlencoded")
				if pin.Code >= 500 || pin.Code == http.StatusSeeOther {
					t.Errorf("POST /s %s: %d", q, pin.Code)
				}
			}
		}
	}
}

// FuzzAdviceFields sets one field of a question to an arbitrary value:
// the API, the page and the pin never answer 500, whatever the field and
// whether the question's kind uses it.
func FuzzAdviceFields(f *testing.F) {
	for i, v := range []string{"NaN", "Inf", "-Inf", "1e308", "1e400", "-0", "99999999999999999999", "0x1p-2", "1_000", "", "DE:NaN"} {
		f.Add(uint8(i), v, i%2 == 0)
	}
	s := newTestServer(f, func(c *web.Config) { c.Limits = web.Limits{} })
	fields := question.Fields
	f.Fuzz(func(t *testing.T, which uint8, value string, training bool) {
		base := adviceBases[1]
		if training {
			base = adviceBases[0]
		}
		q := withField(base, fields[int(which)%len(fields)].Key, value)
		for _, rec := range []struct {
			what string
			code int
		}{
			{"GET /api/v1/advice", s.do(t, "GET", "/api/v1/advice?"+q, nil).Code},
			{"GET /advice", s.do(t, "GET", "/advice?"+q, nil).Code},
			{"POST /s", s.do(t, "POST", "/s", strings.NewReader(q), "Content-Type", "application/x-www-form-urlencoded").Code},
		} {
			if rec.code >= 500 {
				t.Fatalf("%s %s: %d", rec.what, q, rec.code)
			}
		}
	})
}
