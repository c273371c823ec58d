package web_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"gpuplace/web"
)

// Ensure every request is logged once, under its route pattern (never
// the raw path) with the status it was answered with.
func TestRequestLog(t *testing.T) {
	var logs bytes.Buffer
	s := newTestServer(t, func(c *web.Config) { c.Log = slog.New(slog.NewJSONHandler(&logs, nil)) })
	link := s.pinLink(t)
	logs.Reset()
	s.do(t, "GET", "/s/"+link, nil)
	s.do(t, "GET", "/s/NOSUCHLINK", nil)
	type line struct {
		Msg    string  `json:"msg"`
		Method string  `json:"method"`
		Route  string  `json:"route"`
		Status int     `json:"status"`
		Took   float64 `json:"duration_ms"`
	}
	var got []line
	for _, raw := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var l line
		if err := json.Unmarshal([]byte(raw), &l); err != nil {
			t.Fatalf("log line %q: %v", raw, err)
		}
		if l.Msg == "request" {
			got = append(got, l)
		}
	}
	want := []line{{"request", "GET", "/s/{id}", 200, 0}, {"request", "GET", "/s/{id}", 404, 0}}
	if len(got) != len(want) {
		t.Fatalf("%d request lines, want %d:\n%s", len(got), len(want), logs.String())
	}
	for i := range want {
		got[i].Took = 0
		if got[i] != want[i] {
			t.Errorf("request line %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if strings.Contains(logs.String(), "NOSUCHLINK") {
		t.Error("a raw path leaked into the log")
	}
}
