package web_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// candidatesAnswer is what TestAPICandidates reads of an answer: the
// candidates, and everything else as it came.
type candidatesAnswer struct {
	Candidates []json.RawMessage `json:"candidates"`
	Rest       map[string]json.RawMessage
}

func (s *testServer) candidatesAnswer(t *testing.T, method, target, body string) candidatesAnswer {
	t.Helper()
	rec := s.do(t, method, target, strings.NewReader(body), "Content-Type", "application/json")
	wantStatus(t, rec, http.StatusOK)
	var a candidatesAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &a.Rest); err != nil {
		t.Fatal(err)
	}
	delete(a.Rest, "candidates")
	return a
}

// Ensure the candidates key lists the chart's first candidates, best
// first, and leaves the rest of the answer as it is — on GET and POST, in
// the cache too —, that an answer without it lists all 300, and that a
// bad value is a 422 naming the key.
func TestAPICandidates(t *testing.T) {
	s := newTestServer(t)
	q := "/api/v1/advice?" + issueQuestion + "&rps=50"
	all := s.candidatesAnswer(t, "GET", q, "")
	if len(all.Candidates) != 300 {
		t.Fatalf("an answer without the key lists %d candidates, want 300", len(all.Candidates))
	}
	for _, n := range []int{0, 1, 5, 300} {
		for range 2 { // the second time from the cache
			got := s.candidatesAnswer(t, "GET", q+"&candidates="+strconv.Itoa(n), "")
			if !reflect.DeepEqual(got.Candidates, all.Candidates[:n]) {
				t.Errorf("candidates=%d: got %d candidates, want the first %d of the full answer", n, len(got.Candidates), n)
			}
			if !reflect.DeepEqual(got.Rest, all.Rest) {
				t.Errorf("candidates=%d changed the rest of the answer", n)
			}
		}
	}
	// The cache keeps the lists apart: the full answer again has all 300.
	if again := s.candidatesAnswer(t, "GET", q, ""); len(again.Candidates) != 300 {
		t.Errorf("after candidates=0 the full answer lists %d candidates, want 300", len(again.Candidates))
	}
	body := `{"workload":{"kind":"inference","profile":"resnet50","rps":50,"peak_rps":150,"latency_ms":80},"users":[{"location":"DE","share":50},{"location":"US","share":30},{"location":"JP","share":20}]}`
	if post := s.candidatesAnswer(t, "POST", "/api/v1/advice?candidates=2", body); !reflect.DeepEqual(post.Candidates, all.Candidates[:2]) {
		t.Errorf("POST with candidates=2: got %d candidates, want the first 2", len(post.Candidates))
	}
	for _, bad := range []string{"-1", "301", "many", "2.5"} {
		rec := s.do(t, "GET", q+"&candidates="+bad, nil)
		wantStatus(t, rec, http.StatusUnprocessableEntity)
		wantContains(t, rec.Body.String(), `"field":"candidates"`)
	}
	// With the request's own errors, both are named.
	rec := s.do(t, "GET", "/api/v1/advice?kind=inference&profile=resnet50&rps=abc&users=DE:1&candidates=-1", nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `"field":"candidates"`, `"field":"workload.rps"`)
}
