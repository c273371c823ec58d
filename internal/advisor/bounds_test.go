package advisor_test

import (
	"strings"
	"testing"
	"time"

	"gpuplace/internal/advisor"
)

// Ensure a number longer than advisor.MaxNumberChars, a string longer than
// advisor.MaxValueBytes and an overlong key are refused before they are
// read: quickly (a budget of 1,000,000 digits took seconds to parse),
// naming the field, without the value in the message; and that values at
// the bounds are read.
func TestDecodeRequestBounds(t *testing.T) {
	digits := func(n int) string { return strings.Repeat("9", n) }
	for _, tt := range []struct {
		name, body, field, msg string
	}{
		{"budget as a long string", `{"budget":"` + digits(1_000_000) + `"}`, "budget", "invalid.number.long"},
		{"budget as a long number", `{"budget":` + digits(1_000_000) + `}`, "budget", "invalid.number.long"},
		{"budget just over", `{"budget":"` + digits(advisor.MaxNumberChars+1) + `"}`, "budget", "invalid.number.long"},
		{"a float field", `{"workload":{"kind":"inference","rps":1` + strings.Repeat("0", 100) + `}}`, "workload.rps", "invalid.number.long"},
		{"a share in a list", `{"users":[{"location":"DE","share":1},{"location":"US","share":0.` + digits(40) + `}]}`, "users[1].share", "invalid.number.long"},
		{"a long string", `{"workload":{"profile":"` + strings.Repeat("x", advisor.MaxValueBytes+1) + `"}}`, "workload.profile", "invalid.too_long"},
		{"a long string in a list", `{"gpus":["A100","` + strings.Repeat("x", advisor.MaxValueBytes+1) + `"]}`, "gpus[1]", "invalid.too_long"},
		{"a long key", `{"workload":{"` + strings.Repeat("k", 10_000) + `":1}}`, "workload", "invalid.json.key_long"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := advisor.DecodeRequest(strings.NewReader(tt.body))
			took := time.Since(start)
			fe := fieldErrors(t, err)
			if len(fe) != 1 || fe[0].Field != tt.field || fe[0].Message.ID != tt.msg {
				t.Fatalf("error = %v, want one %s on %s", fe, tt.msg, tt.field)
			}
			if len(fe.Error()) > 200 {
				t.Errorf("the message echoes the value: %.300s", fe.Error())
			}
			if took > 500*time.Millisecond {
				t.Errorf("refusing took %v", took)
			}
		})
	}
	at := `{"workload":{"kind":"training","profile":"resnet50"},"budget":"` + "1" + strings.Repeat("0", advisor.MaxNumberChars-4) + `.00"}`
	req, err := advisor.DecodeRequest(strings.NewReader(at))
	if err != nil || req.Budget == nil {
		t.Errorf("a budget of %d characters: %v, %+v", advisor.MaxNumberChars, err, req.Budget)
	}
}
