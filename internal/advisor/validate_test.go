package advisor_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Ensure every kind of bad request is refused with field errors naming exactly the fields at fault.
func TestRecommendFieldErrors(t *testing.T) {
	cat := handCatalog(t)
	training := func() advisor.Request {
		return advisor.Request{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "img", Samples: 1000, Epochs: 1}}
	}
	inference := func() advisor.Request {
		return advisor.Request{
			Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "img", RPS: 10},
			Users:    []advisor.UserShare{{Location: "DE", Share: 1}},
		}
	}
	users := func(n int) []advisor.UserShare {
		out := make([]advisor.UserShare, n)
		for i := range out {
			out[i] = advisor.UserShare{Location: "DE", Share: 1}
		}
		return out
	}
	tests := []struct {
		name   string
		base   func() advisor.Request
		change func(r *advisor.Request)
		want   []string
	}{
		{"unknown kind", training, func(r *advisor.Request) { r.Workload.Kind = "mining" }, []string{"workload.kind"}},
		{"no profile", training, func(r *advisor.Request) { r.Workload.Profile = "" }, []string{"workload.profile"}},
		{"unknown profile", inference, func(r *advisor.Request) { r.Workload.Profile = "resnet" }, []string{"workload.profile"}},
		{"profile without training", training, func(r *advisor.Request) { r.Workload.Profile = "llm" }, []string{"workload.profile"}},
		{"profile without training, no dataset given", training, func(r *advisor.Request) {
			r.Workload.Profile, r.Workload.Samples, r.Workload.Epochs = "llm", 0, 0
		}, []string{"workload.profile"}},
		{"profile without training, negative epochs", training, func(r *advisor.Request) {
			r.Workload.Profile, r.Workload.Epochs = "llm", -1
		}, []string{"workload.profile", "workload.epochs"}},
		{"unknown precision", training, func(r *advisor.Request) { r.Workload.Precision = "fp8" }, []string{"workload.precision"}},
		{"negative samples", training, func(r *advisor.Request) { r.Workload.Samples = -1 }, []string{"workload.samples"}},
		{"absurd samples", training, func(r *advisor.Request) { r.Workload.Samples = 2e12 }, []string{"workload.samples"}},
		{"negative epochs", training, func(r *advisor.Request) { r.Workload.Epochs = -1 }, []string{"workload.epochs"}},
		{"absurd epochs", training, func(r *advisor.Request) { r.Workload.Epochs = 10001 }, []string{"workload.epochs"}},
		{"negative deadline", training, func(r *advisor.Request) { r.Workload.DeadlineHours = -1 }, []string{"workload.deadline_hours"}},
		{"NaN deadline", training, func(r *advisor.Request) { r.Workload.DeadlineHours = math.NaN() }, []string{"workload.deadline_hours"}},
		{"no load", inference, func(r *advisor.Request) { r.Workload.RPS = 0 }, []string{"workload.rps", "workload.peak_rps"}},
		{"negative load", inference, func(r *advisor.Request) { r.Workload.RPS, r.Workload.PeakRPS = -5, 10 }, []string{"workload.rps"}},
		{"absurd load", inference, func(r *advisor.Request) { r.Workload.RPS = 2e6 }, []string{"workload.rps", "workload.peak_rps"}},
		{"peak below average", inference, func(r *advisor.Request) { r.Workload.RPS, r.Workload.PeakRPS = 50, 10 }, []string{"workload.peak_rps"}},
		{"infinite peak", inference, func(r *advisor.Request) { r.Workload.PeakRPS = math.Inf(1) }, []string{"workload.peak_rps"}},
		{"negative response", inference, func(r *advisor.Request) { r.Workload.ResponseKB = -1 }, []string{"workload.response_kb"}},
		{"latency under 1 ms", inference, func(r *advisor.Request) { r.Workload.LatencyMS = 0.5 }, []string{"workload.latency_ms"}},
		{"negative months", inference, func(r *advisor.Request) { r.Workload.Months = advisor.Months(-1) }, []string{"workload.months"}},
		{"absurd months", inference, func(r *advisor.Request) { r.Workload.Months = advisor.Months(121) }, []string{"workload.months"}},
		// An absent term takes the default; a stated 0 is not a term.
		{"zero months", inference, func(r *advisor.Request) { r.Workload.Months = advisor.Months(0) }, []string{"workload.months"}},
		{"unknown china_regions", inference, func(r *advisor.Request) { r.ChinaRegions = "mainland" }, []string{"china_regions"}},
		{"no users for inference", inference, func(r *advisor.Request) { r.Users = nil }, []string{"users"}},
		{"shares all zero", inference, func(r *advisor.Request) {
			r.Users = []advisor.UserShare{{Location: "DE"}, {Location: "FR"}}
		}, []string{"users"}},
		{"too many groups", inference, func(r *advisor.Request) { r.Users = users(501) }, []string{"users"}},
		{"unknown second location", inference, func(r *advisor.Request) {
			r.Users = []advisor.UserShare{{Location: "DE", Share: 1}, {Location: "XX", Share: 1}}
		}, []string{"users[1].location"}},
		{"lower-case country", training, func(r *advisor.Request) {
			r.Users = []advisor.UserShare{{Location: "de", Share: 1}}
		}, []string{"users[0].location"}},
		{"empty location", inference, func(r *advisor.Request) { r.Users = []advisor.UserShare{{Share: 1}} }, []string{"users[0].location"}},
		{"location twice", inference, func(r *advisor.Request) {
			r.Users = []advisor.UserShare{{Location: "DE", Share: 1}, {Location: "FR", Share: 1}, {Location: "DE", Share: 2}}
		}, []string{"users[2].location"}},
		{"negative share", inference, func(r *advisor.Request) { r.Users[0].Share = -1 }, []string{"users[0].share"}},
		{"absurd share", inference, func(r *advisor.Request) { r.Users[0].Share = 1e10 }, []string{"users[0].share"}},
		{"unknown GDPR mode", training, func(r *advisor.Request) { r.GDPR = "strict" }, []string{"gdpr"}},
		{"negative dataset", training, func(r *advisor.Request) { r.Data.DatasetGB = -1 }, []string{"data.dataset_gb"}},
		{"unknown data region", training, func(r *advisor.Request) { r.Data.Location = "p1:mars" }, []string{"data.location"}},
		{"data region without provider", training, func(r *advisor.Request) { r.Data.Location = "eu" }, []string{"data.location"}},
		{"unknown pricing", training, func(r *advisor.Request) { r.Pricing = []catalog.PricingModel{"free"} }, []string{"pricing[0]"}},
		{"pricing twice", training, func(r *advisor.Request) {
			r.Pricing = []catalog.PricingModel{catalog.Spot, catalog.OnDemand, catalog.Spot}
		}, []string{"pricing[2]"}},
		{"negative checkpoint", training, func(r *advisor.Request) { r.CheckpointMinutes = ptr(-1.0) }, []string{"checkpoint_minutes"}},
		{"absurd checkpoint", training, func(r *advisor.Request) { r.CheckpointMinutes = ptr(20000.0) }, []string{"checkpoint_minutes"}},
		{"unknown provider", training, func(r *advisor.Request) { r.Providers = []string{"p9"} }, []string{"providers[0]"}},
		{"unknown second GPU", training, func(r *advisor.Request) { r.GPUs = []string{"a", "zz"} }, []string{"gpus[1]"}},
		{"zero budget", training, func(r *advisor.Request) { r.Budget = ptr(decimal.Zero) }, []string{"budget"}},
		{"negative budget", training, func(r *advisor.Request) { r.Budget = ptr(dec("-5")) }, []string{"budget"}},
		{"absurd budget", training, func(r *advisor.Request) { r.Budget = ptr(dec("2e12")) }, []string{"budget"}},
		{"unknown objective", training, func(r *advisor.Request) { r.Objective = "fastest" }, []string{"objective"}},
		{"unknown currency", training, func(r *advisor.Request) { r.Currency = "JPY" }, []string{"currency"}},
		{"misspelt currency", training, func(r *advisor.Request) { r.Currency = "euro" }, []string{"currency"}},
		{"several at once", inference, func(r *advisor.Request) {
			r.Workload.Months, r.GDPR, r.Currency = advisor.Months(-3), "x", "x"
		}, []string{"workload.months", "gdpr", "currency"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := tt.base()
			if _, err := advisor.Recommend(cat, req); err != nil {
				t.Fatalf("Recommend(base request) error = %v, want none", err)
			}
			tt.change(&req)
			res, err := advisor.Recommend(cat, req)
			if err == nil {
				t.Fatalf("Recommend() error = nil (pick %+v), want field errors %v", res.Pick, tt.want)
			}
			fe := fieldErrors(t, err)
			var got []string
			for _, e := range fe {
				if !slices.Contains(got, e.Field) {
					got = append(got, e.Field)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Recommend() field errors = %v, want fields %v", fe, tt.want)
			}
		})
	}
}

