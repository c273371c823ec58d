package web_test

import (
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gpuplace/internal/locale"
)

// scannedQuestions are the questions a new buyer tries first: the home
// form's defaults at two loads, an LLM question served from two regions,
// and a training question.
var scannedQuestions = []string{
	defaultQuestion,
	strings.Replace(defaultQuestion, "peak_rps=100", "peak_rps=400", 1),
	llmTwoRegions,
	"kind=training&profile=resnet50&epochs=10",
}

// llmTwoRegions is an LLM question that asks for two regions.
const llmTwoRegions = "kind=inference&profile=llama-3.1-8b&rps=10&users=US:50,DE:50&months=12&min_regions=2"

// elementID finds an element's id attribute (not data-testid's).
var elementID = regexp.MustCompile(`\sid="([^"]*)"`)

// Ensure the pages a buyer reads first, and the what-if each frames, in
// both languages, print no argument fmt could not format and give no two
// elements the same id.
func TestPagesScanClean(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for _, q := range scannedQuestions {
		for _, lang := range []string{"en", "zh-CN"} {
			paths := []string{"/advice?", "/advice/what-if?"}
			if raceEnabled && q != defaultQuestion {
				// Under the race detector a what-if takes seconds: the
				// first question's is scanned, the others' in the run
				// without it.
				paths = paths[:1]
			}
			for _, path := range paths {
				rec := s.do(t, "GET", path+q+"&lang="+lang, nil)
				wantStatus(t, rec, http.StatusOK)
				body := rec.Body.String()
				if m := badVerb.FindAllString(body, 3); m != nil {
					t.Errorf("%s%s (%s) prints %q", path, q, lang, m)
				}
				seen := map[string]bool{}
				for _, m := range elementID.FindAllStringSubmatch(body, -1) {
					id := html.UnescapeString(m[1])
					if seen[id] {
						t.Errorf("%s%s (%s): two elements have id %q", path, q, lang, id)
					}
					seen[id] = true
				}
			}
		}
	}
}

// Ensure the site has an icon: browsers ask for /favicon.ico whatever
// the page says, and pages name it.
func TestFavicon(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/favicon.ico", nil)
	wantStatus(t, rec, http.StatusOK)
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "image/") {
		t.Errorf("/favicon.ico is %q, want an image", ct)
	}
	page := s.do(t, "GET", "/", nil)
	wantStatus(t, page, http.StatusOK)
	m := regexp.MustCompile(`<link rel="icon"[^>]*href="([^"]+)"`).FindStringSubmatch(page.Body.String())
	if m == nil {
		t.Fatal("the home page names no icon")
	}
	icon := s.do(t, "GET", html.UnescapeString(m[1]), nil)
	wantStatus(t, icon, http.StatusOK)
}

// Ensure an answer's title and preview name every region it serves from:
// a two-region answer's title names both.
func TestTitleNamesEveryRegion(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	rec := s.do(t, "GET", "/api/v1/advice?"+llmTwoRegions, nil)
	wantStatus(t, rec, http.StatusOK)
	var res struct {
		Pick struct {
			Placements []struct {
				Region       string `json:"region"`
				InstanceType string `json:"instance_type"`
			} `json:"placements"`
		} `json:"pick"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Pick.Placements) < 2 {
		t.Fatalf("the answer to %s serves from %d places, want 2", llmTwoRegions, len(res.Pick.Placements))
	}
	page := s.do(t, "GET", "/advice?"+llmTwoRegions, nil)
	wantStatus(t, page, http.StatusOK)
	body := html.UnescapeString(page.Body.String())
	title := body[strings.Index(body, "<title>"):strings.Index(body, "</title>")]
	desc := regexp.MustCompile(`<meta name="description" content="([^"]*)"`).FindStringSubmatch(body)
	for _, p := range res.Pick.Placements {
		if !strings.Contains(title, p.Region) || !strings.Contains(title, p.InstanceType) {
			t.Errorf("the title %q does not name %s %s", title, p.Region, p.InstanceType)
		}
		if desc == nil || !strings.Contains(desc[1], p.InstanceType) {
			t.Errorf("the preview %q does not name %s", desc, p.InstanceType)
		}
	}
}

// Ensure an answer that serves from several regions because the question
// asks for them (min_regions) does not claim that no single region would
// do ("the best keeps 0 %": none was weighed), in either language.
func TestMinRegionsAnswerSaysNoUntruth(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for lang, ban := range map[string]string{"en": "No single region keeps", "zh-CN": "没有单个区域能让"} {
		rec := s.do(t, "GET", "/advice?"+llmTwoRegions+"&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		if body := html.UnescapeString(rec.Body.String()); strings.Contains(body, ban) {
			t.Errorf("%s: the answer to %s says %q", lang, llmTwoRegions, ban)
		}
	}
}

// ungroupedCount finds a count of a thousand or more written without
// its separators in a sentence ("fitted on 1244 measured points", "within
// 1000 ms", "6426 prices match").
var ungroupedCount = regexp.MustCompile(`(?:on|within|over|共|以内) [1-9]\d{3,}\b|\b[1-9]\d{3,} (?:measured|prices|pairs|ms|毫秒|个价格|对)`)

// Ensure the counts a buyer reads on an answer and in the catalog have
// their thousands grouped.
func TestCountsHaveSeparators(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for _, path := range []string{"/advice?" + llmTwoRegions, "/catalog/offers", "/catalog/latency"} {
		for _, lang := range []string{"en", "zh-CN"} {
			rec := s.do(t, "GET", path+"&lang="+lang, nil)
			if !strings.Contains(path, "?") {
				rec = s.do(t, "GET", path+"?lang="+lang, nil)
			}
			wantStatus(t, rec, http.StatusOK)
			if m := ungroupedCount.FindAllString(html.UnescapeString(rec.Body.String()), 3); m != nil {
				t.Errorf("%s (%s) writes counts without separators: %q", path, lang, m)
			}
		}
	}
}

