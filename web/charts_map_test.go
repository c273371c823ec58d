package web_test

import (
	"net/http"
	"regexp"
	"testing"
)

// Ensure an answer's map colours its lines against the question's latency
// target and its legend says so: with a 1,500 ms target that every group
// meets, no line is drawn in a colour of a miss (the fixed bands drew the
// Tokyo line red); at 100 ms, where some groups are farther, the map's
// colours are still the target's and name it.
func TestAnswerMapAgainstTheTarget(t *testing.T) {
	s := newTestServer(t)
	lines := regexp.MustCompile(`class="ln ([a-z0-9]+)"`)
	for _, tt := range []struct {
		latency string
		allMet  bool
	}{{"1500", true}, {"100", false}} {
		rec := s.do(t, "GET", "/advice?kind=inference&profile=bert-large&rps=50&peak_rps=100&months=12&users=US:50,DE:30,JP:20&latency_ms="+tt.latency, nil)
		wantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		found := lines.FindAllStringSubmatch(body, -1)
		if len(found) != 3 {
			t.Fatalf("latency %s ms: %d lines on the map, want one for each of the 3 groups", tt.latency, len(found))
		}
		for _, m := range found {
			switch c := m[1]; {
			case c != "t0" && c != "t1" && c != "t2" && c != "t3":
				t.Errorf("latency %s ms: a line classed %q, not against the target", tt.latency, c)
			case tt.allMet && (c == "t2" || c == "t3"):
				t.Errorf("latency %s ms: a line drawn as a miss (%s) though every group is within the target", tt.latency, c)
			}
		}
		wantContains(t, body, "each group&#39;s latency against the "+map[string]string{"1500": "1,500", "100": "100"}[tt.latency]+" ms target:", `data-testid="map-readout"`)
	}
}
