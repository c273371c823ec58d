package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// adviceAnswer is the part of an API answer these tests read.
type adviceAnswer struct {
	Request struct {
		ChinaRegions string `json:"china_regions"`
		Workload     struct {
			Months *int `json:"months"`
		} `json:"workload"`
		Users []struct {
			Location string  `json:"location"`
			Share    float64 `json:"share"`
		} `json:"users"`
	} `json:"request"`
	Pick *struct {
		Placements []struct {
			Provider, Region, Country string
			Users                     []string
		} `json:"placements"`
		Latency struct {
			Groups []struct {
				Location string  `json:"location"`
				Share    float64 `json:"share"`
			} `json:"groups"`
		} `json:"latency"`
	} `json:"pick"`
	Excluded []struct {
		Reason string `json:"reason"`
		Count  int    `json:"count"`
	} `json:"excluded"`
	Notes     []string `json:"notes"`
	NotesText []struct {
		ID string `json:"id"`
	} `json:"notes_text"`
}

// answer asks the API a question (a JSON body for a POST) and reads its
// answer, which must have a pick.
func (s *testServer) answer(t *testing.T, method, target, body string) adviceAnswer {
	t.Helper()
	rec := s.do(t, method, target, strings.NewReader(body), "Content-Type", "application/json")
	wantStatus(t, rec, http.StatusOK)
	var a adviceAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	if a.Pick == nil {
		t.Fatalf("%s %s: no pick", method, target)
	}
	return a
}

// Ensure months=0 is a field error naming months wherever the question is
// read, while a question without months still takes 12.
func TestMonthsZeroIsAFieldError(t *testing.T) {
	s := newTestServer(t)
	const base = "kind=inference&latency_ms=100&peak_rps=120&profile=bert-large&rps=50&users=DE%3A100"
	rec := s.do(t, "GET", "/api/v1/advice?"+base+"&months=0", nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `"field":"workload.months"`)
	body := `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"peak_rps":120,"latency_ms":100,"months":0},"users":[{"location":"DE","share":100}]}`
	rec = s.do(t, "POST", "/api/v1/advice", strings.NewReader(body), "Content-Type", "application/json")
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `"field":"workload.months"`)
	rec = s.do(t, "GET", "/advice?"+base+"&months=0", nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `data-testid="form-errors"`, `data-field="months">`, `name="months" inputmode="decimal" value="0"`)

	for _, target := range []string{"/api/v1/advice?" + base, "/api/v1/advice?" + base + "&months="} {
		if a := s.answer(t, "GET", target, ""); a.Request.Workload.Months == nil || *a.Request.Workload.Months != 12 {
			t.Errorf("%s: months %v, want the default 12", target, a.Request.Workload.Months)
		}
	}
	for _, months := range []string{`,"months":null`, ``} {
		b := `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"peak_rps":120,"latency_ms":100` + months + `},"users":[{"location":"DE","share":100}]}`
		if a := s.answer(t, "POST", "/api/v1/advice", b); a.Request.Workload.Months == nil || *a.Request.Workload.Months != 12 {
			t.Errorf("%s: months %v, want the default 12", b, a.Request.Workload.Months)
		}
	}
}

// Ensure user shares that do not add up to 100 are scaled to, and the
// answer says so in its notes, on the page too; shares that do add up
// get no note.
func TestSharesScaledAndSaid(t *testing.T) {
	s := newTestServer(t)
	const base = "/api/v1/advice?kind=inference&latency_ms=100&peak_rps=120&profile=bert-large&rps=50&users="
	a := s.answer(t, "GET", base+"DE%3A60%2CUS%3A60", "")
	if len(a.Notes) != 1 || !strings.Contains(a.Notes[0], "add up to 120, not 100") || len(a.NotesText) != 1 || a.NotesText[0].ID != "note.users.scaled" {
		t.Errorf("notes = %q %+v, want one saying the shares added up to 120", a.Notes, a.NotesText)
	}
	for _, u := range a.Request.Users {
		if u.Share != 50 {
			t.Errorf("request user %s share %v, want 50", u.Location, u.Share)
		}
	}
	for _, g := range a.Pick.Latency.Groups {
		if g.Share != 50 {
			t.Errorf("latency group %s share %v, want 50", g.Location, g.Share)
		}
	}
	if b := s.answer(t, "GET", base+"DE%3A60%2CUS%3A40", ""); b.Notes == nil || len(b.Notes) != 0 {
		t.Errorf("shares adding up to 100: notes %q, want an empty list", b.Notes)
	}
	page := s.do(t, "GET", "/advice?kind=inference&latency_ms=100&peak_rps=120&profile=bert-large&rps=50&users=DE%3A60%2CUS%3A60&lang=zh-CN", nil)
	wantStatus(t, page, http.StatusOK)
	wantContains(t, page.Body.String(), `data-testid="notes"`, "合计为 120")
}
