package api

import (
	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// WhatIfJSON is the body of GET /api/v1/advice/what-if (API.md): the
// answer's pick and, for each parameter, where the pick changes.
type WhatIfJSON struct {
	CatalogVersion string          `json:"catalog_version"`
	Currency       string          `json:"currency"`
	Request        advisor.Request `json:"request"`
	Pick           *OptionJSON     `json:"pick"`
	Changes        []ChangeJSON    `json:"changes"`
	// Load is the total against load (empty where the what-if answers
	// each variation as a question of its own).
	Load []LoadPointJSON `json:"load"`
}

// LoadPointJSON is the total at factor times the question's peak load:
// the pick's there (null where nothing is within the budget) and the
// question's pick's, sized for that load.
type LoadPointJSON struct {
	Factor        float64          `json:"factor"`
	PeakRPS       float64          `json:"peak_rps"`
	Total         *decimal.Decimal `json:"total"`
	QuestionTotal decimal.Decimal  `json:"question_total"`
}

// ChangeJSON is one value at which the pick changes: parameter moving
// from the question's value to the break-even to (for pricing: from the
// allowed models, to the one left out), the new pick there, its total and
// a sentence.
type ChangeJSON struct {
	Parameter string          `json:"parameter"`
	From      any             `json:"from"`
	To        any             `json:"to"`
	Pick      []PickPlaceJSON `json:"pick"`
	Total     decimal.Decimal `json:"total"`
	Text      string          `json:"text"`
	TextText  locale.Text     `json:"text_text"`
}

// PickPlaceJSON is one place of a change's new pick.
type PickPlaceJSON struct {
	Provider     string               `json:"provider"`
	Region       string               `json:"region"`
	InstanceType string               `json:"instance_type"`
	Pricing      catalog.PricingModel `json:"pricing"`
	Count        int                  `json:"count"`
}

// NewWhatIfJSON writes a what-if's sentences in English.
func NewWhatIfJSON(w advisor.WhatIf, cat *catalog.Catalog) WhatIfJSON {
	answer := NewAdviceJSON(w.Result, cat)
	en := english(cat)
	out := WhatIfJSON{CatalogVersion: answer.CatalogVersion, Currency: answer.Currency, Request: answer.Request, Pick: answer.Pick,
		Changes: []ChangeJSON{}, Load: []LoadPointJSON{}}
	for _, p := range w.Load {
		j := LoadPointJSON{Factor: p.Factor, PeakRPS: p.PeakRPS, QuestionTotal: p.Asked}
		if p.Pick != "" {
			j.Total = &p.Total
		}
		out.Load = append(out.Load, j)
	}
	for _, c := range w.Changes {
		j := ChangeJSON{Parameter: c.Parameter, From: c.From, To: c.To, Total: c.Pick.Total, Text: en.Text(c.Text), TextText: c.Text,
			Pick: []PickPlaceJSON{}}
		if c.Parameter == advisor.WhatIfPricing {
			j.From, j.To = w.Result.Request.Pricing, c.Left
		}
		for _, p := range c.Pick.Placements {
			j.Pick = append(j.Pick, PickPlaceJSON{Provider: p.Provider, Region: p.Region, InstanceType: p.InstanceType, Pricing: p.Pricing, Count: p.Machines()})
		}
		out.Changes = append(out.Changes, j)
	}
	return out
}
