package question_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/question"
)

// Ensure every field has its own key and request field, and that each
// request field's path is where the JSON request carries it.
func TestFieldsTable(t *testing.T) {
	keys, paths := map[string]bool{}, map[string]bool{}
	var full map[string]any
	budget := decimal.NewFromInt(1)
	b, _ := json.Marshal(advisor.Request{CheckpointMinutes: new(float64), Budget: &budget, Workload: advisor.Workload{InputTokens: 1, OutputTokens: 1, TTFTMS: 1, TPOTMS: 1, PrefixCachePct: 1, Engine: advisor.EngineAny},
		AllowUnlocated: true, MinRegions: 2, Redundancy: advisor.RedundancyRegion, CarbonPrice: 1, Accelerator: advisor.AcceleratorAny,
		ChinaRegions: advisor.ChinaRegionsAllow})
	if err := json.Unmarshal(b, &full); err != nil {
		t.Fatal(err)
	}
	for _, f := range question.Fields {
		if keys[f.Key] || paths[f.Path] {
			t.Errorf("field %s (%s) is in the table twice", f.Key, f.Path)
		}
		keys[f.Key], paths[f.Path] = true, true
		at, present := any(full), true
		for _, part := range strings.Split(f.Path, ".") {
			m, _ := at.(map[string]any)
			at, present = m[part]
			if !present {
				t.Errorf("field %s: path %q is not in the JSON request %s", f.Key, f.Path, b)
				break
			}
		}
		if f.Doc == "" {
			t.Errorf("field %s has no description", f.Key)
		}
	}
	for path, want := range map[string]string{"workload.rps": "rps", "data.location": "data_location", "users[2].share": "users",
		"pricing[0]": "pricing", "checkpoint_minutes": "checkpoint_minutes", "workload.kind": "kind", "candidates": "candidates"} {
		if got := question.KeyOf(path); got != want {
			t.Errorf("KeyOf(%q) = %q, want %q", path, got, want)
		}
	}
}

// Ensure a share link reads back to the request it was written from, and
// a request writes the share link it was read from.
func TestQueryRoundTrip(t *testing.T) {
	for _, raw := range []string{
		"budget=5000.5&checkpoint_minutes=0&data_location=aws%3Aeu-central-1&dataset_gb=500&deadline_hours=24&epochs=3&gdpr=eu&kind=training&pricing=on_demand%2Cspot&profile=resnet50&samples=1000000",
		"countries=DE%2CFR&currency=GBP&gpus=l4%2Ct4&kind=inference&latency_ms=80&months=3&objective=latency&peak_rps=150&profile=resnet50&providers=aws%2Cgcp&response_kb=12.5&rps=50&users=DE%3A50%2Cfra%3A30%2CJP%3A20",
		"input_tokens=1000&kind=inference&output_tokens=300&precision=fp8&profile=llama-3.1-8b&rps=5&tpot_ms=60&ttft_ms=800&users=US%3A1",
		"engine=sglang&input_tokens=1000&kind=inference&output_tokens=300&precision=bf16&profile=llama-3.1-8b&rps=5&users=US%3A1",
		"input_tokens=32000&kind=inference&output_tokens=500&prefix_cache_pct=80&profile=llama-3.1-8b&rps=2&tpot_ms=50&ttft_ms=60000&users=US%3A1",
		// A stated 0 months stays stated: the domain refuses it.
		"kind=inference&months=0&profile=bert-large&rps=50&users=US%3A50%2CDE%3A30%2CJP%3A20",
		"china_regions=allow&kind=inference&months=12&peak_rps=400&profile=bert-large&rps=50&users=US%3A50%2CDE%3A30%2CJP%3A20",
	} {
		q, err := url.ParseQuery(raw)
		if err != nil {
			t.Fatal(err)
		}
		if !question.IsCanonical(q) {
			t.Errorf("%s is not in share-link form: %s", raw, question.Canonical(q).Encode())
		}
		req, _, errs := question.Parse(q)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", raw, errs)
		}
		if got := question.Query(req).Encode(); got != raw {
			t.Errorf("read and written again:\n%s\nwant\n%s", got, raw)
		}
	}
}