// Ensure a price whose source gives only a year is not said to be "as
// of" that year as if it were a date: the page says the source gives no
// day.
func TestPriceDateNotAYear(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for lang, want := range map[string]string{"en": "prices from 2025 (the source gives no day)", "zh-CN": "价格来自 2025 年（来源未注明具体日期）"} {
		rec := s.do(t, "GET", "/advice?"+llmTwoRegions+"&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		body := html.UnescapeString(rec.Body.String())
		if m := regexp.MustCompile(`(prices as of|价格日期) \d{4}(-\d\d)?\b[^-]`).FindString(body); m != "" {
			t.Errorf("%s: the answer says %q", lang, m)
		}
		if !strings.Contains(body, want) {
			t.Errorf("%s: the answer lacks %q", lang, want)
		}
	}
}

// Ensure a balanced answer's "why it lost" gives scores a person can
// compare: an alternative's score and the pick's read differently (never
// "Scores 0.00 against 0.00"), in plain decimals, with every part.
func TestBalancedScoresCompare(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	score := regexp.MustCompile(`Scores ([\d.]+) against ([\d.]+) \(cost part ([\d.]+), latency or duration part ([\d.]+), emissions part ([\d.]+);`)
	for _, q := range []string{defaultQuestion + "&objective=balanced", "kind=training&profile=resnet50&epochs=10&objective=balanced"} {
		rec := s.do(t, "GET", "/advice?"+q, nil)
		wantStatus(t, rec, http.StatusOK)
		body := html.UnescapeString(rec.Body.String())
		ms := score.FindAllStringSubmatch(body, -1)
		if len(ms) == 0 {
			t.Errorf("%s: no alternative's score with its parts", q)
		}
		for _, m := range ms {
			if m[1] == m[2] {
				t.Errorf("%s: %q: the scores read the same", q, m[0])
			}
			for _, f := range m[1:3] {
				if strings.Trim(f, "0.") == "" {
					t.Errorf("%s: %q: a score reads as zero", q, m[0])
				}
			}
		}
	}
}

// maintainerNotes are words of the catalog's maintainers about the
// catalog itself, which a buyer must never read as a risk.
var maintainerNotes = []string{"catalog has no currency field", "- assumption", "; assumption)"}

// Ensure a price whose source states no currency reaches the buyer as that
// (and the currency it is read in), not as the maintainers' note on the
// catalog's fields, on the page in both languages and in the JSON.
func TestNoMaintainerNotesAsRisks(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for _, path := range []string{"/advice?" + llmTwoRegions + "&lang=en", "/advice?" + llmTwoRegions + "&lang=zh-CN", "/api/v1/advice?" + llmTwoRegions} {
		rec := s.do(t, "GET", path, nil)
		wantStatus(t, rec, http.StatusOK)
		body := html.UnescapeString(rec.Body.String())
		for _, n := range maintainerNotes {
			if strings.Contains(body, n) {
				t.Errorf("%s shows a maintainers' note: %q", path, n)
			}
		}
		if !strings.Contains(body, "its source states no currency: read as EUR") && !strings.Contains(body, "来源未注明币种：按 EUR 计") {
			t.Errorf("%s does not say that a price's source states no currency", path)
		}
	}
}

// sourceFileName finds a source named to a buyer by the catalog's id of a
// repository file or by a file name ("litellm-prices-2026-07",
// "prices.json").
var sourceFileName = regexp.MustCompile(`\b(?:litellm|genai)-prices-\d{4}-\d\d\b|\b[\w-]+\.(?:json|ya?ml|csv|mdx)\b`)

// Ensure an LLM answer names where its figures come from as a buyer reads
// it: a token API's list price with its date, never a repository file's
// id or name.
func TestSourcesNotFileNames(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	for _, lang := range []string{"en", "zh-CN"} {
		rec := s.do(t, "GET", "/advice?"+llmTwoRegions+"&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		// Only what a person reads: a link's address is not read.
		text := html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(body, " "))
		if m := sourceFileName.FindAllString(text, 3); m != nil {
			t.Errorf("%s: the answer names sources by file: %q", lang, m)
		}
	}
}

// Ensure the numbers in an answer's JSON text arguments are the figures
// its sentences show (0.0255, not 0.025520479261056512): each, written in
// its format and read back, is itself.
func TestJSONTextNumbersAsShown(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	en := locale.For(locale.EN)
	for _, q := range append(scannedQuestions, defaultQuestion+"&objective=balanced") {
		rec := s.do(t, "GET", "/api/v1/advice?"+q, nil)
		wantStatus(t, rec, http.StatusOK)
		var doc any
		if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		n, bad := 0, 0
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				num, isNum := v["num"].(float64)
				f, _ := v["fmt"].(string)
				if isNum && f != "" && f != locale.FmtShort {
					n++
					shown := strings.ReplaceAll(en.Format(num, f), ",", "")
					if back, err := strconv.ParseFloat(shown, 64); err == nil && back != num && bad < 5 {
						bad++
						t.Errorf("%s: a text argument carries %v (%s), shown as %s", q, num, f, shown)
					}
				}
				for _, x := range v {
					walk(x)
				}
			case []any:
				for _, x := range v {
					walk(x)
				}
			}
		}
		walk(doc)
		if n == 0 {
			t.Errorf("%s: no numeric text argument in the JSON", q)
		}
	}
}