// Ensure a currency code is read in any case, as every route reads it:
// "eur" answers in EUR.
func TestCurrencyAnyCase(t *testing.T) {
	cat := handCatalog(t)
	for _, code := range []string{"eur", " Eur ", "EUR"} {
		req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "img", Samples: 1000, Epochs: 1}, Currency: code}
		res, err := advisor.Recommend(cat, req)
		if err != nil {
			t.Fatalf("currency %q: %v", code, err)
		}
		if res.Currency != "EUR" || res.Request.Currency != "EUR" {
			t.Errorf("currency %q answered in %q (request %q), want EUR", code, res.Currency, res.Request.Currency)
		}
	}
}

// Ensure DecodeRequest is strict and names the field (or the body) it could not read.
func TestDecodeRequestErrors(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string // acceptable field names; Go's decoder names some fields without their list index or parent
	}{
		{"unknown field", `{"colour":"red"}`, []string{"colour"}},
		{"empty key", `{"":0}`, []string{"body"}},
		{"unknown nested field", `{"workload":{"kind":"training","colour":1}}`, []string{"colour", "workload.colour"}},
		{"number as a string", `{"workload":{"epochs":"ten"}}`, []string{"workload.epochs"}},
		{"fraction for a whole number", `{"workload":{"months":1.5}}`, []string{"workload.months"}},
		{"too large for a whole number", `{"workload":{"samples":1e30}}`, []string{"workload.samples"}},
		{"string for a list", `{"pricing":"spot"}`, []string{"pricing"}},
		{"number for an object", `{"workload":5}`, []string{"workload"}},
		{"wrong type in a list item", `{"users":[{"location":"DE","share":"most"}]}`, []string{"users.share", "users[0].share"}},
		{"bad budget", `{"budget":"lots"}`, []string{"budget"}},
		{"budget as a boolean", `{"budget":true}`, []string{"budget"}},
		{"array body", `[]`, []string{"body"}},
		{"second object", `{} {}`, []string{"body"}},
		{"trailing garbage", `{"gdpr":"eu"} x`, []string{"body"}},
		{"trailing brace", `{"gdpr":"eu"}}`, []string{"body"}},
		{"trailing bracket", `{"gdpr":"eu"}]`, []string{"body"}},
		{"empty body", ``, []string{"body"}},
		{"blank body", " \n\t", []string{"body"}},
		{"truncated", `{"workload":`, []string{"body"}},
		{"not JSON", `hello`, []string{"body"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := advisor.DecodeRequest(strings.NewReader(tt.body))
			if err == nil {
				t.Fatalf("DecodeRequest(%q) = %+v, want an error naming %v", tt.body, req, tt.want)
			}
			fe := fieldErrors(t, err)
			if len(fe) != 1 || !slices.Contains(tt.want, fe[0].Field) {
				t.Errorf("DecodeRequest(%q) error = %v, want one error on %v", tt.body, fe, tt.want)
			}
		})
	}
}

