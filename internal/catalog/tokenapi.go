package catalog

import (
	"slices"

	"github.com/shopspring/decimal"
)

// TokenAPI is what a public token API charges for an open model the
// catalog serves: list prices per million input and output tokens, in
// Currency, pay as you go.
type TokenAPI struct {
	Provider string `json:"provider"`
	// Profile is the LLM profile the model is; Model the provider's id.
	Profile string `json:"profile"`
	Model   string `json:"model"`
	// InputPer1M and OutputPer1M are prices per million tokens.
	InputPer1M  decimal.Decimal `json:"input_per_1m"`
	OutputPer1M decimal.Decimal `json:"output_per_1m"`
	Currency    string          `json:"currency"`
	// Quantised is true where the provider serves the model in fewer bits
	// than its published weights (FP8 "Turbo" endpoints).
	Quantised bool `json:"quantised,omitempty"`
	Ref
}

// TokenAPIsFor lists the token APIs of a profile, in catalog order.
func (c *Catalog) TokenAPIsFor(profile string) []TokenAPI {
	var out []TokenAPI
	for _, t := range c.TokenAPIs {
		if t.Profile == profile {
			out = append(out, t)
		}
	}
	return out
}

// tokenAPIs checks the token API prices.
func (v *validator) tokenAPIs() {
	c := v.col("token_apis")
	for i, t := range v.c.TokenAPIs {
		item := itemName("token_apis", i, t.Provider+"/"+t.Profile)
		if p, ok := v.profile(t.Profile); !ok || p.LLM == nil {
			c.add(item, "profile", "unknown LLM profile %q", t.Profile)
		}
		if t.InputPer1M.IsNegative() || t.OutputPer1M.IsNegative() || (t.InputPer1M.IsZero() && t.OutputPer1M.IsZero()) {
			c.add(item, "input_per_1m", "prices must not be negative, nor both zero")
		}
		if !slices.ContainsFunc(v.c.Currencies, func(r CurrencyRate) bool { return r.Code == t.Currency }) {
			c.add(item, "currency", "unknown currency %q", t.Currency)
		}
		if t.Provider == "" || t.Model == "" {
			c.add(item, "provider", "a token API names its provider and model")
		}
		v.ref(c, item, "", t.Ref)
	}
}
