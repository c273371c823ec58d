package advisor

import (
	"fmt"
	"math"
	"strconv"
)

// Text is a sentence or phrase of an answer kept as a message id and its
// arguments, so that a page can say it in another language. The result
// carries the English beside it (Explanation, Reason, Example, …); Text is
// for translations. English holds the English form of every id.
type Text struct {
	ID   string `json:"id"`
	Args []Arg  `json:"args,omitempty"`
}

// Arg is one argument of a Text: a value that reads the same in every
// language (a figure, an instance type), a word to say in the reader's
// language (a message id such as "pricing.spot" or "country.DE"), or a
// phrase of its own.
type Arg struct {
	Value string `json:"value,omitempty"`
	Word  string `json:"word,omitempty"`
	Text  *Text  `json:"text,omitempty"`
}

// English is the English form of every message id. Arguments are %s in
// order.
var English = map[string]string{
	// Words.
	"pricing.on_demand":   "on-demand",
	"pricing.spot":        "spot",
	"pricing.reserved_1y": "1-year reserved",
	"pricing.reserved_3y": "3-year reserved",
	"kind.training":       "training",
	"kind.inference":      "inference",
	"word.measured":       "measured",
	"word.estimated":      "estimated",

	// Explanations of the pick.
	"why.training":          "%s × %s (%s × %s) finish %s × %s epochs in %s h at %s %s per GPU (%s, %s).",
	"why.cheapest":          "It is the cheapest of %s options.",
	"why.fastest":           "It is the fastest of %s options.",
	"why.balanced":          "It has the best balance of cost and duration of %s options.",
	"why.cheapest.deadline": "It is the cheapest of %s options that finish within the %s h deadline.",
	"why.fastest.deadline":  "It is the fastest of %s options that finish within the %s h deadline.",
	"why.balanced.deadline": "It has the best balance of cost and duration of %s options that finish within the %s h deadline.",
	"why.nodes":             "One node alone would not finish in time: it needs %s.",
	"why.serving":           "%s × %s in %s (%s) serve %s requests/s at peak: each handles %s requests/s, sized for %s %% utilisation.",
	"why.latency":           "%s %% of users are within %s ms; the traffic-weighted latency is %s ms.",
	"why.unmet":             "No allowed placement, in up to %s regions, keeps %s %% of users within %s ms; the best keeps %s %%. Among the placements within %s points of that and with a weighted latency up to %s ms, this is the %s: %s %% within the target, weighted latency %s ms.",
	"why.nearest":           "The nearest placement reaches %s ms and costs %s.",
	"objective.cost":        "cheapest",
	"objective.latency":     "fastest",
	"objective.balanced":    "best balanced",
	"cost.same":             "the same",
	"cost.times":            "%s× more",
	"cost.more":             "%s %% more",
	"cost.less":             "%s %% less",
	"why.multi":             "No single region keeps %s %% of users within %s ms (the best keeps %s %%); serving from %s regions, each user routed to the nearest, does.",
	"why.runner_up":         "Runner-up: %s. %s",
	"why.place":             "%s %s %s (%s)",
	"why.places":            "%s + %s",

	// Why an alternative lost.
	"lost.costs_same":     "Costs the same.",
	"lost.costs_more":     "Costs %s (+%s %s).",
	"lost.costs_less":     "Costs %s (−%s %s).",
	"lost.fewer_within":   "Keeps only %s %% of users within %s ms. %s",
	"lost.less_within":    "Keeps fewer users within the target: %s %% against %s %%. %s",
	"lost.not_near":       "Its weighted latency of %s ms is too far from the lowest to compete. %s",
	"lost.latency_same":   "The same weighted latency (%s ms).",
	"lost.latency_lower":  "Faster: weighted latency %s ms against %s ms.",
	"lost.latency_higher": "Slower: weighted latency %s ms against %s ms.",
	"lost.duration":       "%s",
	"duration.same":       "Takes as long (%s h).",
	"duration.shorter":    "Finishes sooner: %s h against %s h.",
	"duration.longer":     "Takes longer: %s h against %s h.",
	"lost.score":          "Scores %s against %s (cost part %s, latency or duration part %s; lower is better). %s",
	"word.join":           "%s %s",

	// Trade-offs of an alternative against the pick.
	"trade.cost_same":    "same cost",
	"trade.cost_more":    "+%s %s",
	"trade.cost_less":    "−%s %s",
	"trade.same_time":    "same duration",
	"trade.earlier":      "finishes %s h earlier",
	"trade.later":        "takes %s h longer",
	"trade.same_latency": "same latency",
	"trade.faster":       "%s ms faster",
	"trade.slower":       "%s ms slower",
	"trade.within":       "%s %% of users within the target",
	"trade.join":         "%s, %s",

	// Spot against the pick.
	"spot.band":               "%s interruptions a month",
	"spot.band.default":       "%s interruptions a month, the provider's default band: this instance has no published figure",
	"spot.saves.training":     "Spot saves %s %% against on-demand; expect %s interruptions (%s), adding %s h with %s.",
	"spot.saves.inference":    "Spot saves %s %% against on-demand, including %s spare replicas to ride out interruptions and %s on-demand replica-hours as a fallback for lost capacity (%s).",
	"spot.less.deadline":      "Spot would cost %s %% less, but expected interruptions push the job to %s h, past the deadline.",
	"spot.more.deadline":      "Spot would cost %s %% more, and expected interruptions push the job to %s h, past the deadline.",
	"spot.less.training":      "Spot would cost %s %% less, but expected interruptions add %s h (%s).",
	"spot.more.training":      "Spot would cost %s %% more, and expected interruptions add %s h (%s).",
	"spot.less.inference":     "Spot would cost %s %% less than this, with spare replicas, an on-demand fallback and the risk of interruptions (%s).",
	"spot.more.inference":     "Spot would cost %s %% more than this, with spare replicas, an on-demand fallback and the risk of interruptions (%s).",
	"spot.checkpoints":        "a checkpoint every %s minutes",
	"spot.no_checkpoints":     "no checkpoints",
	"pricing.note.on_demand":  "Pay by the hour, no commitment.",
	"pricing.note.spot":       "%s %% below on-demand per hour; %s interruptions a month.",
	"pricing.note.reserved":   "Beats on-demand when the instance runs more than %s %% of the term (%s h a month); this workload uses it %s %% of the term.",
	"pricing.note.disallowed": "%s Not among the allowed pricing models.",

	// Compliance.
	"gdpr.none":     "No data-residency requirement was set.",
	"gdpr.in_eu":    "%s is in the EU/EEA.",
	"gdpr.not_eu":   "%s is not in the EU/EEA",
	"gdpr.adequate": "%s has an EU adequacy decision (%s).",
	"gdpr.partial":  "%s has an EU adequacy decision of limited scope (%s): check that %s is covered.",
	"gdpr.neither":  "%s is neither in the EU/EEA nor covered by an EU adequacy decision",
	"gdpr.all":      "%s %s",

	// Exclusion examples.
	"excluded.where":           "%s %s (%s)",
	"excluded.provider":        "%s: provider %s is not in the allowed list",
	"excluded.gpu":             "%s %s: %s is not in the allowed GPUs",
	"excluded.gdpr":            "%s: %s",
	"excluded.country":         "%s: %s is not among the allowed countries",
	"excluded.vcpus":           "%s %s: %s vCPUs for %s GPUs, under the %s per GPU %s training needs to feed its GPUs",
	"excluded.memory":          "%s %s: %s GB of GPU memory, %s needs %s GB",
	"excluded.benchmark":       "%s %s: no %s benchmark for %s",
	"excluded.pricing":         "%s %s: not offered as %s",
	"excluded.price_outlier":   "%s %s: its spot price is an outlier (%s), kept out of picks",
	"excluded.deadline":        "%s: %s × %s need %s h, over the %s h deadline",
	"excluded.deadline.single": "%s: one %s needs %s h, over the %s h deadline, and without an RDMA network (EFA, InfiniBand) between instances it is not spread over several",
	"excluded.endless":         "%s: on %s, %s h of work would never be expected to finish between interruptions; use checkpoints",
	"excluded.budget":          "%s: %s %s is over the budget of %s %s",
	"word.or":                  "%s or %s",
	"word.one":                 "%s",

	// Line items.
	"line.training":    "%s × %s (%s × %s), %s, %s h",
	"line.serving":     "%s × %s (%s × %s) in %s, %s, %s h",
	"line.fallback":    "On-demand fallback for spot capacity loss: %s in %s, %s replica-hours",
	"line.storage":     "Dataset storage, %s GB for %s h",
	"line.move.region": "Move the dataset from %s (inter-region)",
	"line.move.egress": "Move the dataset out of %s (internet egress, %s)",
	"line.egress":      "Internet egress from %s, %s GB/month in the %s tier × %s months",
	"tier.over":        "over %s GB",
	"tier.range":       "%s–%s GB",

	// Invalid input.
	"invalid.one_of2":              "must be %q or %q",
	"invalid.one_of3":              "must be %q, %q or %q",
	"invalid.profile.missing":      "choose a workload profile",
	"invalid.profile.unknown":      "unknown profile %q",
	"invalid.profile.no_training":  "%s has no training figures; choose inference or another profile",
	"invalid.profile.no_inference": "%s has no inference figures; choose training or another profile",
	"invalid.peak":                 "must be at least the average (%s)",
	"invalid.region":               "unknown region %q; use provider:region, e.g. aws:eu-central-1",
	"invalid.budget":               "must be more than 0 and at most %s",
	"invalid.currency":             "must be one of %s",
	"invalid.no_rate":              "the catalog has no rate for %s",
	"invalid.users.none":           "say where the users are: at least one country or metro",
	"invalid.users.many":           "at most %s user groups",
	"invalid.users.zero":           "the shares are all zero; give at least one group a positive share",
	"invalid.location.missing":     "choose a country or a metro",
	"invalid.location.unknown":     "unknown location %q; use an ISO country code (DE) or a metro id (fra)",
	"invalid.location.twice":       "%s is listed twice; give it one share",
	"invalid.number":               "must be a number",
	"invalid.number.got":           "must be a number, got %q",
	"invalid.whole.got":            "must be a whole number, got %q",
	"invalid.amount.got":           "must be an amount such as 5000 or 1234.50, got %q",
	"invalid.positive":             "must be more than 0",
	"invalid.negative":             "must not be negative",
	"invalid.min":                  "must be at least %s",
	"invalid.max":                  "must be at most %s",
	"invalid.pricing":              "unknown pricing model %q; use on_demand, spot, reserved_1y, reserved_3y",
	"invalid.provider":             "unknown provider %q",
	"invalid.gpu":                  "unknown GPU %q",
	"invalid.country":              "unknown country %q; use ISO 3166 alpha-2 codes such as DE or US",
	"invalid.precision":            "%s has %s figures only in %s",
	"invalid.list.twice":           "%q is listed twice",

	// Risks.
	"risk.spot.training":       "%s in %s can be reclaimed at short notice (%s interruptions a month); the duration expects %s interruptions with %s, and is an expectation, not a promise.",
	"risk.spot.inference":      "%s in %s can be reclaimed at short notice (%s interruptions a month); priced with %s spare replicas and %s on-demand replica-hours as a fallback, yet a reclaim of many instances at once can still drop requests.",
	"risk.price_outlier":       "The spot price listed for %s in %s is an outlier (%s) and was not used.",
	"risk.capacity":            "%s lists %s in %s at this price without confirming capacity there: check availability before committing.",
	"risk.estimate.throughput": "The throughput of %s is an estimate (%s): the sizing rests on it.",
	"risk.estimate.price":      "The price of %s in %s is an estimate (%s).",

	// Estimated figures.
	"estimated.throughput":      "Throughput of %s: %s",
	"estimated.price":           "Price of %s in %s: %s",
	"estimated.band":            "Spot interruption band of %s: the provider's default",
	"estimated.service":         "Service time per request on %s: %s",
	"estimated.service.profile": "Service time per request: %s ms, the profile's own figure (no latency figures in this catalog)",
	"estimated.rtt":             "Some round trips are estimated from distance (marked in the latency table)",
}

