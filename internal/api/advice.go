// Package api holds the public JSON shapes of answers and of the catalog
// (API.md) and the catalog queries behind them: what GET and POST
// /api/v1/advice, GET /api/v1/catalog, /offers, /regions and /latency, the
// command line's advise and catalog stats, and the MCP tools answer.
package api

import (
	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// The public JSON of an answer (API.md): the advisor's result with every
// sentence also written out in English, beside its message id and
// arguments (the "…_text" fields) for other languages. These types are the
// API's own, so the advisor can change without changing what scripts read.

// AdviceJSON is the body of GET/POST /api/v1/advice, of a pinned link's
// JSON and of `gpuplace advise`.
type AdviceJSON struct {
	CatalogVersion string          `json:"catalog_version"`
	Currency       string          `json:"currency"`
	Rate           decimal.Decimal `json:"rate"`
	RateDate       string          `json:"rate_date"`
	Request        advisor.Request `json:"request"`
	Pick           *OptionJSON     `json:"pick"`
	Alternatives   []OptionJSON    `json:"alternatives"`
	Excluded       []ExclusionJSON `json:"excluded"`
	// Notes say what the answer read otherwise than the question wrote
	// it (user shares scaled to add up to 100), in English and as
	// message ids with arguments.
	Notes     []string      `json:"notes"`
	NotesText []locale.Text `json:"notes_text"`
	// Nearest says, where nothing fits, the nearest budget or deadline
	// that would give an answer, in English and as message ids.
	Nearest     []string              `json:"nearest,omitempty"`
	NearestText []locale.Text         `json:"nearest_text,omitempty"`
	Pricing     []PricingJSON         `json:"pricing,omitempty"`
	Candidates  []advisor.Candidate   `json:"candidates"`
	BasisLabel  string                `json:"basis_label,omitempty"`
	Basis       []advisor.BasisFigure `json:"basis"`
}

// OptionJSON is one way to run the workload (API.md's pick and
// alternatives).
type OptionJSON struct {
	Placements             []advisor.Placement `json:"placements"`
	Total                  decimal.Decimal     `json:"total"`
	Lines                  []LineJSON          `json:"lines"`
	Hours                  decimal.Decimal     `json:"hours"`
	CostPerUnit            advisor.CostPerUnit `json:"cost_per_unit"`
	Latency                *advisor.Latency    `json:"latency"`
	Failover               *advisor.Failover   `json:"failover,omitempty"`
	Carbon                 *advisor.Carbon     `json:"carbon,omitempty"`
	Compliance             ComplianceJSON      `json:"compliance"`
	Throughput             advisor.Throughput  `json:"throughput"`
	Score                  *advisor.Score      `json:"score,omitempty"`
	Explanation            []string            `json:"explanation"`
	Why                    []locale.Text       `json:"why"`
	Estimated              []string            `json:"estimated"`
	EstimatedText          []locale.Text       `json:"estimated_text"`
	Risks                  []RiskJSON          `json:"risks"`
	Tokens                 *advisor.Tokens     `json:"tokens,omitempty"`
	CostPer1MInputTokens   *decimal.Decimal    `json:"cost_per_1m_input_tokens,omitempty"`
	CostPer1MTokensBlended *decimal.Decimal    `json:"cost_per_1m_tokens_blended,omitempty"`
	Serving                *advisor.Serving    `json:"serving,omitempty"`
	// TokenAPIs and HostingCheaperFromTokensPerMonth are an LLM answer's;
	// the latter is null when hosting never costs less (the outer pointer
	// is nil, and the key left out, for other answers).
	TokenAPIs                        []advisor.TokenAPIPrice `json:"token_apis,omitempty"`
	HostingCheaperFromTokensPerMonth **float64               `json:"hosting_cheaper_from_tokens_per_month,omitempty"`
	BuyOrHost                        *advisor.BuyOrHost      `json:"buy_or_host,omitempty"`
	AverageLoad                      *advisor.AverageLoad    `json:"average_load,omitempty"`
	CheapestMeetingTarget            *advisor.CheaperOption  `json:"cheapest_meeting_target,omitempty"`
	FinishesWithinDeadline           *bool                   `json:"finishes_within_deadline,omitempty"`
	TradeOff                         string                  `json:"trade_off,omitempty"`
	TradeOffText                     *locale.Text            `json:"trade_off_text,omitempty"`
	Confidence                       ConfidenceJSON          `json:"confidence"`
	Verdict                          VerdictJSON             `json:"verdict"`
}

// ConfidenceJSON is how far a buyer can rely on an option: its grade
// (firm, likely, rough) and the reasons for it.
type ConfidenceJSON struct {
	Grade       string        `json:"grade"`
	Reasons     []string      `json:"reasons"`
	ReasonsText []locale.Text `json:"reasons_text"`
}

// VerdictJSON is whether an option meets the question's target.
type VerdictJSON struct {
	Meets             bool        `json:"meets"`
	ShareWithinTarget *float64    `json:"share_within_target"`
	Target            string      `json:"target,omitempty"`
	Text              string      `json:"text"`
	TextText          locale.Text `json:"text_text"`
}

// LineJSON is one estimate line.
type LineJSON struct {
	Item            string          `json:"item"`
	Description     string          `json:"description"`
	DescriptionText locale.Text     `json:"description_text"`
	Quantity        decimal.Decimal `json:"quantity"`
	Unit            string          `json:"unit"`
	UnitPrice       decimal.Decimal `json:"unit_price"`
	Amount          decimal.Decimal `json:"amount"`
}

// ComplianceJSON is the data-residency verdict.
type ComplianceJSON struct {
	OK     bool        `json:"ok"`
	Reason string      `json:"reason"`
	Text   locale.Text `json:"text"`
}

// RiskJSON is one caveat of an option; Source is the catalog's source of
// the fact it rests on, where it has one.
type RiskJSON struct {
	Kind    string      `json:"kind"`
	Text    string      `json:"text"`
	Message locale.Text `json:"message"`
	Source  string      `json:"source,omitempty"`
}

// ExclusionJSON counts the offers ruled out for one reason.
type ExclusionJSON struct {
	Reason      string      `json:"reason"`
	Count       int         `json:"count"`
	Example     string      `json:"example"`
	ExampleText locale.Text `json:"example_text"`
}

// PricingJSON is the pick's instance under one pricing model.
type PricingJSON struct {
	Pricing  catalog.PricingModel `json:"pricing"`
	Total    decimal.Decimal      `json:"total"`
	Note     string               `json:"note"`
	NoteText locale.Text          `json:"note_text"`
}

// english writes sentences in English, countries named as cat names them
// (nil: their codes).
func english(cat *catalog.Catalog) locale.Printer {
	return locale.For(locale.EN).WithCountryNames(func(code string) string {
		if cat != nil {
			if c, ok := cat.Country(code); ok {
				return c.Name
			}
		}
		return code
	})
}

// NewAdviceJSON writes an answer's sentences in English, countries named as
// cat names them (nil: their codes).
func NewAdviceJSON(res advisor.Result, cat *catalog.Catalog) AdviceJSON {
	en := english(cat)
	out := AdviceJSON{
		CatalogVersion: res.CatalogVersion, Currency: res.Currency, Rate: res.Rate, RateDate: res.RateDate,
		Request: res.Request, Alternatives: []OptionJSON{}, Excluded: []ExclusionJSON{},
		Notes: en.Texts(res.NotesText), NotesText: res.NotesText,
		NearestText: res.NearestText,
		Candidates:  res.Candidates, BasisLabel: res.BasisLabel, Basis: res.Basis,
	}
	if out.Candidates == nil {
		out.Candidates = []advisor.Candidate{}
	}
	if out.Basis == nil {
		out.Basis = []advisor.BasisFigure{}
	}
	if out.NotesText == nil {
		out.Notes, out.NotesText = []string{}, []locale.Text{}
	}
	if len(res.NearestText) > 0 {
		out.Nearest = en.Texts(res.NearestText)
	}
	if res.Pick != nil {
		o := optionJSON(*res.Pick, en)
		out.Pick = &o
	}
	for _, a := range res.Alternatives {
		out.Alternatives = append(out.Alternatives, optionJSON(a, en))
	}
	for _, x := range res.Excluded {
		out.Excluded = append(out.Excluded, ExclusionJSON{Reason: x.Reason, Count: x.Count, Example: en.Text(x.ExampleText), ExampleText: x.ExampleText})
	}
	for _, p := range res.Pricing {
		out.Pricing = append(out.Pricing, PricingJSON{Pricing: p.Pricing, Total: p.Total, Note: en.Text(p.NoteText), NoteText: p.NoteText})
	}
	return out
}

func optionJSON(o advisor.Option, en locale.Printer) OptionJSON {
	out := OptionJSON{
		Placements: o.Placements, Total: o.Total, Hours: o.Hours, CostPerUnit: o.CostPerUnit, Latency: o.Latency, Failover: o.Failover, Carbon: o.Carbon,
		Compliance: ComplianceJSON{OK: o.Compliance.OK, Reason: en.Text(o.Compliance.Text), Text: o.Compliance.Text},
		Throughput: o.Throughput, Score: o.Score, Explanation: en.Texts(o.Why), Why: o.Why,
		Estimated: en.Texts(o.EstimatedText), EstimatedText: o.EstimatedText, Risks: []RiskJSON{},
		FinishesWithinDeadline: o.FinishesWithinDeadline, TradeOffText: o.TradeOffText,
		Tokens: o.Tokens, CostPer1MInputTokens: o.CostPer1MInputTokens, CostPer1MTokensBlended: o.CostPer1MTokensBlended,
		Serving: o.Serving, TokenAPIs: o.TokenAPIs, BuyOrHost: o.BuyOrHost, AverageLoad: o.AverageLoad,
		CheapestMeetingTarget: o.CheapestMeetingTarget,
	}
	if o.Serving != nil {
		out.HostingCheaperFromTokensPerMonth = &o.HostingCheaperFromTokensPerMonth
	}
	if out.Why == nil {
		out.Why = []locale.Text{}
	}
	if out.EstimatedText == nil {
		out.EstimatedText = []locale.Text{}
	}
	if o.TradeOffText != nil {
		out.TradeOff = en.Text(*o.TradeOffText)
	}
	out.Confidence = ConfidenceJSON{Grade: o.Confidence.Grade, Reasons: en.Texts(o.Confidence.ReasonsText), ReasonsText: o.Confidence.ReasonsText}
	if out.Confidence.ReasonsText == nil {
		out.Confidence.ReasonsText = []locale.Text{}
	}
	v := o.Verdict
	out.Verdict = VerdictJSON{Meets: v.Meets, ShareWithinTarget: v.ShareWithinTarget, Target: v.Target, Text: en.Text(v.Text), TextText: v.Text}
	for _, l := range o.Lines {
		out.Lines = append(out.Lines, LineJSON{Item: l.Item, Description: en.Text(l.DescriptionText), DescriptionText: l.DescriptionText,
			Quantity: l.Quantity, Unit: l.Unit, UnitPrice: l.UnitPrice, Amount: l.Amount})
	}
	for _, k := range o.Risks {
		out.Risks = append(out.Risks, RiskJSON{Kind: k.Kind, Text: en.Text(k.Message), Message: k.Message, Source: k.Source})
	}
	return out
}
