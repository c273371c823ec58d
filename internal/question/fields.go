package question

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Type is how a field's text reads and prints.
type Type int

// Field types.
const (
	// Text is a word, trimmed (a *string).
	Text Type = iota
	// Upper is a word written in upper case (a *string): a currency.
	Upper
	// Number is a decimal number (a *float64); 0 is absent.
	Number
	// Whole is a whole number (an *int or *int64); 0 is absent.
	Whole
	// OptionalNumber is a decimal number that may be 0 (a **float64; nil
	// is absent).
	OptionalNumber
	// OptionalWhole is a whole number that may be 0 (a **int; nil is
	// absent).
	OptionalWhole
	// List is comma-separated words (a *[]string).
	List
	// UpperList is comma-separated codes written in upper case (a
	// *[]string), shown back as typed.
	UpperList
	// Amount is an amount of money (a **decimal.Decimal; nil is absent).
	Amount
	// Users is LOCATION:SHARE rows (a *[]advisor.UserShare).
	Users
	// Bool is true or false (a *bool); false is absent.
	Bool
)

// Field is one input of the placement question.
type Field struct {
	// Key is its query key (API.md).
	Key string
	// Kinds are the workload kinds it applies to (none: every kind); the
	// share link drops it for the others.
	Kinds []catalog.WorkloadKind
	Type  Type
	// Placeholder is what the form's empty input shows.
	Placeholder string
	// Doc describes it to API clients; Enum lists its values where they
	// are a closed set.
	Doc  string
	Enum []string
	// Path is the request field it sets as the JSON request and field
	// errors name it ("workload.rps"), from the request's JSON tags.
	Path string
	// bind points at the request field.
	bind func(*advisor.Request) any
}

// Query keys of the question (API.md).
const (
	KeyKind        = "kind"
	KeyProfile     = "profile"
	KeyPrecision   = "precision"
	KeySamples     = "samples"
	KeyEpochs      = "epochs"
	KeyDeadline    = "deadline_hours"
	KeyDatasetGB   = "dataset_gb"
	KeyDataLoc     = "data_location"
	KeyCheckpoint  = "checkpoint_minutes"
	KeyRPS         = "rps"
	KeyPeakRPS     = "peak_rps"
	KeyResponseKB  = "response_kb"
	KeyLatencyMS   = "latency_ms"
	KeyMonths      = "months"
	KeyInTokens    = "input_tokens"
	KeyOutTokens   = "output_tokens"
	KeyTTFT        = "ttft_ms"
	KeyTPOT        = "tpot_ms"
	KeyPrefixCache = "prefix_cache_pct"
	KeyEngine      = "engine"
	KeyUsers       = "users"
	KeyGDPR        = "gdpr"
	KeyPricing     = "pricing"
	KeyProviders   = "providers"
	KeyGPUs        = "gpus"
	KeyAccelerator = "accelerator"
	KeyBudget      = "budget"
	KeyObjective   = "objective"
	KeyCurrency    = "currency"
	KeyCountries   = "countries"
	KeyUnlocated   = "allow_unlocated"
	KeyCarbonPrice = "carbon_price"
	KeyMinRegions  = "min_regions"
	KeyRedundancy  = "redundancy"
	KeyChina       = "china_regions"

	// KeyLang is a page's language: not part of the question, kept in its
	// links.
	KeyLang = "lang"

	// KeyUserLocation and KeyUserShare are the form's user rows, folded
	// into KeyUsers by Canonical.
	KeyUserLocation = "user_location"
	KeyUserShare    = "user_share"
)

var (
	training  = []catalog.WorkloadKind{catalog.KindTraining}
	inference = []catalog.WorkloadKind{catalog.KindInference}
)

