package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// pinForm pins a form (POST /s) and returns the link id it leads to.
func (s *testServer) pinForm(t *testing.T, form string) string {
	t.Helper()
	rec := s.do(t, "POST", "/s", strings.NewReader(form), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, rec, http.StatusSeeOther)
	loc, _, _ := strings.Cut(strings.TrimPrefix(rec.Header().Get("Location"), "/s/"), "?")
	return loc
}

// Ensure, on both databases, that the same question pinned twice on one
// catalog version is one link — however it is written (number forms,
// user rows, page or API, English or Chinese) — while another question
// gets another unguessable id, and the link keeps answering.
func TestSameQuestionSameLink(t *testing.T) {
	onBothDatabases(t, func(t *testing.T, s *testServer) {
		first := s.pinForm(t, germanInference)
		for _, same := range []string{
			germanInference,
			"gdpr=eu&kind=inference&latency_ms=100.0&peak_rps=120&profile=bert-large&rps=50&users=DE%3A100",
			"kind=inference&profile=bert-large&rps=50&peak_rps=120&latency_ms=100&gdpr=eu&user_location=DE&user_share=100&user_location=&user_share=",
			germanInference + "&lang=zh-CN",
		} {
			if got := s.pinForm(t, same); got != first {
				t.Errorf("pinning %q gave link %s, want %s (the same question)", same, got, first)
			}
		}
		body := `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"peak_rps":120,"latency_ms":100},"users":[{"location":"DE","share":100}],"gdpr":"eu"}`
		rec := s.do(t, "POST", "/api/v1/links", strings.NewReader(body), "Content-Type", "application/json")
		wantStatus(t, rec, http.StatusCreated)
		var created struct{ ID string }
		json.Unmarshal(rec.Body.Bytes(), &created)
		if created.ID != first {
			t.Errorf("the API pinned the same question as %s, want %s", created.ID, first)
		}
		other := s.pinForm(t, strings.Replace(germanInference, "rps=50", "rps=51", 1))
		if other == first || len(other) != 26 {
			t.Errorf("another question got link %q, want a new random id", other)
		}
		page := s.do(t, "GET", "/s/"+first, nil)
		wantStatus(t, page, http.StatusOK)
		if l, err := s.db.Link(context.Background(), first); err != nil || strings.Contains(l.Query, "lang=") {
			t.Errorf("stored query %q (%v): a visitor's page language is not part of the question", l.Query, err)
		}
		q, _ := url.ParseQuery(germanInference)
		live := s.do(t, "GET", "/advice?"+q.Encode(), nil)
		if totalOf(t, page.Body.String()) != totalOf(t, live.Body.String()) {
			t.Error("the pinned total differs from the live one on the same catalog")
		}
	})
}
