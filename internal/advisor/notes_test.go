package advisor_test

import (
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Ensure user shares that do not add up to 100 are scaled to, in the same
// proportions, and the answer says what they added up to; shares that do
// add up (to rounding) are read as given, with no note.
func TestSharesScaledAndNoted(t *testing.T) {
	cat := handCatalog(t)
	ask := func(shares ...float64) advisor.Result {
		req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "img", RPS: 10}}
		for i, s := range shares {
			req.Users = append(req.Users, advisor.UserShare{Location: []string{"DE", "FR", "JP"}[i], Share: s})
		}
		return recommend(t, cat, req)
	}
	res := ask(60, 60)
	if len(res.NotesText) != 1 || res.NotesText[0].ID != "note.users.scaled" {
		t.Fatalf("notes = %+v, want the shares' scaling", res.NotesText)
	}
	if got := say(cat, res.NotesText[0]); !strings.Contains(got, "add up to 120, not 100") {
		t.Errorf("note = %q, want it to say the shares added up to 120", got)
	}
	for _, u := range res.Request.Users {
		if u.Share != 50 {
			t.Errorf("%s's share = %v, want 50", u.Location, u.Share)
		}
	}
	for _, g := range res.Pick.Latency.Groups {
		if g.Share != 50 {
			t.Errorf("latency group %s's share = %v, want 50", g.Location, g.Share)
		}
	}
	// Scaling changes no figure: the shares were weights all along.
	if same := ask(50, 50); !same.Pick.Total.Equal(res.Pick.Total) || same.Pick.Latency.WeightedMS != res.Pick.Latency.WeightedMS {
		t.Errorf("60:60 answers %s at %v ms, 50:50 %s at %v ms", res.Pick.Total, res.Pick.Latency.WeightedMS, same.Pick.Total, same.Pick.Latency.WeightedMS)
	}
	for _, shares := range [][]float64{{60, 40}, {33.3, 33.3, 33.4}, {100}} {
		if r := ask(shares...); r.NotesText == nil || len(r.NotesText) != 0 {
			t.Errorf("shares %v: notes %+v, want an empty list", shares, r.NotesText)
		}
	}
}

// Ensure a serving question without months is answered for the default
// term, and says so in the request it answered.
func TestMonthsDefault(t *testing.T) {
	cat := handCatalog(t)
	res := recommend(t, cat, advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "img", RPS: 10},
		Users: []advisor.UserShare{{Location: "DE", Share: 100}}})
	if m := res.Request.Workload.Months; m == nil || *m != advisor.DefaultMonths {
		t.Errorf("months = %v, want %d", m, advisor.DefaultMonths)
	}
}