// Fields is the question, in the order of the form.
var Fields = withPaths([]Field{
	{Key: KeyKind, Type: Text, Doc: "`training` or `inference`",
		bind: func(r *advisor.Request) any { return &r.Workload.Kind }},
	{Key: KeyProfile, Type: Text, Doc: "workload profile id (resnet50, bert-large, gptj-6b)",
		bind: func(r *advisor.Request) any { return &r.Workload.Profile }},
	{Key: KeyPrecision, Type: Text, Doc: "fp32, mixed (also bf16, fp16), fp8, int8 where the profile has figures; for LLM profiles also fp4 and int4 (4-bit weights) where an engine serves them; empty: the profile's default",
		bind: func(r *advisor.Request) any { return &r.Workload.Precision }},
	{Key: KeySamples, Kinds: training, Type: Whole, Doc: "training: samples per epoch",
		bind: func(r *advisor.Request) any { return &r.Workload.Samples }},
	{Key: KeyEpochs, Kinds: training, Type: Whole, Doc: "training: epochs",
		bind: func(r *advisor.Request) any { return &r.Workload.Epochs }},
	{Key: KeyDeadline, Kinds: training, Type: Number, Doc: "training: must finish within",
		bind: func(r *advisor.Request) any { return &r.Workload.DeadlineHours }},
	{Key: KeyDatasetGB, Kinds: training, Type: Number, Doc: "dataset size in GB",
		bind: func(r *advisor.Request) any { return &r.Data.DatasetGB }},
	{Key: KeyDataLoc, Kinds: training, Type: Text, Doc: "where the dataset lives, provider:region",
		bind: func(r *advisor.Request) any { return &r.Data.Location }},
	{Key: KeyCheckpoint, Kinds: training, Type: OptionalNumber, Placeholder: "30", Doc: "spot checkpoint interval; 0 = none",
		bind: func(r *advisor.Request) any { return &r.CheckpointMinutes }},
	{Key: KeyRPS, Kinds: inference, Type: Number, Placeholder: "50", Doc: "inference: average requests/s",
		bind: func(r *advisor.Request) any { return &r.Workload.RPS }},
	{Key: KeyPeakRPS, Kinds: inference, Type: Number, Doc: "inference: peak requests/s",
		bind: func(r *advisor.Request) any { return &r.Workload.PeakRPS }},
	{Key: KeyResponseKB, Kinds: inference, Type: Number, Doc: "inference: response size in KB",
		bind: func(r *advisor.Request) any { return &r.Workload.ResponseKB }},
	{Key: KeyLatencyMS, Kinds: inference, Type: Number, Placeholder: "100", Doc: "inference: latency target (a goal, not a limit)",
		bind: func(r *advisor.Request) any { return &r.Workload.LatencyMS }},
	{Key: KeyMonths, Kinds: inference, Type: OptionalWhole, Placeholder: "12", Doc: "inference: months of service (default 12; 0 is refused)",
		bind: func(r *advisor.Request) any { return &r.Workload.Months }},
	{Key: KeyInTokens, Kinds: inference, Type: Whole, Placeholder: "1000", Doc: "LLM inference: tokens in per request",
		bind: func(r *advisor.Request) any { return &r.Workload.InputTokens }},
	{Key: KeyOutTokens, Kinds: inference, Type: Whole, Placeholder: "300", Doc: "LLM inference: tokens out per request",
		bind: func(r *advisor.Request) any { return &r.Workload.OutputTokens }},
	{Key: KeyTTFT, Kinds: inference, Type: Number, Placeholder: "1000", Doc: "LLM inference: target time to first token (network + queue + prefill), p95; up to 120,000 for long prompts",
		bind: func(r *advisor.Request) any { return &r.Workload.TTFTMS }},
	{Key: KeyTPOT, Kinds: inference, Type: Number, Placeholder: "60", Doc: "LLM inference: target time per output token",
		bind: func(r *advisor.Request) any { return &r.Workload.TPOTMS }},
	{Key: KeyPrefixCache, Kinds: inference, Type: Number, Placeholder: "0", Doc: "LLM inference: share of prompt tokens served from the engine's prefix cache, in per cent (0–95, default 0), for agent and RAG traffic that repeats a long prefix; as the asker states it, not measured: those tokens' prefill is not computed, their KV cache is still held",
		bind: func(r *advisor.Request) any { return &r.Workload.PrefixCachePct }},
	{Key: KeyEngine, Kinds: inference, Type: Text, Enum: advisor.EngineNames(),
		Doc:  "LLM inference: the serving engine to size on: `any` (default: every engine that runs on each GPU, the one that serves the most at the targets), `vllm`, `sglang` (NVIDIA from Turing on, AMD) or `trtllm` (TensorRT-LLM, NVIDIA from Ampere on)",
		bind: func(r *advisor.Request) any { return &r.Workload.Engine }},
	{Key: KeyUsers, Type: Users, Doc: "LOCATION:SHARE rows, comma-separated; location = ISO alpha-2 country or metro id, e.g. DE:60,US:30",
		bind: func(r *advisor.Request) any { return &r.Users }},
	{Key: KeyGDPR, Type: Text, Enum: advisor.GDPRModeNames(),
		Doc:  "`none`, `eu` (EU/EEA only), `eu_adequacy` (EU/EEA and adequacy countries) or `eu_sovereign` (an EU/EEA region of a provider headquartered in the EU/EEA)",
		bind: func(r *advisor.Request) any { return &r.GDPR }},
	{Key: KeyPricing, Type: List, Doc: "allowed pricing models, comma-separated: on_demand, spot, reserved_1y, reserved_3y, monthly (servers rented by the month)",
		bind: func(r *advisor.Request) any { return &r.Pricing }},
	{Key: KeyProviders, Type: List, Doc: "allowed providers, comma-separated; empty = all",
		bind: func(r *advisor.Request) any { return &r.Providers }},
	{Key: KeyGPUs, Type: List, Doc: "allowed GPU ids, comma-separated; empty = all; `none` = CPU servers only (as `accelerator=cpu`)",
		bind: func(r *advisor.Request) any { return &r.GPUs }},
	{Key: KeyAccelerator, Kinds: inference, Type: Text, Enum: advisor.AcceleratorNames(),
		Doc:  "inference: `any` (default: CPU servers compete with GPUs where the profile has CPU figures; with a `gpus` list, `gpu`), `gpu` or `cpu` (CPU servers only)",
		bind: func(r *advisor.Request) any { return &r.Accelerator }},
	{Key: KeyBudget, Type: Amount, Doc: "upper bound on the total, in currency",
		bind: func(r *advisor.Request) any { return &r.Budget }},
	{Key: KeyObjective, Type: Text, Doc: "`cost`, `latency`, `balanced` (cost, latency and emissions) or `carbon` (the lowest emissions among the placements that meet the limits and the latency target)",
		bind: func(r *advisor.Request) any { return &r.Objective }},
	{Key: KeyCurrency, Type: Upper, Enum: catalog.Currencies, Doc: "`USD`, `EUR`, `CNY`, `GBP` or `CHF`",
		bind: func(r *advisor.Request) any { return &r.Currency }},
	{Key: KeyCountries, Type: UpperList, Doc: "comma-separated ISO 3166 alpha-2 codes: regions only in these countries (hard limit)",
		bind: func(r *advisor.Request) any { return &r.Countries }},
	{Key: KeyCarbonPrice, Type: Number, Doc: "a price on emissions, in the currency per tCO2e: added to each placement's cost for the ranking, never to its total",
		bind: func(r *advisor.Request) any { return &r.CarbonPrice }},
	{Key: KeyUnlocated, Kinds: inference, Type: Bool, Doc: "inference: `true` lets regions whose source states no country serve, their round trips a range over where they may be",
		bind: func(r *advisor.Request) any { return &r.AllowUnlocated }},
	{Key: KeyMinRegions, Kinds: inference, Type: Whole, Doc: "inference: serve from at least this many regions in different metros (2 or 3), each sized so that the others carry the whole peak when one fails",
		bind: func(r *advisor.Request) any { return &r.MinRegions }},
	{Key: KeyRedundancy, Kinds: inference, Type: Text, Enum: advisor.RedundancyNames(), Doc: "with min_regions: `region` (default: different metros) or `provider` (different providers too)",
		bind: func(r *advisor.Request) any { return &r.Redundancy }},
	{Key: KeyChina, Kinds: inference, Type: Text, Enum: advisor.ChinaRegionsNames(),
		Doc:  "inference: whom regions in mainland China may serve: `own_users` (default: only users in mainland China; users anywhere else are never served from there) or `allow` (anyone, as the latency and the price decide; an ICP filing, an account of its own and the filtered border come with them)",
		bind: func(r *advisor.Request) any { return &r.ChinaRegions }},
})

