package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// offersPage is one page of GET /api/v1/offers.
type offersPage struct {
	Count   int `json:"count"`
	Page    int `json:"page"`
	PerPage int `json:"per_page"`
	Offers  []struct {
		Provider     string `json:"provider"`
		Region       string `json:"region"`
		InstanceType string `json:"instance_type"`
	} `json:"offers"`
	Next *string `json:"next"`
}

func (s *testServer) offersPage(t *testing.T, target string) offersPage {
	t.Helper()
	rec := s.do(t, "GET", target, nil)
	wantStatus(t, rec, http.StatusOK)
	var p offersPage
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// Ensure /api/v1/offers answers a page at a time (100 by default, at most
// 500) with the total and a next URL that keeps the filters, that
// following next visits every offer once, and that old clients, which
// send no page keys, get the first page.
func TestAPIOffersPaging(t *testing.T) {
	s := newTestServer(t)
	first := s.offersPage(t, "/api/v1/offers")
	if first.Count != len(s.cat.Offers) || len(first.Offers) != 100 || first.Page != 1 || first.PerPage != 100 {
		t.Fatalf("first page: count %d, %d offers, page %d of %d; want %d offers in all, 100 on page 1",
			first.Count, len(first.Offers), first.Page, first.PerPage, len(s.cat.Offers))
	}
	if first.Next == nil || *first.Next != "https://gpuplace.test/api/v1/offers?page=2&per_page=100" {
		t.Fatalf("next = %v, want page 2 under the base URL", first.Next)
	}
	seen := map[string]bool{}
	for p, target := first, ""; ; {
		for _, o := range p.Offers {
			id := o.Provider + ":" + o.Region + ":" + o.InstanceType
			if seen[id] {
				t.Fatalf("offer %s on two pages", id)
			}
			seen[id] = true
		}
		if p.Next == nil {
			break
		}
		target = strings.TrimPrefix(*p.Next, "https://gpuplace.test")
		p = s.offersPage(t, target)
	}
	if len(seen) != first.Count {
		t.Errorf("following next visited %d offers, want %d", len(seen), first.Count)
	}

	big := s.offersPage(t, "/api/v1/offers?per_page=500")
	if len(big.Offers) != min(500, big.Count) {
		t.Errorf("per_page=500 gave %d offers", len(big.Offers))
	}
	aws := s.offersPage(t, "/api/v1/offers?provider=aws&per_page=20")
	if len(aws.Offers) != 20 || aws.Next == nil || !strings.Contains(*aws.Next, "provider=aws") || !strings.Contains(*aws.Next, "page=2") {
		t.Errorf("filtered page: %d offers, next %v; want 20 and a next URL keeping provider=aws", len(aws.Offers), aws.Next)
	}
	past := s.offersPage(t, "/api/v1/offers?page=1000")
	if len(past.Offers) != 0 || past.Next != nil || past.Count != first.Count {
		t.Errorf("a page past the end: %d offers, next %v", len(past.Offers), past.Next)
	}
	for _, q := range []string{"per_page=501", "per_page=0", "page=0", "page=x", "page=9223372036854775807"} {
		rec := s.do(t, "GET", "/api/v1/offers?"+q, nil)
		wantStatus(t, rec, http.StatusUnprocessableEntity)
		wantContains(t, rec.Body.String(), `"field":"`+strings.Split(q, "=")[0]+`"`)
	}
	if n := s.do(t, "GET", "/api/v1/offers", nil).Body.Len(); n > 128<<10 {
		t.Errorf("the default answer is %d bytes, want a bounded page", n)
	}
}

// Ensure GET /api/v1/profiles lists the workloads with the LLM models'
// sizes.
func TestAPIProfiles(t *testing.T) {
	s := newTestServer(t)
	rec := s.do(t, "GET", "/api/v1/profiles", nil)
	wantStatus(t, rec, http.StatusOK)
	var got struct {
		Profiles []struct {
			ID  string `json:"id"`
			LLM *struct {
				ParamsB float64 `json:"params_b"`
			} `json:"llm"`
		} `json:"profiles"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	llms := 0
	for _, p := range got.Profiles {
		if p.LLM != nil && p.LLM.ParamsB > 0 {
			llms++
		}
	}
	if len(got.Profiles) < 5 || llms < 2 {
		t.Errorf("profiles = %+v, want the five workloads with two LLMs sized", got.Profiles)
	}
}
