package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/link"
)

var update = flag.Bool("update", false, "rewrite the golden files of the API tests")

// answerSentences is the part of a stored answer that holds sentences.
type answerSentences struct {
	Pick struct {
		Explanation []string `json:"explanation"`
		Compliance  struct {
			Reason string `json:"reason"`
		} `json:"compliance"`
	} `json:"pick"`
	Alternatives []struct {
		Explanation []string `json:"explanation"`
	} `json:"alternatives"`
}

// Ensure a link pinned by the first release still shows its answer: the
// sentences were stored as message ids and arguments, and rendering them
// again gives the English the first release wrote, word for word, and
// readable Chinese.
func TestOldPinnedLink(t *testing.T) {
	s := newTestServer(t)
	raw, err := os.ReadFile("testdata/pinned-first-release.json")
	if err != nil {
		t.Fatal(err)
	}
	var old answerSentences
	if err := json.Unmarshal(raw, &old); err != nil {
		t.Fatal(err)
	}
	l := link.Link{ID: "firstrelease000000000000000", Query: "currency=EUR&gdpr=eu&kind=inference&latency_ms=100&months=12&peak_rps=120&pricing=on_demand,spot&profile=bert-large&rps=50&users=DE:60,US:40",
		CatalogVersion: "2026-11-29.1", Result: raw, CreatedAt: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	if err := s.db.CreateLink(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	api := s.do(t, "GET", "/api/v1/links/"+l.ID, nil)
	wantStatus(t, api, http.StatusOK)
	var got struct {
		Result answerSentences `json:"result"`
	}
	if err := json.Unmarshal(api.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if g, w := strings.Join(got.Result.Pick.Explanation, "\n"), strings.Join(old.Pick.Explanation, "\n"); g != w {
		t.Errorf("pinned explanation now reads\n%s\nwant what the first release wrote\n%s", g, w)
	}
	if got.Result.Pick.Compliance.Reason != old.Pick.Compliance.Reason {
		t.Errorf("compliance = %q, want %q", got.Result.Pick.Compliance.Reason, old.Pick.Compliance.Reason)
	}
	for i, a := range old.Alternatives {
		if g, w := strings.Join(got.Result.Alternatives[i].Explanation, " "), strings.Join(a.Explanation, " "); g != w {
			t.Errorf("alternative %d now reads %q, want %q", i, g, w)
		}
	}
	for _, lang := range []string{"en", "zh-CN"} {
		page := s.do(t, "GET", "/s/"+l.ID+"?lang="+lang, nil)
		wantStatus(t, page, http.StatusOK)
		body := page.Body.String()
		for _, bad := range []string{"%!", "lost.", "why.", "spot.saves"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s page of the old link shows %q", lang, bad)
			}
		}
	}
	zh := s.do(t, "GET", "/s/"+l.ID+"?lang=zh-CN", nil).Body.String()
	wantContains(t, zh, "在最多 3 个区域的所有允许方案中", "德国")
}

// Ensure the API's answer keeps its shape and English: a fixed question on
// the embedded catalog against testdata/advice-golden.json (go test -run
// TestAdviceJSONGolden ./web/ -update rewrites it after a deliberate
// change).
func TestAdviceJSONGolden(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/api/v1/advice?currency=EUR&gdpr=eu&kind=inference&latency_ms=60&months=12&peak_rps=400&profile=resnet50&rps=150&users=DE:35,FR:25,NL:15,IT:15,ES:10", nil)
	wantStatus(t, rec, http.StatusOK)
	const golden = "testdata/advice-golden.json"
	// The API sends compact JSON; the file holds it indented, for review.
	var got bytes.Buffer
	if err := json.Indent(&got, rec.Body.Bytes(), "", "  "); err != nil {
		t.Fatalf("GET /api/v1/advice: not JSON: %v", err)
	}
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("GET /api/v1/advice differs from %s; if the change is deliberate, run with -update and review the diff", golden)
	}
}
