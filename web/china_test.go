package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// formDefaults400 is the form's own question (homeDefaults) at a peak of
// 400 requests a second, where a region in mainland China is the
// cheapest place for the Japanese users.
const formDefaults400 = "kind=inference&latency_ms=100&months=12&peak_rps=400&profile=bert-large&rps=50&users=US%3A50%2CDE%3A30%2CJP%3A20"

// servesFromChina reports whether the pick has a placement in mainland
// China.
func (a adviceAnswer) servesFromChina() bool {
	for _, p := range a.Pick.Placements {
		if p.Country == "CN" {
			return true
		}
	}
	return false
}

// Ensure china_regions is read wherever a question is (query, JSON, the
// form, its share link, the edit form, a pinned link), refused naming the
// key when it is not a value it takes, and that by default the form's own
// question serves no one from mainland China.
func TestChinaRegionsKey(t *testing.T) {
	s := newTestServer(t)
	def := s.answer(t, "GET", "/api/v1/advice?"+formDefaults400, "")
	if def.servesFromChina() || def.Request.ChinaRegions != "own_users" {
		t.Errorf("by default: pick %+v, china_regions %q; want no mainland region, own_users", def.Pick.Placements, def.Request.ChinaRegions)
	}
	counted := false
	for _, x := range def.Excluded {
		counted = counted || (x.Reason == "china_regions" && x.Count > 0)
	}
	if !counted {
		t.Errorf("the mainland regions are not counted out: %+v", def.Excluded)
	}
	allow := s.answer(t, "GET", "/api/v1/advice?"+formDefaults400+"&china_regions=allow", "")
	if !allow.servesFromChina() || allow.Request.ChinaRegions != "allow" {
		t.Errorf("china_regions=allow: pick %+v, china_regions %q; want Japan served from mainland China again", allow.Pick.Placements, allow.Request.ChinaRegions)
	}
	body := `{"workload":{"kind":"inference","profile":"bert-large","rps":50,"peak_rps":400,"latency_ms":100,"months":12},` +
		`"users":[{"location":"US","share":50},{"location":"DE","share":30},{"location":"JP","share":20}],"china_regions":"allow"}`
	post := s.do(t, "POST", "/api/v1/advice", strings.NewReader(body), "Content-Type", "application/json")
	get := s.do(t, "GET", "/api/v1/advice?"+formDefaults400+"&china_regions=allow", nil)
	if post.Body.String() != get.Body.String() {
		t.Error("POST and GET of the same question with china_regions=allow answer differently")
	}

	// A value it does not take: a field error naming the key.
	rec := s.do(t, "GET", "/api/v1/advice?"+formDefaults400+"&china_regions=mainland", nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `"field":"china_regions"`)
	rec = s.do(t, "POST", "/api/v1/advice", strings.NewReader(strings.Replace(body, `"allow"`, `"mainland"`, 1)), "Content-Type", "application/json")
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `"field":"china_regions"`)
	rec = s.do(t, "GET", "/advice?"+formDefaults400+"&china_regions=mainland", nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `data-testid="form-errors"`, `data-field="china_regions">`)

	// The form: a select in its advanced part, its default left out of
	// the share link, allow kept.
	wantContains(t, s.do(t, "GET", "/", nil).Body.String(), `<select id="f-china_regions" name="china_regions"`)
	form := "/advice?kind=inference&profile=bert-large&rps=50&peak_rps=400&latency_ms=100&months=12" +
		"&user_location=US&user_share=50&user_location=DE&user_share=30&user_location=JP&user_share=20&china_regions="
	for _, tt := range []struct{ value, want string }{
		{"", "/advice?" + formDefaults400},
		{"allow", "/advice?china_regions=allow&" + formDefaults400},
	} {
		rec := s.do(t, "GET", form+tt.value, nil)
		wantStatus(t, rec, http.StatusSeeOther)
		if loc := rec.Header().Get("Location"); loc != tt.want {
			t.Errorf("china_regions=%q: redirect = %s, want %s", tt.value, loc, tt.want)
		}
	}
	edit := s.do(t, "GET", "/advice/edit?"+formDefaults400+"&china_regions=allow", nil)
	wantStatus(t, edit, http.StatusOK)
	wantContains(t, edit.Body.String(), `<option value="allow" selected>`, `<details class="more" open>`)

	// A pinned link keeps it, and its page shows the mainland's lines.
	q, _ := url.ParseQuery(formDefaults400 + "&china_regions=allow")
	rec = s.do(t, "POST", "/s", strings.NewReader(q.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, rec, http.StatusSeeOther)
	pin := rec.Header().Get("Location")
	page := s.do(t, "GET", pin, nil)
	wantStatus(t, page, http.StatusOK)
	wantContains(t, page.Body.String(), `data-testid="mainland"`, "china_regions=allow")
	var pinned struct {
		Result adviceAnswer `json:"result"`
	}
	api := s.do(t, "GET", "/api/v1/links/"+strings.TrimPrefix(pin, "/s/"), nil)
	wantStatus(t, api, http.StatusOK)
	if err := json.Unmarshal(api.Body.Bytes(), &pinned); err != nil {
		t.Fatal(err)
	}
	if pinned.Result.Request.ChinaRegions != "allow" || pinned.Result.Pick == nil || !pinned.Result.servesFromChina() {
		t.Errorf("the pinned answer lost china_regions=allow: %+v", pinned.Result.Request)
	}
}

// Ensure the decision card of a pick in mainland China flags the ICP
// filing, the account of its own and the filtered border, each with its
// source where the catalog has one, in both languages; and that no other
// pick's card does.
func TestMainlandCard(t *testing.T) {
	s := newTestServer(t)
	const china = "/advice?kind=inference&latency_ms=100&peak_rps=100&profile=bert-large&rps=50&users=CN%3A100"
	en := s.do(t, "GET", china, nil)
	wantStatus(t, en, http.StatusOK)
	body := en.Body.String()
	card := body[strings.Index(body, `data-testid="pick"`):strings.Index(body, `data-testid="explanation"`)]
	wantContains(t, card, `data-testid="mainland"`, "ICP filing", "needs an account of its own", "filtered border",
		"Amazon CloudFront API reference (China): AliasICPRecordal", `href="https://docs.amazonaws.cn/`,
		"Amazon Web Services in China: general information")
	zh := s.do(t, "GET", china+"&lang=zh-CN", nil)
	wantStatus(t, zh, http.StatusOK)
	wantContains(t, zh.Body.String(), `data-testid="mainland"`, "ICP 备案", "单独的账户", "过滤边境")
	us := s.do(t, "GET", "/advice?"+germanInference, nil)
	wantStatus(t, us, http.StatusOK)
	if strings.Contains(us.Body.String(), `data-testid="mainland"`) {
		t.Error("a pick outside mainland China shows the mainland's lines")
	}
}
