package web_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/api"
	"gpuplace/internal/export"
	"gpuplace/internal/link"
	"gpuplace/internal/locale"
)

// Ensure the API's answer states, for the pick and every alternative,
// its confidence (a grade with its reasons, in English and as messages)
// and its verdict (met or not, the share within the target, in English and
// as a message), as the card says them.
func TestAPIAdviceVerdictAndConfidence(t *testing.T) {
	s := newTestServer(t)
	const q = "kind=inference&profile=bert-large&rps=100&users=US:50,DE:30,JP:20&latency_ms=100&months=12"
	rec := s.do(t, "GET", "/api/v1/advice?"+q, nil)
	wantStatus(t, rec, http.StatusOK)
	var a api.AdviceJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	if a.Pick == nil {
		t.Fatal("no pick")
	}
	en := locale.For(locale.EN)
	for i, o := range append([]api.OptionJSON{*a.Pick}, a.Alternatives...) {
		c, v := o.Confidence, o.Verdict
		if !slices.Contains([]string{"firm", "likely", "rough"}, c.Grade) || len(c.Reasons) == 0 ||
			!slices.Equal(c.Reasons, en.Texts(c.ReasonsText)) {
			t.Errorf("option %d: confidence %+v", i, c)
		}
		if v.Text == "" || v.Text != en.Text(v.TextText) || v.ShareWithinTarget == nil || v.Target != "latency" ||
			*v.ShareWithinTarget != o.Latency.ShareWithinTarget || v.Meets != (o.Latency.ShareWithinTarget >= 95) {
			t.Errorf("option %d: verdict %+v against %.1f %% within target", i, v, o.Latency.ShareWithinTarget)
		}
	}
	page := s.do(t, "GET", "/advice?"+q, nil).Body.String()
	wantContains(t, page, `data-grade="`+a.Pick.Confidence.Grade+`"`, a.Pick.Verdict.Text)
	for _, r := range a.Pick.Confidence.Reasons {
		wantContains(t, page, strings.ReplaceAll(r, "'", "&#39;"))
	}
}

// Ensure a link pinned before answers stated a verdict and a confidence
// states them in its JSON, as its page shows them.
func TestOldPinnedLinkVerdictAndConfidence(t *testing.T) {
	s := newTestServer(t)
	raw, err := os.ReadFile("testdata/pinned-first-release.json")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), `"verdict"`) || strings.Contains(string(raw), `"confidence"`) {
		t.Fatal("the first release's answer states a verdict or a confidence: it is not that release's")
	}
	l := link.Link{ID: "firstreleasejudged000000000", Query: "currency=EUR&gdpr=eu&kind=inference&latency_ms=100&months=12&peak_rps=120&pricing=on_demand,spot&profile=bert-large&rps=50&users=DE:60,US:40",
		CatalogVersion: "2026-11-29.1", Result: raw, CreatedAt: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	if err := s.db.CreateLink(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	rec := s.do(t, "GET", "/api/v1/links/"+l.ID, nil)
	wantStatus(t, rec, http.StatusOK)
	var got struct {
		Result api.AdviceJSON `json:"result"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	p := got.Result.Pick
	if p == nil || p.Confidence.Grade == "" || len(p.Confidence.Reasons) == 0 || p.Verdict.Text == "" {
		t.Fatalf("the old link's pick states no verdict or confidence: %+v", p)
	}
	for i, a := range got.Result.Alternatives {
		if a.Confidence.Grade == "" || a.Verdict.Text == "" {
			t.Errorf("the old link's alternative %d states no verdict or confidence", i)
		}
	}
	page := s.do(t, "GET", "/s/"+l.ID, nil).Body.String()
	wantContains(t, page, `data-grade="`+p.Confidence.Grade+`"`, p.Verdict.Text)
}

// Ensure a quote's files state its recommendation's verdict on the pick
// and the pick's confidence grade, in the quote's language.
func TestQuoteStatesPicksVerdict(t *testing.T) {
	s := newTestServer(t)
	sales := s.signIn(t, "sales")
	id := s.pinLink(t)
	rec := s.do(t, "GET", "/api/v1/links/"+id, nil)
	wantStatus(t, rec, http.StatusOK)
	var pinned struct {
		Result api.AdviceJSON `json:"result"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &pinned); err != nil || pinned.Result.Pick == nil {
		t.Fatalf("pinned answer: %v", err)
	}
	pick := pinned.Result.Pick
	for _, lang := range locale.Langs {
		number := s.createQuote(t, sales, id, url.Values{"lang": {string(lang)}})
		body := s.do(t, "GET", "/quotes/"+number+".csv", nil, "Cookie", sales).Body.String()
		rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
		if err != nil || len(rows) < 2 {
			t.Fatalf("%s CSV: %v (%d rows)", lang, err, len(rows))
		}
		p := locale.For(lang)
		verdict, grade := p.Text(pick.Verdict.TextText), p.T("export.grade."+pick.Confidence.Grade)
		col := func(name string) string { return rows[1][slices.Index(export.CSVColumns, name)] }
		if col("verdict") != verdict || col("confidence") != grade || verdict == "" {
			t.Errorf("%s quote: verdict %q, confidence %q; want %q, %q", lang, col("verdict"), col("confidence"), verdict, grade)
		}
	}
}