// byKey and byPath index Fields.
var byKey, byPath = index(Fields)

// ByKey returns the field of a query key.
func ByKey(key string) (Field, bool) {
	f, ok := byKey[key]
	return f, ok
}

// KeyOf returns the query key of a request field as field errors name it;
// list entries such as "users[2].share" or "pricing[0]" map to their
// list's key, and a field the question does not carry to itself.
func KeyOf(path string) string {
	base, _, _ := strings.Cut(path, "[")
	if f, ok := byPath[base]; ok {
		return f.Key
	}
	return base
}

// AppliesTo reports whether the field belongs to a question of a workload
// kind (every field does when the kind is not one the table names).
func (f Field) AppliesTo(kind catalog.WorkloadKind) bool {
	if len(f.Kinds) == 0 {
		return true
	}
	for _, k := range f.Kinds {
		if k == kind {
			return true
		}
	}
	return !knownKind(kind)
}

func knownKind(kind catalog.WorkloadKind) bool {
	return kind == catalog.KindTraining || kind == catalog.KindInference
}

func index(fs []Field) (map[string]Field, map[string]Field) {
	keys, paths := map[string]Field{}, map[string]Field{}
	for _, f := range fs {
		keys[f.Key], paths[f.Path] = f, f
	}
	return keys, paths
}