// Ensure months reads absent when the query leaves it out or empty, and
// as stated otherwise, 0 included: only an absent term takes the default.
func TestMonthsAbsentOrStated(t *testing.T) {
	for raw, want := range map[string]*int{"kind=inference": nil, "kind=inference&months=": nil, "kind=inference&months=0": advisor.Months(0), "kind=inference&months=7": advisor.Months(7)} {
		q, _ := url.ParseQuery(raw)
		req, _, errs := question.Parse(q)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", raw, errs)
		}
		if got := req.Workload.Months; (got == nil) != (want == nil) || (got != nil && *got != *want) {
			t.Errorf("%s: months %v, want %v", raw, got, want)
		}
	}
}

// Ensure the form's submission becomes the share link: user rows fold
// into users (a row without a share gets 1, one without a place is left
// out), empty inputs go, the other kind's fields go, other keys stay.
func TestCanonical(t *testing.T) {
	q := url.Values{"kind": {"training"}, "profile": {"resnet50"}, "rps": {"10"}, "deadline_hours": {"24"}, "months": {""},
		"user_location": {"DE", "us", ""}, "user_share": {"60", "", "5"}, "lang": {"zh-CN"}}
	want := "deadline_hours=24&kind=training&lang=zh-CN&profile=resnet50&users=DE%3A60%2Cus%3A1"
	if got := question.Canonical(q).Encode(); got != want {
		t.Errorf("Canonical = %s, want %s", got, want)
	}
	q = url.Values{"kind": {"inference"}, "samples": {"5"}, "checkpoint_minutes": {"30"}, "rps": {"10"}}
	if got := question.Canonical(q).Encode(); got != "kind=inference&rps=10" {
		t.Errorf("inference keeps %s, want kind and rps", got)
	}
	for _, f := range question.Fields {
		if len(f.Kinds) == 0 {
			continue
		}
		other := catalog.KindTraining
		if slices.Contains(f.Kinds, catalog.KindTraining) {
			other = catalog.KindInference
		}
		if question.Canonical(url.Values{"kind": {string(other)}, f.Key: {"1"}}).Has(f.Key) {
			t.Errorf("%s is kept in a %s question", f.Key, other)
		}
	}
}

// Ensure what does not parse is named by its request field, every such
// error at once, and shows back as typed.
func TestParseErrors(t *testing.T) {
	q, _ := url.ParseQuery("kind=inference&rps=abc&months=1.5&users=DE:zz,us&budget=12x&currency=eur&countries=de, fr")
	req, form, errs := question.Parse(q)
	var fields []string
	for _, e := range errs {
		fields = append(fields, e.Field+" "+e.Message.ID)
	}
	want := []string{"workload.rps invalid.number.got", "workload.months invalid.whole.got", "users[0].share invalid.number.got", "budget invalid.amount.got"}
	if !slices.Equal(fields, want) {
		t.Errorf("errors = %q, want %q", fields, want)
	}
	if form.Text("rps") != "abc" || form.Text("budget") != "12x" || form.Text("currency") != "EUR" || form.Text("countries") != "de, fr" {
		t.Errorf("form shows rps %q, budget %q, currency %q, countries %q", form.Text("rps"), form.Text("budget"), form.Text("currency"), form.Text("countries"))
	}
	if req.Currency != "EUR" || !slices.Equal(req.Countries, []string{"DE", "FR"}) || len(req.Users) != 2 || req.Users[1].Location != "US" {
		t.Errorf("request = %+v", req)
	}
	rows := form.Users
	if len(rows) != 2 || rows[0] != (question.UserRow{Location: "DE", Share: "zz"}) {
		t.Errorf("user rows = %+v", rows)
	}
}

// Ensure the API's description lists every field in the form's order,
// typed, with the domain's closed sets.
func TestParameters(t *testing.T) {
	ps := question.Parameters()
	if len(ps) != len(question.Fields) {
		t.Fatalf("%d parameters for %d fields", len(ps), len(question.Fields))
	}
	types := map[string]string{}
	for i, p := range ps {
		if p.Name != question.Fields[i].Key || p.In != "query" || p.Description == "" {
			t.Errorf("parameter %d = %+v", i, p)
		}
		types[p.Name] = p.Schema.Type
	}
	if types["rps"] != "number" || types["months"] != "integer" || types["users"] != "string" || types["checkpoint_minutes"] != "number" {
		t.Errorf("types = %v", types)
	}
	for _, p := range ps {
		if p.Name == "gdpr" && !slices.Equal(p.Schema.Enum, advisor.GDPRModeNames()) || p.Name == "currency" && !slices.Equal(p.Schema.Enum, catalog.Currencies) {
			t.Errorf("%s enum = %q", p.Name, p.Schema.Enum)
		}
	}
}