// Ensure DecodeRequest reads a valid request, trailing white space and all, leaving omitted fields to the defaults.
func TestDecodeRequestValid(t *testing.T) {
	body := `{"workload":{"kind":"training","profile":"img","epochs":3},"budget":"12.50","checkpoint_minutes":0}` + "\n\n"
	req, err := advisor.DecodeRequest(strings.NewReader(body))
	if err != nil {
		t.Fatalf("DecodeRequest() error = %v", err)
	}
	if req.Workload.Kind != catalog.KindTraining || req.Workload.Epochs != 3 || req.Budget == nil || !req.Budget.Equal(dec("12.5")) ||
		req.CheckpointMinutes == nil || *req.CheckpointMinutes != 0 {
		t.Errorf("DecodeRequest() = %+v, want training, 3 epochs, budget 12.50, checkpoints off", req)
	}
	// Omitted: the documented defaults apply in Recommend.
	res := recommend(t, handCatalog(t), req)
	r := res.Request
	if r.Workload.Samples != 1_000_000 || r.Workload.Precision != advisor.DefaultPrecision || r.GDPR != advisor.DefaultGDPR ||
		r.Objective != advisor.DefaultObjective || r.Currency != advisor.DefaultCurrency || !slices.Equal(r.Pricing, catalog.PricingModels) ||
		*r.CheckpointMinutes != 0 || r.Data.DatasetGB != 100 {
		t.Errorf("Recommend() request = %+v, want the defaults filled in and checkpoints left off", r)
	}
}

// Ensure bf16 and fp16, in any case, name the 16-bit precision (mixed) for
// LLM and other profiles alike, and that a precision no one knows is
// refused with a message listing those names.
func TestPrecisionOtherNames(t *testing.T) {
	hand, real := handCatalog(t), realCatalog(t)
	training := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "img", Samples: 1000, Epochs: 1}}
	llm := llmRequest("llama-3.1-8b")
	for _, name := range []string{"bf16", "fp16", " BF16 ", "FP16"} {
		for _, c := range []struct {
			cat *catalog.Catalog
			req advisor.Request
		}{{hand, training}, {real, llm}} {
			req := c.req
			req.Workload.Precision = name
			res, err := advisor.Recommend(c.cat, req)
			if err != nil {
				t.Fatalf("%s, precision %q: %v", req.Workload.Profile, name, err)
			}
			if res.Request.Workload.Precision != catalog.PrecisionMixed {
				t.Errorf("%s, precision %q: sized in %q, want mixed", req.Workload.Profile, name, res.Request.Workload.Precision)
			}
		}
	}
	llm.Workload.Precision = "fp12"
	_, err := advisor.Recommend(real, llm)
	fe := fieldErrors(t, err)
	if len(fe) != 1 || fe[0].Field != "workload.precision" || !strings.Contains(fe.Error(), "mixed (bf16, fp16), fp8") {
		t.Errorf("precision fp12: %v, want one error on workload.precision naming mixed (bf16, fp16), fp8", fe)
	}
}
