package web_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// Ensure GET /api/v1/advice/launch answers each format as YAML for the
// pick and an alternative, names the key at fault for a bad format or
// option, refuses a provider the tool does not support with the key named,
// and the answer page shows the files with links to the same route.
func TestLaunchEndToEnd(t *testing.T) {
	s := newTestServer(t)
	const question = llmQuestion + "&rps=2&peak_rps=5"
	var advice struct {
		Pick struct {
			Placements []struct {
				Provider     string `json:"provider"`
				InstanceType string `json:"instance_type"`
			} `json:"placements"`
		} `json:"pick"`
		Alternatives []struct {
			Placements []struct {
				InstanceType string `json:"instance_type"`
			} `json:"placements"`
		} `json:"alternatives"`
	}
	rec := s.do(t, "GET", "/api/v1/advice?candidates=0&"+question, nil)
	wantStatus(t, rec, http.StatusOK)
	if err := json.Unmarshal(rec.Body.Bytes(), &advice); err != nil || len(advice.Alternatives) == 0 {
		t.Fatalf("advice: %v, %d alternatives", err, len(advice.Alternatives))
	}
	for _, format := range []string{"skypilot", "dstack", "kubernetes"} {
		for alt, want := range map[string]string{"": advice.Pick.Placements[0].InstanceType, "&alt=1": advice.Alternatives[0].Placements[0].InstanceType} {
			rec := s.do(t, "GET", "/api/v1/advice/launch?format="+format+alt+"&"+question, nil)
			if rec.Code == http.StatusUnprocessableEntity && format != "kubernetes" {
				var p struct {
					Errors []struct{ Field, Message string }
				}
				if json.Unmarshal(rec.Body.Bytes(), &p) != nil || len(p.Errors) != 1 || p.Errors[0].Field != "format" || !strings.Contains(p.Errors[0].Message, "does not support") {
					t.Errorf("%s%s: a refusal must name the format key: %s", format, alt, rec.Body)
				}
				continue
			}
			wantStatus(t, rec, http.StatusOK)
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/yaml") {
				t.Errorf("%s%s: Content-Type %q", format, alt, ct)
			}
			var doc map[string]any
			if err := yaml.NewDecoder(bytes.NewReader(rec.Body.Bytes())).Decode(&doc); err != nil || len(doc) == 0 {
				t.Errorf("%s%s: not YAML: %v\n%s", format, alt, err, rec.Body)
			}
			if !strings.Contains(rec.Body.String(), want) || !strings.Contains(rec.Body.String(), "Catalog version: "+s.cat.Version.ID) {
				t.Errorf("%s%s: the file does not launch %s from catalog %s:\n%s", format, alt, want, s.cat.Version.ID, rec.Body)
			}
		}
	}
	for q, field := range map[string]string{"format=helm": "format", "format=dstack&alt=99": "alt", "alt=x&format=skypilot": "alt", "": "format"} {
		rec := s.do(t, "GET", "/api/v1/advice/launch?"+q+"&"+question, nil)
		wantStatus(t, rec, http.StatusUnprocessableEntity)
		if !strings.Contains(rec.Body.String(), `"field":"`+field+`"`) {
			t.Errorf("launch?%s: the problem does not name %s: %s", q, field, rec.Body)
		}
	}

	for _, lang := range []string{"en", "zh-CN"} {
		rec := s.do(t, "GET", "/advice?"+question+"&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		page := rec.Body.String()
		for _, id := range []string{`data-testid="launch"`, `data-testid="launch-page"`, "/api/v1/advice/launch?"} {
			if !strings.Contains(page, id) {
				t.Errorf("%s answer page: no %s", lang, id)
			}
		}
		rec = s.do(t, "GET", "/advice/launch?"+question+"&lang="+lang, nil)
		wantStatus(t, rec, http.StatusOK)
		page = rec.Body.String()
		for _, want := range []string{`data-testid="launch-kubernetes"`, "apiVersion: apps/v1", advice.Pick.Placements[0].InstanceType, "/api/v1/advice/launch?"} {
			if !strings.Contains(page, want) {
				t.Errorf("%s launch page: no %s", lang, want)
			}
		}
		if n := strings.Count(page, `data-testid="launch-alternative"`); n != len(advice.Alternatives) {
			t.Errorf("%s launch page: %d alternatives' files, want the answer's %d", lang, n, len(advice.Alternatives))
		}
	}
}

// Ensure an answer in several regions gives each region's file alone at
// region=N, named for its region, one YAML document as SkyPilot and
// dstack read; the launch page links each one; a region past the
// option's names the region key.
func TestLaunchOneRegion(t *testing.T) {
	s := newTestServer(t)
	const question = "kind=inference&profile=resnet50&rps=200&peak_rps=400&latency_ms=60&users=US:50,DE:50&accelerator=gpu&providers=aws"
	var advice struct {
		Pick struct {
			Placements []struct {
				Region       string `json:"region"`
				InstanceType string `json:"instance_type"`
			} `json:"placements"`
		} `json:"pick"`
	}
	rec := s.do(t, "GET", "/api/v1/advice?candidates=0&"+question, nil)
	wantStatus(t, rec, http.StatusOK)
	if err := json.Unmarshal(rec.Body.Bytes(), &advice); err != nil || len(advice.Pick.Placements) < 2 {
		t.Fatalf("advice: %v, %d places; the test needs an answer in several regions", err, len(advice.Pick.Placements))
	}
	places := advice.Pick.Placements
	for _, format := range []string{"skypilot", "dstack", "kubernetes"} {
		for i, p := range places {
			rec := s.do(t, "GET", "/api/v1/advice/launch?format="+format+"&region="+strconv.Itoa(i+1)+"&"+question, nil)
			wantStatus(t, rec, http.StatusOK)
			var doc map[string]any
			if err := yaml.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
				t.Errorf("%s region %d: not one YAML document: %v\n%s", format, i+1, err, rec.Body)
			}
			cd := rec.Header().Get("Content-Disposition")
			if !strings.Contains(rec.Body.String(), p.InstanceType) || !strings.Contains(rec.Body.String(), p.Region) ||
				!strings.Contains(cd, "-"+p.Region+".") {
				t.Errorf("%s region %d: not %s in %s (Content-Disposition %q):\n%s", format, i+1, p.InstanceType, p.Region, cd, rec.Body)
			}
		}
		rec := s.do(t, "GET", "/api/v1/advice/launch?format="+format+"&region="+strconv.Itoa(len(places)+1)+"&"+question, nil)
		wantStatus(t, rec, http.StatusUnprocessableEntity)
		if !strings.Contains(rec.Body.String(), `"field":"region"`) {
			t.Errorf("%s: a region past the option's: %s", format, rec.Body)
		}
	}
	rec = s.do(t, "GET", "/advice/launch?"+question, nil)
	wantStatus(t, rec, http.StatusOK)
	if n := strings.Count(rec.Body.String(), `data-testid="launch-regions"`); n < 3 {
		t.Errorf("launch page: %d lists of one-region files, want one per format of the pick at least", n)
	}
	if !strings.Contains(rec.Body.String(), "&amp;region=2") {
		t.Errorf("launch page: no link to the second region's file")
	}
}