// withPaths sets each field's Path from the JSON tags of the request
// field it binds, and checks that the binding fits its type: a table that
// does not hold fails when the program starts, not on a request.
func withPaths(fs []Field) []Field {
	var r advisor.Request
	for i := range fs {
		p := fs[i].bind(&r)
		if !fits(fs[i].Type, p) {
			panic(fmt.Sprintf("question: field %s binds a %T, not a %v", fs[i].Key, p, fs[i].Type))
		}
		path, ok := jsonPath(reflect.ValueOf(&r).Elem(), reflect.ValueOf(p), "")
		if !ok {
			panic(fmt.Sprintf("question: field %s binds no field of the request", fs[i].Key))
		}
		fs[i].Path = path
	}
	return fs
}

// isWord reports whether p points at a string or a type of words (a kind,
// a GDPR mode).
func isWord(p any) bool {
	t := reflect.TypeOf(p)
	return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.String
}

// isWords reports whether p points at a list of strings or of a type of
// words (pricing models).
func isWords(p any) bool {
	t := reflect.TypeOf(p)
	return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Slice && t.Elem().Elem().Kind() == reflect.String
}

// fits reports whether a bound pointer is of the kind a type reads into.
func fits(t Type, p any) bool {
	if isWord(p) {
		return t == Text || t == Upper
	}
	if isWords(p) {
		return t == List || t == UpperList
	}
	switch p.(type) {
	case *float64:
		return t == Number
	case *int, *int64:
		return t == Whole
	case **float64:
		return t == OptionalNumber
	case **int:
		return t == OptionalWhole
	case **decimal.Decimal:
		return t == Amount
	case *[]advisor.UserShare:
		return t == Users
	case *bool:
		return t == Bool
	}
	return false
}

// jsonPath finds the struct field within v that ptr points at and returns
// its path by JSON names. (A struct and its first field share an address:
// the field's type tells them apart.)
func jsonPath(v reflect.Value, ptr reflect.Value, prefix string) (string, bool) {
	for i := range v.NumField() {
		sf, fv := v.Type().Field(i), v.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		if fv.Addr().Pointer() == ptr.Pointer() && fv.Type() == ptr.Type().Elem() {
			return prefix + name, true
		}
		if fv.Kind() == reflect.Struct {
			if p, ok := jsonPath(fv, ptr, prefix+name+"."); ok {
				return p, true
			}
		}
	}
	return "", false
}