// say builds a Text from its id and arguments: strings and numbers are
// values, Arg and Text are used as they are.
func say(id string, args ...any) Text {
	t := Text{ID: id, Args: make([]Arg, len(args))}
	for i, a := range args {
		switch a := a.(type) {
		case Arg:
			t.Args[i] = a
		case Text:
			t.Args[i] = Arg{Text: &a}
		case string:
			t.Args[i] = Arg{Value: a}
		case int:
			t.Args[i] = Arg{Value: strconv.Itoa(a)}
		default:
			panic(fmt.Sprintf("advisor: say(%s): argument %d has type %T; format numbers first", id, i, a))
		}
	}
	return t
}

// word is an argument said in the reader's language.
func word(id string) Arg { return Arg{Word: id} }

// pct formats a percentage with no decimals.
func pct(x float64) string { return strconv.FormatFloat(math.Round(x), 'f', 0, 64) }

// num formats a number the short way (%g).
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Say renders a Text in English. name gives a country's English name for
// "country.XX" words; nil leaves the code.
func Say(t Text, name func(code string) string) string {
	format, ok := English[t.ID]
	if !ok {
		return t.ID
	}
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		args[i] = a.english(name)
	}
	return fmt.Sprintf(format, args...)
}

func (a Arg) english(name func(string) string) string {
	switch {
	case a.Text != nil:
		return Say(*a.Text, name)
	case len(a.Word) > len("country.") && a.Word[:len("country.")] == "country.":
		if name != nil {
			return name(a.Word[len("country."):])
		}
		return a.Word[len("country."):]
	case a.Word != "":
		if s, ok := English[a.Word]; ok {
			return s
		}
		return a.Word
	}
	return a.Value
}

// english renders t in English with the catalog's country names.
func (e *engine) english(t Text) string { return Say(t, countryNames(e.cat)) }
