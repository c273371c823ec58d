package question_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/advisor"
	"gpuplace/internal/question"
)

// Ensure every number of the question (a float, a whole number, the
// budget, a user group's share) written with more than
// advisor.MaxNumberChars characters, and any value over
// advisor.MaxValueBytes, is refused unread, naming its field, and is not
// shown back in the form; and that a number at the bound is read.
func TestParseBounds(t *testing.T) {
	long := strings.Repeat("9", advisor.MaxNumberChars+1)
	base := "kind=inference&profile=bert-large&rps=1&users=DE:1"
	for _, tt := range []struct{ set, field string }{
		{"budget=" + strings.Repeat("9", 1_000_000), "budget"},
		{"budget=" + long, "budget"},
		{"rps=" + long, "workload.rps"},
		{"months=" + long, "workload.months"},
		{"carbon_price=" + long, "carbon_price"},
		{"users=DE:1,US:" + long, "users[1].share"},
		{"users=" + strings.Repeat("DE:1,", advisor.MaxValueBytes/5+1), "users"},
		{"profile=" + strings.Repeat("x", advisor.MaxValueBytes+1), "workload.profile"},
	} {
		q, err := url.ParseQuery(base)
		if err != nil {
			t.Fatal(err)
		}
		key, value, _ := strings.Cut(tt.set, "=")
		q.Set(key, value)
		start := time.Now()
		_, form, errs := question.Parse(q)
		if took := time.Since(start); took > 100*time.Millisecond {
			t.Errorf("%.40s: refusing took %v", tt.set, took)
		}
		if len(errs) != 1 || errs[0].Field != tt.field {
			t.Errorf("%.40s: errors %v, want one on %s", tt.set, errs, tt.field)
			continue
		}
		if len(errs.Error()) > 200 {
			t.Errorf("%.40s: the message echoes the value: %.300s", tt.set, errs.Error())
		}
		if shown := form.Text(key); len(shown) > advisor.MaxNumberChars {
			t.Errorf("%.40s: the form shows back %d bytes", tt.set, len(shown))
		}
		for _, row := range form.Users {
			if len(row.Share) > advisor.MaxNumberChars {
				t.Errorf("%.40s: the form shows back a share of %d bytes", tt.set, len(row.Share))
			}
		}
	}
	at := strings.Repeat("1", advisor.MaxNumberChars-3) + ".50"
	req, _, errs := question.Parse(url.Values{"budget": {at}, "users": {"DE:" + at}})
	if len(errs) > 0 || req.Budget == nil || len(req.Users) != 1 {
		t.Errorf("numbers of %d characters: %v, budget %v, users %v", advisor.MaxNumberChars, errs, req.Budget, req.Users)
	}
}
