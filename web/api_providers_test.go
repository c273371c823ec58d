package web_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// providerJSON is one provider of GET /api/v1/providers.
type providerJSON struct {
	ID         string      `json:"id"`
	Kind       string      `json:"kind"`
	HQCountry  string      `json:"hq_country"`
	HQRef      catalog.Ref `json:"hq_ref"`
	EUEEA      bool        `json:"eu_eea"`
	Regions    int         `json:"regions"`
	Offers     int         `json:"offers"`
	PricesAsOf struct {
		Oldest string `json:"oldest"`
		Newest string `json:"newest"`
	} `json:"prices_as_of"`
	SourceQuality struct {
		Primary, Secondary, Unstated int
	} `json:"source_quality"`
	EgressKnown   bool `json:"egress_known"`
	NoPublicPrice bool `json:"no_public_price"`
}

func (s *testServer) providersJSON(t *testing.T, target string) []providerJSON {
	t.Helper()
	rec := s.do(t, "GET", target, nil)
	wantStatus(t, rec, http.StatusOK)
	var out struct {
		Providers []providerJSON `json:"providers"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	return out.Providers
}

// Ensure /api/v1/providers lists every provider with its headquarters
// country and source, EU/EEA or not, kind, regions, offers, price dates
// and source qualities, filters by headquarters and kind, and refuses
// values it does not know.
func TestAPIProviders(t *testing.T) {
	s := newTestServer(t)
	all := s.providersJSON(t, "/api/v1/providers")
	if len(all) != len(s.cat.Providers) {
		t.Fatalf("%d providers, want %d", len(all), len(s.cat.Providers))
	}
	regions, offers := 0, 0
	for i, p := range all {
		want := s.cat.Providers[i]
		if p.ID != want.ID || p.HQCountry != want.HQCountry || p.HQRef != want.HQRef || p.Kind != want.Kind || p.EUEEA != euHQ(t, s.cat, p.ID) {
			t.Errorf("provider %d = %+v, want %s headquartered in %s (%+v), %s", i, p, want.ID, want.HQCountry, want.HQRef, want.Kind)
		}
		n := p.SourceQuality.Primary + p.SourceQuality.Secondary + p.SourceQuality.Unstated
		if p.NoPublicPrice {
			// Regions that sell GPUs at no readable price: no offers.
			if p.Offers != 0 || n != 0 || p.Regions == 0 || p.PricesAsOf.Oldest != "" {
				t.Errorf("%s has no public price, yet %d offers in %d regions, prices as of %+v", p.ID, p.Offers, p.Regions, p.PricesAsOf)
			}
		} else if p.Offers == 0 || n != p.Offers || p.PricesAsOf.Oldest == "" || p.PricesAsOf.Oldest > p.PricesAsOf.Newest {
			t.Errorf("%s: %d offers, %d by source quality, prices as of %+v", p.ID, p.Offers, n, p.PricesAsOf)
		}
		regions += p.Regions
		offers += p.Offers
	}
	if regions != len(s.cat.Regions) || offers != len(s.cat.Offers) {
		t.Errorf("regions %d, offers %d over all providers; the catalog has %d and %d", regions, offers, len(s.cat.Regions), len(s.cat.Offers))
	}
	// Worked out from the catalog's data by hand: two monthly servers from
	// one secondary source, egress unknown.
	for _, p := range all {
		if p.ID == "hetzner" && (p.Kind != "dedicated" || p.HQCountry != "DE" || !p.EUEEA || p.Offers != 2 || p.SourceQuality.Secondary != 2 ||
			p.PricesAsOf.Oldest != "2026-10-07" || p.PricesAsOf.Newest != "2026-10-07" || p.EgressKnown) {
			t.Errorf("hetzner = %+v", p)
		}
	}

	eu, nonEU := s.providersJSON(t, "/api/v1/providers?hq=eu"), s.providersJSON(t, "/api/v1/providers?hq=non_eu")
	if len(eu) == 0 || len(nonEU) == 0 || len(eu)+len(nonEU) != len(all) {
		t.Errorf("hq=eu gives %d, hq=non_eu %d; want both, %d together", len(eu), len(nonEU), len(all))
	}
	for _, p := range eu {
		if !p.EUEEA {
			t.Errorf("hq=eu lists %s (%s)", p.ID, p.HQCountry)
		}
	}
	for _, p := range nonEU {
		if p.EUEEA {
			t.Errorf("hq=non_eu lists %s (%s)", p.ID, p.HQCountry)
		}
	}
	if d := s.providersJSON(t, "/api/v1/providers?kind=dedicated&hq=eu"); len(d) != 1 || d[0].ID != "hetzner" {
		t.Errorf("European dedicated-server hosts = %+v, want hetzner", d)
	}
	rec := s.do(t, "GET", "/api/v1/providers?hq=europe&kind=cloud", nil)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	wantContains(t, rec.Body.String(), `"field":"hq"`, `"field":"kind"`, `must be \"eu\" or \"non_eu\"`)
}

// Ensure /api/v1/offers answers the second release's offers: prices in
// their own currency beside the USD figure, monthly servers without an
// on-demand price, setup fees (null when unknown), partitions, source
// quality, notes and listed-only offers.
func TestAPIOffersEurope(t *testing.T) {
	s := newTestServer(t)
	offersOf := func(query string) map[string]map[string]json.RawMessage {
		rec := s.do(t, "GET", "/api/v1/offers?per_page=500&"+query, nil)
		wantStatus(t, rec, http.StatusOK)
		var page struct {
			Offers []map[string]json.RawMessage `json:"offers"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
			t.Fatal(err)
		}
		out := map[string]map[string]json.RawMessage{}
		for _, o := range page.Offers {
			var p, r, i string
			json.Unmarshal(o["provider"], &p)
			json.Unmarshal(o["region"], &r)
			json.Unmarshal(o["instance_type"], &i)
			out[p+":"+r+":"+i] = o
		}
		return out
	}
	hetzner := offersOf("provider=hetzner")["hetzner:hel:GEX45"]
	if hetzner == nil || hetzner["on_demand"] != nil || hetzner["source_quality"] == nil {
		t.Fatalf("hetzner GEX45 = %v, want a monthly-only offer with its source quality", hetzner)
	}
	var monthly struct {
		PerMonth string  `json:"per_month"`
		Setup    *string `json:"setup"`
		Currency string  `json:"currency"`
	}
	if err := json.Unmarshal(hetzner["monthly"], &monthly); err != nil || monthly.PerMonth != "214" || monthly.Setup == nil || *monthly.Setup != "209" || monthly.Currency != "EUR" {
		t.Errorf("GEX45 monthly = %s, want 214 EUR a month, 209 EUR setup", hetzner["monthly"])
	}
	for id, o := range offersOf("provider=safespring") {
		if !strings.Contains(string(o["monthly"]), `"setup":null`) {
			t.Errorf("%s monthly = %s, want its unknown setup fee as null", id, o["monthly"])
		}
	}
	az := offersOf("provider=azure&region=westeurope&gpu=a10")["azure:westeurope:Standard_NV6ads_A10_v5"]
	if az == nil || string(az["gpu_fraction"]) != "0.1667" || az["note"] == nil {
		t.Errorf("Azure's sixth of an A10 = %v, want gpu_fraction 0.1667 and a note", az)
	}
	sw := offersOf("provider=scaleway")["scaleway:fr-par-2:H100-1-80G"]
	var od struct {
		USD      string `json:"usd_per_hour"`
		PerHour  string `json:"per_hour"`
		Currency string `json:"currency"`
	}
	if err := json.Unmarshal(sw["on_demand"], &od); err != nil || od.Currency != "EUR" || od.PerHour != "2.52" || od.USD == "" {
		t.Errorf("Scaleway H100 on demand = %s, want its 2.52 EUR and the USD figure", sw["on_demand"])
	}
	listed := 0
	for _, o := range offersOf("provider=gcp&region=europe-west4") {
		if string(o["listed_only"]) == "true" {
			listed++
		}
	}
	if listed == 0 {
		t.Error("no listed-only offer in GCP europe-west4")
	}
}

// schemaProps returns the property names of a schema of the OpenAPI
// document, following a $ref.
func schemaProps(t *testing.T, doc map[string]any, schema map[string]any) []string {
	t.Helper()
	if ref, ok := schema["$ref"].(string); ok {
		schema = doc["components"].(map[string]any)["schemas"].(map[string]any)[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any)
	}
	props, _ := schema["properties"].(map[string]any)
	if len(props) == 0 {
		t.Fatalf("schema %v has no properties", schema)
	}
	out := make([]string, 0, len(props))
	for k := range props {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// at walks a path of keys through the decoded OpenAPI document doc from
// v, following each $ref to a schema of doc's components.
func at(doc map[string]any, v any, path ...string) map[string]any {
	deref := func(v any) any {
		if ref, ok := v.(map[string]any)["$ref"].(string); ok {
			return doc["components"].(map[string]any)["schemas"].(map[string]any)[strings.TrimPrefix(ref, "#/components/schemas/")]
		}
		return v
	}
	for _, k := range path {
		v = deref(v).(map[string]any)[k]
	}
	return deref(v).(map[string]any)
}

// enumOf reads a schema's enum.
func enumOf(s map[string]any) []string {
	var out []string
	for _, e := range s["enum"].([]any) {
		out = append(out, e.(string))
	}
	return out
}

// wantDescribed fails for every key of the JSON objects that the schema
// does not describe.
func wantDescribed(t *testing.T, what string, props []string, objects ...map[string]json.RawMessage) {
	t.Helper()
	if len(objects) == 0 {
		t.Fatalf("%s: no objects to check", what)
	}
	missing := map[string]bool{}
	for _, o := range objects {
		for k := range o {
			if !slices.Contains(props, k) {
				missing[k] = true
			}
		}
	}
	for k := range missing {
		t.Errorf("openapi.json does not describe %s.%s", what, k)
	}
}

// Ensure openapi.json describes what the API answers: its enums are the
// product's lists, and every field of a provider, an offer (and each of its
// prices) and a placement is among its schema's properties.
func TestOpenAPIDescribesAnswers(t *testing.T) {
	s := newTestServer(t)
	var doc map[string]any
	if err := json.Unmarshal(s.do(t, "GET", "/api/openapi.json", nil).Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	schemas := at(doc, doc, "components", "schemas")
	req := at(doc, schemas, "Request", "properties")
	for what, tt := range map[string]struct {
		got, want []string
	}{
		"Request.gdpr":        {enumOf(at(doc, req, "gdpr")), advisor.GDPRModeNames()},
		"Request.pricing":     {enumOf(at(doc, req, "pricing", "items")), catalog.PricingModelNames()},
		"Request.currency":    {enumOf(at(doc, req, "currency")), catalog.Currencies},
		"Request.accelerator": {enumOf(at(doc, req, "accelerator")), advisor.AcceleratorNames()},
		"Request.redundancy":  {enumOf(at(doc, req, "redundancy")), advisor.RedundancyNames()},
		"Workload.precision":  {enumOf(at(doc, schemas, "Workload", "properties", "precision")), precisionNames()},
		"Workload.engine":     {enumOf(at(doc, schemas, "Workload", "properties", "engine")), advisor.EngineNames()},
		"Provider.kind":       {enumOf(at(doc, schemas, "Provider", "properties", "kind")), catalog.ProviderKinds},
		"placements.pricing":  {enumOf(at(doc, schemas, "Option", "properties", "placements", "items", "properties", "pricing")), catalog.PricingModelNames()},
	} {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("openapi.json %s enum = %q, want %q", what, tt.got, tt.want)
		}
	}
	params := map[string][]string{}
	for _, p := range at(doc, doc, "paths", "/api/v1/providers", "get")["parameters"].([]any) {
		p := p.(map[string]any)
		params[p["name"].(string)] = enumOf(p["schema"].(map[string]any))
	}
	if !slices.Equal(params["hq"], catalog.HQScopes) || !slices.Equal(params["kind"], catalog.ProviderKinds) {
		t.Errorf("/api/v1/providers parameters = %v, want hq %q and kind %q", params, catalog.HQScopes, catalog.ProviderKinds)
	}

	var providers struct {
		Providers []map[string]json.RawMessage `json:"providers"`
	}
	json.Unmarshal(s.do(t, "GET", "/api/v1/providers", nil).Body.Bytes(), &providers)
	wantDescribed(t, "Provider", schemaProps(t, doc, at(doc, schemas, "Provider")), providers.Providers...)

	var offers []map[string]json.RawMessage
	prices := map[string][]map[string]json.RawMessage{}
	for page := 1; ; page++ {
		var p struct {
			Offers []map[string]json.RawMessage `json:"offers"`
			Next   *string                      `json:"next"`
		}
		json.Unmarshal(s.do(t, "GET", "/api/v1/offers?per_page=500&page="+strconv.Itoa(page), nil).Body.Bytes(), &p)
		offers = append(offers, p.Offers...)
		for _, o := range p.Offers {
			for _, pm := range catalog.PricingModelNames() {
				if raw := o[pm]; raw != nil {
					var price map[string]json.RawMessage
					json.Unmarshal(raw, &price)
					prices[pm] = append(prices[pm], price)
				}
			}
		}
		if p.Next == nil {
			break
		}
	}
	offerSchema := at(doc, schemas, "Offer")
	wantDescribed(t, "Offer", schemaProps(t, doc, offerSchema), offers...)
	for pm, ps := range prices {
		wantDescribed(t, "Offer."+pm, schemaProps(t, doc, at(doc, offerSchema, "properties", pm)), ps...)
	}

	var advice struct {
		Pick struct {
			Placements []map[string]json.RawMessage `json:"placements"`
		} `json:"pick"`
	}
	json.Unmarshal(s.do(t, "GET", "/api/v1/advice?"+germanInference+"&gdpr=eu_sovereign&pricing=monthly,on_demand&currency=EUR", nil).Body.Bytes(), &advice)
	wantDescribed(t, "placements", schemaProps(t, doc, at(doc, schemas, "Option", "properties", "placements", "items")), advice.Pick.Placements...)

	// An LLM answer's option, its operating point, the points of its
	// curve and its token APIs are described too.
	var llm struct {
		Pick map[string]json.RawMessage `json:"pick"`
	}
	json.Unmarshal(s.do(t, "GET", "/api/v1/advice?kind=inference&profile=llama-3.1-8b&rps=5&input_tokens=1000&output_tokens=300&ttft_ms=800&tpot_ms=60&users=US:100", nil).Body.Bytes(), &llm)
	option := at(doc, schemas, "Option")
	wantDescribed(t, "Option", schemaProps(t, doc, option), llm.Pick)
	var serving struct {
		Curve    []map[string]json.RawMessage `json:"curve"`
		Measured []map[string]json.RawMessage `json:"measured"`
	}
	var servingKeys map[string]json.RawMessage
	var apis []map[string]json.RawMessage
	json.Unmarshal(llm.Pick["serving"], &serving)
	json.Unmarshal(llm.Pick["serving"], &servingKeys)
	json.Unmarshal(llm.Pick["token_apis"], &apis)
	servingSchema := at(doc, option, "properties", "serving")
	wantDescribed(t, "serving", schemaProps(t, doc, servingSchema), servingKeys)
	wantDescribed(t, "serving.curve", schemaProps(t, doc, at(doc, servingSchema, "properties", "curve", "items")), append(serving.Curve, serving.Measured...)...)
	wantDescribed(t, "token_apis", schemaProps(t, doc, at(doc, option, "properties", "token_apis", "items")), apis...)
	kinds := enumOf(at(doc, option, "properties", "risks", "items", "properties", "kind"))
	for _, k := range advisor.RiskKinds {
		if !slices.Contains(kinds, k) {
			t.Errorf("openapi.json risks.kind enum %q lacks %q", kinds, k)
		}
		// The answer page labels each risk by its kind.
		if !locale.Has("label.risk." + k) {
			t.Errorf("no page label for risks of kind %q (label.risk.%s)", k, k)
		}
		// A quote's notes say each kind in a plain sentence.
		if !locale.Has("quote.plain." + k) {
			t.Errorf("no plain sentence for quotes' notes on risks of kind %q (quote.plain.%s)", k, k)
		}
	}
}

// precisionNames are the precisions a request may name: none (the
// default), then each precision, mixed followed by its other names.
func precisionNames() []string {
	out := []string{""}
	for _, p := range catalog.Precisions {
		out = append(out, p)
		if p == catalog.PrecisionMixed {
			out = append(out, "bf16", "fp16")
		}
	}
	return out
}
