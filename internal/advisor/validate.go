package advisor

import (
	"fmt"
	"gpuplace/internal/locale"
	"math"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// Limits on request values: beyond them a figure is a typo, not a workload.
const (
	maxSamples       = 1e12
	maxEpochs        = 10000
	maxDeadlineHours = 87600 // ten years
	maxRPS           = 1e6
	maxResponseKB    = 1e5 // 100 MB
	maxLatencyMS     = 10000
	// maxTTFTMS is the most time to first token an LLM question may
	// wait: two minutes, for prompts of up to the models' 128k tokens.
	maxTTFTMS        = 120000
	maxMonths        = 120
	maxShare         = 1e9
	maxDatasetGB     = 1e7 // 10 PB
	maxCheckpointMin = 10080
	maxBudget        = 1e12
	maxCarbonPrice   = 1e5 // per tCO2e: well above any traded or social cost of carbon
)

// MaxUsers is the most user groups a request may have; the page and the
// API hold every list to it.
const MaxUsers = 500

// WithDefaults returns the request with every omitted field set to its
// default. Values that are present are kept as they are, valid or not,
// but for a precision's other names (bf16, fp16: mixed).
func (r Request) WithDefaults(cat *catalog.Catalog) Request {
	w := &r.Workload
	p, _ := cat.Profile(w.Profile)
	w.Precision = catalog.NormalPrecision(w.Precision)
	w.Engine = strings.ToLower(strings.TrimSpace(w.Engine))
	if w.Precision == "" && p.LLM == nil {
		w.Precision = cat.DefaultPrecision(w.Profile, w.Kind)
	}
	switch w.Kind {
	case catalog.KindTraining:
		if t := p.Training; t != nil {
			if w.Samples == 0 {
				w.Samples = t.DefaultSamples
			}
			if w.Epochs == 0 {
				w.Epochs = t.DefaultEpochs
			}
			if r.Data.DatasetGB == 0 {
				r.Data.DatasetGB = t.DatasetGB
			}
		}
	case catalog.KindInference:
		if w.PeakRPS == 0 {
			w.PeakRPS = w.RPS
		}
		if w.ResponseKB == 0 && p.Inference != nil {
			w.ResponseKB = p.Inference.DefaultResponseKB
		}
		if l := p.LLM; l != nil {
			llmDefaults(w, l)
		}
		if w.LatencyMS == 0 {
			w.LatencyMS = DefaultLatencyMS
		}
		if w.Months == nil {
			// Only an absent term takes the default: a stated 0 is refused.
			w.Months = Months(DefaultMonths)
		}
		if r.ChinaRegions == "" {
			r.ChinaRegions = ChinaRegionsOwnUsers
		}
	}
	if r.GDPR == "" {
		r.GDPR = DefaultGDPR
	}
	if len(r.Pricing) == 0 {
		r.Pricing = DefaultPricing(w.Kind)
	}
	if r.Countries == nil {
		r.Countries = []string{}
	}
	if r.CheckpointMinutes == nil {
		m := float64(DefaultCheckpointMinutes)
		r.CheckpointMinutes = &m
	}
	if r.Objective == "" {
		r.Objective = DefaultObjective
	}
	r.Currency = strings.ToUpper(strings.TrimSpace(r.Currency))
	if r.Currency == "" {
		r.Currency = DefaultCurrency
	}
	if r.Users == nil {
		r.Users = []UserShare{}
	}
	if r.Providers == nil {
		r.Providers = []string{}
	}
	if r.GPUs == nil {
		r.GPUs = []string{}
	}
	r.Accelerator = strings.ToLower(strings.TrimSpace(r.Accelerator))
	if len(r.GPUs) == 1 && strings.EqualFold(r.GPUs[0], NoGPUs) && (r.Accelerator == "" || r.Accelerator == AcceleratorCPU) {
		r.GPUs, r.Accelerator = []string{}, AcceleratorCPU
	}
	if r.Accelerator == "" {
		r.Accelerator = AcceleratorAny
		if len(r.GPUs) > 0 {
			// A list of GPUs asks for those GPUs.
			r.Accelerator = AcceleratorGPU
		}
	}
	return r
}

// llmDefaults fills an LLM request: the model's default tokens and
// targets, the time to first token as the latency target, and a response
// of about 4 bytes of text a token.
func llmDefaults(w *Workload, l *catalog.LLMProfile) {
	if w.InputTokens == 0 {
		w.InputTokens = l.DefaultInputTokens
	}
	if w.OutputTokens == 0 {
		w.OutputTokens = l.DefaultOutputTokens
	}
	if w.TTFTMS == 0 {
		w.TTFTMS = l.DefaultTTFTMS
	}
	if w.TPOTMS == 0 {
		w.TPOTMS = l.DefaultTPOTMS
	}
	w.LatencyMS = w.TTFTMS
	if w.Engine == "" {
		w.Engine = EngineAny
	}
	if w.ResponseKB == 0 {
		w.ResponseKB = float64(w.OutputTokens) * BytesPerToken / 1000
	}
}

// BytesPerToken is the text one output token carries, about 4 bytes of
// UTF-8 (an English word is about 1.3 tokens), for an LLM answer's size.
const BytesPerToken = 4

// LLMPrecisions are the weight formats the serving model sizes LLMs in:
// FP16/BF16, FP8 and FP4 where the GPU has their tensor cores, and 4-bit
// weight-only (INT4) everywhere.
var LLMPrecisions = []string{catalog.PrecisionMixed, catalog.PrecisionFP8, catalog.PrecisionFP4, catalog.PrecisionINT4}

// Check validates a request as Recommend does, its defaults filled in:
// nil, or FieldErrors naming every invalid field.
func Check(cat *catalog.Catalog, r Request) error { return r.WithDefaults(cat).Validate(cat) }

// validateLLM checks the LLM keys: a precision the serving figures are
// measured in, tokens within the model's context, positive targets (the
// time to first token up to maxTTFTMS, for long prompts), a prefix-cache
// share from 0 to serving.MaxCachedPct.
func validateLLM(fe *locale.FieldErrors, w Workload, p catalog.Profile) {
	if w.Precision != "" && !slices.Contains(LLMPrecisions, w.Precision) {
		fe.Add("workload.precision", "invalid.precision.llm", p.Name, catalog.PrecisionNames(LLMPrecisions))
	}
	between(fe, "workload.input_tokens", float64(w.InputTokens), 1, float64(p.LLM.ContextTokens))
	between(fe, "workload.output_tokens", float64(w.OutputTokens), 1, float64(p.LLM.ContextTokens))
	if w.InputTokens+w.OutputTokens > p.LLM.ContextTokens {
		fe.Add("workload.output_tokens", "invalid.context", p.Name, p.LLM.ContextTokens)
	}
	between(fe, "workload.ttft_ms", w.TTFTMS, 1, maxTTFTMS)
	between(fe, "workload.tpot_ms", w.TPOTMS, 1, maxLatencyMS)
	between(fe, "workload.prefix_cache_pct", w.PrefixCachePct, 0, serving.MaxCachedPct)
}

// Validate checks a request (after WithDefaults) against the catalog and
// returns FieldErrors naming every invalid field, or nil.
func (r Request) Validate(cat *catalog.Catalog) error {
	var fe locale.FieldErrors
	w := r.Workload
	profile, profileOK := cat.Profile(w.Profile)
	switch {
	case w.Kind != catalog.KindTraining && w.Kind != catalog.KindInference:
		fe.Add("workload.kind", "invalid.one_of2", catalog.KindTraining, catalog.KindInference)
	case w.Profile == "":
		fe.Add("workload.profile", "invalid.profile.missing")
	case !profileOK:
		fe.Add("workload.profile", "invalid.profile.unknown", w.Profile)
	case w.Kind == catalog.KindTraining && profile.Training == nil:
		fe.Add("workload.profile", "invalid.profile.no_training", profile.Name)
	case w.Kind == catalog.KindInference && profile.Inference == nil:
		fe.Add("workload.profile", "invalid.profile.no_inference", profile.Name)
	}
	if profileOK && profile.LLM != nil && w.Kind == catalog.KindInference {
		validateLLM(&fe, w, profile)
	} else if profileOK && ((w.Kind == catalog.KindTraining && profile.Training != nil) || (w.Kind == catalog.KindInference && profile.Inference != nil)) {
		if _, ok := cat.Basis(profile.ID, w.Kind, w.Precision); !ok {
			var have []string
			for _, b := range cat.Bases(profile.ID) {
				if b.Kind == w.Kind {
					have = append(have, b.Precision)
				}
			}
			fe.Add("workload.precision", "invalid.precision", profile.Name, locale.Word("kind."+string(w.Kind)), catalog.PrecisionNames(have))
		}
	}
	switch w.Kind {
	case catalog.KindTraining:
		// A profile without training figures has no dataset to default
		// the samples and epochs to: its error says why, and only what was
		// given is checked.
		trains := profileOK && profile.Training != nil
		if trains || w.Samples != 0 {
			between(&fe, "workload.samples", float64(w.Samples), 1, maxSamples)
		}
		if trains || w.Epochs != 0 {
			between(&fe, "workload.epochs", float64(w.Epochs), 1, maxEpochs)
		}
		between(&fe, "workload.deadline_hours", w.DeadlineHours, 0, maxDeadlineHours)
	case catalog.KindInference:
		between(&fe, "workload.rps", w.RPS, math.SmallestNonzeroFloat64, maxRPS)
		if between(&fe, "workload.peak_rps", w.PeakRPS, math.SmallestNonzeroFloat64, maxRPS) && w.PeakRPS < w.RPS {
			fe.Add("workload.peak_rps", "invalid.peak", locale.Short(w.RPS))
		}
		between(&fe, "workload.response_kb", w.ResponseKB, 0, maxResponseKB)
		if !profileOK || profile.LLM == nil {
			// An LLM's latency target is its time to first token
			// (llmDefaults), checked as that.
			between(&fe, "workload.latency_ms", w.LatencyMS, 1, maxLatencyMS)
		}
		between(&fe, "workload.months", float64(w.ServiceMonths()), 1, maxMonths)
	}
	r.validateUsers(&fe, cat)
	if !slices.Contains(GDPRModes, r.GDPR) {
		fe.Add("gdpr", "invalid.one_of4", GDPRNone, GDPREU, GDPREUAdequacy, GDPREUSovereign)
	}
	listOf(&fe, "countries", r.Countries, func(s string) bool { _, ok := cat.Country(s); return ok }, "invalid.country")
	between(&fe, "data.dataset_gb", r.Data.DatasetGB, 0, maxDatasetGB)
	if r.Data.Location != "" {
		if _, ok := cat.Region(r.Data.Location); !ok {
			fe.Add("data.location", "invalid.region", r.Data.Location)
		}
	}
	listOf(&fe, "pricing", r.Pricing, func(s catalog.PricingModel) bool { return slices.Contains(catalog.PricingModels, s) }, "invalid.pricing")
	if r.CheckpointMinutes != nil {
		between(&fe, "checkpoint_minutes", *r.CheckpointMinutes, 0, maxCheckpointMin)
	}
	listOf(&fe, "providers", r.Providers, func(s string) bool { _, ok := cat.Provider(s); return ok }, "invalid.provider")
	listOf(&fe, "gpus", r.GPUs, func(s string) bool { _, ok := cat.GPU(s); return ok }, "invalid.gpu")
	if b := r.Budget; b != nil && (!b.IsPositive() || b.GreaterThan(decimal.NewFromFloat(maxBudget))) {
		fe.Add("budget", "invalid.budget", locale.Short(maxBudget))
	}
	if r.CarbonPrice != 0 {
		between(&fe, "carbon_price", r.CarbonPrice, 0, maxCarbonPrice)
	}
	if !slices.Contains([]string{ObjectiveCost, ObjectiveLatency, ObjectiveBalanced, ObjectiveCarbon}, r.Objective) {
		fe.Add("objective", "invalid.one_of4", ObjectiveCost, ObjectiveLatency, ObjectiveBalanced, ObjectiveCarbon)
	}
	if r.MinRegions != 0 {
		between(&fe, "min_regions", float64(r.MinRegions), 1, MaxRegions)
	}
	if w.Engine != "" && !slices.Contains(EngineNames(), w.Engine) {
		fe.Add("workload.engine", "invalid.engine", strings.Join(EngineNames(), ", "))
	}
	if !slices.Contains(AcceleratorNames(), r.Accelerator) {
		fe.Add("accelerator", "invalid.one_of3", AcceleratorGPU, AcceleratorCPU, AcceleratorAny)
	} else if r.Accelerator == AcceleratorCPU && len(r.GPUs) > 0 {
		fe.Add("gpus", "invalid.gpus_with_cpu")
	} else if r.Accelerator == AcceleratorCPU && r.Workload.Kind == catalog.KindTraining {
		fe.Add("accelerator", "invalid.cpu_training")
	}
	if r.Redundancy != "" && !slices.Contains(RedundancyNames(), r.Redundancy) {
		fe.Add("redundancy", "invalid.one_of2", RedundancyRegion, RedundancyProvider)
	}
	if r.ChinaRegions != "" && !slices.Contains(ChinaRegionsNames(), r.ChinaRegions) {
		fe.Add("china_regions", "invalid.one_of2", ChinaRegionsOwnUsers, ChinaRegionsAllow)
	}
	if !slices.Contains(catalog.Currencies, r.Currency) {
		fe.Add("currency", "invalid.currency", strings.Join(catalog.Currencies, ", "))
	} else if _, ok := cat.Rate(r.Currency); !ok {
		fe.Add("currency", "invalid.no_rate", r.Currency)
	}
	if len(fe) > 0 {
		return fe
	}
	return nil
}

func (r Request) validateUsers(fe *locale.FieldErrors, cat *catalog.Catalog) {
	if len(r.Users) == 0 {
		if r.Workload.Kind == catalog.KindInference {
			fe.Add("users", "invalid.users.none")
		}
		return
	}
	if len(r.Users) > MaxUsers {
		fe.Add("users", "invalid.users.many", MaxUsers)
		return
	}
	seen := make(map[string]bool, len(r.Users))
	var total float64
	sharesOK := true
	for i, u := range r.Users {
		// The field's name is made only for an error: a question may name
		// hundreds of places.
		field := func(part string) string { return fmt.Sprintf("users[%d].%s", i, part) }
		switch _, ok := cat.Location(u.Location); {
		case u.Location == "":
			fe.Add(field("location"), "invalid.location.missing")
		case !ok:
			fe.Add(field("location"), "invalid.location.unknown", u.Location)
		case seen[u.Location]:
			fe.Add(field("location"), "invalid.location.twice", u.Location)
		}
		seen[u.Location] = true
		if inRange(u.Share, 0, maxShare) {
			total += u.Share
		} else {
			between(fe, field("share"), u.Share, 0, maxShare)
			sharesOK = false
		}
	}
	if total == 0 && sharesOK {
		fe.Add("users", "invalid.users.zero")
	}
}

// inRange reports whether x is a number with lo ≤ x ≤ hi.
func inRange(x, lo, hi float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0) && x >= lo && x <= hi
}

// between adds an error unless lo ≤ x ≤ hi (and x is a number); it reports
// whether x was in range.
func between(fe *locale.FieldErrors, field string, x, lo, hi float64) bool {
	switch {
	case inRange(x, lo, hi):
		return true
	case math.IsNaN(x) || math.IsInf(x, 0):
		fe.Add(field, "invalid.number")
	case x < lo && lo == math.SmallestNonzeroFloat64:
		fe.Add(field, "invalid.positive")
	case x < lo && lo == 0:
		fe.Add(field, "invalid.negative")
	case x < lo:
		fe.Add(field, "invalid.min", locale.Short(lo))
	default:
		fe.Add(field, "invalid.max", locale.Short(hi))
	}
	return false
}

// listOf checks an allow-list: every entry known, none repeated.
func listOf[T ~string](fe *locale.FieldErrors, field string, list []T, known func(T) bool, unknownID string) {
	seen := make(map[T]bool, len(list))
	for i, s := range list {
		switch {
		case !known(s):
			fe.Add(fmt.Sprintf("%s[%d]", field, i), unknownID, s)
		case seen[s]:
			fe.Add(fmt.Sprintf("%s[%d]", field, i), "invalid.list.twice", s)
		}
		seen[s] = true
	}
}
