package catalog_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// Ensure the change check before activation tells a rate move from a price
// move, and flags an offer that vanished and a new GPU no figure covers:
// the real catalog against a copy where the euro's rate moved 40 %, one
// offer is gone and one offer of an unmeasured GPU is new.
func TestDiffFlagsWhatToCheck(t *testing.T) {
	from := loadReal(t)
	next := *from
	next.Currencies = slices.Clone(from.Currencies)
	for i, r := range next.Currencies {
		if r.Code == "EUR" {
			next.Currencies[i].PerUSD = r.PerUSD.Mul(decimal.RequireFromString("0.6"))
		}
	}
	gone := from.Offers[0]
	next.Offers = slices.Clone(from.Offers[1:])
	g := from.GPUs[0]
	g.ID, g.Name = "test-gpu", "Test GPU"
	next.GPUs = append(slices.Clone(from.GPUs), g)
	added := gone
	added.InstanceType, added.GPU = "test.xlarge", g.ID
	next.Offers = append(next.Offers, added)
	var buf bytes.Buffer
	if err := next.Bundle(&buf); err != nil {
		t.Fatal(err)
	}
	to, err := catalog.LoadBundle(&buf, "next.json")
	if err != nil {
		t.Fatalf("LoadBundle: %v", err)
	}
	d := catalog.DiffOffers(from, to)
	kinds := map[string][]string{}
	for _, w := range d.Warnings {
		kinds[w.Kind] = append(kinds[w.Kind], w.Offer)
	}
	if got := kinds[catalog.WarnVanished]; !slices.Equal(got, []string{gone.ID()}) {
		t.Errorf("vanished %v, want %s", got, gone.ID())
	}
	if got := kinds[catalog.WarnNoBenchmark]; !slices.Equal(got, []string{added.ID()}) {
		t.Errorf("without benchmarks %v, want %s", got, added.ID())
	}
	euro, flagged := 0, map[string]bool{}
	for _, o := range kinds[catalog.WarnMove] {
		flagged[o] = true
	}
	for _, c := range d.Changed {
		first, _ := c.New.FirstPrice()
		amount, cur := first.Native()
		if cur != "EUR" {
			t.Errorf("%s moved (%s %%) though only the euro's rate did", c.New.ID(), c.MovePct)
			continue
		}
		euro++
		if !c.ByRate || flagged[c.New.ID()] {
			t.Errorf("%s (%s EUR): a move of %s %% the rate explains is flagged %v, by rate %v", c.New.ID(), amount, c.MovePct, flagged[c.New.ID()], c.ByRate)
		}
		if want := decimal.RequireFromString("66.7"); !c.MovePct.Equal(want) {
			t.Errorf("%s moved %s %%, want %s (1/0.6 − 1)", c.New.ID(), c.MovePct, want)
		}
	}
	if euro == 0 || !d.Flagged() {
		t.Errorf("%d euro offers moved, flagged %v; want some, and the diff flagged", euro, d.Flagged())
	}
}

// Ensure a version that changes an LLM profile's model repository (the
// repository launch files load) is flagged for a confirm, naming the
// profile and both repositories, and that nothing else is.
func TestDiffFlagsModelRepository(t *testing.T) {
	from := loadReal(t)
	next := *from
	next.Profiles = slices.Clone(from.Profiles)
	profile, repo := "", ""
	for i, p := range next.Profiles {
		if p.LLM != nil {
			llm := *p.LLM
			profile, repo = p.ID, llm.Repo
			llm.Repo = "someone-else/" + p.ID
			next.Profiles[i].LLM = &llm
			break
		}
	}
	if profile == "" {
		t.Fatal("the catalog has no LLM profile")
	}
	var buf bytes.Buffer
	if err := next.Bundle(&buf); err != nil {
		t.Fatal(err)
	}
	to, err := catalog.LoadBundle(&buf, "next.json")
	if err != nil {
		t.Fatalf("LoadBundle: %v", err)
	}
	d := catalog.DiffOffers(from, to)
	want := []catalog.DiffWarning{{Offer: profile, Kind: catalog.WarnRepo, Detail: repo + " → someone-else/" + profile}}
	if !d.Flagged() || !slices.Equal(d.Warnings, want) {
		t.Errorf("warnings %+v, want %+v", d.Warnings, want)
	}
	if same := catalog.DiffOffers(from, from); same.Flagged() {
		t.Errorf("the same version: warnings %+v", same.Warnings)
	}
}
