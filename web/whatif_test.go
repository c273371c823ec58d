package web_test

import (
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// Ensure the what-if answers as API.md says, its page section links each
// change to the question at its value, and that question answers the
// change's new pick; the answer page frames the section for readers
// without script, in both languages.
func TestWhatIfEndToEnd(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	rec := s.do(t, "GET", "/api/v1/advice/what-if?"+cpuQuestion, nil)
	wantStatus(t, rec, http.StatusOK)
	var wi struct {
		CatalogVersion string          `json:"catalog_version"`
		Pick           json.RawMessage `json:"pick"`
		Changes        []struct {
			Parameter string `json:"parameter"`
			From, To  any
			Pick      []struct {
				InstanceType string `json:"instance_type"`
			} `json:"pick"`
			Total, Text string
		} `json:"changes"`
		Load []struct {
			Factor        float64 `json:"factor"`
			Total         *string `json:"total"`
			QuestionTotal string  `json:"question_total"`
		} `json:"load"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &wi); err != nil {
		t.Fatal(err)
	}
	if wi.CatalogVersion != s.cat.Version.ID || len(wi.Pick) < 10 || len(wi.Changes) == 0 {
		t.Fatalf("what-if %s: version %q, %d changes", rec.Body.String()[:200], wi.CatalogVersion, len(wi.Changes))
	}
	var newPicks []string
	for _, c := range wi.Changes {
		if len(c.Pick) == 0 || c.Total == "" || c.Text == "" {
			t.Errorf("change %+v: no pick, total or sentence", c)
			continue
		}
		newPicks = append(newPicks, c.Pick[0].InstanceType)
		switch c.Parameter {
		case "pricing":
			if _, ok := c.To.(string); !ok {
				t.Errorf("a pricing change's to is %v, want the model left out", c.To)
			}
		default:
			if _, ok := c.To.(float64); !ok {
				t.Errorf("a %s change's to is %v, want a number", c.Parameter, c.To)
			}
		}
	}
	// The curve: at ×1 both lines are the pick's total; each load change
	// is marked, and past it the pick's total is its new pick's.
	var pickTotal struct {
		Total string `json:"total"`
	}
	json.Unmarshal(wi.Pick, &pickTotal)
	loadChanges := 0
	for _, c := range wi.Changes {
		if c.Parameter != "peak_rps" {
			continue
		}
		loadChanges++
		at := -1
		for i, p := range wi.Load {
			if p.Factor == c.To.(float64)/c.From.(float64) {
				at = i
			}
		}
		if at < 0 || wi.Load[at].Total == nil || *wi.Load[at].Total != c.Total {
			t.Errorf("the curve has no point at the load change to %v with its total %s", c.To, c.Total)
		}
	}
	atOne := false
	for _, p := range wi.Load {
		if p.Factor == 1 {
			atOne = p.Total != nil && *p.Total == pickTotal.Total && p.QuestionTotal == pickTotal.Total
		}
	}
	if len(wi.Load) < 25 || !atOne || loadChanges == 0 {
		t.Errorf("curve of %d points, ×1 at the pick's total %s: %v; %d load changes", len(wi.Load), pickTotal.Total, atOne, loadChanges)
	}
	page := s.do(t, "GET", "/advice/what-if?"+cpuQuestion, nil).Body.String()
	if got := strings.Count(page, `data-testid="what-if-break"`); !strings.Contains(page, `data-testid="what-if-chart"`) || got != loadChanges {
		t.Errorf("the section's chart marks %d changes, want %d", got, loadChanges)
	}
	links := regexp.MustCompile(`<li><a href="([^"]+)">`).FindAllStringSubmatch(page, -1)
	if len(links) != len(wi.Changes) {
		t.Fatalf("the section has %d links for %d changes:\n%s", len(links), len(wi.Changes), page)
	}
	for i, l := range links {
		u := html.UnescapeString(l[1])
		answer := s.do(t, "GET", u, nil)
		wantStatus(t, answer, http.StatusOK)
		pick := answer.Body.String()
		pick = pick[strings.Index(pick, `data-testid="pick-instance">`)+len(`data-testid="pick-instance">`):]
		if got := pick[:strings.Index(pick, "<")]; got != newPicks[i] {
			t.Errorf("%s answers %s, the change says %s", u, got, newPicks[i])
		}
	}
	answer := s.do(t, "GET", "/advice?"+cpuQuestion, nil).Body.String()
	// The section names the what-if of its own answer, for the script
	// and for the frame.
	src := html.EscapeString("/advice/what-if?" + cpuQuestion)
	wantContains(t, answer, `<section id="what-if" data-src="`+src+`"><noscript><iframe src="`+src+`"`)
	wantContains(t, s.do(t, "GET", "/advice/what-if?"+cpuQuestion+"&lang=zh-CN", nil).Body.String(), "什么会改变推荐", "推荐改为")
	wantStatus(t, s.do(t, "GET", "/api/v1/advice/what-if?kind=inference&profile=nope&rps=1&users=DE:1", nil), http.StatusUnprocessableEntity)
}
