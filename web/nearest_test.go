package web_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// Ensure an answer where nothing fits says the nearest budget or deadline
// that would give one, and that asking again at that value does give one,
// in the JSON and on the page in both languages.
func TestNothingFitsSaysNearestLimit(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for _, tt := range []struct {
		q, key string
		figure *regexp.Regexp
	}{
		{defaultQuestion + "&budget=1000", "budget", regexp.MustCompile(`A budget of \$([\d,.]+) would give an answer`)},
		{"kind=training&profile=resnet50&epochs=90&deadline_hours=0.1", "deadline_hours", regexp.MustCompile(`A deadline of ([\d,.]+) h would give an answer`)},
	} {
		rec := s.do(t, "GET", "/api/v1/advice?"+tt.q, nil)
		wantStatus(t, rec, http.StatusOK)
		var res struct {
			Pick    *json.RawMessage `json:"pick"`
			Nearest []string         `json:"nearest"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		if res.Pick != nil {
			t.Fatalf("%s: something fits", tt.q)
		}
		if len(res.Nearest) != 1 {
			t.Fatalf("%s: nearest = %q, want the nearest %s", tt.q, res.Nearest, tt.key)
		}
		m := tt.figure.FindStringSubmatch(res.Nearest[0])
		if m == nil {
			t.Fatalf("%s: %q does not say the nearest %s", tt.q, res.Nearest[0], tt.key)
		}
		value := strings.ReplaceAll(m[1], ",", "")
		again := regexp.MustCompile(tt.key+`=[\d.]+`).ReplaceAllString(tt.q, tt.key+"="+value)
		rec = s.do(t, "GET", "/api/v1/advice?"+again, nil)
		wantStatus(t, rec, http.StatusOK)
		if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		if res.Pick == nil {
			t.Errorf("%s: asked again at %s=%s, nothing fits still", tt.q, tt.key, value)
		}
		for lang, want := range map[string]string{"en": "would give an answer", "zh-CN": "即可得到方案"} {
			page := s.do(t, "GET", "/advice?"+tt.q+"&lang="+lang, nil)
			wantStatus(t, page, http.StatusOK)
			if !strings.Contains(page.Body.String(), want) {
				t.Errorf("%s (%s): the page does not say the nearest %s", tt.q, lang, tt.key)
			}
		}
	}
}
